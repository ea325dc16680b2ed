package dev.jaxrsmcp.test;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Base64;
import java.util.Locale;
import java.util.Optional;
import org.assertj.core.api.AbstractAssert;

/**
 * Assertions on one {@link McpResponse}, from {@link McpAssertions#assertThat(McpResponse)}. They
 * know both eras and both ways of reading: {@code resources/read} (contents, JSON-RPC errors) and
 * {@code tools/call} (content items, error results with {@code isError}).
 */
public final class McpResponseAssert extends AbstractAssert<McpResponseAssert, McpResponse> {
  McpResponseAssert(McpResponse actual) {
    super(actual, McpResponseAssert.class);
  }

  /** The request succeeded: a JSON-RPC result (for a tool, one without {@code isError: true}). */
  public McpResponseAssert succeeded() {
    isNotNull();
    if (!succeededNow()) {
      fail("to succeed");
    }
    return this;
  }

  /**
   * A successful read (or tool call) with exactly one content entry, and it is text; continue with
   * string assertions or {@link McpTextAssert#jsonEquals(String)}.
   */
  public McpTextAssert isText() {
    JsonNode content = single("to give one text content entry");
    String text;
    if (isTool()) {
      if (!content.path("type").asText().equals("text")) {
        failFound("to give one text content item, but the item is " + shortened(content));
      }
      text = content.path("text").asText();
    } else {
      if (!content.path("text").isTextual()) {
        failFound("to give one text content entry, but the entry is " + shortened(content));
      }
      text = content.path("text").asText();
    }
    return new McpTextAssert(text, actual, content);
  }

  /**
   * A successful read (or tool call) with exactly one content entry, and it is a base64 blob (a
   * tool's image, audio or embedded resource); continue with byte-array assertions on the decoded
   * bytes.
   */
  public McpBlobAssert isBlob() {
    JsonNode content = single("to give one blob content entry");
    JsonNode data;
    if (isTool()) {
      String type = content.path("type").asText();
      data = type.equals("resource") ? content.path("resource").path("blob") : content.path("data");
    } else {
      data = content.path("blob");
    }
    if (!data.isTextual()) {
      failFound("to give one blob content entry, but the entry is " + shortened(content));
    }
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(data.asText());
    } catch (IllegalArgumentException e) {
      failFound("to give base64 in its blob, but it does not decode (" + e.getMessage() + ")");
      throw new AssertionError(e);
    }
    JsonNode entry =
        isTool() && content.path("type").asText().equals("resource")
            ? content.path("resource")
            : content;
    return new McpBlobAssert(bytes, actual, entry);
  }

  /**
   * The read found no resource: JSON-RPC error {@code -32602} (modern) or {@code -32002} (legacy),
   * message {@code Resource not found}, {@code data.uri} the requested URI, the request id echoed.
   * For a tool: an error result starting with {@code 404}, or {@code Unknown tool}.
   */
  public McpResponseAssert isNotFound() {
    isNotNull();
    if (isTool()) {
      if (toolErrorText().map(t -> t.startsWith("404 ")).orElse(false)
          || actual.error().path("message").asText().startsWith("Unknown tool")) {
        return this;
      }
      fail("to fail as not found (an error result '404 …' or 'Unknown tool')");
    }
    int code = actual.isModern() ? -32602 : -32002;
    JsonNode error = actual.error();
    boolean matches =
        error.path("code").asInt() == code
            && error.path("message").asText().equals("Resource not found")
            && actual
                .target()
                .map(uri -> error.path("data").path("uri").asText().equals(uri))
                .orElse(true);
    if (!matches) {
      fail(
          "to fail as not found (error "
              + code
              + " 'Resource not found' with data.uri "
              + actual.target().orElse("")
              + ")");
    }
    return echoesId();
  }

  /**
   * The route refused the caller as unauthenticated: HTTP {@code 401} (or, once a stream started,
   * the error on it), a JSON-RPC error whose message starts with {@code 401} and whose {@code
   * data.status} is 401, the request id echoed. Continue with {@link #withChallenge(String)}.
   */
  public McpResponseAssert isUnauthorized() {
    return refusedWith(401, "Unauthorized");
  }

  /**
   * The route refused the caller: for a read, a JSON-RPC error whose message starts with {@code
   * 403} and whose {@code data.status} is 403; for a tool, an error result starting with {@code
   * 403}.
   */
  public McpResponseAssert isForbidden() {
    isNotNull();
    if (isTool() && toolErrorText().map(t -> t.startsWith("403 ")).orElse(false)) {
      return this;
    }
    if (isTool() && actual.error().isMissingNode()) {
      fail("to be refused with 403 Forbidden (an error result '403 …')");
    }
    return refusedWith(403, "Forbidden");
  }

  private McpResponseAssert refusedWith(int status, String reason) {
    isNotNull();
    JsonNode error = actual.error();
    boolean httpOk = actual.status() == status || (actual.isStream() && actual.status() == 200);
    if (status == 403) {
      httpOk = actual.status() == 403 || actual.status() == 200;
    }
    boolean matches =
        httpOk
            && error.path("data").path("status").asInt() == status
            && error.path("message").asText().startsWith(status + " ");
    if (!matches) {
      fail(
          "to be refused with "
              + status
              + " "
              + reason
              + " (a JSON-RPC error '"
              + status
              + " …' with data.status "
              + status
              + (status == 401 ? ", over HTTP 401" : "")
              + ")");
    }
    return echoesId();
  }

  /**
   * The answer's {@code WWW-Authenticate} challenge uses the scheme {@code scheme} (compared
   * without regard to case, as HTTP does): {@code withChallenge("Bearer")}. Check the whole value
   * with {@link #hasHeader(String, String)}.
   */
  public McpResponseAssert withChallenge(String scheme) {
    isNotNull();
    Optional<String> challenge = actual.header("WWW-Authenticate");
    String found = challenge.map(c -> c.split(" ", 2)[0]).orElse("");
    if (!found.toLowerCase(Locale.ROOT).equals(scheme.toLowerCase(Locale.ROOT))) {
      failFound(
          "to carry a WWW-Authenticate challenge with the scheme "
              + scheme
              + ", but the challenge is "
              + challenge.map(c -> "'" + c + "'").orElse("absent"));
    }
    return this;
  }

  /** A JSON-RPC error with {@code code}, echoing the request id. */
  public McpResponseAssert isError(int code) {
    isNotNull();
    if (actual.error().path("code").asInt() != code || !actual.error().path("code").isInt()) {
      fail("to fail with the JSON-RPC error code " + code);
    }
    return echoesId();
  }

  /** The JSON-RPC error's message is exactly {@code message}. */
  public McpResponseAssert hasErrorMessage(String message) {
    isNotNull();
    if (!actual.error().path("message").asText().equals(message)) {
      fail("to fail with the error message '" + message + "'");
    }
    return this;
  }

  /** The result's {@code cacheScope} is {@code scope} ({@code public} or {@code private}). */
  public McpResponseAssert hasCacheScope(String scope) {
    isNotNull();
    JsonNode found = actual.result().path("cacheScope");
    if (!found.asText().equals(scope) || !found.isTextual()) {
      failFound("to have cacheScope '" + scope + "', but " + describeField(found));
    }
    return this;
  }

  /** The result's {@code ttlMs} is {@code ttlMs}. */
  public McpResponseAssert hasTtlMs(long ttlMs) {
    isNotNull();
    JsonNode found = actual.result().path("ttlMs");
    if (!found.isIntegralNumber() || found.asLong() != ttlMs) {
      failFound("to have ttlMs " + ttlMs + ", but " + describeField(found));
    }
    return this;
  }

  /** The HTTP status is {@code status}. */
  public McpResponseAssert hasStatus(int status) {
    isNotNull();
    if (actual.status() != status) {
      fail("to answer HTTP " + status);
    }
    return this;
  }

  /** The response header {@code name} has exactly the value {@code value}. */
  public McpResponseAssert hasHeader(String name, String value) {
    isNotNull();
    Optional<String> found = actual.header(name);
    if (!found.equals(Optional.of(value))) {
      failFound(
          "to carry the header "
              + name
              + ": "
              + value
              + ", but it is "
              + found.map(f -> "'" + f + "'").orElse("absent"));
    }
    return this;
  }

  // ---- helpers ----

  private McpResponseAssert echoesId() {
    JsonNode id = actual.json().path("id");
    if (!id.toString().equals(actual.requestId().toString())) {
      failFound("to echo the request id " + actual.requestId() + ", but the id is " + id);
    }
    return this;
  }

  private boolean isTool() {
    return actual.method().equals("tools/call");
  }

  private boolean succeededNow() {
    return actual.result().isObject()
        && actual.error().isMissingNode()
        && !(isTool() && actual.result().path("isError").asBoolean(false));
  }

  private Optional<String> toolErrorText() {
    JsonNode result = actual.result();
    if (!result.path("isError").asBoolean(false)) {
      return Optional.empty();
    }
    return Optional.of(result.path("content").path(0).path("text").asText(""));
  }

  private JsonNode single(String expectation) {
    isNotNull();
    if (!actual.method().equals("resources/read") && !isTool()) {
      throw new IllegalStateException(
          "isText() and isBlob() check answers to resources/read and tools/call, not "
              + actual.method());
    }
    if (!succeededNow()) {
      fail(expectation);
    }
    JsonNode entries = actual.result().path(isTool() ? "content" : "contents");
    if (!entries.isArray() || entries.size() != 1) {
      failFound(
          expectation
              + ", but it gave "
              + (entries.isArray() ? entries.size() + " entries" : "no content array"));
    }
    return entries.get(0);
  }

  private static String describeField(JsonNode found) {
    return found.isMissingNode() ? "the result has none" : "it is " + found;
  }

  private static String shortened(JsonNode node) {
    return dev.jaxrsmcp.test.internal.Describe.shorten(node.toString());
  }

  /** Fails saying what was expected and what came back. */
  private void fail(String expectation) {
    failWithMessage(
        "%s", "Expecting " + actual.sent().describe() + "\n" + expectation + ",\nbut " + outcome());
  }

  /** Fails with an expectation that already says what was found, then shows the answer. */
  private void failFound(String expectationAndFound) {
    failWithMessage(
        "%s",
        "Expecting "
            + actual.sent().describe()
            + "\n"
            + expectationAndFound
            + "\nin the answer: "
            + actual.answer());
  }

  private String outcome() {
    JsonNode error = actual.error();
    if (error.isObject()) {
      return "it failed with "
          + error.path("code")
          + " '"
          + error.path("message").asText()
          + "': "
          + actual.answer();
    }
    if (isTool() && actual.result().path("isError").asBoolean(false)) {
      return "the tool failed with '" + toolErrorText().orElse("") + "': " + actual.answer();
    }
    if (actual.result().isObject()) {
      return "it succeeded: " + actual.answer();
    }
    return "it answered " + actual.answer();
  }
}
