package dev.jaxrsmcp.test;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;
import static dev.jaxrsmcp.test.McpAssertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The notification recorder on real listen streams, both eras; changes come from a PUT. */
class McpListenTest {
  @RegisterExtension final McpServerExtension server = McpServerExtension.of(NotesApp::create);

  void put(long id, String text) throws Exception {
    HttpResponse<String> answer =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .build()
            .send(
                HttpRequest.newBuilder(server.baseUri().resolve("notes/" + id))
                    .header("Authorization", NotesApp.ADMIN)
                    .header("Content-Type", "text/plain")
                    .PUT(HttpRequest.BodyPublishers.ofString(text))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(answer.statusCode()).isEqualTo(204);
  }

  @Test
  void modernListenAcknowledgesThenRecordsUpdates(McpTestClient mcp) throws Exception {
    try (McpListen updates =
        mcp.as(NotesApp.READER).listen("app://notes/1", "app://notes/9", "app://hello")) {
      assertThat(updates.acknowledged()).containsExactly("app://notes/1");
      put(1, "hello");
      assertThat(updates.awaitUpdate("app://notes/1").path("params").path("uri").asText())
          .isEqualTo("app://notes/1");
      updates.assertNoMore();
    }
  }

  @Test
  void updatesOfOtherUrisAreKeptForLaterAwaitsAndAssertNoMoreSeesThem(McpTestClient mcp)
      throws Exception {
    try (McpListen updates = mcp.as(NotesApp.ADMIN).listen("app://notes/1", "app://notes/2")) {
      put(2, "secret");
      put(1, "hello");
      updates.awaitUpdate("app://notes/1");
      assertThatThrownBy(updates::assertNoMore)
          .hasMessageStartingWith(
              "expected no more messages on subscriptions/listen (modern 2026-07-28, as Bearer"
                  + " admin), but these were not awaited: [{\"jsonrpc\":\"2.0\",\"method\":"
                  + "\"notifications/resources/updated\"");
      updates.awaitUpdate("app://notes/2");
      updates.assertNoMore();
    }
  }

  @Test
  void assertNoMoreFailsOnAMessageThatArrives(McpTestClient mcp) throws Exception {
    try (McpListen updates = mcp.as(NotesApp.READER).listen("app://notes/1")) {
      updates.acknowledged();
      put(1, "hello");
      assertThatThrownBy(() -> updates.assertNoMore(Duration.ofSeconds(10)))
          .hasMessageContaining("within PT10S, but got {\"jsonrpc\":\"2.0\"");
    }
  }

  @Test
  void awaitUpdateGivesUpAfterTheTimeoutSayingWhatCame(McpTestClient mcp) {
    try (McpListen updates =
        mcp.as(NotesApp.READER).timeout(Duration.ofMillis(300)).listen("app://notes/1")) {
      assertThatThrownBy(() -> updates.awaitUpdate("app://notes/1"))
          .hasMessageStartingWith(
              "no an update of app://notes/1 within PT0.3S on subscriptions/listen (modern")
          .hasMessageContaining(
              "it carried [{\"jsonrpc\":\"2.0\",\"method\":\"notifications/subscriptions/acknowledged\"");
    }
  }

  @Test
  void aListenWithNothingToWatchIsCompletedAndEnds(McpTestClient mcp) {
    try (McpListen updates = mcp.listen("app://nowhere/1")) {
      assertThat(updates.acknowledged()).isEmpty();
      assertThat(updates.awaitCompletion().path("result").path("resultType").asText())
          .isEqualTo("complete");
      updates.awaitEnd();
    }
  }

  @Test
  void aListenWhoseEveryReadAsksForAuthenticationIsRefusedWithTheStatus(McpTestClient mcp) {
    try (McpListen updates = mcp.listen("app://notes/1", "app://notes/2")) {
      assertThat(updates.status()).isEqualTo(401);
      assertThat(updates.header("WWW-Authenticate"))
          .hasValueSatisfying(v -> assertThat(v).startsWith("Bearer realm=\"notes\""));
      assertThatThrownBy(updates::acknowledged)
          .isInstanceOf(AssertionError.class)
          .hasMessageContaining("expected a notification stream for subscriptions/listen")
          .hasMessageContaining("but it answered HTTP 401")
          .hasMessageContaining("401 Unauthorized: authentication required");
    }
  }

  @Test
  void legacyListenSubscribesOnTheSessionStream() throws Exception {
    try (McpTestClient legacy = server.legacy().as(NotesApp.READER);
        McpListen updates = legacy.listen("app://notes/1", "app://notes/2")) {
      assertThat(updates.acknowledged()).containsExactly("app://notes/1");
      put(1, "hello");
      assertThat(updates.awaitUpdate("app://notes/1").toString())
          .isEqualTo(
              "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/resources/updated\","
                  + "\"params\":{\"uri\":\"app://notes/1\"}}");
      updates.assertNoMore();
    }
  }

  @Test
  void legacyNotificationsCarryWhatExplicitSubscribesAsked() throws Exception {
    try (McpTestClient legacy = server.legacy().as(NotesApp.READER);
        McpListen updates = legacy.notifications()) {
      assertThat(legacy.subscribe("app://notes/1")).succeeded();
      put(1, "hello");
      assertThat(updates.awaitMessage().path("params").path("uri").asText())
          .isEqualTo("app://notes/1");
      assertThatThrownBy(updates::acknowledged).isInstanceOf(IllegalStateException.class);
      assertThat(legacy.unsubscribe("app://notes/1")).succeeded();
      put(1, "hello");
      updates.assertNoMore();
    }
  }

  @Test
  void legacySubscribeAnswersTheReadsRefusal() {
    try (McpTestClient anonymous = server.legacy()) {
      assertThat(anonymous.subscribe("app://notes/1")).isUnauthorized().withChallenge("Bearer");
    }
  }

  @Test
  void aStreamThatIsNotOneSaysWhatCameBack() {
    McpTestClient wrongPath = McpTestClient.modern(URI.create(server.baseUri() + "nothing"));
    try (McpListen updates = wrongPath.listen("app://notes/1")) {
      assertThatThrownBy(updates::acknowledged)
          .hasMessageStartingWith(
              "expected a notification stream for subscriptions/listen (modern 2026-07-28,"
                  + " without Authorization), but it answered HTTP 404");
    }
  }
}
