package dev.jaxrsmcp.bench;

import java.util.Locale;

/**
 * Reads one HTTP response carrying Server-Sent Events incrementally, from bytes as they arrive in
 * any split: the status line and headers, a chunked or unframed body, then {@code data:} lines.
 * Counts the events whose data names a JSON-RPC {@code method}, keeping for each kind only what the
 * fan-out measurement needs.
 */
final class SseResponseReader {
  static final String ACKNOWLEDGED = "notifications/subscriptions/acknowledged";
  static final String UPDATED = "notifications/resources/updated";

  private enum State {
    HEAD,
    CHUNK_SIZE,
    CHUNK_DATA,
    CHUNK_END,
    BODY,
    DONE
  }

  private final StringBuilder line = new StringBuilder();
  private final StringBuilder dataLine = new StringBuilder();
  private State state = State.HEAD;
  private boolean statusRead;
  private boolean chunked;
  private long chunkLeft;
  private int status;
  private int acknowledged;
  private int updated;
  private long firstUpdateNanos;
  private long lastUpdateNanos;
  private String lastData = "";

  /** Consumes {@code length} bytes; {@code now} is when they arrived ({@link System#nanoTime}). */
  void feed(byte[] bytes, int offset, int length, long now) {
    int i = offset;
    int end = offset + length;
    while (i < end && state != State.DONE) {
      switch (state) {
        case HEAD, CHUNK_SIZE, CHUNK_END -> {
          byte b = bytes[i++];
          if (b == '\n') {
            String text = trimCr(line);
            line.setLength(0);
            framingLine(text);
          } else {
            line.append((char) (b & 0xff));
          }
        }
        case CHUNK_DATA -> {
          int n = (int) Math.min(chunkLeft, end - i);
          data(bytes, i, n, now);
          i += n;
          chunkLeft -= n;
          if (chunkLeft == 0) {
            state = State.CHUNK_END;
          }
        }
        case BODY -> {
          data(bytes, i, end - i, now);
          i = end;
        }
        default -> i = end;
      }
    }
  }

  private void framingLine(String text) {
    switch (state) {
      case HEAD -> {
        if (!statusRead) {
          statusRead = true;
          status = text.length() >= 12 ? Integer.parseInt(text.substring(9, 12)) : -1;
        } else if (text.isEmpty()) {
          state = chunked ? State.CHUNK_SIZE : State.BODY;
        } else {
          String lower = text.toLowerCase(Locale.ROOT);
          if (lower.startsWith("transfer-encoding:") && lower.contains("chunked")) {
            chunked = true;
          }
        }
      }
      case CHUNK_SIZE -> {
        int semicolon = text.indexOf(';');
        chunkLeft =
            Long.parseLong((semicolon < 0 ? text : text.substring(0, semicolon)).trim(), 16);
        state = chunkLeft == 0 ? State.DONE : State.CHUNK_DATA;
      }
      case CHUNK_END -> state = State.CHUNK_SIZE;
      default -> {
        // not a framing state
      }
    }
  }

  private void data(byte[] bytes, int offset, int length, long now) {
    for (int i = offset; i < offset + length; i++) {
      byte b = bytes[i];
      if (b == '\n') {
        String text = trimCr(dataLine);
        dataLine.setLength(0);
        if (text.startsWith("data:")) {
          event(text, now);
        }
      } else {
        dataLine.append((char) (b & 0xff));
      }
    }
  }

  private void event(String data, long now) {
    lastData = data;
    if (data.contains(UPDATED)) {
      if (updated++ == 0) {
        firstUpdateNanos = now;
      }
      lastUpdateNanos = now;
    } else if (data.contains(ACKNOWLEDGED)) {
      acknowledged++;
    }
  }

  private static String trimCr(StringBuilder text) {
    int n = text.length();
    return n > 0 && text.charAt(n - 1) == '\r' ? text.substring(0, n - 1) : text.toString();
  }

  /** The HTTP status, or 0 before it arrived. */
  int status() {
    return status;
  }

  boolean isAcknowledged() {
    return acknowledged > 0;
  }

  int updates() {
    return updated;
  }

  /** When the first {@code resources/updated} event was read. */
  long firstUpdateNanos() {
    return firstUpdateNanos;
  }

  /** When the latest {@code resources/updated} event was read. */
  long lastUpdateNanos() {
    return lastUpdateNanos;
  }

  /** True once the response ended (the last chunk). */
  boolean isDone() {
    return state == State.DONE;
  }

  /** The last {@code data:} line, for error messages. */
  String lastData() {
    return lastData;
  }
}
