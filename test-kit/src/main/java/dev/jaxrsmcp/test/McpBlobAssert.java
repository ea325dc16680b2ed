package dev.jaxrsmcp.test;

import com.fasterxml.jackson.databind.JsonNode;
import org.assertj.core.api.AbstractByteArrayAssert;

/**
 * The decoded bytes of a read's (or tool call's) one blob entry, from {@link
 * McpResponseAssert#isBlob()}: every AssertJ byte-array assertion, plus the entry's type.
 */
public final class McpBlobAssert extends AbstractByteArrayAssert<McpBlobAssert> {
  private final McpResponse response;
  private final JsonNode entry;

  McpBlobAssert(byte[] bytes, McpResponse response, JsonNode entry) {
    super(bytes, McpBlobAssert.class);
    this.response = response;
    this.entry = entry;
    describedAs("the bytes read by " + response.sent().describe());
  }

  /** The entry's {@code mimeType} is {@code mimeType}. */
  public McpBlobAssert hasMimeType(String mimeType) {
    String found = entry.path("mimeType").asText("");
    if (!found.equals(mimeType)) {
      failWithMessage(
          "%s",
          "Expecting the blob read by "
              + response.sent().describe()
              + " to have mimeType '"
              + mimeType
              + "', but it has "
              + (found.isEmpty() ? "none" : "'" + found + "'"));
    }
    return this;
  }
}
