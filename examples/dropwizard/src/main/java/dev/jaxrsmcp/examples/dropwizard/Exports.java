package dev.jaxrsmcp.examples.dropwizard;

import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.context.McpContext;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.StreamingOutput;
import java.nio.charset.StandardCharsets;

/** A long-running export that reports progress row by row. */
@Path("/api/exports")
@PermitAll
public class Exports {
  @GET
  @Path("/{rows}")
  @Produces("text/csv")
  @McpResource(uri = "app://exports/{rows}", longRunning = true, description = "A CSV export")
  public StreamingOutput export(@PathParam("rows") int rows, @Context McpContext mcp) {
    return out -> {
      out.write("row,value\n".getBytes(StandardCharsets.UTF_8));
      for (int row = 1; row <= rows && !mcp.isCancelled(); row++) {
        out.write((row + "," + row * row + "\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
        mcp.progress(row, rows, "row " + row);
      }
    };
  }
}
