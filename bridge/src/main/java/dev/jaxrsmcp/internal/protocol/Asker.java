package dev.jaxrsmcp.internal.protocol;

import dev.jaxrsmcp.context.McpContext;
import java.util.List;
import java.util.Map;

/**
 * How a route asks its client ({@link McpContext#ask}): implemented per era by the asking room;
 * {@link #NONE} where nothing can be asked (a plain HTTP request, a read the bridge makes itself).
 */
public interface Asker {
  /** Where nothing can be asked. */
  Asker NONE =
      refusing(
          "only the route of an MCP tools/call, prompts/get or resources/read can ask its client");

  /** An asker that cannot ask, for {@code reason} (named in the exception {@code ask} throws). */
  static Asker refusing(String reason) {
    return new Asker() {
      @Override
      public Map<String, McpContext.Answer> ask(List<McpContext.Question> questions) {
        throw new IllegalStateException(
            "McpContext.ask: "
                + reason
                + " (asked "
                + questions.stream().map(McpContext.Question::key).toList()
                + ")");
      }

      @Override
      public boolean supports(McpContext.Question.Kind kind) {
        return false;
      }
    };
  }

  /** The answers by key, once all are there; see {@link McpContext#ask}. */
  Map<String, McpContext.Answer> ask(List<McpContext.Question> questions);

  /** Whether the client declared the capability {@code kind} needs. */
  boolean supports(McpContext.Question.Kind kind);
}
