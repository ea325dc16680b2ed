package dev.jaxrsmcp.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.testing.TestServer;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.util.Collections;
import java.util.Optional;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.HttpHandlerRegistration;
import org.glassfish.grizzly.http.server.HttpServer;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;
import org.glassfish.grizzly.http.server.ServerConfiguration;
import org.glassfish.jersey.grizzly2.httpserver.GrizzlyHttpServerFactory;
import org.glassfish.jersey.server.ResourceConfig;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Contract section 11: without {@code allowedHosts}, loopback Host names are enforced only for
 * connections that arrived on a loopback address. A server reached on another address of the
 * machine by its real name answers; the same request on 127.0.0.1 with a foreign name (a
 * DNS-rebinding page) is still refused. The bridge learns the local address from Grizzly's request
 * itself, or from {@link McpFeature#LOCAL_ADDRESS_PROPERTY} set before Jersey.
 */
class LocalAddressHostTest {
  private static final String REAL_NAME = "some.real.name";

  @BeforeEach
  void reset() {
    OriginHostTest.READS.clear();
  }

  /** An IPv4 (else IPv6, not link-local) address of an interface of this machine that is up. */
  static Optional<InetAddress> nonLoopbackAddress() {
    try {
      Optional<InetAddress> v6 = Optional.empty();
      for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
        if (!nic.isUp() || nic.isLoopback()) {
          continue;
        }
        for (InetAddress address : Collections.list(nic.getInetAddresses())) {
          if (address.isLoopbackAddress() || address.isLinkLocalAddress()) {
            continue;
          }
          if (address instanceof Inet4Address) {
            return Optional.of(address);
          }
          if (address instanceof Inet6Address && v6.isEmpty()) {
            v6 = Optional.of(address);
          }
        }
      }
      return v6;
    } catch (SocketException e) {
      return Optional.empty();
    }
  }

  static InetAddress requireNonLoopbackAddress() {
    Optional<InetAddress> address = nonLoopbackAddress();
    assumeTrue(
        address.isPresent(),
        "this machine has no network interface with a non-loopback address: nothing to bind to");
    return address.get();
  }

  static String literal(InetAddress address) {
    return address instanceof Inet6Address
        ? "[" + address.getHostAddress().replaceAll("%.*", "") + "]"
        : address.getHostAddress();
  }

  /** The test application on {@code host} (an IP literal, {@code 0.0.0.0} for every address). */
  static HttpServer start(String host, int port, McpFeature feature) {
    return start(host, port, feature, Optional.empty());
  }

  /**
   * The same, with a handler in front of Jersey's that sets {@link
   * McpFeature#LOCAL_ADDRESS_PROPERTY} to {@code localAddress} as a Grizzly request attribute
   * (Jersey's request property), before Jersey runs.
   */
  static HttpServer start(
      String host, int port, McpFeature feature, Optional<String> localAddress) {
    HttpServer server =
        GrizzlyHttpServerFactory.createHttpServer(
            URI.create("http://" + host + ":" + port + "/"),
            new ResourceConfig(OriginHostTest.Files.class).register(feature),
            false);
    localAddress.ifPresent(value -> setLocalAddressAttribute(server, value));
    try {
      server.start();
    } catch (java.io.IOException e) {
      server.shutdownNow();
      throw new java.io.UncheckedIOException(e);
    }
    return server;
  }

  static RawHttp.Reply read(String address, int port, String host, String origin) {
    RawHttp request =
        RawHttp.post(port, "/mcp")
            .at(address)
            .json()
            .header("MCP-Protocol-Version", dev.jaxrsmcp.testing.Mcp.VERSION)
            .header("Mcp-Method", "resources/read")
            .header("Mcp-Name", "app://files/a")
            .header("Host", host);
    if (origin != null) {
      request.header("Origin", origin);
    }
    return request
        .body(Bodies.modern(1, "resources/read", java.util.Map.of("uri", "app://files/a")))
        .send();
  }

  @Test
  void aServerBoundToANonLoopbackAddressAnswersItsRealName() {
    InetAddress address = requireNonLoopbackAddress();
    int port = TestServer.freePort();
    HttpServer server = start(literal(address), port, McpFeature.builder().build());
    try {
      String at = address.getHostAddress().replaceAll("%.*", "");

      OriginHostTest.assertServed(read(at, port, REAL_NAME, null));
      OriginHostTest.assertServed(read(at, port, REAL_NAME + ":" + port, null));
      // Origin is still checked everywhere: a foreign web page is refused.
      OriginHostTest.assertForbidden(
          read(at, port, REAL_NAME, "http://evil.example"),
          "Forbidden: Origin 'http://evil.example' is not allowed");
    } finally {
      server.shutdownNow();
    }
  }

  @Test
  void onAServerBoundToEveryAddressTheLoopbackConnectionStillRefusesAForeignHost() {
    InetAddress address = requireNonLoopbackAddress();
    int port = TestServer.freePort();
    HttpServer server =
        start(
            address instanceof Inet6Address ? "[::]" : "0.0.0.0",
            port,
            McpFeature.builder().build());
    try {
      String at = address.getHostAddress().replaceAll("%.*", "");

      OriginHostTest.assertServed(read(at, port, REAL_NAME, null));
      OriginHostTest.assertForbidden(
          read("127.0.0.1", port, "evil.example", null),
          "Forbidden: Host 'evil.example' is not allowed");
      OriginHostTest.assertForbidden(
          read("127.0.0.1", port, REAL_NAME, null),
          "Forbidden: Host '" + REAL_NAME + "' is not allowed");
      OriginHostTest.assertServed(read("127.0.0.1", port, "localhost:" + port, null));
      assertThat(OriginHostTest.READS).containsExactly("a", "a");
    } finally {
      server.shutdownNow();
    }
  }

  @Test
  void allowedHostsAreEnforcedWhateverTheLocalAddress() {
    InetAddress address = requireNonLoopbackAddress();
    int port = TestServer.freePort();
    HttpServer server =
        start(literal(address), port, McpFeature.builder().allowedHosts("mcp.example.com").build());
    try {
      String at = address.getHostAddress().replaceAll("%.*", "");

      OriginHostTest.assertServed(read(at, port, "mcp.example.com", null));
      OriginHostTest.assertForbidden(
          read(at, port, REAL_NAME, null), "Forbidden: Host '" + REAL_NAME + "' is not allowed");
    } finally {
      server.shutdownNow();
    }
  }

  @Test
  void aLocalAddressSetBeforeJerseyIsWhatTheBridgeGoesBy() {
    // A loopback server whose container adapter says the connection arrived elsewhere (as one for
    // a container the bridge does not know would), and one that says loopback.
    int port = TestServer.freePort();
    HttpServer server =
        start("127.0.0.1", port, McpFeature.builder().build(), Optional.of("192.0.2.77"));
    HttpServer loopback =
        start("127.0.0.1", TestServer.freePort(), McpFeature.builder().build(), Optional.of("::1"));
    try {
      OriginHostTest.assertForbidden(
          read("127.0.0.1", loopback.getListeners().iterator().next().getPort(), REAL_NAME, null),
          "Forbidden: Host '" + REAL_NAME + "' is not allowed");
      OriginHostTest.assertServed(read("127.0.0.1", port, REAL_NAME, null));
    } finally {
      server.shutdownNow();
      loopback.shutdownNow();
    }
  }

  @Test
  void aLocalAddressPropertyThatIsNotAnAddressKeepsHostChecked() {
    int port = TestServer.freePort();
    HttpServer server =
        start(
            "127.0.0.1",
            port,
            McpFeature.builder().build(),
            Optional.of("public.example.com")); // a name: never resolved
    try {

      OriginHostTest.assertForbidden(
          read("127.0.0.1", port, REAL_NAME, null),
          "Forbidden: Host '" + REAL_NAME + "' is not allowed");
      assertThat(OriginHostTest.READS).isEmpty();
    } finally {
      server.shutdownNow();
    }
  }

  private static void setLocalAddressAttribute(HttpServer server, String value) {
    ServerConfiguration config = server.getServerConfiguration();
    for (var entry : config.getHttpHandlersWithMapping().entrySet()) {
      HttpHandler jersey = entry.getKey();
      HttpHandlerRegistration[] mappings = entry.getValue();
      config.removeHttpHandler(jersey);
      config.addHttpHandler(
          new HttpHandler() {
            @Override
            public void service(Request request, Response response) throws Exception {
              request.setAttribute(McpFeature.LOCAL_ADDRESS_PROPERTY, value);
              jersey.service(request, response);
            }

            @Override
            public void start() {
              jersey.start();
            }

            @Override
            public void destroy() {
              jersey.destroy();
            }
          },
          mappings);
    }
  }
}
