package dev.jaxrsmcp.internal.quota;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One kind of state counted per owner: at most {@code max} units in all, {@code perOwner} of one
 * owner, and {@code anonymous} of the {@linkplain #ANONYMOUS anonymous} owner (every caller the
 * application did not authenticate, together). A unit is taken before the state is created and
 * given back when it ends; a refusal takes nothing.
 *
 * <p>Thread safety: the total is a compare-and-set loop; an owner's count changes only inside the
 * concurrent map's {@code compute}, and an owner whose count drops to zero is forgotten, so the map
 * holds the owners that hold something now.
 */
public final class OwnerQuota {
  /** The owner of every caller the application did not authenticate. */
  public static final String ANONYMOUS = "anonymous";

  private final Limit total;
  private final Limit perOwner;
  private final Limit anonymous;
  private final java.util.concurrent.atomic.AtomicInteger used =
      new java.util.concurrent.atomic.AtomicInteger();
  private final Map<String, Integer> byOwner = new ConcurrentHashMap<>();

  /**
   * A limit and the setting that sets it, for messages.
   *
   * @param max the most units
   * @param setting the name of the setting ({@code maxConcurrentListens})
   */
  public record Limit(int max, String setting) {}

  public OwnerQuota(Limit total, Limit perOwner, Limit anonymous) {
    this.total = total;
    this.perOwner = perOwner;
    this.anonymous = anonymous;
  }

  /**
   * Takes {@code units} for {@code owner}.
   *
   * @return what gives them back (once, however often it runs)
   * @throws QuotaExceededException naming the limit that would be passed; nothing is taken then
   */
  public Runnable take(String owner, int units) {
    if (units <= 0) {
      return () -> {};
    }
    int now;
    do {
      now = used.get();
      if (now + units > total.max()) {
        throw new QuotaExceededException(total, QuotaExceededException.Scope.ALL, now);
      }
    } while (!used.compareAndSet(now, now + units));
    Limit limit = ANONYMOUS.equals(owner) ? anonymous : perOwner;
    int[] held = {0};
    boolean[] refused = {false};
    byOwner.compute(
        owner,
        (key, count) -> {
          int before = count == null ? 0 : count;
          held[0] = before;
          if (before + units > limit.max()) {
            refused[0] = true;
            return count;
          }
          return before + units;
        });
    if (refused[0]) {
      used.addAndGet(-units);
      throw new QuotaExceededException(
          limit,
          ANONYMOUS.equals(owner)
              ? QuotaExceededException.Scope.ANONYMOUS
              : QuotaExceededException.Scope.OWNER,
          held[0]);
    }
    AtomicBoolean given = new AtomicBoolean();
    return () -> {
      if (given.compareAndSet(false, true)) {
        byOwner.computeIfPresent(owner, (key, count) -> count <= units ? null : count - units);
        used.addAndGet(-units);
      }
    };
  }

  /** Units held now in all. */
  public int used() {
    return used.get();
  }

  /** Units {@code owner} holds now. */
  public int used(String owner) {
    return byOwner.getOrDefault(owner, 0);
  }
}
