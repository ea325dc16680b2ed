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

  /**
   * Completes when the read is cancelled; never completes for plain HTTP requests. Actions attached
   * to it run on the thread that cancels (keep them short), concurrently with the route: the route
   * may see {@link #isCancelled()} return {@code true} before they have run.
   */
  CompletionStage<Void> cancellation();

  /** True once the response reached the resource's {@code maxBytes}: more bytes are dropped. */
  boolean isFull();

  /**
   * Sends a log message ({@code notifications/message}) to the client on the read's stream, when
   * the client asked for log messages at this level or a less severe one: in protocol 2025-11-25
   * and earlier with {@code logging/setLevel} on its session, in 2026-07-28 with {@code
   * io.modelcontextprotocol/logLevel} in the request's {@code _meta}. Otherwise nothing is sent.
   * Messages reach the client while a long-running read streams (its response becomes an SSE
   * stream); a task's route logs nothing (the tasks extension carries no notifications). Never put
   * credentials or personal data in a log message.
   *
   * @param logger the logger name; empty for none
   * @param data the message: a string, or a value Jackson can write as JSON (a map, a list, a
   *     record)
   */
  void log(LogLevel level, String logger, Object data);

  /** Sends a text log message; see {@link #log(LogLevel, String, Object)}. */
  default void log(LogLevel level, String message) {
    log(level, "", message);
  }

  /** The syslog severities of MCP log messages, least severe first. */
  enum LogLevel {
    DEBUG,
    INFO,
    NOTICE,
    WARNING,
    ERROR,
    CRITICAL,
    ALERT,
    EMERGENCY;

    /** The level as MCP names it ({@code warning}). */
    public String wireName() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }
}
