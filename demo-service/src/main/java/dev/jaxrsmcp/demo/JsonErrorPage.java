package dev.jaxrsmcp.demo;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.glassfish.grizzly.http.server.ErrorPageGenerator;
import org.glassfish.grizzly.http.server.Request;

/**
 * The body of the errors Grizzly answers itself (a failure outside Jersey; a {@code Host} Jersey
 * cannot take is refused before, by {@link InvalidHostRefused}): {@code {"status": 500, "error":
 * "Internal Server Error"}} as {@code application/json} instead of Grizzly's HTML page. The
 * exception is never shown: it may name internals.
 */
final class JsonErrorPage implements ErrorPageGenerator {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Override
  public String generate(
      Request request, int status, String reasonPhrase, String description, Throwable exception) {
    request.getResponse().setContentType("application/json;charset=UTF-8");
    ObjectNode body = JSON.createObjectNode().put("status", status);
    body.put("error", reasonPhrase == null || reasonPhrase.isBlank() ? "Error" : reasonPhrase);
    return body.toString();
  }
}
