package dev.jaxrsmcp.internal.content;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.protocol.Era;
import dev.jaxrsmcp.internal.protocol.RouteResponse;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The status table of contract section 7: whether a route's response is a success (its contents are
 * shaped by {@link ContentsShape}), and the JSON-RPC error of any other outcome, the same for every
 * path a read takes. Bodies of 5xx responses and exceptions never reach the client.
 */
public final class ContentsMapper {
  private static final int MAX_REASON_TEXT = 200;

  private ContentsMapper() {}

  /** True when the route answered 2xx, so a read yields contents; anything else is an error. */
  public static boolean isSuccess(RouteResponse response) {
    return !response.guardRejected() && response.status() >= 200 && response.status() < 300;
  }

  /**
   * Throws the read's error unless the route answered 2xx (body not looked at); a 404 says why when
   * a value of the URI cannot be the parameter of {@code entry}'s route ({@link NotFoundReasons}).
   */
  public static void checkSuccess(
      RouteResponse response, String uri, Era era, CatalogueEntry entry) {
    if (response.guardRejected() || response.status() == 404) {
      throw NotFoundReasons.refused(entry, uri, era);
    }
    if (!isSuccess(response)) {
      throw error(response, uri);
    }
  }

  /**
   * The JSON-RPC error for a route response that is not a success. Reads answer 404 with {@link
   * Era#notFound} instead; tools report every error but 401 as an error result carrying this
   * error's message (the status line).
   */
  public static JsonRpcException error(RouteResponse response, String uri) {
    int status = response.status();
    String statusLine = status + " " + ReasonPhrases.of(status);
    ObjectNode data = Json.object().put("status", status).put("uri", uri);
    if (status == 401) {
      List<String> challenge = response.headers().get("www-authenticate");
      Map<String, List<String>> headers =
          challenge == null ? Map.of() : Map.of("WWW-Authenticate", challenge);
      return new JsonRpcException(
          ErrorCodes.INTERNAL_ERROR,
          statusLine + ": authentication required",
          Optional.of(data),
          401,
          headers);
    }
    if (status >= 400 && status < 500) {
      if (status == 429 || status == 503) {
        response.header("retry-after").ifPresent(v -> putRetryAfter(data, v));
      }
      return new JsonRpcException(
          ErrorCodes.INVALID_PARAMS, statusLine + ": " + refusal(response), data);
    }
    if (status >= 300 && status < 400) {
      return new JsonRpcException(
          ErrorCodes.INTERNAL_ERROR, statusLine + ": redirects are not followed", data);
    }
    if (status == 503) {
      response.header("retry-after").ifPresent(v -> putRetryAfter(data, v));
    }
    return new JsonRpcException(ErrorCodes.INTERNAL_ERROR, statusLine, data);
  }

  /**
   * A short, printable text of a 4xx body when it has one (a body without a type counts when it is
   * UTF-8, as Jersey sends a filter's {@code abortWith} text without one); never for other
   * statuses.
   */
  private static String refusal(RouteResponse response) {
    String type = response.mediaType().orElse("");
    boolean textual =
        type.isEmpty()
            ? ContentsShape.looksLikeUtf8Text(response.body(), true)
            : ContentsShape.isText(type);
    if (response.body().length == 0 || !textual) {
      return "the route refused the read";
    }
    String text = new String(response.body(), ContentsShape.charset(type)).strip();
    StringBuilder clean = new StringBuilder();
    for (int i = 0; i < text.length() && clean.length() < MAX_REASON_TEXT; i++) {
      char c = text.charAt(i);
      clean.append(Character.isISOControl(c) ? ' ' : c);
    }
    return clean.length() == 0 ? "the route refused the read" : clean.toString();
  }

  private static void putRetryAfter(ObjectNode data, String value) {
    try {
      data.put("retryAfter", Long.parseLong(value.trim()));
    } catch (NumberFormatException e) {
      data.put("retryAfter", value.trim());
    }
  }
}
