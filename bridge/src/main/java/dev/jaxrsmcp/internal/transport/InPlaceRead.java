package dev.jaxrsmcp.internal.transport;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.ReadMessage;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One MCP read running in place (contract section 7): the MCP request that was rewritten into its
 * route's {@code GET}, what it reads, and, for a long-running read, its spool and stream. Kept as a
 * request property from the rewrite to the end of the response; {@link #end()} runs once, when the
 * container is done with the response (written, failed or abandoned).
 */
final class InPlaceRead {
  static final String PROPERTY = "dev.jaxrsmcp.transport.inPlaceRead";

  final McpCall call;
  final ReadMessage.Kind kind;
  final CatalogueEntry entry;
  final String uri;
  final JsonNode id;

  /** Present for a long-running read. */
  final Optional<LongRead> longRead;

  /** The most bytes a plain read's route may write ({@code maxReadBytes}). */
  final long maxReadBytes;

  /** The read timeout in milliseconds once an async route's suspension outlived it; else 0. */
  final AtomicLong timedOut = new AtomicLong();

  /**
   * Present when the session's owner is told only after the application's filters ran ({@link
   * OwnerCheck}, a principal-bound session whose client refreshed its token).
   */
  final Optional<OwnerCheck> ownerCheck;

  /** Set when the read was refused before its route ran (the caller does not own the session). */
  private volatile Optional<JsonRpcException> refusal = Optional.empty();

  /** Whether the authenticated principal (empty: none) is the owner of the read's session. */
  @FunctionalInterface
  interface OwnerCheck {
    boolean owns(Optional<String> principal);
  }

  private final List<Runnable> onEnd = new CopyOnWriteArrayList<>();
  private final AtomicBoolean ended = new AtomicBoolean();

  InPlaceRead(
      McpCall call,
      ReadMessage.Kind kind,
      CatalogueEntry entry,
      String uri,
      Optional<LongRead> longRead,
      Optional<OwnerCheck> ownerCheck,
      long maxReadBytes) {
    this.maxReadBytes = maxReadBytes;
    this.call = call;
    this.ownerCheck = ownerCheck;
    this.kind = kind;
    this.entry = entry;
    this.uri = uri;
    this.id = call.request().id().orElseThrow();
    this.longRead = longRead;
  }

  /** Refuses the read before its route runs: its response is this error. */
  void refuse(JsonRpcException error) {
    refusal = Optional.of(error);
  }

  /** The error the read was refused with, if it was. */
  Optional<JsonRpcException> refusal() {
    return refusal;
  }

  /** Runs {@code action} when the read ends (in registration order). */
  void onEnd(Runnable action) {
    onEnd.add(action);
  }

  /** The container is done with the response: runs the end actions once. */
  void end() {
    if (ended.compareAndSet(false, true)) {
      for (Runnable action : onEnd) {
        try {
          action.run();
        } catch (RuntimeException e) {
          System.getLogger(InPlaceRead.class.getName())
              .log(System.Logger.Level.WARNING, "ending the read of " + uri + " failed", e);
        }
      }
    }
  }
}
