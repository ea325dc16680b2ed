package dev.jaxrsmcp.bench;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.glassfish.grizzly.http.server.HttpHandler;
import org.glassfish.grizzly.http.server.Request;
import org.glassfish.grizzly.http.server.Response;

/**
 * The container alone under an idle stream: a bare Grizzly handler that reads the request's body,
 * suspends the response, writes its headers and a first event (what a listen's acknowledgement
 * looks like to {@link SseResponseReader}) and keeps it open, as an application that writes to it
 * later would keep it. No Jersey, no bridge: what an idle stream costs here is Grizzly's. Requests
 * to other paths go to {@code others} (Jersey, for {@link AdminRoutes}).
 */
final class GrizzlyFloor extends HttpHandler {
  static final String PATH = "/grizzly-floor";

  /** The first event of every stream. */
  static final byte[] FIRST =
      ("event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\""
              + SseResponseReader.ACKNOWLEDGED
              + "\",\"params\":{}}\n\n")
          .getBytes(StandardCharsets.UTF_8);

  private final HttpHandler others;
  private final Queue<Response> open = new ConcurrentLinkedQueue<>();

  GrizzlyFloor(HttpHandler others) {
    this.others = others;
  }

  @Override
  public void start() {
    others.start();
  }

  @Override
  public void destroy() {
    others.destroy();
  }

  @Override
  public void service(Request request, Response response) throws Exception {
    if (!PATH.equals(request.getRequestURI())) {
      others.service(request, response);
      return;
    }
    request.getInputStream().readAllBytes();
    response.setStatus(200);
    response.setContentType("text/event-stream");
    response.suspend();
    OutputStream out = response.getOutputStream();
    out.write(FIRST);
    out.flush();
    open.add(response);
  }
}
