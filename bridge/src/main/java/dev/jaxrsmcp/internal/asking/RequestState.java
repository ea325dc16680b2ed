package dev.jaxrsmcp.internal.asking;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.protocol.Caller;
import dev.jaxrsmcp.internal.protocol.McpCall;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code requestState} of a call's questions (SEP-2322, contract section 15): the answers of
 * earlier rounds, bound to the caller (its principal, else the key the application names for it,
 * else its binding headers), to the request (the method, the tool's or prompt's name and its
 * arguments, or the resource's URI) and to an expiry, signed with HMAC-SHA256. The client sees
 * base64 JSON it cannot change: {@code base64url(payload).base64url(mac)}; the caller appears only
 * as a keyed hash. Immutable, thread-safe.
 */
public final class RequestState {
  private static final ObjectMapper READER = Json.reader(64);

  /** The key of a process that was given none. */
  private static final byte[] PROCESS_KEY = randomKey();

  private final byte[] key;
  private final Clock clock;
  private final Duration ttl;
  private final List<String> bindingHeaders;

  /**
   * @param key the secret, or empty for the process's random one
   * @param bindingHeaders the headers that tell an anonymous caller ({@code sessionBinding})
   */
  public RequestState(
      Optional<String> key, Clock clock, Duration ttl, List<String> bindingHeaders) {
    this.key = key.map(k -> k.getBytes(StandardCharsets.UTF_8)).orElse(PROCESS_KEY);
    this.clock = clock;
    this.ttl = ttl;
    this.bindingHeaders = bindingHeaders.stream().map(h -> h.toLowerCase(Locale.ROOT)).toList();
  }

  /** A signed state carrying {@code answers} for {@code call} by {@code caller}. */
  public String sign(McpCall call, Caller caller, ObjectNode answers) {
    ObjectNode payload = Json.object();
    payload.put("v", 1);
    payload.put("o", owner(caller));
    payload.put("r", request(call));
    payload.put("e", clock.millis() + ttl.toMillis());
    payload.set("a", answers);
    byte[] bytes = Json.writeBytes(payload);
    Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
    return b64.encodeToString(bytes) + "." + b64.encodeToString(mac(bytes));
  }

  /**
   * The answers {@code state} carries, once it passed every check.
   *
   * @throws JsonRpcException ({@code -32602}) naming the check it failed
   */
  public ObjectNode verify(String state, McpCall call, Caller caller) {
    String what = describe(call);
    int dot = state.indexOf('.');
    byte[] payload;
    byte[] mac;
    try {
      if (dot < 0) {
        throw new IllegalArgumentException("no signature");
      }
      payload = Base64.getUrlDecoder().decode(state.substring(0, dot));
      mac = Base64.getUrlDecoder().decode(state.substring(dot + 1));
    } catch (IllegalArgumentException e) {
      throw invalid("is not a requestState this server issued", what);
    }
    if (!MessageDigest.isEqual(mac, mac(payload))) {
      throw invalid(
          "failed its integrity check (changed, or signed with another key: instances that share"
              + " clients need the same requestStateKey)",
          what);
    }
    JsonNode parsed;
    try {
      parsed = READER.readTree(payload);
    } catch (IOException e) {
      throw invalid("is not a requestState this server issued", what);
    }
    if (!same(parsed.path("o").asText(), owner(caller))) {
      throw invalid("was issued to another caller", what);
    }
    if (!same(parsed.path("r").asText(), request(call))) {
      throw invalid(
          "was issued for another request (the method, tool, arguments or URI differ)", what);
    }
    long expires = parsed.path("e").asLong();
    if (clock.millis() > expires) {
      throw invalid(
          "expired at "
              + Instant.ofEpochMilli(expires)
              + " (askTimeout "
              + ttl
              + "); call again without it to be asked anew",
          what);
    }
    return parsed.path("a") instanceof ObjectNode answers ? answers : Json.object();
  }

  private static JsonRpcException invalid(String rule, String what) {
    return new JsonRpcException(
        ErrorCodes.INVALID_PARAMS, "Invalid params: 'requestState' " + rule + " (" + what + ")");
  }

  /**
   * {@code tools/call 'name'}, {@code prompts/get 'name'} or {@code resources/read 'uri'}: what a
   * message names.
   */
  public static String describe(McpCall call) {
    JsonNode params = call.request().params();
    String method = call.request().method();
    String target = params.has("name") ? params.path("name").asText() : params.path("uri").asText();
    return method + " '" + target + "'";
  }

  /** A keyed hash of the caller: its principal, else its key, else its binding headers. */
  private String owner(Caller caller) {
    StringBuilder who = new StringBuilder();
    Optional<String> name = caller.identity().principalName();
    Optional<String> callerKey = caller.identity().callerKey();
    if (name.isPresent()) {
      who.append("p:").append(name.get());
    } else if (callerKey.isPresent()) {
      who.append("k:").append(callerKey.get());
    } else {
      who.append("h:");
      for (String header : bindingHeaders) {
        who.append(header).append('\u0000');
        for (Map.Entry<String, List<String>> entry : caller.headers().entrySet()) {
          if (entry.getKey().equalsIgnoreCase(header)) {
            entry.getValue().forEach(v -> who.append(v.strip()).append('\u0000'));
          }
        }
        who.append('\u0001');
      }
    }
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(mac(("owner\u0000" + who).getBytes(StandardCharsets.UTF_8)));
  }

  /** A hash of what the request asks: its method, tool name and arguments, or resource URI. */
  private static String request(McpCall call) {
    JsonNode params = call.request().params();
    ObjectNode salient = Json.object();
    salient.put("method", call.request().method());
    for (String member : List.of("name", "uri", "arguments")) {
      if (params.has(member)) {
        salient.set(member, canonical(params.get(member)));
      }
    }
    try {
      return Base64.getUrlEncoder()
          .withoutPadding()
          .encodeToString(MessageDigest.getInstance("SHA-256").digest(Json.writeVerbatim(salient)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is not available", e);
    }
  }

  /** {@code node} with every object's members in name order. */
  private static JsonNode canonical(JsonNode node) {
    if (node instanceof ObjectNode object) {
      List<String> names = new ArrayList<>();
      object.fieldNames().forEachRemaining(names::add);
      names.sort(null);
      ObjectNode sorted = Json.object();
      names.forEach(n -> sorted.set(n, canonical(object.get(n))));
      return sorted;
    }
    if (node instanceof ArrayNode array) {
      ArrayNode copy = array.arrayNode();
      for (Iterator<JsonNode> items = array.elements(); items.hasNext(); ) {
        copy.add(canonical(items.next()));
      }
      return copy;
    }
    return node;
  }

  private byte[] mac(byte[] data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(data);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is not available", e);
    }
  }

  private static boolean same(String a, String b) {
    return MessageDigest.isEqual(
        a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] randomKey() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return key;
  }
}
