package dev.jaxrsmcp.test;

import static dev.jaxrsmcp.test.McpAssertions.assertThat;
import static dev.jaxrsmcp.test.McpAssertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Each assertion fails when it should, with a message that names the request and says what came
 * back. The answers are real: the bridge serving {@link NotesApp}.
 */
class McpAssertionsTest {
  @RegisterExtension
  static final McpServerExtension server = McpServerExtension.of(NotesApp::create);

  static final String READ_1 =
      "Expecting resources/read app://notes/1 (modern 2026-07-28, as Bearer reader)\n";

  static McpResponse readOne() {
    return server.modern().as(NotesApp.READER).read("app://notes/1");
  }

  @Test
  void isForbiddenOnAReadThatSucceededSaysWhatCameBack() {
    assertThatThrownBy(() -> assertThat(readOne()).isForbidden())
        .isInstanceOf(AssertionError.class)
        .hasMessageStartingWith(
            READ_1
                + "to be refused with 403 Forbidden (a JSON-RPC error '403 …' with data.status"
                + " 403),\nbut it succeeded: HTTP 200 (application/json) {\"jsonrpc\":\"2.0\",")
        .hasMessageContaining("\"text\":\"{\\\"id\\\":1,\\\"text\\\":\\\"hello\\\"}\"");
  }

  @Test
  void isUnauthorizedOnAReadThatSucceededFails() {
    assertThatThrownBy(() -> assertThat(readOne()).isUnauthorized())
        .hasMessageStartingWith(
            READ_1
                + "to be refused with 401 Unauthorized (a JSON-RPC error '401 …' with data.status"
                + " 401, over HTTP 401),\nbut it succeeded: HTTP 200");
  }

  @Test
  void isUnauthorizedOnAForbiddenReadSaysWhichErrorCameBack() {
    McpResponse forbidden = server.modern().as(NotesApp.READER).read("app://notes/2");
    assertThatThrownBy(() -> assertThat(forbidden).isUnauthorized())
        .hasMessageContaining("\nbut it failed with -32602 '403 Forbidden");
  }

  @Test
  void withChallengeNamesTheChallengeFound() {
    McpResponse refused = server.modern().read("app://notes/1");
    assertThat(refused).isUnauthorized().withChallenge("bearer");
    assertThatThrownBy(() -> assertThat(refused).withChallenge("Basic"))
        .hasMessageContaining(
            "to carry a WWW-Authenticate challenge with the scheme Basic, but the challenge is"
                + " 'Bearer realm=\"notes\"'\nin the answer: HTTP 401 (application/json) {");
    assertThatThrownBy(() -> assertThat(readOne()).withChallenge("Bearer"))
        .hasMessageContaining("but the challenge is absent");
  }

  @Test
  void isNotFoundOnAReadThatSucceededFails() {
    assertThatThrownBy(() -> assertThat(readOne()).isNotFound())
        .hasMessageStartingWith(
            READ_1
                + "to fail as not found (error -32602 'Resource not found' with data.uri"
                + " app://notes/1),\nbut it succeeded");
  }

  @Test
  void isNotFoundOnARefusedReadFails() {
    assertThatThrownBy(() -> assertThat(server.modern().read("app://notes/9")).isNotFound())
        .hasMessageContaining("without Authorization)\nto fail as not found")
        .hasMessageContaining("but it failed with -32603 '401 Unauthorized");
  }

  @Test
  void legacyNotFoundIsItsOwnCode() {
    try (McpTestClient legacy = server.legacy().as(NotesApp.READER)) {
      McpResponse missing = legacy.read("app://notes/9");
      assertThat(missing).isNotFound().isError(-32002);
      assertThatThrownBy(() -> assertThat(missing).isError(-32602))
          .hasMessageContaining("(legacy 2025-11-25, as Bearer reader)\nto fail with the JSON-RPC")
          .hasMessageContaining("but it failed with -32002 'Resource not found'");
    }
  }

  @Test
  void isTextOnABlobSaysWhatTheEntryIs() {
    McpResponse logo = server.modern().read("app://logo");
    assertThatThrownBy(() -> assertThat(logo).isText())
        .hasMessageContaining(
            "to give one text content entry, but the entry is {\"uri\":\"app://logo\"");
  }

  @Test
  void isBlobOnTextFails() {
    assertThatThrownBy(() -> assertThat(readOne()).isBlob())
        .hasMessageContaining("to give one blob content entry, but the entry is {");
  }

  @Test
  void isTextOnAnErrorSaysTheError() {
    assertThatThrownBy(() -> assertThat(server.modern().read("app://notes/1")).isText())
        .hasMessageContaining(
            "to give one text content entry,\nbut it failed with -32603 '401 Unauthorized");
  }

  @Test
  void jsonEqualsShowsBothJsonValues() {
    assertThatThrownBy(
            () -> assertThat(readOne()).isText().jsonEquals("{\"id\":1,\"text\":\"bye\"}"))
        .hasMessage(
            "[the text read by resources/read app://notes/1 (modern 2026-07-28, as Bearer reader)] "
                + "Expecting the text read by resources/read app://notes/1 (modern 2026-07-28, as"
                + " Bearer reader) to be the JSON\n  {\"id\":1,\"text\":\"bye\"}\nbut it is\n "
                + " {\"id\":1,\"text\":\"hello\"}");
  }

  @Test
  void jsonEqualsOnTextThatIsNotJsonSaysSo() {
    McpResponse hello = server.modern().read("app://hello");
    assertThat(hello).isText().isEqualTo("hello, world");
    assertThatThrownBy(() -> assertThat(hello).isText().jsonEquals("\"hello\""))
        .hasMessageContaining("but it is not JSON (")
        .hasMessageEndingWith("\n  hello, world");
  }

  @Test
  void stringAssertionsOnTextNameTheRead() {
    assertThatThrownBy(() -> assertThat(readOne()).isText().contains("goodbye"))
        .hasMessageStartingWith(
            "[the text read by resources/read app://notes/1 (modern 2026-07-28, as Bearer reader)]");
  }

  @Test
  void hasMimeTypeNamesTheTypeFound() {
    assertThatThrownBy(() -> assertThat(readOne()).isText().hasMimeType("text/plain"))
        .hasMessageEndingWith("to have mimeType 'text/plain', but it has 'application/json'");
    assertThatThrownBy(
            () -> assertThat(server.modern().read("app://logo")).isBlob().hasMimeType("image/gif"))
        .hasMessageEndingWith("to have mimeType 'image/gif', but it has 'image/png'");
  }

  @Test
  void blobBytesAreComparedAsBytes() {
    assertThatThrownBy(
            () -> assertThat(server.modern().read("app://logo")).isBlob().isEqualTo(new byte[] {1}))
        .hasMessageStartingWith("[the bytes read by resources/read app://logo");
  }

  @Test
  void hasCacheScopeAndTtlNameWhatTheResultHas() {
    assertThatThrownBy(() -> assertThat(readOne()).hasCacheScope("public"))
        .hasMessageContaining(
            "to have cacheScope 'public', but it is \"private\"\nin the answer: HTTP 200");
    assertThatThrownBy(() -> assertThat(server.modern().read("app://logo")).hasTtlMs(0))
        .hasMessageContaining("to have ttlMs 0, but it is 60000");
    try (McpTestClient legacy = server.legacy()) {
      assertThatThrownBy(() -> assertThat(legacy.read("app://logo")).hasCacheScope("public"))
          .hasMessageContaining("to have cacheScope 'public', but the result has none");
    }
  }

  @Test
  void succeededOnAToolErrorResultSaysTheToolFailed() {
    McpResponse forbidden = server.modern().as(NotesApp.READER).callTool("note", Map.of("id", 2));
    assertThatThrownBy(() -> assertThat(forbidden).succeeded())
        .hasMessageStartingWith(
            "Expecting tools/call note (modern 2026-07-28, as Bearer reader)\nto succeed,\nbut the"
                + " tool failed with '403 Forbidden");
    assertThatThrownBy(() -> assertThat(forbidden).isNotFound())
        .hasMessageContaining("to fail as not found (an error result '404 …' or 'Unknown tool')");
  }

  @Test
  void isForbiddenOnAToolThatSucceededFails() {
    McpResponse ok = server.modern().as(NotesApp.READER).callTool("note", Map.of("id", 1));
    assertThatThrownBy(() -> assertThat(ok).isForbidden())
        .hasMessageContaining(
            "to be refused with 403 Forbidden (an error result '403 …'),\nbut it succeeded");
  }

  @Test
  void hasHeaderAndHasStatusSayWhatCameBack() {
    McpResponse refused = server.modern().read("app://notes/1");
    assertThat(refused).hasStatus(401).hasHeader("WWW-Authenticate", "Bearer realm=\"notes\"");
    assertThatThrownBy(() -> assertThat(refused).hasStatus(200))
        .hasMessageContaining(
            "to answer HTTP 200,\nbut it failed with -32603 '401 Unauthorized: authentication required': HTTP 401");
    assertThatThrownBy(() -> assertThat(refused).hasHeader("WWW-Authenticate", "Basic"))
        .hasMessageContaining("but it is 'Bearer realm=\"notes\"'");
  }

  @Test
  void textAssertionsOnlyApplyToReadsAndTools() {
    assertThatThrownBy(() -> assertThat(server.modern().discover()).isText())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "isText() and isBlob() check answers to resources/read and tools/call, not server/discover");
  }
}
