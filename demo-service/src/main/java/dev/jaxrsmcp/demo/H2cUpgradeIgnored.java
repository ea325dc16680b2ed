package dev.jaxrsmcp.demo;

import java.util.Locale;
import org.glassfish.grizzly.filterchain.BaseFilter;
import org.glassfish.grizzly.filterchain.FilterChainBuilder;
import org.glassfish.grizzly.filterchain.FilterChainContext;
import org.glassfish.grizzly.filterchain.FilterChainEvent;
import org.glassfish.grizzly.filterchain.NextAction;
import org.glassfish.grizzly.http.HttpEvents;
import org.glassfish.grizzly.http.HttpHeader;
import org.glassfish.grizzly.http.server.AddOn;
import org.glassfish.grizzly.http.server.HttpServerFilter;
import org.glassfish.grizzly.http.server.NetworkListener;

/**
 * Ignores a request's {@code Upgrade: h2c}, as RFC 9110 section 7.8 lets a server do, so the
 * request is answered in HTTP/1.1 like any other. The JDK {@code HttpClient} sends that upgrade
 * (with {@code Connection: Upgrade, HTTP2-Settings}) on the first request of every new plain-HTTP
 * connection unless told to use HTTP/1.1, bodies included. Grizzly without its HTTP/2 add-on treats
 * any request carrying {@code Upgrade} as the start of another protocol: it does not frame the
 * request body, drops the response's {@code Content-Type}, writes the response body without chunked
 * framing (the client then waits for the end of a body that never ends) and closes the connection
 * afterwards.
 *
 * <p>Grizzly has no setting for this; its upgrade hook is the one its WebSocket and HTTP/2 add-ons
 * use: the HTTP codec announces an upgrade with an {@link HttpEvents.IncomingHttpUpgradeEvent}
 * right after parsing the request's headers and before it decides how to read the body. This
 * add-on's filter, placed where those add-ons place theirs, takes the h2c upgrade out of the
 * request at that moment, so Grizzly goes on as for a plain HTTP/1.1 request (body framing,
 * keep-alive, response headers). Other upgrades (WebSocket) pass untouched.
 */
final class H2cUpgradeIgnored implements AddOn {
  @Override
  public void setup(NetworkListener listener, FilterChainBuilder builder) {
    int server = builder.indexOfType(HttpServerFilter.class);
    if (server < 0) {
      throw new IllegalStateException(
          "H2cUpgradeIgnored needs Grizzly's HttpServerFilter in the filter chain of listener "
              + listener.getName());
    }
    builder.add(server, new Filter());
  }

  /** Clears an announced h2c upgrade from the request. */
  static final class Filter extends BaseFilter {
    @Override
    public NextAction handleEvent(FilterChainContext ctx, FilterChainEvent event)
        throws java.io.IOException {
      if (event.type() != HttpEvents.IncomingHttpUpgradeEvent.TYPE) {
        return ctx.getInvokeAction();
      }
      HttpHeader header = ((HttpEvents.IncomingHttpUpgradeEvent) event).getHttpHeader();
      if (!header.isRequest()
          || !header.getUpgrade().trim().toLowerCase(Locale.ROOT).equals("h2c")) {
        return ctx.getInvokeAction();
      }
      header.getUpgradeDC().recycle();
      header.getHeaders().removeHeader("Upgrade");
      header.getHeaders().removeHeader("HTTP2-Settings");
      // "Upgrade, HTTP2-Settings": both gone; without the header HTTP/1.1 keeps the connection.
      header.getHeaders().removeHeader("Connection");
      header.setIgnoreContentModifiers(false);
      return ctx.getStopAction();
    }
  }
}
