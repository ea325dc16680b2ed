package dev.jaxrsmcp.redis.internal;

import java.util.concurrent.atomic.AtomicBoolean;

/** Logs a Redis outage once when it starts and once when it ends, however often it is noticed. */
public final class OutageLog {
  private static final System.Logger LOG = System.getLogger("dev.jaxrsmcp.redis");

  private final String where;
  private final AtomicBoolean down = new AtomicBoolean();

  public OutageLog(String where) {
    this.where = where;
  }

  public void down(String why) {
    if (down.compareAndSet(false, true)) {
      LOG.log(
          System.Logger.Level.WARNING,
          "Redis at "
              + where
              + " is unavailable ("
              + why
              + "): changes are delivered on this instance only, and no new MCP session can start"
              + " (known sessions keep working on their instance), until it returns");
    }
  }

  public void up() {
    if (down.compareAndSet(true, false)) {
      LOG.log(
          System.Logger.Level.INFO,
          "Redis at "
              + where
              + " is available again: cross-instance changes and shared sessions resume");
    }
  }

  public boolean isDown() {
    return down.get();
  }
}
