package dev.jaxrsmcp.internal.security;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Contract section 11, the first check of every request: a present {@code Origin} must be a
 * loopback origin or an allowed one, and {@code Host} must name a loopback host or an allowed one
 * when the Host is checked (the caller decides: when hosts are listed, or the server was reached on
 * a loopback address). Together they keep DNS-rebinding pages (a foreign name resolving to the
 * loopback address) and foreign web pages away from the endpoint. Thread-safe: its settings are
 * immutable, and it remembers the verdict on the first {@value #REMEMBERED_HOSTS} distinct {@code
 * Host} values it checks (a client sends the same one with every request).
 */
public final class OriginPolicy {
  private static final int MAX_SHOWN = 100;

  /** How many distinct {@code Host} values have their verdict remembered. */
  static final int REMEMBERED_HOSTS = 256;

  private final Set<String> allowedOrigins;
  private final Set<String> allowedHosts;
  private final Map<String, Boolean> hostVerdicts = new ConcurrentHashMap<>();

  /**
   * @param allowedOrigins normalized origins (see {@link Origins#requireOrigin}) or {@code *}
   * @param allowedHosts lower-case host names (see {@link Origins#requireHost}) or {@code *}
   */
  public OriginPolicy(Set<String> allowedOrigins, Set<String> allowedHosts) {
    this.allowedOrigins = Set.copyOf(allowedOrigins);
    this.allowedHosts = Set.copyOf(allowedHosts);
  }

  /**
   * Why a request with these {@code Origin} and {@code Host} header values must be refused, or
   * empty when it may proceed.
   *
   * @param origins every {@code Origin} header value (usually none or one)
   * @param hosts every {@code Host} header value (one for a well-formed request)
   * @param containerHost the host the container says the request was sent to, used when there is no
   *     {@code Host} header (an HTTP/1.0 request, an in-memory test container)
   * @param checkHost whether {@code Host} must be a loopback name or an allowed one; when false any
   *     single {@code Host} passes
   */
  public Optional<String> refusal(
      List<String> origins, List<String> hosts, String containerHost, boolean checkHost) {
    if (hosts.size() > 1) {
      return Optional.of("Forbidden: the request has " + hosts.size() + " Host headers");
    }
    String host = hosts.isEmpty() ? containerHost : hosts.get(0);
    if (checkHost) {
      if (!isAllowedHostHeader(host)) {
        return Optional.of("Forbidden: Host '" + shown(host) + "' is not allowed");
      }
    }
    if (origins.size() > 1) {
      return Optional.of("Forbidden: the request has " + origins.size() + " Origin headers");
    }
    if (origins.size() == 1 && !isAllowedOrigin(origins.get(0))) {
      return Optional.of("Forbidden: Origin '" + shown(origins.get(0)) + "' is not allowed");
    }
    return Optional.empty();
  }

  /** Whether {@code allowedHosts} names any host (then {@code Host} is always checked). */
  public boolean listsHosts() {
    return !allowedHosts.isEmpty();
  }

  /** Whether a {@code Host} header value names an allowed host (remembered, see above). */
  private boolean isAllowedHostHeader(String value) {
    if (value == null) {
      return false;
    }
    Boolean known = hostVerdicts.get(value);
    if (known != null) {
      return known;
    }
    Optional<String> hostName = Origins.hostOfHeader(value);
    boolean allowed = hostName.isPresent() && isAllowedHost(hostName.get());
    if (hostVerdicts.size() < REMEMBERED_HOSTS) {
      hostVerdicts.put(value, allowed);
    }
    return allowed;
  }

  private boolean isAllowedHost(String host) {
    return Origins.isLoopbackHost(host)
        || allowedHosts.contains("*")
        || allowedHosts.contains(host);
  }

  private boolean isAllowedOrigin(String origin) {
    if (allowedOrigins.contains("*")) {
      return true;
    }
    Optional<String> normalized = Origins.normalizeOrigin(origin);
    return normalized.isPresent()
        && (Origins.isLoopbackHost(Origins.hostOfOrigin(normalized.get()))
            || allowedOrigins.contains(normalized.get()));
  }

  /** The value as the error may show it: printable ASCII, shortened. */
  static String shown(String value) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < value.length() && out.length() < MAX_SHOWN; i++) {
      char c = value.charAt(i);
      out.append(c >= 0x20 && c < 0x7F ? c : '?');
    }
    return value.length() > MAX_SHOWN ? out + "…" : out.toString();
  }
}
