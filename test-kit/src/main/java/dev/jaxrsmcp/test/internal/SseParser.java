package dev.jaxrsmcp.test.internal;

import java.util.Optional;

/**
 * Server-Sent Events framing, one line at a time: {@code data:} lines gather into an event that is
 * dispatched at the blank line after them; comment lines ({@code :}) are reported as comments;
 * {@code event:}, {@code id:} and {@code retry:} are read and ignored. Not thread-safe: one reader
 * thread feeds it.
 */
public final class SseParser {
  /** What one line completed: nothing, an event's data, or a comment. */
  public record Line(Optional<String> data, Optional<String> comment) {
    static final Line NOTHING = new Line(Optional.empty(), Optional.empty());
  }

  private final StringBuilder data = new StringBuilder();
  private boolean hasData;

  /** Feeds one line, without its line terminator. */
  public Line feed(String line) {
    if (line.isEmpty()) {
      if (!hasData) {
        return Line.NOTHING;
      }
      String event = data.toString();
      data.setLength(0);
      hasData = false;
      return new Line(Optional.of(event), Optional.empty());
    }
    if (line.startsWith(":")) {
      return new Line(Optional.empty(), Optional.of(line));
    }
    int colon = line.indexOf(':');
    String field = colon < 0 ? line : line.substring(0, colon);
    String value = colon < 0 ? "" : line.substring(colon + 1);
    if (value.startsWith(" ")) {
      value = value.substring(1);
    }
    if (field.equals("data")) {
      if (hasData) {
        data.append('\n');
      }
      data.append(value);
      hasData = true;
    }
    return Line.NOTHING;
  }
}
