package dev.jaxrsmcp.internal.observe;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Optional;

/** The response's stream, counting the bytes written through it for an observed operation. */
public final class CountingOutput extends FilterOutputStream {
  private final Observed observed;

  public CountingOutput(OutputStream out, Observed observed) {
    super(out);
    this.observed = observed;
    observed.wrote(0); // counted from now on, even if nothing is written
  }

  /** {@code out}, counted for {@code observed} when the operation is observed (and out is one). */
  public static OutputStream of(OutputStream out, Optional<Observed> observed) {
    return observed.isPresent() && out != null ? new CountingOutput(out, observed.get()) : out;
  }

  @Override
  public void write(int b) throws IOException {
    out.write(b);
    observed.wrote(1);
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    out.write(bytes, offset, length);
    observed.wrote(length);
  }
}
