package dev.jaxrsmcp.test;

import org.assertj.core.api.Assertions;

/**
 * AssertJ's {@link Assertions} plus {@link #assertThat(McpResponse)}: one static import gives both.
 *
 * <pre>{@code
 * import static dev.jaxrsmcp.test.McpAssertions.assertThat;
 *
 * assertThat(mcp.as(OWNER).read("app://widgets/1/state"))
 *     .isText()
 *     .hasMimeType("application/json")
 *     .jsonEquals("{\"mode\":\"heat\",\"online\":true}");
 * assertThat(mcp.read("app://widgets/1/state")).isUnauthorized().withChallenge("Bearer");
 * assertThat(mcp.as(VIEWER).read("app://widgets/1/secrets")).isForbidden();
 * assertThat(mcp.as(OWNER).read("app://widgets/42/state")).isNotFound();
 * assertThat(mcp.read("app://server/motd")).hasCacheScope("public").hasTtlMs(60_000);
 * assertThat(mcp.as(OWNER).read("app://widgets/1/photo")).isBlob().hasMimeType("image/png");
 * }</pre>
 *
 * Every failure message names the request (method, URI or tool, era, caller) and says what came
 * back: the HTTP status, the content type and the body.
 */
public class McpAssertions extends Assertions {
  /** Not for instances; extended only so that one static import brings AssertJ's methods too. */
  protected McpAssertions() {}

  /** Assertions on what the server answered to one MCP request. */
  public static McpResponseAssert assertThat(McpResponse actual) {
    return new McpResponseAssert(actual);
  }
}
