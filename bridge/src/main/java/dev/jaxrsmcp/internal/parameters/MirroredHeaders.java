package dev.jaxrsmcp.internal.parameters;

/**
 * The names of header arguments a client mirrors into {@code Mcp-Param-*} HTTP headers (SEP-2243):
 * the input schema keyword that declares one, and which names may be declared.
 */
public final class MirroredHeaders {
  /** The input schema keyword that names a property's mirrored header. */
  public static final String KEYWORD = "x-mcp-header";

  private static final String TCHAR_SYMBOLS = "!#$%&'*+-.^_`|~";

  private MirroredHeaders() {}

  /** True when {@code name} is an HTTP field name token ({@code 1*tchar}, RFC 9110). */
  public static boolean isToken(String name) {
    if (name.isEmpty()) {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
      boolean digit = c >= '0' && c <= '9';
      if (!alpha && !digit && TCHAR_SYMBOLS.indexOf(c) < 0) {
        return false;
      }
    }
    return true;
  }
}
