package dev.jaxrsmcp.internal.content;

import java.util.Map;

/**
 * The standard reason phrase of an HTTP status, for the status lines of read errors (contract
 * section 7): the phrases of JAX-RS's {@code Response.Status} and the other registered codes a
 * route may answer. Never the route's own phrase: a route may put anything there (an exception
 * message, a host name), and 3xx and 5xx errors must not carry it.
 */
final class ReasonPhrases {
  private static final Map<Integer, String> PHRASES =
      Map.ofEntries(
          Map.entry(200, "OK"),
          Map.entry(201, "Created"),
          Map.entry(202, "Accepted"),
          Map.entry(204, "No Content"),
          Map.entry(205, "Reset Content"),
          Map.entry(206, "Partial Content"),
          Map.entry(300, "Multiple Choices"),
          Map.entry(301, "Moved Permanently"),
          Map.entry(302, "Found"),
          Map.entry(303, "See Other"),
          Map.entry(304, "Not Modified"),
          Map.entry(305, "Use Proxy"),
          Map.entry(307, "Temporary Redirect"),
          Map.entry(308, "Permanent Redirect"),
          Map.entry(400, "Bad Request"),
          Map.entry(401, "Unauthorized"),
          Map.entry(402, "Payment Required"),
          Map.entry(403, "Forbidden"),
          Map.entry(404, "Not Found"),
          Map.entry(405, "Method Not Allowed"),
          Map.entry(406, "Not Acceptable"),
          Map.entry(407, "Proxy Authentication Required"),
          Map.entry(408, "Request Timeout"),
          Map.entry(409, "Conflict"),
          Map.entry(410, "Gone"),
          Map.entry(411, "Length Required"),
          Map.entry(412, "Precondition Failed"),
          Map.entry(413, "Request Entity Too Large"),
          Map.entry(414, "Request-URI Too Long"),
          Map.entry(415, "Unsupported Media Type"),
          Map.entry(416, "Requested Range Not Satisfiable"),
          Map.entry(417, "Expectation Failed"),
          Map.entry(421, "Misdirected Request"),
          Map.entry(422, "Unprocessable Content"),
          Map.entry(423, "Locked"),
          Map.entry(424, "Failed Dependency"),
          Map.entry(425, "Too Early"),
          Map.entry(426, "Upgrade Required"),
          Map.entry(428, "Precondition Required"),
          Map.entry(429, "Too Many Requests"),
          Map.entry(431, "Request Header Fields Too Large"),
          Map.entry(451, "Unavailable For Legal Reasons"),
          Map.entry(500, "Internal Server Error"),
          Map.entry(501, "Not Implemented"),
          Map.entry(502, "Bad Gateway"),
          Map.entry(503, "Service Unavailable"),
          Map.entry(504, "Gateway Timeout"),
          Map.entry(505, "HTTP Version Not Supported"),
          Map.entry(507, "Insufficient Storage"),
          Map.entry(508, "Loop Detected"),
          Map.entry(511, "Network Authentication Required"));

  private ReasonPhrases() {}

  /** The phrase of {@code status}; for an unregistered code, that of its class. */
  static String of(int status) {
    String known = PHRASES.get(status);
    if (known != null) {
      return known;
    }
    if (status >= 300 && status < 400) {
      return "Redirection";
    }
    return status >= 400 && status < 500 ? "Client Error" : "Server Error";
  }
}
