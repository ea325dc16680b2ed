package dev.jaxrsmcp.servletit;

/**
 * The endpoint's whole answers (status, {@code Content-Type}, {@code Allow}, body) to requests it
 * does not serve, as {@link ServletEndpointAnswersTest#answer} prints them; the bridge's own tests
 * (Grizzly) and the examples expect the same text on their containers.
 */
final class EndpointAnswers {
  static final String MODERN_GET =
      "405\ntype: application/json\nallow: POST\n\n"
          + "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Method Not Allowed:"
          + " protocol 2026-07-28 has no GET stream; send each message as a POST\"}}";

  static final String MODERN_DELETE =
      "405\ntype: application/json\nallow: POST\n\n"
          + "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Method Not Allowed:"
          + " there is no session to DELETE without an Mcp-Session-Id header (protocol 2026-07-28"
          + " has none)\"}}";

  static final String LEGACY_GET =
      "400\ntype: application/json\n\n"
          + "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Invalid Request: the"
          + " Mcp-Session-Id header is required for GET; start a session with initialize"
          + " (protocol 2025-11-25 and earlier), then open its stream with GET\"}}";

  static final String PUT =
      "405\ntype: application/json\nallow: POST, GET, DELETE\n\n"
          + "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Method Not Allowed:"
          + " the MCP endpoint answers POST (and GET and DELETE on a session of protocol"
          + " 2025-11-25 and earlier), not PUT\"}}";

  static final String TEXT_PLAIN =
      "415\ntype: application/json\n\n"
          + "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Unsupported Media Type:"
          + " the body must be application/json (found 'text/plain')\"}}";

  static final String HTML_ONLY =
      "406\ntype: application/json\n\n"
          + "{\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32600,\"message\":\"Not Acceptable: the"
          + " Accept header must allow application/json or text/event-stream (found"
          + " 'text/html')\"}}";

  private EndpointAnswers() {}
}
