package dev.jaxrsmcp.internal.subscriptions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.methods.Subscriptions;
import dev.jaxrsmcp.internal.protocol.ListenPlan;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.session.Session;
import dev.jaxrsmcp.internal.session.SessionStore;
import dev.jaxrsmcp.internal.subscribe.ChangeHub;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Legacy subscriptions (contract section 8): {@code resources/subscribe} and {@code
 * resources/unsubscribe} per session, both idempotent. A URI is subscribed only after a read with
 * the subscriber's credentials succeeded; otherwise the request fails with the read's error.
 * Updates and list changes go to the session's GET stream; when the session ends (DELETE, idle
 * expiry, shutdown) all of its subscriptions are dropped and unneeded watchers stop.
 *
 * <p>With shared sessions, the instance that accepted the latest {@code resources/subscribe} of a
 * URI holds (watches) that subscription; the session's record lists it, and an instance that held
 * it before is told to stop, as is the holder when {@code resources/unsubscribe} arrives on another
 * instance. An update goes to the session's stream wherever it is open ({@link Session#notify});
 * list changes reach every instance, so only the stream's own instance sends them.
 */
public final class SessionSubscriptions {
  static final Set<String> METHODS = Set.of("resources/subscribe", "resources/unsubscribe");

  private final ChangeHub hub;
  private final Subscriptions subscriptions;
  private final SessionStore sessions;
  private final SubscriptionQuota quota;
  private final Map<Session, SessionSubscriber> bySession = new ConcurrentHashMap<>();

  public SessionSubscriptions(
      ChangeHub hub, Subscriptions subscriptions, SessionStore sessions, SubscriptionQuota quota) {
    this.hub = hub;
    this.subscriptions = subscriptions;
    this.sessions = sessions;
    this.quota = quota;
    sessions.onUnsubscribed(this::unsubscribeHere);
  }

  /** True for the methods answered here. */
  public static boolean handles(String method) {
    return METHODS.contains(method);
  }

  /** Answers {@code resources/subscribe} or {@code resources/unsubscribe}: an empty result. */
  public ObjectNode handle(McpCall call, Session session) {
    String method = call.request().method();
    String uri = uri(call, method);
    if (method.equals("resources/subscribe")) {
      subscribe(call, session, uri);
    } else {
      unsubscribe(session, uri);
    }
    return Json.object();
  }

  /**
   * The session opened its GET stream: from now on it hears list changes (a legacy client has no
   * other way to ask for them).
   */
  public void streamOpened(Session session) {
    subscriberOf(session);
  }

  /** How many sessions have subscriptions or list-change listening here. */
  int size() {
    return bySession.size();
  }

  private void subscribe(McpCall call, Session session, String uri) {
    SessionSubscriber held = bySession.get(session);
    if (held != null && held.isFull(uri, subscriptions.maxPerSession())) {
      throw subscriptions.tooManyInSession(uri); // before the read: nothing runs, nothing starts
    }
    if (held != null && held.holds(uri)) {
      return; // subscribed already: idempotent
    }
    // The caller's quota, before the read: a refusal reads and watches nothing.
    Runnable release = quota.take(session.quotaKey(), 1, uri);
    boolean kept = false;
    try {
      ListenPlan.Watched watched = subscriptions.checkLegacy(uri, call);
      Map<String, java.util.List<String>> headers = Map.copyOf(call.caller().headers());
      SessionSubscriber subscriber = subscriberOf(session);
      sessions.subscribed(session, uri); // this instance holds it now
      SessionSubscriber.Added added =
          subscriber.add(
              uri,
              subscriptions.maxPerSession(),
              release,
              () ->
                  hub.subscribe(
                      subscriber,
                      uri,
                      watched.entry().template().text(),
                      watched.match().values(),
                      headers));
      if (added == SessionSubscriber.Added.FULL) {
        throw subscriptions.tooManyInSession(uri); // filled by a concurrent subscribe meanwhile
      }
      kept = added == SessionSubscriber.Added.NEW;
    } finally {
      if (!kept) {
        release.run();
      }
    }
  }

  private void unsubscribe(Session session, String uri) {
    unsubscribeHere(session, uri);
    sessions.unsubscribed(session, uri); // and wherever else it is held
  }

  private void unsubscribeHere(Session session, String uri) {
    SessionSubscriber subscriber = bySession.get(session);
    if (subscriber != null && subscriber.remove(uri)) {
      hub.unsubscribe(subscriber, uri);
    }
  }

  private SessionSubscriber subscriberOf(Session session) {
    SessionSubscriber existing = bySession.get(session);
    if (existing != null) {
      return existing;
    }
    SessionSubscriber created = new SessionSubscriber(session);
    existing = bySession.putIfAbsent(session, created);
    if (existing != null) {
      return existing;
    }
    hub.listenToListChanges(created);
    session.onEnd(() -> end(session, created)); // at once when the session ended meanwhile
    return created;
  }

  private void end(Session session, SessionSubscriber subscriber) {
    bySession.remove(session, subscriber);
    hub.removeAll(subscriber, subscriber.end());
  }

  private static String uri(McpCall call, String method) {
    JsonNode uri = call.request().params().get("uri");
    if (uri == null || !uri.isTextual()) {
      throw new JsonRpcException(
          ErrorCodes.INVALID_PARAMS,
          "Invalid params: 'uri' must be a string (found "
              + (uri == null ? "nothing" : Json.write(uri))
              + ") for method "
              + method);
    }
    return uri.textValue();
  }
}
