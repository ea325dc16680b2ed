package dev.jaxrsmcp.internal.settings;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The feature's settings: an immutable value, built by {@code McpFeature.Builder} and read by the
 * runtime. A setting that was never set has its {@linkplain Setting#defaultValue() default}.
 *
 * <pre>{@code
 * Settings settings = Settings.defaults().with(LimitSettings.MAX_READ_BYTES, 65_536L);
 * long max = settings.get(LimitSettings.MAX_READ_BYTES); // 65536
 * }</pre>
 */
public final class Settings {
  private static final Settings DEFAULTS = new Settings(Map.of());

  /** Only the settings that were set; keys are compared by identity (each is declared once). */
  private final Map<Setting<?>, Object> values;

  private Settings(Map<Setting<?>, Object> values) {
    this.values = values;
  }

  /** Every setting at its default. */
  public static Settings defaults() {
    return DEFAULTS;
  }

  /** The value of {@code setting}. */
  @SuppressWarnings("unchecked") // with() only stores a T under a Setting<T>
  public <T> T get(Setting<T> setting) {
    Object value = values.get(setting);
    return value == null ? setting.defaultValue() : (T) value;
  }

  /**
   * These settings with {@code setting} set to {@code value}.
   *
   * @throws IllegalArgumentException when the value breaks the setting's rule
   */
  public <T> Settings with(Setting<T> setting, T value) {
    T checked = setting.check(value);
    Map<Setting<?>, Object> changed = new LinkedHashMap<>(values);
    if (checked.equals(setting.defaultValue())) {
      changed.remove(setting); // so that settings equal in every value are equal
    } else {
      changed.put(setting, checked);
    }
    return new Settings(Map.copyOf(changed));
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Settings that && values.equals(that.values);
  }

  @Override
  public int hashCode() {
    return Objects.hash(values);
  }

  /** The settings that differ from their defaults, as {@code name=value}. */
  @Override
  public String toString() {
    return values.entrySet().stream()
        .map(e -> e.getKey().name() + "=" + e.getValue())
        .sorted()
        .collect(Collectors.joining(", ", "Settings{", "}"));
  }
}
