package dev.jaxrsmcp.internal.protocol;

import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.template.TemplateMatch;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Map;

/** Runs a catalogue entry's route in-process for a caller. Implemented by the dispatch layer. */
public interface RouteReader {

  /**
   * Reads the route behind {@code entry} with the variables of {@code match}.
   *
   * @param traceHeaders OpenTelemetry headers from the request's {@code _meta}, forwarded as HTTP
   *     headers
   * @throws dev.jaxrsmcp.internal.jsonrpc.JsonRpcException when the read cannot run or times out
   */
  RouteResponse read(
      CatalogueEntry entry, TemplateMatch match, Caller caller, Map<String, String> traceHeaders);

  /**
   * Reads any {@code GET} route of the application by its path (a collection route named by the
   * developer, never by a client), with the caller's headers, accepting JSON. At most {@code
   * maxBytes} of the body are kept (memory stays bounded whatever the route writes); the rest is
   * counted, not kept.
   */
  Collection readPath(String path, Caller caller, int maxBytes);

  /**
   * A collection route's response: its body holds at most the bytes asked for.
   *
   * @param bytes how many bytes the route wrote in all
   */
  record Collection(RouteResponse response, long bytes) {
    /** True when the route wrote more than was kept. */
    public boolean cut() {
      return bytes > response.body().length;
    }
  }

  /**
   * Like {@link #read}, but the route's body is written to {@code body} as it is produced (the
   * returned response's body is empty) and the route sees {@code context} as its {@code
   * McpContext}. Running longer than {@code timeout} cancels {@code context} and fails the read.
   */
  RouteResponse readInto(
      CatalogueEntry entry,
      TemplateMatch match,
      Caller caller,
      Map<String, String> traceHeaders,
      OutputStream body,
      ReadContext context,
      Duration timeout);
}
