package dev.jaxrsmcp.internal.protocol;

import dev.jaxrsmcp.context.McpContext;
import java.util.List;
import java.util.Map;

/**
 * How a call's route asks its client ({@link McpContext#ask}): implemented per era by the asking
 * room; {@link #NONE} where nothing can be asked (a resource read, a plain HTTP request).
 */
public interface Asker {
  /** Where nothing can be asked. */
  Asker NONE =
      new Asker() {
        @Override
        public Map<String, McpContext.Answer> ask(List<McpContext.Question> questions) {
          throw new IllegalStateException(
              "McpContext.ask: only a tools/call can ask its client (asked "
                  + questions.stream().map(McpContext.Question::key).toList()
                  + ")");
        }

        @Override
        public boolean supports(McpContext.Question.Kind kind) {
          return false;
        }
      };

  /** The answers by key, once all are there; see {@link McpContext#ask}. */
  Map<String, McpContext.Answer> ask(List<McpContext.Question> questions);

  /** Whether the client declared the capability {@code kind} needs. */
  boolean supports(McpContext.Question.Kind kind);
}
