package dev.jaxrsmcp.tasks;

import java.time.Clock;

/** Task stores for tests in other packages: the in-memory store on a clock the test controls. */
public final class TestTaskStores {
  private TestTaskStores() {}

  /** {@link McpTaskStore#inMemory()}, its entries expiring on {@code clock}. */
  public static McpTaskStore inMemory(Clock clock) {
    return new InMemoryTaskStore(clock);
  }
}
