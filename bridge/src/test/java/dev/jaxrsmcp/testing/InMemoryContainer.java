package dev.jaxrsmcp.testing;

import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.SecurityContext;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.glassfish.jersey.internal.MapPropertiesDelegate;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ContainerException;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.spi.Container;
import org.glassfish.jersey.server.spi.ContainerResponseWriter;

/**
 * A Jersey container in memory, for what real containers differ in: each request gets a response
 * writer that behaves as {@link Kind} says (Helidon's Jersey container refuses a time-limited
 * suspension, and writes a response's head only once). No network, no local address (the Host check
 * then enforces loopback names: requests name {@code 127.0.0.1}).
 */
public final class InMemoryContainer implements Container, AutoCloseable {
  private static final URI BASE = URI.create("http://127.0.0.1/");

  /** How the container's response writer behaves. */
  public enum Kind {
    /** Writes what it is given; suspends as asked (a timeout given is not kept). */
    PLAIN,
    /** As Helidon's: only untimed suspension ({@code UnsupportedOperationException} otherwise). */
    UNTIMED_SUSPENSION,
    /**
     * As Helidon's: a response's head is written once; Jersey's error response after it fails
     * ({@code IllegalStateException}), and Jersey then tells the writer the response failed.
     */
    HEAD_ONCE
  }

  /**
   * A response as the container saw it; {@link #done} completes when it was committed or failed.
   */
  public static final class Exchange {
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private final CompletableFuture<Integer> status = new CompletableFuture<>();
    private final CompletableFuture<Boolean> done = new CompletableFuture<>();
    private volatile String contentType = "";
    private volatile Optional<RuntimeException> thrown = Optional.empty();

    /** What Jersey threw to the container, if anything. */
    public Optional<RuntimeException> thrown() {
      return thrown;
    }

    /** The status, once the head was written. */
    public int status() throws Exception {
      return status.get(30, TimeUnit.SECONDS);
    }

    public String contentType() {
      return contentType;
    }

    /** Waits for the end: true when committed, false when the container was told it failed. */
    public boolean awaitEnd() throws Exception {
      return done.get(30, TimeUnit.SECONDS);
    }

    public boolean ended() {
      return done.isDone();
    }

    /** Waits until what was written contains {@code text}; fails after 10 seconds. */
    public void awaitBody(String text) throws InterruptedException {
      long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
      while (!body().contains(text) && System.nanoTime() < deadline) {
        Thread.sleep(20);
      }
      if (!body().contains(text)) {
        throw new AssertionError("expected the response to carry " + text + ", it is: " + body());
      }
    }

    /** What was written so far. */
    public String body() {
      synchronized (body) {
        return body.toString(StandardCharsets.UTF_8);
      }
    }
  }

  private final Kind kind;
  private volatile ApplicationHandler handler;

  public InMemoryContainer(ResourceConfig application, Kind kind) {
    this.kind = kind;
    this.handler = new ApplicationHandler(application);
    handler.onStartup(this);
  }

  /**
   * A modern-era MCP request of {@code method} ({@code name}: its {@code Mcp-Name}, if it has one).
   */
  public Exchange mcp(String method, String name, Map<String, ?> params) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", "application/json");
    headers.put("Accept", "application/json, text/event-stream");
    headers.put("MCP-Protocol-Version", Mcp.VERSION);
    headers.put("Mcp-Method", method);
    if (name != null) {
      headers.put("Mcp-Name", name);
    }
    return post("mcp", headers, Mcp.body(1, method, params).toString());
  }

  /** A POST of {@code body} to {@code path} (under the application root). */
  public Exchange post(String path, Map<String, String> headers, String body) {
    ContainerRequest request =
        new ContainerRequest(
            BASE,
            BASE.resolve(path),
            "POST",
            anonymous(),
            new MapPropertiesDelegate(),
            handler.getConfiguration());
    request.header("Host", "127.0.0.1");
    headers.forEach(request::header);
    request.setEntityStream(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)));
    Exchange exchange = new Exchange();
    request.setWriter(new Writer(exchange));
    try {
      handler.handle(request);
    } catch (RuntimeException e) {
      exchange.thrown = Optional.of(e); // what a container logs, as Helidon's does
    }
    return exchange;
  }

  private final class Writer implements ContainerResponseWriter {
    private final Exchange exchange;

    Writer(Exchange exchange) {
      this.exchange = exchange;
    }

    @Override
    public OutputStream writeResponseStatusAndHeaders(
        long contentLength, ContainerResponse response) throws ContainerException {
      MultivaluedMap<String, String> headers = response.getStringHeaders();
      String type = headers.getFirst("Content-Type");
      if (kind == Kind.HEAD_ONCE && exchange.status.isDone()) {
        throw new IllegalStateException(
            "Cannot set response header after requesting output stream.");
      }
      exchange.contentType = type == null ? "" : type;
      exchange.status.complete(response.getStatus());
      return new OutputStream() {
        @Override
        public void write(int b) {
          synchronized (exchange.body) {
            exchange.body.write(b);
          }
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
          synchronized (exchange.body) {
            exchange.body.write(bytes, offset, length);
          }
        }
      };
    }

    @Override
    public boolean suspend(long timeOut, TimeUnit timeUnit, TimeoutHandler timeoutHandler) {
      if (kind == Kind.UNTIMED_SUSPENSION && timeOut != 0) {
        // Helidon 4's JaxRsService.JaxRsResponseWriter, word for word.
        throw new UnsupportedOperationException(
            "Currently, time limited suspension is not supported!");
      }
      return true; // a timeout, where one is given, is not kept: only the refusing kind is tested
    }

    @Override
    public void setSuspendTimeout(long timeOut, TimeUnit timeUnit) {
      if (kind == Kind.UNTIMED_SUSPENSION) {
        throw new UnsupportedOperationException(
            "Currently, extending the suspension time is not supported!");
      }
    }

    @Override
    public void commit() {
      exchange.done.complete(true);
    }

    @Override
    public void failure(Throwable error) {
      exchange.status.complete(500);
      exchange.done.complete(false);
    }

    @Override
    public boolean enableResponseBuffering() {
      return false;
    }
  }

  private static SecurityContext anonymous() {
    return new SecurityContext() {
      @Override
      public Principal getUserPrincipal() {
        return null;
      }

      @Override
      public boolean isUserInRole(String role) {
        return false;
      }

      @Override
      public boolean isSecure() {
        return false;
      }

      @Override
      public String getAuthenticationScheme() {
        return null;
      }
    };
  }

  @Override
  public ResourceConfig getConfiguration() {
    return handler.getConfiguration();
  }

  @Override
  public ApplicationHandler getApplicationHandler() {
    return handler;
  }

  @Override
  public void reload() {
    throw new UnsupportedOperationException("not reloaded in tests");
  }

  @Override
  public void reload(ResourceConfig configuration) {
    throw new UnsupportedOperationException("not reloaded in tests");
  }

  @Override
  public void close() {
    handler.onShutdown(this);
  }
}
