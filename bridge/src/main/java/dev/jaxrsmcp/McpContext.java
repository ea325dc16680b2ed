package dev.jaxrsmcp;

import java.util.concurrent.CompletionStage;

/**
 * What a long-running route ({@code @McpResource(longRunning = true)}) can see of the MCP read that
 * runs it. Inject it with {@code @Context McpContext}; for a plain HTTP request (or any request
 * that is not an MCP read) it is inert: progress goes nowhere and it is never cancelled, so the
 * route keeps working over HTTP unchanged.
 *
 * <pre>{@code
 * @GET
 * @Path("/{id}/output")
 * @McpResource(uri = "app://widgets/{id}/output{?seconds}", longRunning = true)
 * public StreamingOutput output(@PathParam("id") long id, @QueryParam("seconds") int seconds,
 *                               @Context McpContext mcp) {
 *   return out -> {
 *     for (int s = 1; s <= seconds && !mcp.isCancelled(); s++) {
 *       out.write(captureOneSecond(id));         // throws IOException once the client has gone
 *       mcp.progress(s, seconds, "captured " + s + "s");
 *     }
 *   };
 * }
 * }</pre>
 */
public interface McpContext {

  /** True while the route runs for an MCP read (false for plain HTTP requests). */
  boolean isMcpRead();

  /**
   * Reports progress. Sent to the client only when it asked for progress (gave a {@code
   * progressToken}) and only when {@code progress} is greater than the last value sent.
   *
   * @param total the total when known, else {@code Double.NaN}
   * @param message a short human-readable message, or empty
   */
  void progress(double progress, double total, String message);

  /** Reports progress without a known total or message. */
  default void progress(double progress) {
    progress(progress, Double.NaN, "");
  }

  /** True once the client went away, cancelled the request, or the read timed out. */
  boolean isCancelled();

  /** Completes when the read is cancelled; never completes for plain HTTP requests. */
  CompletionStage<Void> cancellation();

  /** True once the response reached the resource's {@code maxBytes}: more bytes are dropped. */
  boolean isFull();
}
