package dev.jaxrsmcp.internal.transport;

import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * One Server-Sent Events frame, framed by the bridge itself: {@code event: message\ndata: <one
 * line>\n\n} for a JSON-RPC message, {@code : keep-alive\n\n} for a keep-alive. Every message the
 * bridge sends is JSON on a single line, so no data line ever needs splitting and the bytes are
 * written as they are (no scanning for line breaks, no per-event writer lookup).
 */
final class SseFrame implements StreamingOutput {
  private static final byte[] LEAD = "event: message\ndata: ".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] END = {'\n', '\n'};

  /** The keep-alive comment frame. */
  static final SseFrame KEEP_ALIVE =
      new SseFrame(out -> out.write(": keep-alive\n\n".getBytes(StandardCharsets.US_ASCII)));

  private final StreamingOutput body;

  private SseFrame(StreamingOutput body) {
    this.body = body;
  }

  /** A message frame; {@code line} must not contain a line break (compact JSON never does). */
  static SseFrame message(byte[] line) {
    byte[] frame = new byte[LEAD.length + line.length + END.length];
    System.arraycopy(LEAD, 0, frame, 0, LEAD.length);
    System.arraycopy(line, 0, frame, LEAD.length, line.length);
    System.arraycopy(END, 0, frame, LEAD.length + line.length, END.length);
    return new SseFrame(out -> out.write(frame));
  }

  /**
   * A message frame whose line is written by {@code line} when the frame is sent; the line must not
   * contain a line break.
   */
  static SseFrame streamingMessage(StreamingOutput line) {
    return new SseFrame(
        out -> {
          out.write(LEAD);
          line.write(out);
          out.write(END);
        });
  }

  @Override
  public void write(OutputStream out) throws IOException {
    body.write(out);
  }
}
