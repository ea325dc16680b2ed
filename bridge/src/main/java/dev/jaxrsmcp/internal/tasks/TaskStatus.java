package dev.jaxrsmcp.internal.tasks;

import java.util.Locale;
import java.util.Optional;

/**
 * A task's status (SEP-2663). {@code working} is the only non-terminal status the bridge uses: its
 * routes never ask the client for input, so no task is ever {@code input_required}.
 */
enum TaskStatus {
  WORKING,
  COMPLETED,
  FAILED,
  CANCELLED;

  /** The status as the wire names it ({@code working}). */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public boolean isTerminal() {
    return this != WORKING;
  }

  static Optional<TaskStatus> parse(String name) {
    for (TaskStatus status : values()) {
      if (status.wireName().equals(name)) {
        return Optional.of(status);
      }
    }
    return Optional.empty();
  }
}
