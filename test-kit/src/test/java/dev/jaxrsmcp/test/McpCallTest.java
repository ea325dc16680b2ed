package dev.jaxrsmcp.test;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;
import static dev.jaxrsmcp.test.McpAssertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Long-running reads: progress on the stream, the result at its end, and cancellation. */
class McpCallTest {
  @RegisterExtension
  static final McpServerExtension server = McpServerExtension.of(NotesApp::create);

  @BeforeEach
  void resetLatch() {
    NotesApp.countCancelled = new CountDownLatch(1);
  }

  @Test
  void aReadWithProgressCollectsEveryReportThenTheResult(McpTestClient mcp) {
    McpResponse count = mcp.withProgress("c").read("app://count?to=3");
    assertThat(count.isStream()).isTrue();
    assertThat(count.progress())
        .extracting(p -> p.path("progressToken").asText() + " " + p.path("progress").asInt())
        .containsExactly("c 1", "c 2", "c 3");
    assertThat(count).isText().isEqualTo("1\n2\n3\n");
  }

  @Test
  void withoutATokenThereIsNoProgress(McpTestClient mcp) {
    McpResponse count = mcp.read("app://count?to=3");
    assertThat(count.progress()).isEmpty();
    assertThat(count).isText().isEqualTo("1\n2\n3\n");
  }

  @Test
  void aStartedReadShowsProgressAndItsAnswer(McpTestClient mcp) {
    try (McpCall call = mcp.withProgress("s").startRead("app://count?to=2")) {
      assertThat(call.awaitProgress().path("message").asText()).isEqualTo("counted 1");
      McpResponse answer = call.awaitResponse();
      assertThat(answer.progress()).hasSize(2);
      assertThat(answer).isText().isEqualTo("1\n2\n");
    }
  }

  @Test
  void modernCancelClosesTheStreamAndTheRouteSeesIt(McpTestClient mcp) throws Exception {
    try (McpCall call = mcp.withProgress("m").startRead("app://count?to=600")) {
      call.awaitProgress();
      call.cancel();
    }
    assertThat(NotesApp.countCancelled.await(10, TimeUnit.SECONDS)).as("route cancelled").isTrue();
  }

  @Test
  void legacyCancelSendsNotificationsCancelled() throws Exception {
    try (McpTestClient legacy = server.legacy();
        McpCall call = legacy.withProgress("l").startRead("app://count?to=600")) {
      call.awaitProgress();
      call.cancel();
      assertThat(NotesApp.countCancelled.await(10, TimeUnit.SECONDS))
          .as("route cancelled")
          .isTrue();
    }
  }

  @Test
  void awaitProgressOnAPlainAnswerSaysItCameAtOnce(McpTestClient mcp) {
    try (McpCall call = mcp.startRead("app://notes/1")) {
      assertThatThrownBy(call::awaitProgress)
          .hasMessageStartingWith(
              "expected a stream answering resources/read app://notes/1 (modern 2026-07-28,"
                  + " without Authorization), but it answered at once: HTTP 401");
      assertThat(call.awaitResponse()).isUnauthorized();
    }
  }
}
