package dev.jaxrsmcp.appservers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/** The plain HTTP request of a route, as a non-MCP client sends it. */
public final class DirectGet {
  /** What the request answered. */
  public record Answer(int status, String body, Optional<String> challenge) {}

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();
  private final URI base;

  public DirectGet(URI base) {
    this.base = base;
  }

  public Answer get(String path, Caller caller) {
    return get(path, caller.authorization);
  }

  /** A GET of {@code path} (relative to the application root) with this Authorization, if any. */
  public Answer get(String path, Optional<String> authorization) {
    return send(HttpRequest.newBuilder(base.resolve(path)).GET(), authorization);
  }

  /** A POST without a body. */
  public Answer post(String path) {
    return send(
        HttpRequest.newBuilder(base.resolve(path)).POST(HttpRequest.BodyPublishers.noBody()),
        Optional.empty());
  }

  private Answer send(HttpRequest.Builder request, Optional<String> authorization) {
    request.timeout(Duration.ofSeconds(30));
    authorization.ifPresent(value -> request.header("Authorization", value));
    HttpRequest built = request.build();
    try {
      HttpResponse<String> response;
      try {
        response = http.send(built, HttpResponse.BodyHandlers.ofString());
      } catch (IOException e) {
        if (!String.valueOf(e.getMessage()).contains("received no bytes")) {
          throw e;
        }
        // A pooled connection the server had closed (keep-alive race): the request never
        // reached it. Once more, on a new connection.
        response = http.send(built, HttpResponse.BodyHandlers.ofString());
      }
      return new Answer(
          response.statusCode(),
          response.body(),
          response.headers().firstValue("WWW-Authenticate"));
    } catch (IOException e) {
      throw new UncheckedIOException(built.method() + " " + built.uri() + " failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted during " + built.uri(), e);
    }
  }
}
