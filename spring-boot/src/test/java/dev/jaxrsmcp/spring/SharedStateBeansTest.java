package dev.jaxrsmcp.spring;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.context.McpContextCarrier;
import dev.jaxrsmcp.redis.RedisChangeBus;
import dev.jaxrsmcp.redis.RedisTaskStore;
import dev.jaxrsmcp.security.McpCallerKey;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/**
 * Issue 31, finding 10 and the ownership settings: {@code jaxrs-mcp.redis.url} makes the change bus
 * (changes and sessions) and the task store shared through Redis; the application's {@link
 * McpCallerKey} and {@link McpContextCarrier} beans, and the quota properties, reach the feature
 * built from the properties. Nothing connects to Redis until the feature needs it.
 */
@SpringBootTest(
    classes = SharedStateBeansTest.Beans.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = {
      "server.address=127.0.0.1",
      "jaxrs-mcp.redis.url=redis://127.0.0.1:1",
      "jaxrs-mcp.redis.prefix=notes:",
      "jaxrs-mcp.limits.max-anonymous-sessions=7",
      "jaxrs-mcp.limits.max-listens-per-caller=3",
      "jaxrs-mcp.limits.max-subscriptions-per-caller=9"
    })
class SharedStateBeansTest {
  static final McpCallerKey KEY = request -> Optional.ofNullable(request.getHeaderString("X-Key"));
  static final McpContextCarrier CARRIER = () -> () -> () -> {};

  @TestConfiguration
  @Import(NotesApplication.class)
  static class Beans {
    @Bean
    McpCallerKey callerKey() {
      return KEY;
    }

    @Bean
    McpContextCarrier carrier() {
      return CARRIER;
    }
  }

  @Autowired McpFeature feature;

  @Test
  void redisAndTheApplicationsBeansConfigureTheFeature() {
    assertThat(feature.changeBus()).isInstanceOf(RedisChangeBus.class);
    assertThat(((RedisChangeBus) feature.changeBus()).channel()).isEqualTo("notes:changes");
    assertThat(feature.tasks().store()).isInstanceOf(RedisTaskStore.class);
    assertThat(feature.callerKey()).isSameAs(KEY);
    assertThat(feature.contextCarriers()).containsExactly(CARRIER);
    assertThat(feature.maxAnonymousSessions()).isEqualTo(7);
    assertThat(feature.maxListensPerCaller()).isEqualTo(3);
    assertThat(feature.maxSubscriptionsPerCaller()).isEqualTo(9);
  }
}
