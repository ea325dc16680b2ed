package dev.jaxrsmcp.internal.readiness;

import java.io.OutputStream;
import java.util.Optional;
import org.glassfish.grizzly.OutputSink;
import org.glassfish.grizzly.WriteHandler;

/**
 * Grizzly's output told apart: its {@link OutputSink} says whether the connection's asynchronous
 * write queue is under its bound ({@code canWrite}) and calls back once it is ({@code
 * notifyCanWrite}). Grizzly is an optional dependency: only the stream's output loads this class,
 * and only when Grizzly's classes are there.
 */
public final class GrizzlyReadiness implements WriteReadiness, WriteHandler {
  private final OutputSink sink;
  private volatile Runnable resume = () -> {};
  private volatile boolean broken;

  private GrizzlyReadiness(OutputSink sink) {
    this.sink = sink;
  }

  /** Grizzly's readiness for {@code out}, when it is Grizzly's output stream. */
  public static Optional<WriteReadiness> of(OutputStream out) {
    return out instanceof OutputSink sink
        ? Optional.of(new GrizzlyReadiness(sink))
        : Optional.empty();
  }

  @Override
  public boolean writable() {
    return broken || sink.canWrite();
  }

  @Override
  public void whenWritable(Runnable resume) {
    this.resume = resume;
    try {
      sink.notifyCanWrite(this); // this same handler each time: Grizzly allows one pending
    } catch (RuntimeException e) {
      onError(e);
    }
  }

  @Override
  public void onWritePossible() {
    resume.run();
  }

  @Override
  public void onError(Throwable t) {
    broken = true; // the next write fails and ends the stream; never park again
    resume.run();
  }
}
