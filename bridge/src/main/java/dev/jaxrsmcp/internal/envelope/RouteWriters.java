package dev.jaxrsmcp.internal.envelope;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.ext.MessageBodyWriter;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.glassfish.jersey.message.MessageBodyWorkers;

/**
 * The routes' own message body writers, as the request's workers find them ({@link
 * MessageBodyWorkers#getMessageBodyWriter}), remembered per entity class, generic type, method
 * annotations and media type: an application's providers are fixed once it runs, so the same
 * arguments find the same writer, and a read need not ask every candidate writer again whether it
 * takes the entity. The annotations count (a writer may depend on them) and so do the workers (by
 * identity: another application's are never answered from here). About {@value #MAX_KEPT} lookups
 * are kept: once there are that many, the next new one makes all of them forgotten. A lookup that
 * finds no writer is not kept. Thread-safe.
 */
public final class RouteWriters {
  /** How many lookups are kept. */
  static final int MAX_KEPT = 256;

  private final Map<Key, MessageBodyWriter<?>> kept = new ConcurrentHashMap<>();

  /** How many lookups are kept (for tests). */
  int kept() {
    return kept.size();
  }

  /** The writer the workers find for these arguments; null when there is none. */
  MessageBodyWriter<?> find(
      MessageBodyWorkers workers,
      Class<?> type,
      Type genericType,
      Annotation[] annotations,
      MediaType mediaType) {
    Key key = new Key(workers, type, genericType, annotations, mediaType);
    MessageBodyWriter<?> writer = kept.get(key);
    if (writer != null) {
      return writer;
    }
    writer = workers.getMessageBodyWriter(type, genericType, annotations, mediaType);
    if (writer != null) {
      if (kept.size() >= MAX_KEPT) {
        kept.clear();
      }
      kept.put(key, writer); // Jersey's annotations of a route are one array, never changed
    }
    return writer;
  }

  /**
   * What a lookup depends on; stricter than the arguments' own equality (the media type's names
   * compare case-sensitively), which at worst keeps one lookup twice.
   */
  private static final class Key {
    private final MessageBodyWorkers workers;
    private final Class<?> type;
    private final Type genericType;
    private final Annotation[] annotations;
    private final MediaType mediaType;
    private final int hash;

    Key(
        MessageBodyWorkers workers,
        Class<?> type,
        Type genericType,
        Annotation[] annotations,
        MediaType mediaType) {
      this.workers = workers;
      this.type = type;
      this.genericType = genericType;
      this.annotations = annotations;
      this.mediaType = mediaType;
      int h = System.identityHashCode(workers);
      h = 31 * h + type.hashCode();
      h = 31 * h + (genericType == type ? 0 : genericType.hashCode());
      for (Annotation annotation : annotations) {
        h = 31 * h + annotation.annotationType().hashCode();
      }
      h = 31 * h + mediaType.getType().hashCode();
      this.hash = 31 * h + mediaType.getSubtype().hashCode();
    }

    @Override
    public boolean equals(Object o) {
      if (!(o instanceof Key k)) {
        return false;
      }
      return k.workers == workers
          && k.type == type
          && (k.genericType == genericType || k.genericType.equals(genericType))
          && (k.annotations == annotations || Arrays.equals(k.annotations, annotations))
          && (k.mediaType == mediaType
              || (k.mediaType.getType().equals(mediaType.getType())
                  && k.mediaType.getSubtype().equals(mediaType.getSubtype())
                  && k.mediaType.getParameters().equals(mediaType.getParameters())));
    }

    @Override
    public int hashCode() {
      return hash;
    }
  }
}
