package dev.jaxrsmcp.demo;

import java.util.Map;
import java.util.Optional;

/**
 * What the demo was asked to do, from its arguments and environment: the port ({@code --port N},
 * {@code --port=N} or {@code PORT}; default {@value DemoServer#DEFAULT_PORT}; {@code 0} picks a
 * free one) and, optionally, the Redis server that carries changes between instances ({@code
 * --redis URL}, {@code --redis=URL} or {@code REDIS_URL}). Arguments beat the environment.
 *
 * @param port the port to listen on
 * @param redisUrl a {@code redis://} or {@code rediss://} URL, when changes are shared through
 *     Redis
 */
record DemoOptions(int port, Optional<String> redisUrl) {
  static final String USAGE = "usage: DemoServer [--port N] [--redis URL]";

  /**
   * Reads the options.
   *
   * @throws IllegalArgumentException naming the bad argument or variable and its value
   */
  static DemoOptions parse(String[] args, Map<String, String> environment) {
    String port = null;
    String redis = null;
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("--port") || arg.equals("--redis")) {
        if (i + 1 == args.length) {
          throw new IllegalArgumentException(
              arg
                  + " needs a value, for example "
                  + (arg.equals("--port") ? "--port 9090" : "--redis redis://127.0.0.1:6379"));
        }
        if (arg.equals("--port")) {
          port = args[++i];
        } else {
          redis = args[++i];
        }
      } else if (arg.startsWith("--port=")) {
        port = arg.substring("--port=".length());
      } else if (arg.startsWith("--redis=")) {
        redis = arg.substring("--redis=".length());
      } else {
        throw new IllegalArgumentException("unknown argument '" + arg + "' (" + USAGE + ")");
      }
    }
    int chosenPort =
        port != null
            ? parsePort(port, "--port")
            : present(environment.get("PORT"))
                .map(p -> parsePort(p, "PORT"))
                .orElse(DemoServer.DEFAULT_PORT);
    Optional<String> redisUrl =
        redis != null
            ? Optional.of(checkRedis(redis, "--redis"))
            : present(environment.get("REDIS_URL")).map(r -> checkRedis(r, "REDIS_URL"));
    return new DemoOptions(chosenPort, redisUrl);
  }

  private static Optional<String> present(String value) {
    return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.trim());
  }

  private static int parsePort(String value, String source) {
    try {
      int port = Integer.parseInt(value);
      if (port >= 0 && port <= 65535) {
        return port;
      }
    } catch (NumberFormatException e) {
      // fall through to the message below
    }
    throw new IllegalArgumentException(
        source + " must be a port number from 0 to 65535 (found '" + value + "')");
  }

  private static String checkRedis(String value, String source) {
    if (!value.startsWith("redis://") && !value.startsWith("rediss://")) {
      throw new IllegalArgumentException(
          source
              + " must be a redis:// or rediss:// URL, for example redis://127.0.0.1:6379 (found '"
              + value
              + "')");
    }
    return value;
  }
}
