package dev.jaxrsmcp.internal.asking;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server requests legacy calls wait for, by session and request id: a client's JSON-RPC
 * response posted on its session completes the one it answers. Thread-safe.
 */
public final class PendingAnswers {
  private final Map<String, CompletableFuture<JsonNode>> waiting = new ConcurrentHashMap<>();

  CompletableFuture<JsonNode> register(String session, String id) {
    CompletableFuture<JsonNode> answer = new CompletableFuture<>();
    waiting.put(key(session, id), answer);
    return answer;
  }

  void remove(String session, String id) {
    waiting.remove(key(session, id));
  }

  /**
   * Hands the client's response {@code message} to the call that waits for it on {@code session};
   * false when none does (an unknown id, or another session's).
   */
  public boolean answered(String session, JsonNode message) {
    JsonNode id = message.get("id");
    if (id == null || !id.isTextual()) {
      return false;
    }
    CompletableFuture<JsonNode> answer = waiting.remove(key(session, id.textValue()));
    return answer != null && answer.complete(message);
  }

  private static String key(String session, String id) {
    return Json.write(Json.object().put("s", session).put("i", id));
  }
}
