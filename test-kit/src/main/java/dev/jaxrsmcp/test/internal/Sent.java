package dev.jaxrsmcp.test.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.Optional;

/**
 * What was sent, for results and failure messages: era, method, the URI or name it targets, the
 * request id and the caller's {@code Authorization} (shortened in descriptions).
 */
public record Sent(
    Era era, String method, Optional<String> name, JsonNode id, Optional<String> authorization) {

  /** A request that was not a JSON-RPC request (a GET or DELETE). */
  public static Sent http(Era era, String what, Optional<String> authorization) {
    return new Sent(era, what, Optional.empty(), MissingNode.getInstance(), authorization);
  }

  /** For example {@code resources/read app://widgets/1 (modern 2026-07-28, as Bearer demo…)}. */
  public String describe() {
    StringBuilder text = new StringBuilder(method);
    name.ifPresent(n -> text.append(' ').append(n));
    text.append(" (").append(era);
    text.append(authorization.map(a -> ", as " + credential(a)).orElse(", without Authorization"));
    return text.append(')').toString();
  }

  private static String credential(String authorization) {
    int space = authorization.indexOf(' ');
    String scheme = space < 0 ? "" : authorization.substring(0, space + 1);
    String secret = authorization.substring(space + 1);
    return scheme + (secret.length() <= 12 ? secret : secret.substring(0, 12) + "…");
  }
}
