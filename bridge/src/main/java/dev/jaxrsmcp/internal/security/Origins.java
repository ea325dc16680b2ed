package dev.jaxrsmcp.internal.security;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Parsing of {@code Origin} and {@code Host} values (RFC 6454, RFC 9110 section 7.2), and what
 * counts as loopback. Pure functions; no state.
 */
public final class Origins {
  /** A registered name or IPv4 address, or an IPv6 literal in brackets. */
  private static final Pattern HOST =
      Pattern.compile("[a-z0-9](?:[a-z0-9._~-]*[a-z0-9])?|\\[[0-9a-f:.]+\\]");

  private static final Pattern IPV4_LOOPBACK =
      Pattern.compile(
          "127\\.(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])){2}");

  private Origins() {}

  /**
   * The normalized form of a configured origin ({@code scheme://host:port}, lower case, the port
   * always written); {@code *} stays {@code *}.
   *
   * @throws IllegalArgumentException naming the value when it is not an origin
   */
  public static String requireOrigin(String origin) {
    if ("*".equals(origin)) {
      return origin;
    }
    return normalizeOrigin(origin)
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "allowedOrigins entries must be origins such as https://app.example.com"
                        + " (scheme http or https, a host, an optional port, no path) or '*'"
                        + " (found '"
                        + origin
                        + "')"));
  }

  /**
   * The normalized form (lower case) of a configured host name; {@code *} stays {@code *}.
   *
   * @throws IllegalArgumentException naming the value when it is not a host name
   */
  public static String requireHost(String host) {
    if ("*".equals(host)) {
      return host;
    }
    String lower = host == null ? "" : host.toLowerCase(Locale.ROOT);
    if (!HOST.matcher(lower).matches()) {
      throw new IllegalArgumentException(
          "allowedHosts entries must be host names or IP addresses without a port, such as"
              + " mcp.example.com or [fd00::1], or '*' (found '"
              + host
              + "')");
    }
    return lower;
  }

  /**
   * {@code scheme://host:port} in lower case with the port always written, for an {@code http} or
   * {@code https} origin; empty for anything else ({@code null}, paths, user info, other schemes).
   */
  public static Optional<String> normalizeOrigin(String origin) {
    if (origin == null) {
      return Optional.empty();
    }
    URI uri;
    try {
      uri = new URI(origin.trim());
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      return Optional.empty();
    }
    String host = uri.getHost();
    if (host == null
        || uri.getRawUserInfo() != null
        || !(uri.getRawPath() == null || uri.getRawPath().isEmpty())
        || uri.getRawQuery() != null
        || uri.getRawFragment() != null) {
      return Optional.empty();
    }
    host = host.toLowerCase(Locale.ROOT);
    if (!HOST.matcher(host).matches()) {
      return Optional.empty();
    }
    int port = uri.getPort() >= 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
    return Optional.of(scheme + "://" + host + ":" + port);
  }

  /** The host of a normalized origin. */
  static String hostOfOrigin(String normalized) {
    String rest = normalized.substring(normalized.indexOf("://") + 3);
    return rest.substring(0, rest.lastIndexOf(':'));
  }

  private static final java.util.regex.Pattern PORT =
      java.util.regex.Pattern.compile(":[0-9]{1,5}");

  /**
   * The host name of a {@code Host} header value ({@code name}, {@code name:port}, {@code
   * [v6]:port}), in lower case; empty when the value is not one.
   */
  public static Optional<String> hostOfHeader(String value) {
    if (value == null) {
      return Optional.empty();
    }
    String lower = value.trim().toLowerCase(Locale.ROOT);
    String host;
    String port;
    if (lower.startsWith("[")) {
      int close = lower.indexOf(']');
      if (close < 0) {
        return Optional.empty();
      }
      host = lower.substring(0, close + 1);
      port = lower.substring(close + 1);
    } else {
      int colon = lower.indexOf(':');
      host = colon < 0 ? lower : lower.substring(0, colon);
      port = colon < 0 ? "" : lower.substring(colon);
    }
    if (!port.isEmpty() && !PORT.matcher(port).matches()) {
      return Optional.empty();
    }
    return HOST.matcher(host).matches() ? Optional.of(host) : Optional.empty();
  }

  /** {@code localhost}, {@code [::1]} or an address in 127.0.0.0/8 (lower case expected). */
  public static boolean isLoopbackHost(String host) {
    return host.equals("localhost")
        || host.equals("[::1]")
        || IPV4_LOOPBACK.matcher(host).matches();
  }
}
