package dev.jaxrsmcp.internal.envelope;

import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.content.ContentsShape;
import dev.jaxrsmcp.internal.protocol.RouteResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Optional;

/**
 * A plain read's body on its way into its message, which can only start once the body's {@link
 * ContentsShape} is known: at once when the type tells, else once the first {@link
 * ContentsShape#SNIFF_BYTES} have come (or the body ended), which are held until then. From there
 * every byte streams into the message. {@link #close} ends the body (opening the message first if
 * no byte came). Not thread-safe.
 */
final class ContentOutput extends OutputStream {
  /** Starts the message for a shape; returns where the body's bytes go. */
  @FunctionalInterface
  interface Opener {
    OutputStream open(ContentsShape shape) throws IOException;
  }

  private final CatalogueEntry entry;
  private final RouteResponse route;
  private final Optional<ContentsShape> typed;
  private final Opener opener;

  /** The first bytes of a body without a telling type; made for such a body only. */
  private ByteArrayOutputStream head;

  private Optional<OutputStream> content = Optional.empty();

  ContentOutput(CatalogueEntry entry, RouteResponse route, Opener opener) {
    this.entry = entry;
    this.route = route;
    this.typed = ContentsShape.typed(entry, route);
    this.opener = opener;
    this.head = typed.isPresent() ? null : new ByteArrayOutputStream();
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    if (content.isPresent()) {
      content.get().write(bytes, offset, length);
      return;
    }
    if (typed.isPresent()) {
      open(typed.get()).write(bytes, offset, length);
      return;
    }
    int room = ContentsShape.SNIFF_BYTES - head.size();
    if (length <= room) {
      head.write(bytes, offset, length);
      return;
    }
    head.write(bytes, offset, room);
    byte[] first = head.toByteArray();
    OutputStream out = open(ContentsShape.of(entry, route, () -> first, first.length + 1L));
    out.write(first);
    out.write(bytes, offset + room, length - room);
  }

  /** Ends the body: the message is opened if it was not yet, and finished. */
  @Override
  public void close() throws IOException {
    if (content.isEmpty()) {
      byte[] all = head == null ? new byte[0] : head.toByteArray();
      open(typed.orElseGet(() -> ContentsShape.of(entry, route, () -> all, all.length))).write(all);
    }
    content.get().close();
  }

  private OutputStream open(ContentsShape shape) throws IOException {
    OutputStream out = opener.open(shape);
    content = Optional.of(out);
    if (head != null) {
      head.reset();
    }
    return out;
  }
}
