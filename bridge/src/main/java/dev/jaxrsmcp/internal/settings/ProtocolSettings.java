package dev.jaxrsmcp.internal.settings;

import dev.jaxrsmcp.McpCompleter;
import java.util.Map;

/** What the server says of itself and how it lists: name, endpoint, scheme, pages, tools. */
public final class ProtocolSettings {
  public static final Setting<String> NAME = Setting.text("name", "jaxrs-mcp");
  public static final Setting<String> VERSION = Setting.text("version", "0.0.0");
  public static final Setting<String> INSTRUCTIONS = Setting.of("instructions", "");

  public static final Setting<String> PATH =
      Setting.of(
          "path",
          "/mcp",
          path -> {
            if (path.isBlank()) {
              throw new IllegalArgumentException("path must not be blank");
            }
            if (!path.startsWith("/")) {
              throw new IllegalArgumentException("path must start with '/' (found '" + path + "')");
            }
            return path;
          });

  public static final Setting<String> SCHEME =
      Setting.of(
          "scheme",
          "app",
          scheme -> {
            if (scheme.isBlank()) {
              throw new IllegalArgumentException("scheme must not be blank");
            }
            if (!scheme.matches("[A-Za-z][A-Za-z0-9+.-]*")) {
              throw new IllegalArgumentException(
                  "scheme must be a letter followed by letters, digits, '+', '-' or '.' (found '"
                      + scheme
                      + "')");
            }
            return scheme;
          });

  public static final Setting<Integer> PAGE_SIZE = Setting.range("pageSize", 1, 1000, 50);
  public static final Setting<Boolean> TOOLS = Setting.of("tools", true);

  public static final Setting<Long> DEFAULT_CACHE_TTL_MS =
      Setting.of(
          "defaultCacheTtlMs",
          0L,
          ttl -> {
            if (ttl < 0) {
              throw new IllegalArgumentException(
                  "defaultCacheTtlMs must be zero or more (found " + ttl + ")");
            }
            return ttl;
          });

  public static final Setting<String> DEFAULT_CACHE_SCOPE =
      Setting.of(
          "defaultCacheScope",
          "private",
          scope -> {
            if (!"private".equals(scope) && !"public".equals(scope)) {
              throw new IllegalArgumentException(
                  "defaultCacheScope must be 'private' or 'public' (found '" + scope + "')");
            }
            return scope;
          });

  /** Completers by template, then by variable; immutable maps. */
  public static final Setting<Map<String, Map<String, McpCompleter>>> COMPLETERS =
      Setting.of("completers", Map.of());

  /** Completers of prompt arguments by prompt name, then by argument; immutable maps. */
  public static final Setting<Map<String, Map<String, McpCompleter>>> PROMPT_COMPLETERS =
      Setting.of("promptCompleters", Map.of());

  private ProtocolSettings() {}
}
