package dev.jaxrsmcp.internal.tools;

/**
 * A tool's name: the resource's name made to fit {@code ^[A-Za-z0-9_.-]{1,128}$}, the form the MCP
 * specification recommends. Each run of other characters becomes one '_' (none at either end), and
 * the result is cut to 128 characters; a name with no usable character becomes {@code resource}.
 */
final class ToolName {
  static final int MAX_LENGTH = 128;

  private ToolName() {}

  static String of(String resourceName) {
    StringBuilder out = new StringBuilder(Math.min(resourceName.length(), MAX_LENGTH));
    boolean pending = false;
    for (int i = 0; i < resourceName.length() && out.length() < MAX_LENGTH; i++) {
      char c = resourceName.charAt(i);
      if (isAllowed(c)) {
        if (pending && out.length() > 0) {
          if (out.length() + 2 > MAX_LENGTH) {
            break;
          }
          out.append('_');
        }
        pending = false;
        out.append(c);
      } else {
        pending = true;
      }
    }
    return out.length() == 0 ? "resource" : out.toString();
  }

  static boolean isAllowed(char c) {
    return (c >= 'A' && c <= 'Z')
        || (c >= 'a' && c <= 'z')
        || (c >= '0' && c <= '9')
        || c == '_'
        || c == '.'
        || c == '-';
  }
}
