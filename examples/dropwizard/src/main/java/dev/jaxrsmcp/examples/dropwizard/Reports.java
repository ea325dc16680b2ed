package dev.jaxrsmcp.examples.dropwizard;

import dev.jaxrsmcp.McpResource;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/** Reports 1 to 3, for users and admins. */
@Path("/api/reports")
public class Reports {
  /** A report. */
  public record Report(int id, String title, long total) {}

  private static final Map<Integer, Report> REPORTS =
      Map.of(
          1, new Report(1, "Q1 sales", 1200),
          2, new Report(2, "Q2 sales", 1350),
          3, new Report(3, "Q3 sales", 990));

  @GET
  @Path("/{id}")
  @Produces(MediaType.APPLICATION_JSON)
  @RolesAllowed({"user", "admin"})
  @McpResource(uri = "app://reports/{id}", description = "A sales report, 1 to 3")
  public Report report(@PathParam("id") int id) {
    Report report = REPORTS.get(id);
    if (report == null) {
      throw new NotFoundException("no report " + id);
    }
    return report;
  }
}
