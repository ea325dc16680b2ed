package dev.jaxrsmcp.dropwizard;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.redis.RedisChangeBus;
import dev.jaxrsmcp.redis.RedisTaskStore;
import org.junit.jupiter.api.Test;

/**
 * Issue 31, finding 10: the {@code mcp:} section's {@code redis.url} shares changes, sessions and
 * tasks (a Redis change bus and task store), and the quota limits of the section reach the feature.
 * Nothing connects until the application starts.
 */
class McpFactoryRedisTest {
  private static McpFactory parse(String yaml) throws Exception {
    return new ObjectMapper(new YAMLFactory()).readValue(yaml, McpFactory.class);
  }

  @Test
  void aRedisUrlSharesChangesSessionsAndTasks() throws Exception {
    McpFeature feature =
        parse(
                """
                redis:
                  url: redis://127.0.0.1:1
                  prefix: "notes:"
                limits:
                  maxAnonymousSessions: 7
                  maxListensPerCaller: 3
                """)
            .build();
    assertThat(feature.changeBus()).isInstanceOf(RedisChangeBus.class);
    assertThat(((RedisChangeBus) feature.changeBus()).channel()).isEqualTo("notes:changes");
    assertThat(feature.tasks().store()).isInstanceOf(RedisTaskStore.class);
    assertThat(feature.maxAnonymousSessions()).isEqualTo(7);
    assertThat(feature.maxListensPerCaller()).isEqualTo(3);
  }

  @Test
  void withoutAUrlNothingIsShared() throws Exception {
    McpFeature feature = parse("name: notes\n").build();
    assertThat(feature.changeBus()).isNotInstanceOf(RedisChangeBus.class);
    assertThat(feature.tasks().store()).isNotInstanceOf(RedisTaskStore.class);
  }
}
