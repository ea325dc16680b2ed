package dev.jaxrsmcp.test.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Real HTTP/1.1 exchanges with the JDK's {@link HttpClient}. HTTP/1.1 is forced: the client's
 * default would add {@code Upgrade: h2c} to every request. A response whose type is {@code
 * text/event-stream} is handed over as a {@link MessageStream} as soon as its headers arrive; any
 * other response is read whole within the timeout.
 */
public final class Wire {
  private static final HttpClient CLIENT =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .followRedirects(HttpClient.Redirect.NEVER)
          .build();

  private Wire() {}

  /** An answer: status, headers, and either the whole body or the open event stream. */
  public record Exchange(
      int status, HttpHeaders headers, String body, Optional<MessageStream> stream) {
    /** The first value of the header {@code name} (case-insensitive). */
    public Optional<String> header(String name) {
      return headers.firstValue(name);
    }
  }

  private sealed interface Body permits Whole, Streamed {}

  private record Whole(byte[] bytes) implements Body {}

  private record Streamed(InputStream in) implements Body {}

  /** POSTs {@code body} (JSON) with {@code headers}. */
  public static Exchange post(
      URI uri, Map<String, String> headers, String body, Duration timeout, String streamName) {
    return send(
        request(uri, headers, timeout)
            .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)),
        timeout,
        streamName);
  }

  /** GETs {@code uri} with {@code headers}. */
  public static Exchange get(
      URI uri, Map<String, String> headers, Duration timeout, String streamName) {
    return send(request(uri, headers, timeout).GET(), timeout, streamName);
  }

  /** DELETEs {@code uri} with {@code headers}. */
  public static Exchange delete(URI uri, Map<String, String> headers, Duration timeout) {
    return send(request(uri, headers, timeout).DELETE(), timeout, "jaxrs-mcp-test-delete");
  }

  private static HttpRequest.Builder request(
      URI uri, Map<String, String> headers, Duration timeout) {
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(timeout);
    headers.forEach(
        (name, value) -> {
          try {
            request.setHeader(name, value);
          } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                "the JDK HTTP client cannot send the header '"
                    + name
                    + "' (restricted or malformed): "
                    + e.getMessage(),
                e);
          }
        });
    return request;
  }

  private static Exchange send(HttpRequest.Builder builder, Duration timeout, String streamName) {
    HttpRequest request = builder.build();
    CompletableFuture<HttpResponse<Body>> answer = CLIENT.sendAsync(request, Wire::body);
    HttpResponse<Body> response;
    try {
      response = answer.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      answer.cancel(true);
      throw new AssertionError(
          "no answer to " + request.method() + " " + request.uri() + " within " + timeout, e);
    } catch (InterruptedException e) {
      answer.cancel(true);
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted waiting for " + request.uri(), e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      IOException io =
          cause instanceof IOException ioe
              ? ioe
              : new IOException(String.valueOf(cause.getMessage()), cause);
      throw new UncheckedIOException(
          request.method() + " " + request.uri() + " failed: " + cause, io);
    }
    Body body = response.body();
    if (body instanceof Streamed streamed) {
      return new Exchange(
          response.statusCode(),
          response.headers(),
          "",
          Optional.of(MessageStream.start(streamed.in(), streamName)));
    }
    return new Exchange(
        response.statusCode(),
        response.headers(),
        new String(((Whole) body).bytes(), StandardCharsets.UTF_8),
        Optional.empty());
  }

  private static HttpResponse.BodySubscriber<Body> body(HttpResponse.ResponseInfo info) {
    boolean stream =
        info.headers()
            .firstValue("Content-Type")
            .map(type -> type.toLowerCase(Locale.ROOT).startsWith("text/event-stream"))
            .orElse(false);
    if (stream) {
      return HttpResponse.BodySubscribers.mapping(
          HttpResponse.BodySubscribers.ofInputStream(), Streamed::new);
    }
    return HttpResponse.BodySubscribers.mapping(
        HttpResponse.BodySubscribers.ofByteArray(), Whole::new);
  }
}
