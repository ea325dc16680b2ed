package dev.jaxrsmcp.internal.dispatch;

import jakarta.annotation.Priority;
import jakarta.ws.rs.ext.WriterInterceptor;
import jakarta.ws.rs.ext.WriterInterceptorContext;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Watches what a long-running read's route writes, as it writes it: a cancelled read fails the
 * route's next write with an {@link IOException}, and the bytes are counted for {@code
 * McpContext.isFull()}. Jersey buffers the first bytes of a response (its {@code flush()} does
 * nothing meanwhile), so the spool behind that buffer sees them late; this interceptor runs last,
 * closest to the route's writer. Requests that are not long-running MCP reads pass untouched.
 */
@Priority(Integer.MAX_VALUE)
public final class CancellableOutput implements WriterInterceptor {
  static final String MESSAGE = "the MCP read was cancelled";

  @Override
  public void aroundWriteTo(WriterInterceptorContext context) throws IOException {
    if (context.getProperty(McpContextSupplier.PROPERTY) instanceof ReadContext read) {
      context.setOutputStream(new Checked(context.getOutputStream(), read));
    }
    context.proceed();
  }

  private static final class Checked extends FilterOutputStream {
    private final ReadContext read;

    Checked(OutputStream out, ReadContext read) {
      super(out);
      this.read = read;
    }

    @Override
    public void write(int b) throws IOException {
      check();
      out.write(b);
      read.wrote(1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
      check();
      out.write(bytes, offset, length);
      read.wrote(length);
    }

    @Override
    public void flush() throws IOException {
      check();
      out.flush();
    }

    private void check() throws IOException {
      if (read.isCancelled()) {
        throw new IOException(MESSAGE);
      }
    }
  }
}
