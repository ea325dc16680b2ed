package dev.jaxrsmcp.internal.settings;

import java.time.Duration;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * One setting of the feature: its name (the builder method that sets it), its default and the rule
 * a value must meet. Each setting is declared once, in the settings class of its concern ({@link
 * ProtocolSettings}, {@link LimitSettings}, {@link SecuritySettings}, {@link SessionSettings},
 * {@link SubscriptionSettings}, {@link LongRunningSettings}); {@link Settings} holds the values.
 *
 * <pre>{@code
 * static final Setting<Integer> PAGE_SIZE = Setting.range("pageSize", 1, 1000, 50);
 * }</pre>
 *
 * @param <T> the value's type; values are immutable
 */
public final class Setting<T> {
  private final String name;
  private final T defaultValue;
  private final UnaryOperator<T> rule;

  private Setting(String name, T defaultValue, UnaryOperator<T> rule) {
    this.name = name;
    this.defaultValue = defaultValue;
    this.rule = rule;
  }

  /** A setting whose value must not be null and is checked by {@code rule}. */
  public static <T> Setting<T> of(String name, T defaultValue, UnaryOperator<T> rule) {
    return new Setting<>(name, defaultValue, rule);
  }

  /** A setting whose only rule is that the value is not null. */
  public static <T> Setting<T> of(String name, T defaultValue) {
    return new Setting<>(name, defaultValue, UnaryOperator.identity());
  }

  /** An {@code int} setting of at least {@code min}. */
  public static Setting<Integer> atLeast(String name, int min, int defaultValue) {
    return new Setting<>(name, defaultValue, v -> requireAtLeast(name, min, v));
  }

  /** A {@code long} setting of at least {@code min}. */
  public static Setting<Long> atLeast(String name, long min, long defaultValue) {
    return new Setting<>(name, defaultValue, v -> requireAtLeast(name, min, v));
  }

  /** An {@code int} setting from {@code min} to {@code max}. */
  public static Setting<Integer> range(String name, int min, int max, int defaultValue) {
    return new Setting<>(
        name,
        defaultValue,
        v -> {
          if (v < min || v > max) {
            throw new IllegalArgumentException(
                name + " must be from " + min + " to " + max + " (found " + v + ")");
          }
          return v;
        });
  }

  /** A duration setting that must be more than zero. */
  public static Setting<Duration> positive(String name, Duration defaultValue) {
    return new Setting<>(
        name,
        defaultValue,
        v -> {
          if (v.isNegative() || v.isZero()) {
            throw new IllegalArgumentException(name + " must be positive (found " + v + ")");
          }
          return v;
        });
  }

  /** A duration setting that may be zero but not negative. */
  public static Setting<Duration> notNegative(String name, Duration defaultValue) {
    return new Setting<>(
        name,
        defaultValue,
        v -> {
          if (v.isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative (found " + v + ")");
          }
          return v;
        });
  }

  /** A text setting that must not be blank. */
  public static Setting<String> text(String name, String defaultValue) {
    return new Setting<>(
        name,
        defaultValue,
        v -> {
          if (v.isBlank()) {
            throw new IllegalArgumentException(name + " must not be blank");
          }
          return v;
        });
  }

  /** The builder method that sets it, for example {@code maxReadBytes}. */
  public String name() {
    return name;
  }

  /** The value of a feature that does not set it. */
  public T defaultValue() {
    return defaultValue;
  }

  /**
   * {@code value} if it meets this setting's rule.
   *
   * @throws NullPointerException naming the setting, for a null value
   * @throws IllegalArgumentException naming the setting, the rule and the value otherwise
   */
  public T check(T value) {
    return rule.apply(Objects.requireNonNull(value, name));
  }

  @Override
  public String toString() {
    return name;
  }

  private static <N extends Number & Comparable<N>> N requireAtLeast(String name, N min, N value) {
    if (value.compareTo(min) < 0) {
      throw new IllegalArgumentException(
          name + " must be at least " + min + " (found " + value + ")");
    }
    return value;
  }
}
