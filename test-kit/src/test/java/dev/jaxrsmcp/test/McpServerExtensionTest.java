package dev.jaxrsmcp.test;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;
import static dev.jaxrsmcp.test.McpAssertions.assertThatThrownBy;

import java.net.URI;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Where the extension's server runs, for how long, and what it hands tests. */
class McpServerExtensionTest {
  @RegisterExtension
  static final McpServerExtension shared = McpServerExtension.of(NotesApp::create);

  /** An instance field: a fresh server for each test. */
  @RegisterExtension final McpServerExtension fresh = McpServerExtension.of(NotesApp::create);

  static final Set<URI> freshUris = new HashSet<>();

  @AfterAll
  static void eachTestHadItsOwnServer() {
    assertThat(freshUris).hasSize(2);
  }

  @Test
  void aStaticExtensionServesOnLoopbackAtAFreePort() {
    assertThat(shared.baseUri().getHost()).isEqualTo("127.0.0.1");
    assertThat(shared.baseUri().getPort()).isPositive();
    assertThat(shared.endpoint()).isEqualTo(shared.baseUri().resolve("mcp"));
    freshUris.add(fresh.baseUri());
  }

  @Test
  void anInstanceExtensionStartsPerTest() {
    assertThat(fresh.baseUri()).isNotEqualTo(shared.baseUri());
    assertThat(fresh.modern().discover()).succeeded();
    freshUris.add(fresh.baseUri());
  }

  @Test
  void aRunningServerIsReachedThroughAt() {
    McpServerExtension running = McpServerExtension.at(shared.baseUri());
    assertThat(running.endpoint()).isEqualTo(shared.endpoint());
    assertThat(running.modern().read("app://hello")).isText().isEqualTo("hello, world");
  }

  @Test
  void aServerStartedLaterIsReachedThroughASupplier() {
    java.util.concurrent.atomic.AtomicReference<URI> started =
        new java.util.concurrent.atomic.AtomicReference<>();
    McpServerExtension later = McpServerExtension.at(started::get);

    started.set(URI.create(shared.baseUri().toString().replaceAll("/$", "")));

    assertThat(later.baseUri()).isEqualTo(shared.baseUri());
    assertThat(later.endpointPath("mcp").legacy().read("app://hello"))
        .isText()
        .isEqualTo("hello, world");
    started.set(null);
    assertThatThrownBy(later::endpoint)
        .isInstanceOf(NullPointerException.class)
        .hasMessage("the base URI supplier of McpServerExtension.at");
  }

  @Test
  void theEndpointPathCanBeChanged() {
    URI base = URI.create("http://127.0.0.1:9/");
    assertThat(McpServerExtension.at(base).endpointPath("/api/mcp").endpoint())
        .isEqualTo(URI.create("http://127.0.0.1:9/api/mcp"));
  }

  @Test
  void anEndpointMustBeAnAbsoluteHttpUrl() {
    assertThatThrownBy(() -> McpTestClient.modern(URI.create("/mcp")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "the MCP endpoint must be an absolute http(s) URL, for example"
                + " http://127.0.0.1:8080/mcp (found '/mcp')");
  }

  @Test
  void aStoppedServerSaysHowToUseTheExtension() {
    McpServerExtension unstarted = McpServerExtension.of(NotesApp::create);
    assertThatThrownBy(unstarted::endpoint)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageStartingWith("the server is not running: register McpServerExtension");
  }

  @Nested
  class Inner {
    @Test
    void nestedTestsShareTheOuterServer() {
      // Two extensions in scope: a McpTestClient parameter would be ambiguous, so ask one.
      assertThat(shared.modern().discover()).succeeded();
    }
  }
}
