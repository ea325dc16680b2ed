package dev.jaxrsmcp.test;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.test.internal.Describe;
import dev.jaxrsmcp.test.internal.Requests;
import org.assertj.core.api.AbstractStringAssert;

/**
 * The text of a read's (or tool call's) one content entry, from {@link McpResponseAssert#isText()}:
 * every AssertJ string assertion, plus JSON equality and the entry's type and URI.
 */
public final class McpTextAssert extends AbstractStringAssert<McpTextAssert> {
  private final McpResponse response;
  private final JsonNode entry;

  McpTextAssert(String text, McpResponse response, JsonNode entry) {
    super(text, McpTextAssert.class);
    this.response = response;
    this.entry = entry;
    describedAs("the text read by " + response.sent().describe());
  }

  /**
   * The text is JSON equal to {@code expected}: the same values, object members in any order
   * (numbers compare by type too: {@code 21.0} is not {@code 21}).
   */
  public McpTextAssert jsonEquals(String expected) {
    JsonNode want;
    try {
      want = Requests.JSON.readTree(expected);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "jsonEquals needs JSON, but the expected value is not (" + e.getOriginalMessage() + ")",
          e);
    }
    JsonNode found;
    try {
      found = Requests.JSON.readTree(actual);
    } catch (JsonProcessingException e) {
      failWithMessage(
          "%s",
          "Expecting the text read by "
              + response.sent().describe()
              + " to be the JSON\n  "
              + want
              + "\nbut it is not JSON ("
              + e.getOriginalMessage()
              + "):\n  "
              + Describe.shorten(actual));
      return this;
    }
    if (!found.equals(want)) {
      failWithMessage(
          "%s",
          "Expecting the text read by "
              + response.sent().describe()
              + " to be the JSON\n  "
              + want
              + "\nbut it is\n  "
              + Describe.shorten(found.toString()));
    }
    return this;
  }

  /** The entry's {@code mimeType} is {@code mimeType}. */
  public McpTextAssert hasMimeType(String mimeType) {
    String found = entry.path("mimeType").asText("");
    if (!found.equals(mimeType)) {
      failWithMessage(
          "%s",
          "Expecting the content read by "
              + response.sent().describe()
              + " to have mimeType '"
              + mimeType
              + "', but it has "
              + (found.isEmpty() ? "none" : "'" + found + "'"));
    }
    return this;
  }

  /** The entry's {@code uri} is {@code uri}. */
  public McpTextAssert hasUri(String uri) {
    String found = entry.path("uri").asText("");
    if (!found.equals(uri)) {
      failWithMessage(
          "%s",
          "Expecting the content read by "
              + response.sent().describe()
              + " to have uri '"
              + uri
              + "', but it has "
              + (found.isEmpty() ? "none" : "'" + found + "'"));
    }
    return this;
  }
}
