package dev.jaxrsmcp.demo;

import dev.jaxrsmcp.McpResource;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** The message of the day: public, plain text. */
@Path("/api/motd")
public final class MotdResource {
  static final String MOTD =
      "Welcome to the Widgets demo: three widgets over REST under /api and over MCP at /mcp.";

  @GET
  @Produces(MediaType.TEXT_PLAIN)
  @McpResource(
      uri = "app://server/motd",
      title = "Message of the day",
      description = "A short greeting from the server; no authentication needed.",
      cacheTtlMs = 60_000,
      cacheScope = "public")
  public String motd() {
    return MOTD;
  }
}
