package dev.jaxrsmcp.internal.content;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A stream whose {@code close} only flushes: for a writer or encoder that closes what it writes to
 * (a route's message body writer, the base64 encoder) while the message around it goes on.
 */
public final class NonClosingOutput extends FilterOutputStream {
  public NonClosingOutput(OutputStream out) {
    super(out);
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    out.write(bytes, offset, length);
  }

  @Override
  public void close() throws IOException {
    out.flush();
  }
}
