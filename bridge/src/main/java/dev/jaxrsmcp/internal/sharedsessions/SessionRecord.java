package dev.jaxrsmcp.internal.sharedsessions;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;
import java.util.Set;

/**
 * What every instance needs to serve a legacy session: the part of a {@link
 * dev.jaxrsmcp.internal.session.Session} that a {@link SharedSessions} store keeps for all
 * instances. The last use is kept by the store (its expiry).
 *
 * @param owner the binding fingerprint of the caller that started it ({@link
 *     dev.jaxrsmcp.internal.session.Session#owner()})
 * @param quotaKey whose quota the session counts against (see {@link
 *     dev.jaxrsmcp.internal.session.Session#quotaKey()})
 * @param initialized whether the client confirmed the handshake ({@code notifications/initialized}
 *     or any later request)
 * @param logLevel the level set with {@code logging/setLevel}; empty when never set
 * @param subscriptions the URIs subscribed with {@code resources/subscribe}
 */
public record SessionRecord(
    String id,
    String protocolVersion,
    ObjectNode clientCapabilities,
    Optional<ObjectNode> clientInfo,
    byte[] owner,
    String quotaKey,
    boolean initialized,
    Optional<String> logLevel,
    Set<String> subscriptions) {

  public SessionRecord {
    clientCapabilities = clientCapabilities.deepCopy();
    clientInfo = clientInfo.map(ObjectNode::deepCopy);
    owner = owner.clone();
    subscriptions = Set.copyOf(subscriptions);
  }

  @Override
  public ObjectNode clientCapabilities() {
    return clientCapabilities.deepCopy();
  }

  @Override
  public byte[] owner() {
    return owner.clone();
  }
}
