package dev.jaxrsmcp.internal.read;

import dev.jaxrsmcp.context.McpContext;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;

/**
 * Maps the end of a route's run that asked its client ({@link McpContext.InputRequired}) to an
 * empty response; the response filter answers the call with the questions ({@code
 * ReadResponseFilter}). Being the mapper of this very type, it is chosen over any mapper of the
 * application for a supertype ({@code Throwable}, {@code RuntimeException}).
 */
public final class InputRequiredMapper implements ExceptionMapper<McpContext.InputRequired> {
  @Override
  public Response toResponse(McpContext.InputRequired exception) {
    return Response.noContent().build();
  }
}
