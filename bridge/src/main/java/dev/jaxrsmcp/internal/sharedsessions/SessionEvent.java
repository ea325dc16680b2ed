package dev.jaxrsmcp.internal.sharedsessions;

/**
 * What one instance tells the others about a shared session (through the {@link SharedSessions}
 * store's channel). Each instance applies an event to its own view of the session, if it has one.
 *
 * @param detail what the event is about: the URI ({@link Type#UNSUBSCRIBED}), the request id as
 *     JSON text ({@link Type#CANCEL}), the JSON-RPC message ({@link Type#DELIVER}); empty otherwise
 * @param generation the stream's generation ({@link Type#STREAM}); 0 otherwise
 */
public record SessionEvent(Type type, String session, String detail, long generation) {

  /** The kinds of event. */
  public enum Type {
    /** The session ended (DELETE): every instance ends its view of it. */
    ENDED,
    /** A GET stream of the generation opened somewhere: older streams of the session close. */
    STREAM,
    /** The URI is no longer subscribed by this instance's view: its subscription stops here. */
    UNSUBSCRIBED,
    /** {@code notifications/cancelled}: the instance running that request cancels it. */
    CANCEL,
    /** A notification for the session: the instance holding its GET stream writes it. */
    DELIVER
  }

  public static SessionEvent ended(String session) {
    return new SessionEvent(Type.ENDED, session, "", 0);
  }

  public static SessionEvent stream(String session, long generation) {
    return new SessionEvent(Type.STREAM, session, "", generation);
  }

  public static SessionEvent unsubscribed(String session, String uri) {
    return new SessionEvent(Type.UNSUBSCRIBED, session, uri, 0);
  }

  public static SessionEvent cancel(String session, String requestIdJson) {
    return new SessionEvent(Type.CANCEL, session, requestIdJson, 0);
  }

  public static SessionEvent deliver(String session, String messageJson) {
    return new SessionEvent(Type.DELIVER, session, messageJson, 0);
  }
}
