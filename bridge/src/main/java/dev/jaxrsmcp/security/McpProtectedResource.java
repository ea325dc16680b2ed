package dev.jaxrsmcp.security;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * OAuth 2.0 protected-resource metadata (RFC 9728) for an MCP server whose routes require bearer
 * tokens: where clients get tokens for it. Register it with {@link
 * dev.jaxrsmcp.McpFeature.Builder#protectedResource}:
 *
 * <pre>{@code
 * McpFeature.builder()
 *     .protectedResource(
 *         McpProtectedResource.builder(URI.create("https://mcp.example.com/mcp"))
 *             .authorizationServer(URI.create("https://auth.example.com"))
 *             .scopes("widgets:read")
 *             .build())
 *     .build();
 * }</pre>
 *
 * <p>The bridge serves the document and names it in the {@code WWW-Authenticate} challenge of every
 * 401 the MCP endpoint answers; it does not check tokens. That stays with the application's
 * filters, which see every read as they see a plain HTTP request. Immutable.
 */
public final class McpProtectedResource {
  private final URI resource;
  private final List<URI> authorizationServers;
  private final List<String> scopes;
  private final Optional<String> resourceName;
  private final Optional<URI> documentation;

  private McpProtectedResource(Builder b) {
    this.resource = b.resource;
    this.authorizationServers = List.copyOf(b.authorizationServers);
    this.scopes = List.copyOf(b.scopes);
    this.resourceName = b.resourceName;
    this.documentation = b.documentation;
  }

  /**
   * A builder for the metadata of the MCP server at {@code resource}: the endpoint's URL as clients
   * use it (for example {@code https://mcp.example.com/mcp}); absolute, {@code https} or {@code
   * http}, without query or fragment.
   */
  public static Builder builder(URI resource) {
    return new Builder(resource);
  }

  /** {@code resource}: the MCP endpoint's URL as clients use it. */
  public URI resource() {
    return resource;
  }

  /** {@code authorization_servers}: issuers of tokens for this server; at least one. */
  public List<URI> authorizationServers() {
    return authorizationServers;
  }

  /** {@code scopes_supported}; left out of the document when empty. */
  public List<String> scopes() {
    return scopes;
  }

  /** {@code resource_name}: a name for people. */
  public Optional<String> resourceName() {
    return resourceName;
  }

  /** {@code resource_documentation}: a page for developers. */
  public Optional<URI> documentation() {
    return documentation;
  }

  /**
   * Where clients find the document (RFC 9728 section 3.1): {@code /.well-known/oauth-protected-
   * resource} inserted between the host and the path of {@link #resource()}, for example {@code
   * https://mcp.example.com/.well-known/oauth-protected-resource/mcp}.
   */
  public URI metadataUri() {
    String path = resource.getRawPath() == null ? "" : resource.getRawPath();
    if (path.equals("/")) {
      path = "";
    }
    return URI.create(
        resource.getScheme()
            + "://"
            + resource.getRawAuthority()
            + "/.well-known/oauth-protected-resource"
            + path);
  }

  /** Builds {@link McpProtectedResource}; every setter checks its value. */
  public static final class Builder {
    private final URI resource;
    private final List<URI> authorizationServers = new ArrayList<>();
    private final List<String> scopes = new ArrayList<>();
    private Optional<String> resourceName = Optional.empty();
    private Optional<URI> documentation = Optional.empty();

    private Builder(URI resource) {
      this.resource = requireHttpUri(resource, "resource");
      if (resource.getRawQuery() != null || resource.getRawFragment() != null) {
        throw new IllegalArgumentException(
            "resource must have no query or fragment (found '" + resource + "')");
      }
    }

    /** Adds an issuer to {@code authorization_servers}. */
    public Builder authorizationServer(URI issuer) {
      authorizationServers.add(requireHttpUri(issuer, "authorizationServer"));
      return this;
    }

    /** Adds to {@code scopes_supported}. */
    public Builder scopes(String... scopes) {
      for (String scope : Objects.requireNonNull(scopes, "scopes")) {
        Objects.requireNonNull(scope, "scopes");
        if (!scope.matches("[\\x21\\x23-\\x5B\\x5D-\\x7E]+")) {
          throw new IllegalArgumentException(
              "scopes must be OAuth scope tokens (printable ASCII without space, '\"' or '\\')"
                  + " (found '"
                  + scope
                  + "')");
        }
        this.scopes.add(scope);
      }
      return this;
    }

    /** Sets {@code resource_name}. */
    public Builder resourceName(String name) {
      Objects.requireNonNull(name, "resourceName");
      if (name.isBlank()) {
        throw new IllegalArgumentException("resourceName must not be blank");
      }
      this.resourceName = Optional.of(name);
      return this;
    }

    /** Sets {@code resource_documentation}. */
    public Builder documentation(URI page) {
      this.documentation = Optional.of(requireHttpUri(page, "documentation"));
      return this;
    }

    /**
     * The metadata.
     *
     * @throws IllegalStateException when no authorization server was added
     */
    public McpProtectedResource build() {
      if (authorizationServers.isEmpty()) {
        throw new IllegalStateException(
            "protected-resource metadata needs at least one authorization server (none added for"
                + " resource '"
                + resource
                + "')");
      }
      return new McpProtectedResource(this);
    }

    private static URI requireHttpUri(URI uri, String what) {
      Objects.requireNonNull(uri, what);
      String scheme =
          uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
      if (!uri.isAbsolute()
          || !(scheme.equals("https") || scheme.equals("http"))
          || uri.getRawAuthority() == null) {
        throw new IllegalArgumentException(
            what + " must be an absolute https or http URI (found '" + uri + "')");
      }
      return uri;
    }
  }
}
