package dev.jaxrsmcp.servletit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/** The plain HTTP GET of a route, as a non-MCP client sends it. */
final class DirectGet {
  /** What the GET answered. */
  record Answer(int status, String body, Optional<String> challenge) {}

  private final HttpClient http =
      HttpClient.newBuilder()
          .version(HttpClient.Version.HTTP_1_1)
          .connectTimeout(Duration.ofSeconds(10))
          .build();
  private final URI base;

  DirectGet(URI base) {
    this.base = base;
  }

  Answer get(String path, Caller caller) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30)).GET();
    caller.authorization.ifPresent(value -> request.header("Authorization", value));
    try {
      HttpResponse<String> response =
          http.send(request.build(), HttpResponse.BodyHandlers.ofString());
      return new Answer(
          response.statusCode(),
          response.body(),
          response.headers().firstValue("WWW-Authenticate"));
    } catch (IOException e) {
      throw new UncheckedIOException("GET " + path + " as " + caller + " failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted during GET " + path, e);
    }
  }
}
