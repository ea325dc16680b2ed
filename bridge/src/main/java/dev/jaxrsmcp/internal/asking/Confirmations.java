package dev.jaxrsmcp.internal.asking;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.protocol.Era;

/** The text of a tool's confirmation and the result of one the user did not give. */
final class Confirmations {
  private Confirmations() {}

  /**
   * {@code template} with each {@code {name}} replaced by the argument of that name as text (a
   * string as it is, other values as JSON); a name no argument has is left as it is.
   */
  static String text(String template, JsonNode arguments) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < template.length()) {
      int open = template.indexOf('{', i);
      int close = open < 0 ? -1 : template.indexOf('}', open + 1);
      if (open < 0 || close < 0) {
        out.append(template, i, template.length());
        break;
      }
      out.append(template, i, open);
      String name = template.substring(open + 1, close);
      JsonNode value = arguments.get(name);
      if (value == null || value.isNull()) {
        out.append(template, open, close + 1);
      } else {
        out.append(value.isTextual() ? value.textValue() : Json.write(value));
      }
      i = close + 1;
    }
    return out.toString();
  }

  /** The error result of a call the user declined or cancelled: the route did not run. */
  static ObjectNode notConfirmed(Era era, String question, String action) {
    ObjectNode result = Json.object();
    if (era == Era.MODERN) {
      result.put("resultType", "complete");
    }
    String verb = "decline".equals(action) ? "declined" : "cancelled";
    result
        .putArray("content")
        .addObject()
        .put("type", "text")
        .put("text", "Not done: the user " + verb + " \"" + question + "\"; the tool did not run.");
    result.put("isError", true);
    return result;
  }
}
