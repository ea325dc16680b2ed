package dev.jaxrsmcp.internal.envelope;

import dev.jaxrsmcp.internal.content.NonClosingOutput;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedHashMap;
import jakarta.ws.rs.ext.MessageBodyWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The route's own entity of an in-place read, written by the route's own message body writer (found
 * through the request's workers, as for its {@code GET}, and remembered: {@link RouteWriters})
 * through the application's writer interceptors ({@link EnvelopeStreams}), wherever the envelope
 * points it.
 */
final class RouteEntity {
  private RouteEntity() {}

  /** Writes the route's entity to {@code target} (nothing when it had none). */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static void write(ReadEnvelope envelope, OutputStream target) throws IOException {
    if (envelope.entity().isEmpty()) {
      return;
    }
    MediaType type = envelope.mediaType().orElse(MediaType.WILDCARD_TYPE);
    MessageBodyWriter writer =
        envelope
            .writers()
            .find(
                envelope.workers(),
                envelope.type(),
                envelope.genericType(),
                envelope.annotations(),
                type);
    if (writer == null) {
      throw new IOException(
          "no message body writer for " + envelope.type().getName() + " as " + type);
    }
    EnvelopeStreams streams = envelope.streams();
    OutputStream through = streams.into(target);
    writer.writeTo(
        envelope.entity().get(),
        envelope.type(),
        envelope.genericType(),
        envelope.annotations(),
        type,
        new MultivaluedHashMap<String, Object>(),
        new NonClosingOutput(through));
    streams.endRoute();
  }

  /** At most {@code max} bytes of the route's entity (the rest is dropped). */
  static byte[] head(ReadEnvelope envelope, int max) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    write(
        envelope,
        new OutputStream() {
          @Override
          public void write(int b) {
            if (bytes.size() < max) {
              bytes.write(b);
            }
          }

          @Override
          public void write(byte[] b, int off, int len) {
            bytes.write(b, off, Math.max(0, Math.min(len, max - bytes.size())));
          }
        });
    return bytes.toByteArray();
  }
}
