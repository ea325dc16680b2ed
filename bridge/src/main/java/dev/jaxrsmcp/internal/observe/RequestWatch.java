package dev.jaxrsmcp.internal.observe;

import java.util.Optional;

/**
 * What the two listeners share about one request, held by them (not read from the request's
 * properties at its end: once an async response was written, Grizzly has recycled the request and
 * its attributes are gone by {@code FINISHED}). Set at {@code START}, before anything else runs.
 */
final class RequestWatch {
  static final String PROPERTY = "dev.jaxrsmcp.observe.watch";

  /**
   * The request watched. The bridge's in-process reads carry the MCP request's properties (this
   * watch with them) into requests of their own: those are not this operation's.
   */
  private final Object request;

  RequestWatch(Object request) {
    this.request = request;
  }

  /** Whether {@code request} is the one watched, not a request that carries its properties. */
  boolean watches(Object request) {
    return this.request == request;
  }

  /** The request's operation, once started. */
  volatile Optional<Observed> observed = Optional.empty();

  /** Caller, route and template, taken while the request is alive (its response filters ran). */
  volatile String caller = "anonymous";

  volatile Optional<String> route = Optional.empty();
  volatile Optional<String> template = Optional.empty();
}
