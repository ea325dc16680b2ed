package dev.jaxrsmcp.internal.read;

import dev.jaxrsmcp.context.McpContext;
import dev.jaxrsmcp.internal.envelope.InPlaceRead;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.longrun.EventChannel;
import dev.jaxrsmcp.internal.security.Incidents;
import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.glassfish.jersey.server.ContainerRequest;

/**
 * The last request filter, where an in-place read is admitted (contract section 15): by now the
 * application's own filters have accepted the caller and set who it is, so this is where the bridge
 * tells a session's owner by principal or caller key, registers a long-running read's cancel handle
 * and spool, and creates a task, each owned by that identity. Nothing of it exists for a request
 * the application's filters refused (their 401 or 403 is answered as for any read). A refusal here
 * (not the session's owner, a quota) answers before the route runs; a task's handle is answered
 * instead of the route. Every other request passes untouched.
 */
@Priority(Integer.MAX_VALUE)
public final class ReadAdmission implements ContainerRequestFilter {
  @Override
  public void filter(ContainerRequestContext request) {
    if (!(request.getProperty(InPlaceRead.PROPERTY) instanceof InPlaceRead read)) {
      return;
    }
    read.admitted = true;
    try {
      read.admission.admit((ContainerRequest) request, read);
    } catch (JsonRpcException e) {
      read.refuse(e);
    } catch (RuntimeException e) {
      read.refuse(Incidents.report("MCP read of " + read.uri, java.util.Optional.of(read.id), e));
    }
    if ((read.refusal().isPresent() || read.answer().isPresent())
        && read.channel().map(EventChannel::isCommitted).orElse(false)) {
      // A legacy call that asked on its own stream (a confirmation the user declined): its
      // response is under way and cannot be aborted. It ends as a route that asked ends; the
      // response filter writes its answer as the stream's last event.
      throw new McpContext.InputRequired(List.of());
    }
    if (read.refusal().isPresent()) {
      request.abortWith(Response.status(read.refusal().get().httpStatus()).build());
    } else if (read.answer().isPresent()) {
      request.abortWith(Response.ok().build());
    }
  }
}
