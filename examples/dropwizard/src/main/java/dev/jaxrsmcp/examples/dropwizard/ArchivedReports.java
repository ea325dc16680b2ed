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

/**
 * Last year's reports, for admins. Its method is named as {@link Reports}'s is ({@code report}), as
 * happens in any real service: the two tools are named {@code ArchivedReports_report} and {@code
 * Reports_report} (see docs/tools.md), and the application starts.
 */
@Path("/api/archive/reports")
public class ArchivedReports {
  private static final Map<Integer, Reports.Report> REPORTS =
      Map.of(
          1, new Reports.Report(1, "Q1 sales (last year)", 1100),
          2, new Reports.Report(2, "Q2 sales (last year)", 1240));

  @GET
  @Path("/{id}")
  @Produces(MediaType.APPLICATION_JSON)
  @RolesAllowed("admin")
  @McpResource(uri = "app://archive/reports/{id}", description = "Last year's sales report, 1 or 2")
  public Reports.Report report(@PathParam("id") int id) {
    Reports.Report report = REPORTS.get(id);
    if (report == null) {
      throw new NotFoundException("no archived report " + id);
    }
    return report;
  }
}
