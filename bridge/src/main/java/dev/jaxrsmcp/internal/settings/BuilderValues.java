package dev.jaxrsmcp.internal.settings;

import dev.jaxrsmcp.McpCompleter;
import dev.jaxrsmcp.changes.McpWatcher;
import dev.jaxrsmcp.context.McpContextCarrier;
import dev.jaxrsmcp.observe.McpObserver;
import dev.jaxrsmcp.tasks.McpTasks;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The settings {@code McpFeature.Builder} assembles from more than one argument or more than one
 * call: watchers and completers registered one at a time, carriers added in order, lists of header
 * names, origins and hosts; and the settings a new builder starts from. Each method checks its
 * arguments, naming the one that is wrong, and returns the settings with the new immutable value
 * (whose own rule {@link Settings#with} then checks).
 */
public final class BuilderValues {
  private static final String HEADER_NAME = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";

  private BuilderValues() {}

  /**
   * The settings of a new feature's builder: every setting at its default, except that the task
   * settings hold a store of the feature's own. A store has state (the in-memory one by default),
   * which the feature closes when its application stops: never one shared by all features.
   */
  public static Settings newFeatureDefaults() {
    return Settings.defaults().with(LongRunningSettings.TASKS, McpTasks.builder().build());
  }

  /** {@code settings} with {@code watcher} registered for {@code template}, which has none. */
  public static Settings withWatcher(Settings settings, String template, McpWatcher watcher) {
    requireText(template, "template");
    Objects.requireNonNull(watcher, "watcher");
    Map<String, McpWatcher> watchers =
        new LinkedHashMap<>(settings.get(SubscriptionSettings.WATCHERS));
    if (watchers.putIfAbsent(template, watcher) != null) {
      throw new IllegalArgumentException(
          "a watcher for template '" + template + "' is already registered");
    }
    return settings.with(SubscriptionSettings.WATCHERS, Collections.unmodifiableMap(watchers));
  }

  /**
   * {@code settings} with {@code completer} registered for {@code variable} of {@code template},
   * which has none.
   */
  public static Settings withCompleter(
      Settings settings, String template, String variable, McpCompleter completer) {
    requireText(template, "template");
    requireText(variable, "variable");
    Objects.requireNonNull(completer, "completer");
    Map<String, Map<String, McpCompleter>> completers =
        new LinkedHashMap<>(settings.get(ProtocolSettings.COMPLETERS));
    Map<String, McpCompleter> byVariable =
        new LinkedHashMap<>(completers.getOrDefault(template, Map.of()));
    if (byVariable.putIfAbsent(variable, completer) != null) {
      throw new IllegalArgumentException(
          "a completer for variable '"
              + variable
              + "' of template '"
              + template
              + "' is already registered");
    }
    completers.put(template, Collections.unmodifiableMap(byVariable));
    return settings.with(ProtocolSettings.COMPLETERS, Collections.unmodifiableMap(completers));
  }

  /**
   * {@code settings} with the completer of one prompt argument added.
   *
   * @throws IllegalArgumentException when that argument has a completer already
   */
  public static Settings withPromptCompleter(
      Settings settings, String prompt, String argument, McpCompleter completer) {
    requireText(prompt, "prompt");
    requireText(argument, "argument");
    Objects.requireNonNull(completer, "completer");
    Map<String, Map<String, McpCompleter>> completers =
        new LinkedHashMap<>(settings.get(ProtocolSettings.PROMPT_COMPLETERS));
    Map<String, McpCompleter> byArgument =
        new LinkedHashMap<>(completers.getOrDefault(prompt, Map.of()));
    if (byArgument.putIfAbsent(argument, completer) != null) {
      throw new IllegalArgumentException(
          "a completer for argument '"
              + argument
              + "' of prompt '"
              + prompt
              + "' is already registered");
    }
    completers.put(prompt, Collections.unmodifiableMap(byArgument));
    return settings.with(
        ProtocolSettings.PROMPT_COMPLETERS, Collections.unmodifiableMap(completers));
  }

  /** {@code settings} with {@code carrier} added after the carriers added before. */
  public static Settings withContextCarrier(Settings settings, McpContextCarrier carrier) {
    Objects.requireNonNull(carrier, "contextCarrier");
    List<McpContextCarrier> carriers =
        new ArrayList<>(settings.get(LongRunningSettings.CONTEXT_CARRIERS));
    carriers.add(carrier);
    return settings.with(LongRunningSettings.CONTEXT_CARRIERS, List.copyOf(carriers));
  }

  /** {@code settings} with {@code observer} added after the observers added before. */
  public static Settings withObserver(Settings settings, McpObserver observer) {
    Objects.requireNonNull(observer, "observer");
    List<McpObserver> observers = new ArrayList<>(settings.get(ObserveSettings.OBSERVERS));
    observers.add(observer);
    return settings.with(ObserveSettings.OBSERVERS, List.copyOf(observers));
  }

  /** {@code settings} with the origins allowed, each as {@code check} returns it (or throws). */
  public static Settings withAllowedOrigins(
      Settings settings, String[] origins, UnaryOperator<String> check) {
    return settings.with(
        SecuritySettings.ALLOWED_ORIGINS, checked(origins, "allowedOrigins", check));
  }

  /** {@code settings} with the hosts allowed, each as {@code check} returns it (or throws). */
  public static Settings withAllowedHosts(
      Settings settings, String[] hosts, UnaryOperator<String> check) {
    return settings.with(SecuritySettings.ALLOWED_HOSTS, checked(hosts, "allowedHosts", check));
  }

  /** {@code settings} with a legacy session bound to these headers. */
  public static Settings withSessionBinding(Settings settings, String[] headers) {
    return settings.with(
        SecuritySettings.SESSION_BINDING,
        List.copyOf(headerNames(headers, "sessionBinding", false)));
  }

  /** {@code settings} forwarding only these headers (or prefixes) to a read's route. */
  public static Settings withForwardOnlyHeaders(Settings settings, String[] headers) {
    return settings.with(
        SecuritySettings.FORWARD_ONLY_HEADERS,
        Collections.unmodifiableSet(headerNames(headers, "forwardOnlyHeaders", true)));
  }

  /** {@code settings} never forwarding these headers (or prefixes) to a read's route. */
  public static Settings withNeverForwardHeaders(Settings settings, String[] headers) {
    return settings.with(
        SecuritySettings.NEVER_FORWARD_HEADERS,
        Collections.unmodifiableSet(headerNames(headers, "neverForwardHeaders", true)));
  }

  private static Set<String> checked(String[] values, String what, UnaryOperator<String> check) {
    Set<String> checked = new LinkedHashSet<>();
    for (String value : Objects.requireNonNull(values, what)) {
      checked.add(check.apply(value));
    }
    return Collections.unmodifiableSet(checked);
  }

  /** Header names (RFC 9110 tokens), each ending in '*' when {@code prefixes} allows it. */
  private static Set<String> headerNames(String[] names, String what, boolean prefixes) {
    Set<String> checked = new LinkedHashSet<>();
    for (String name : Objects.requireNonNull(names, what)) {
      Objects.requireNonNull(name, what);
      String token = prefixes && name.endsWith("*") ? name.substring(0, name.length() - 1) : name;
      if (!token.matches(HEADER_NAME)) {
        throw new IllegalArgumentException(
            what
                + " entries must be header names"
                + (prefixes ? ", optionally ending in '*'" : "")
                + " (found '"
                + name
                + "')");
      }
      checked.add(name);
    }
    return checked;
  }

  private static String requireText(String value, String what) {
    Objects.requireNonNull(value, what);
    if (value.isBlank()) {
      throw new IllegalArgumentException(what + " must not be blank");
    }
    return value;
  }
}
