package dev.jaxrsmcp.internal.security;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.security.McpProtectedResource;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * OAuth 2.0 protected-resource metadata (RFC 9728): the document, and the {@code resource_metadata}
 * parameter of the {@code Bearer} challenge on a 401. Immutable.
 */
public final class ResourceMetadata {
  /** Where the document is served, relative to the application root. */
  public static final String WELL_KNOWN = ".well-known/oauth-protected-resource";

  private final McpProtectedResource metadata;
  private final byte[] document;

  public ResourceMetadata(McpProtectedResource metadata) {
    this.metadata = metadata;
    this.document = Json.writeBytes(document(metadata));
  }

  /** The JSON document, as served. */
  public byte[] document() {
    return document.clone();
  }

  /** The URL named in {@code resource_metadata}. */
  public URI metadataUri() {
    return metadata.metadataUri();
  }

  /**
   * The {@code WWW-Authenticate} values of a 401 with {@code resource_metadata} added: to the first
   * value that is a {@code Bearer} challenge without one, else as a new {@code Bearer} challenge
   * after the given ones (a route may challenge with another scheme; the client picks).
   */
  public List<String> challenges(List<String> given) {
    String parameter = "resource_metadata=\"" + metadataUri() + "\"";
    List<String> out = new ArrayList<>(given);
    for (int i = 0; i < out.size(); i++) {
      String value = out.get(i).strip();
      String lower = value.toLowerCase(Locale.ROOT);
      if (!isBearer(lower)) {
        continue;
      }
      if (lower.contains("resource_metadata=")) {
        return out;
      }
      out.set(
          i,
          lower.length() == "bearer".length() ? value + " " + parameter : value + ", " + parameter);
      return out;
    }
    out.add("Bearer " + parameter);
    return out;
  }

  private static boolean isBearer(String lowerChallenge) {
    return lowerChallenge.equals("bearer") || lowerChallenge.startsWith("bearer ");
  }

  private static ObjectNode document(McpProtectedResource metadata) {
    ObjectNode doc = Json.object().put("resource", metadata.resource().toString());
    ArrayNode servers = doc.putArray("authorization_servers");
    metadata.authorizationServers().forEach(s -> servers.add(s.toString()));
    if (!metadata.scopes().isEmpty()) {
      ArrayNode scopes = doc.putArray("scopes_supported");
      metadata.scopes().forEach(scopes::add);
    }
    doc.putArray("bearer_methods_supported").add("header");
    metadata.resourceName().ifPresent(name -> doc.put("resource_name", name));
    metadata.documentation().ifPresent(page -> doc.put("resource_documentation", page.toString()));
    return doc;
  }
}
