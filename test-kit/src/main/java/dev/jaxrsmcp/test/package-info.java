/**
 * The jaxrs-mcp test kit: check your own MCP resources in a JUnit 5 test, over real HTTP, in both
 * MCP eras.
 *
 * <ul>
 *   <li>{@link dev.jaxrsmcp.test.McpServerExtension} starts your Jersey application on embedded
 *       Grizzly (or points at a running server) and hands tests a client;
 *   <li>{@link dev.jaxrsmcp.test.McpTestClient} speaks MCP: {@code modern()} (2026-07-28,
 *       stateless) or {@code legacy()} (2025-11-25, a session); discover, list (every page),
 *       templates, read, tools, completion, listen and subscribe, progress and cancellation, with
 *       any caller's headers ({@code as("Bearer …")});
 *   <li>{@link dev.jaxrsmcp.test.McpAssertions} adds {@code assertThat(McpResponse)} to AssertJ:
 *       {@code isText().jsonEquals(…)}, {@code isBlob()}, {@code isNotFound()}, {@code
 *       isUnauthorized().withChallenge("Bearer")}, {@code isForbidden()}, {@code hasCacheScope(…)}.
 * </ul>
 *
 * <pre>{@code
 * class WidgetsMcpTest {
 *   @RegisterExtension
 *   static final McpServerExtension server = McpServerExtension.of(WidgetsApplication::create);
 *
 *   @Test
 *   void viewerMayNotReadSecrets(McpTestClient mcp) {
 *     assertThat(mcp.as("Bearer viewer-token").read("app://widgets/1/secrets")).isForbidden();
 *   }
 * }
 * }</pre>
 *
 * Everything under {@code dev.jaxrsmcp.test.internal} is implementation and may change. See
 * docs/testing.md for a complete example.
 */
package dev.jaxrsmcp.test;
