package dev.jaxrsmcp.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Records every operation it is told of, as a recorder: {@link #next()} waits for the next ended
 * operation, {@link #assertExhausted} checks none is left. Its scope sets {@link #SCOPE} to the
 * operation's span name, so a route can tell whether it runs inside it.
 */
final class RecordingObserver implements McpObserver {
  /** The span name of the operation whose scope is open on this thread. */
  static final ThreadLocal<String> SCOPE = new ThreadLocal<>();

  /** One operation, as it was told. */
  record Recorded(McpOperation operation, List<String> events, McpOutcome outcome) {
    /** The outcome without its duration nor its bytes (a stream's). */
    McpOutcome timelessWithoutBytes() {
      McpOutcome t = timeless();
      return new McpOutcome(
          t.httpStatus(),
          t.errorCode(),
          t.routeStatus(),
          t.errorType(),
          t.caller(),
          t.route(),
          t.template(),
          0,
          Duration.ZERO);
    }

    /** The outcome without its duration (which no test can know). */
    McpOutcome timeless() {
      return new McpOutcome(
          outcome.httpStatus(),
          outcome.errorCode(),
          outcome.routeStatus(),
          outcome.errorType(),
          outcome.caller(),
          outcome.route(),
          outcome.template(),
          outcome.bytes(),
          Duration.ZERO);
    }
  }

  private final BlockingQueue<Recorded> ended = new LinkedBlockingQueue<>();

  @Override
  public Operation started(McpOperation operation) {
    List<String> events = new ArrayList<>();
    events.add("started on " + Thread.currentThread().getName());
    return new Operation() {
      @Override
      public McpObserver.Scope openScope() {
        String before = SCOPE.get();
        SCOPE.set(operation.spanName());
        synchronized (events) {
          events.add("scope opened");
        }
        return () -> {
          SCOPE.set(before);
          synchronized (events) {
            events.add("scope closed");
          }
        };
      }

      @Override
      public void event(String name, String detail) {
        synchronized (events) {
          events.add(name + " " + detail);
        }
      }

      @Override
      public void ended(McpOutcome outcome) {
        synchronized (events) {
          ended.add(new Recorded(operation, List.copyOf(events), outcome));
        }
      }
    };
  }

  /** The next operation that ended, waiting up to 5 s. */
  Recorded next() throws InterruptedException {
    Recorded next = ended.poll(5, TimeUnit.SECONDS);
    assertThat(next).as("an operation ended within 5 s").isNotNull();
    return next;
  }

  /** No operation ended within {@code millis}. */
  void assertExhausted(long millis) throws InterruptedException {
    assertThat(ended.poll(millis, TimeUnit.MILLISECONDS)).as("no other operation").isNull();
  }
}
