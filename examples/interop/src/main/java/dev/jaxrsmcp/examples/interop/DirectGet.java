package dev.jaxrsmcp.examples.interop;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A plain HTTP {@code GET} of a route, as a browser or curl would send it. */
public final class DirectGet {
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  private DirectGet() {}

  /** {@code GET base + path} as {@code caller}. */
  public static Outcome get(URI base, String path, Caller caller)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(30)).GET();
    caller.authorization().ifPresent(value -> request.header("Authorization", value));
    HttpResponse<String> response =
        HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    Outcome raw =
        new Outcome(
            response.statusCode(),
            response.body(),
            response.headers().firstValue("WWW-Authenticate"));
    return raw.comparable();
  }
}
