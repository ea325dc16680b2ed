package dev.jaxrsmcp.demo;

import com.fasterxml.jackson.databind.JsonNode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriBuilder;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A stand-in for the OAuth 2.1 authorization server a real service already has, just enough for
 * OAuth-capable MCP clients (mcp-remote, the TypeScript SDK, Inspector) to get a demo token on
 * their own: metadata (RFC 8414), dynamic client registration (RFC 7591), the authorization code
 * grant with PKCE (S256 only). There is no login page: every authorization signs the client in as
 * the demo's viewer ({@link BearerAuthFilter#VIEWER_TOKEN}), whose token the README publishes
 * anyway. The MCP endpoint names this server in its protected-resource metadata (RFC 9728), so a
 * client that meets a 401 finds its way here.
 *
 * <p>What it keeps is bounded: the last {@value #MAX_CLIENTS} registered clients, and codes for
 * {@value #CODE_SECONDS} seconds, at most {@value #MAX_CODES} at once.
 */
@Path("/")
public final class DemoAuthorizationServer {
  static final int MAX_CLIENTS = 1_000;
  static final int MAX_CODES = 1_000;
  static final int CODE_SECONDS = 60;

  /** Where the metadata is, for an issuer without a path (RFC 8414 section 3). */
  static final String METADATA_PATH = ".well-known/oauth-authorization-server";

  private static final SecureRandom RANDOM = new SecureRandom();

  private final URI issuer;
  private final Clock clock;
  private final Map<String, List<String>> clients = bounded(MAX_CLIENTS);
  private final Map<String, Grant> codes = bounded(MAX_CODES);

  private record Grant(String clientId, String redirectUri, String challenge, Instant expires) {}

  /** The server whose issuer is the demo's root URL, for example {@code http://127.0.0.1:8080}. */
  DemoAuthorizationServer(URI baseUri, Clock clock) {
    this.issuer = issuerOf(baseUri);
    this.clock = clock;
  }

  /** The issuer identifier for the demo at {@code baseUri}: its origin, no trailing slash. */
  static URI issuerOf(URI baseUri) {
    return URI.create(baseUri.getScheme() + "://" + baseUri.getRawAuthority());
  }

  @GET
  @Path(METADATA_PATH)
  @Produces(MediaType.APPLICATION_JSON)
  public Map<String, Object> metadata() {
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("issuer", issuer.toString());
    doc.put("authorization_endpoint", issuer + "/oauth/authorize");
    doc.put("token_endpoint", issuer + "/oauth/token");
    doc.put("registration_endpoint", issuer + "/oauth/register");
    doc.put("response_types_supported", List.of("code"));
    doc.put("grant_types_supported", List.of("authorization_code"));
    doc.put("code_challenge_methods_supported", List.of("S256"));
    doc.put("token_endpoint_auth_methods_supported", List.of("none"));
    return doc;
  }

  /** Dynamic client registration: public clients (no secret) with their redirect URIs. */
  @POST
  @Path("oauth/register")
  @Consumes(MediaType.APPLICATION_JSON)
  @Produces(MediaType.APPLICATION_JSON)
  public Response register(JsonNode request) {
    List<String> redirects = new ArrayList<>();
    JsonNode given = request == null ? null : request.get("redirect_uris");
    if (given == null || !given.isArray() || given.isEmpty() || given.size() > 10) {
      return error(400, "invalid_redirect_uri", "redirect_uris: one to ten absolute URIs");
    }
    for (JsonNode uri : given) {
      if (!uri.isTextual() || !isAbsolute(uri.asText())) {
        return error(400, "invalid_redirect_uri", "not an absolute URI: " + uri);
      }
      redirects.add(uri.asText());
    }
    String clientId = "demo-" + random(12);
    clients.put(clientId, List.copyOf(redirects));
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("client_id", clientId);
    doc.put("client_id_issued_at", clock.instant().getEpochSecond());
    doc.put("redirect_uris", redirects);
    doc.put("token_endpoint_auth_method", "none");
    doc.put("grant_types", List.of("authorization_code"));
    doc.put("response_types", List.of("code"));
    JsonNode name = request.get("client_name");
    if (name != null && name.isTextual()) {
      doc.put("client_name", name.asText());
    }
    return Response.status(201).type(MediaType.APPLICATION_JSON_TYPE).entity(doc).build();
  }

  /**
   * The authorization endpoint: no login page, the client is signed in as the demo's viewer at once
   * and sent back to its redirect URI with a code. Errors a redirect cannot carry safely (an
   * unknown client or redirect URI) are answered here, as RFC 6749 section 4.1.2.1 asks.
   */
  @GET
  @Path("oauth/authorize")
  @Produces(MediaType.APPLICATION_JSON)
  public Response authorize(
      @QueryParam("response_type") String responseType,
      @QueryParam("client_id") String clientId,
      @QueryParam("redirect_uri") String redirectUri,
      @QueryParam("code_challenge") String challenge,
      @QueryParam("code_challenge_method") String method,
      @QueryParam("state") String state) {
    List<String> redirects = clientId == null ? null : clients.get(clientId);
    if (redirects == null) {
      return error(400, "invalid_client", "unknown client_id: register first at /oauth/register");
    }
    if (redirectUri == null ? redirects.size() != 1 : !redirects.contains(redirectUri)) {
      return error(400, "invalid_request", "redirect_uri is not one the client registered");
    }
    String redirect = redirectUri == null ? redirects.get(0) : redirectUri;
    UriBuilder back = UriBuilder.fromUri(redirect);
    if (state != null) {
      back.queryParam("state", "{state}");
    }
    if (!"code".equals(responseType)) {
      return redirectError(back, state, "unsupported_response_type", "response_type must be code");
    }
    if (challenge == null || !"S256".equals(method)) {
      return redirectError(
          back, state, "invalid_request", "PKCE is required: code_challenge with method S256");
    }
    String code = random(24);
    codes.put(
        code,
        new Grant(
            clientId, redirect, challenge, clock.instant().plus(Duration.ofSeconds(CODE_SECONDS))));
    return Response.seeOther(
            state == null
                ? back.queryParam("code", code).build()
                : back.queryParam("code", code).build(state))
        .build();
  }

  /** The token endpoint: a code and its PKCE verifier for the viewer's bearer token. */
  @POST
  @Path("oauth/token")
  @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
  @Produces(MediaType.APPLICATION_JSON)
  public Response token(
      @FormParam("grant_type") String grantType,
      @FormParam("code") String code,
      @FormParam("code_verifier") String verifier,
      @FormParam("redirect_uri") String redirectUri,
      @FormParam("client_id") String clientId) {
    if (!"authorization_code".equals(grantType)) {
      return error(400, "unsupported_grant_type", "grant_type must be authorization_code");
    }
    Grant grant = code == null ? null : codes.remove(code); // a code is used once
    if (grant == null || clock.instant().isAfter(grant.expires())) {
      return error(400, "invalid_grant", "unknown, used or expired code");
    }
    if (!grant.clientId().equals(clientId)
        || (redirectUri != null && !grant.redirectUri().equals(redirectUri))) {
      return error(400, "invalid_grant", "the code was issued to another client or redirect_uri");
    }
    if (verifier == null || !grant.challenge().equals(s256(verifier))) {
      return error(400, "invalid_grant", "code_verifier does not match the code_challenge");
    }
    Map<String, Object> doc = new LinkedHashMap<>();
    doc.put("access_token", BearerAuthFilter.VIEWER_TOKEN);
    doc.put("token_type", "Bearer");
    doc.put("expires_in", 3600);
    return Response.ok(doc, MediaType.APPLICATION_JSON_TYPE)
        .header("Cache-Control", "no-store")
        .build();
  }

  private static Response redirectError(
      UriBuilder back, String state, String error, String description) {
    back.queryParam("error", error).queryParam("error_description", description);
    return Response.seeOther(state == null ? back.build() : back.build(state)).build();
  }

  private static Response error(int status, String error, String description) {
    return Response.status(status)
        .type(MediaType.APPLICATION_JSON_TYPE)
        .entity(Map.of("error", error, "error_description", description))
        .header("Cache-Control", "no-store")
        .build();
  }

  static String s256(String verifier) {
    try {
      byte[] hash =
          MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
      return Base64.getUrlEncoder().withoutPadding().encodeToString(hash);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java has SHA-256", e);
    }
  }

  private static boolean isAbsolute(String uri) {
    try {
      return URI.create(uri).isAbsolute();
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  private static String random(int bytes) {
    byte[] value = new byte[bytes];
    RANDOM.nextBytes(value);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(value);
  }

  /** A thread-safe map that forgets its oldest entry past {@code max}. */
  private static <V> Map<String, V> bounded(int max) {
    return java.util.Collections.synchronizedMap(
        new LinkedHashMap<>() {
          private static final long serialVersionUID = 1L;

          @Override
          protected boolean removeEldestEntry(Map.Entry<String, V> eldest) {
            return size() > max;
          }
        });
  }
}
