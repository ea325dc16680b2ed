package dev.jaxrsmcp.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The demo's port and Redis options, from arguments and environment. */
class DemoOptionsTest {
  static DemoOptions parse(Map<String, String> environment, String... args) {
    return DemoOptions.parse(args, environment);
  }

  @Test
  void portDefaultsTo8080AndRedisIsOff() {
    assertThat(parse(Map.of())).isEqualTo(new DemoOptions(8080, Optional.empty()));
    assertThat(parse(Map.of("PORT", " ", "REDIS_URL", ""))).isEqualTo(parse(Map.of()));
  }

  @Test
  void portComesFromThePortEnvironmentVariable() {
    assertThat(parse(Map.of("PORT", "9191")).port()).isEqualTo(9191);
  }

  @Test
  void portArgumentBeatsTheEnvironment() {
    assertThat(parse(Map.of("PORT", "9191"), "--port", "9292").port()).isEqualTo(9292);
    assertThat(parse(Map.of("PORT", "9191"), "--port=9393").port()).isEqualTo(9393);
  }

  @Test
  void badPortArgumentNamesTheArgumentAndValue() {
    assertThatThrownBy(() -> parse(Map.of(), "--port", "http"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--port must be a port number from 0 to 65535 (found 'http')");
  }

  @Test
  void badPortEnvironmentNamesTheVariableAndValue() {
    assertThatThrownBy(() -> parse(Map.of("PORT", "70000")))
        .hasMessage("PORT must be a port number from 0 to 65535 (found '70000')");
  }

  @Test
  void portArgumentWithoutValueIsRefused() {
    assertThatThrownBy(() -> parse(Map.of(), "--port"))
        .hasMessage("--port needs a value, for example --port 9090");
  }

  @Test
  void unknownArgumentIsRefused() {
    assertThatThrownBy(() -> parse(Map.of(), "--verbose"))
        .hasMessage("unknown argument '--verbose' (usage: DemoServer [--port N] [--redis URL])");
  }

  @Test
  void redisComesFromTheRedisUrlEnvironmentVariable() {
    assertThat(parse(Map.of("REDIS_URL", "redis://127.0.0.1:6379")).redisUrl())
        .contains("redis://127.0.0.1:6379");
  }

  @Test
  void redisArgumentBeatsTheEnvironment() {
    Map<String, String> environment = Map.of("REDIS_URL", "redis://127.0.0.1:6379");
    assertThat(parse(environment, "--redis", "redis://10.0.0.5:6380").redisUrl())
        .contains("redis://10.0.0.5:6380");
    assertThat(parse(environment, "--redis=rediss://cache:6390", "--port", "0"))
        .isEqualTo(new DemoOptions(0, Optional.of("rediss://cache:6390")));
  }

  @Test
  void redisThatIsNotARedisUrlNamesTheSourceAndValue() {
    assertThatThrownBy(() -> parse(Map.of(), "--redis", "localhost:6379"))
        .hasMessage(
            "--redis must be a redis:// or rediss:// URL, for example redis://127.0.0.1:6379"
                + " (found 'localhost:6379')");
    assertThatThrownBy(() -> parse(Map.of("REDIS_URL", "http://x")))
        .hasMessage(
            "REDIS_URL must be a redis:// or rediss:// URL, for example redis://127.0.0.1:6379"
                + " (found 'http://x')");
  }

  @Test
  void redisArgumentWithoutValueIsRefused() {
    assertThatThrownBy(() -> parse(Map.of(), "--redis"))
        .hasMessage("--redis needs a value, for example --redis redis://127.0.0.1:6379");
  }
}
