package dev.jaxrsmcp.internal.protocol;

import java.net.URI;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Who sent an MCP request, as the route will see them: the application's base URI, the HTTP headers
 * of the MCP request (a map whose keys compare without case), who the container says the caller is,
 * and the request's scope.
 */
public record Caller(
    URI baseUri, Map<String, List<String>> headers, CallerIdentity identity, CallerScope scope) {

  /** A caller whose reads carry no request scope over. */
  public Caller(URI baseUri, Map<String, List<String>> headers, CallerIdentity identity) {
    this(baseUri, headers, identity, CallerScope.NONE);
  }

  /**
   * The first value of the header {@code name}, if the request has it. Names compare without case;
   * the bridge asks in lower case, which Jersey's header map looks up without copying the name.
   */
  public Optional<String> header(String name) {
    List<String> values = headers.get(name);
    return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
  }

  /**
   * This caller as it stays valid after its HTTP request ended (the container may recycle the
   * request): headers copied, the identity {@linkplain CallerIdentity#snapshot() captured}, no
   * request scope.
   */
  public Caller snapshot() {
    return detached(identity.snapshot());
  }

  /**
   * This caller with its headers copied, the given identity (one that holds nothing of the request)
   * and no request scope: valid after its HTTP request ended.
   */
  public Caller detached(CallerIdentity captured) {
    Map<String, List<String>> copy = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
    headers.forEach((name, values) -> copy.put(name, List.copyOf(values)));
    return new Caller(baseUri, Collections.unmodifiableMap(copy), captured);
  }
}
