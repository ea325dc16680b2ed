package dev.jaxrsmcp.internal.subscribe;

import dev.jaxrsmcp.changes.McpChanges;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What {@link dev.jaxrsmcp.McpFeature#changes()} hands out: a feature lives longer than any one
 * application that uses it (a container reload stops the application and starts a new one with the
 * same feature), so it forwards each change to the hubs of the applications running now. Before the
 * first start and after the last shutdown it tells nobody.
 *
 * <p>Thread safety: the running hubs are a copy-on-write list, changed only at start and shutdown.
 */
public final class ChangeHubs implements McpChanges {
  private final CopyOnWriteArrayList<ChangeHub> running = new CopyOnWriteArrayList<>();

  /** An application started with {@code hub}. */
  public void started(ChangeHub hub) {
    running.addIfAbsent(hub);
  }

  /** The application of {@code hub} stopped. */
  public void stopped(ChangeHub hub) {
    running.remove(hub);
  }

  @Override
  public int changed(String uri) {
    int told = 0;
    for (ChangeHub hub : running) {
      told += hub.changed(uri);
    }
    return told;
  }

  @Override
  public int listChanged() {
    int told = 0;
    for (ChangeHub hub : running) {
      told += hub.listChanged();
    }
    return told;
  }
}
