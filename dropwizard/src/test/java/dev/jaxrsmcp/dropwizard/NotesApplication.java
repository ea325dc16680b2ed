package dev.jaxrsmcp.dropwizard;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.changes.McpChanges;
import io.dropwizard.core.Application;
import io.dropwizard.core.Configuration;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.core.setup.Environment;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.util.concurrent.atomic.AtomicReference;

/** A Dropwizard application serving MCP through {@link McpBundle}, configured by notes.yml. */
public class NotesApplication extends Application<NotesApplication.NotesConfiguration> {
  static final AtomicReference<McpChanges> INJECTED = new AtomicReference<>();

  /** The application's configuration with its {@code mcp:} section. */
  public static class NotesConfiguration extends Configuration {
    @JsonProperty private McpFactory mcp = new McpFactory();

    public McpFactory getMcp() {
      return mcp;
    }
  }

  /** One note, readable over MCP. */
  @Path("/notes")
  public static class Notes {
    @GET
    @Path("/{id}")
    @Produces(MediaType.TEXT_PLAIN)
    @McpResource(subscribe = true)
    public String note(@PathParam("id") String id) {
      return "note " + id;
    }

    @POST
    @Path("/{id}")
    public String touch(@PathParam("id") String id, @Context McpChanges changes) {
      INJECTED.set(changes);
      return Integer.toString(changes.changed("app://notes/" + id));
    }
  }

  final McpBundle<NotesConfiguration> mcp = new McpBundle<>(config -> config.getMcp().build());

  @Override
  public void initialize(Bootstrap<NotesConfiguration> bootstrap) {
    bootstrap.addBundle(mcp);
  }

  @Override
  public void run(NotesConfiguration configuration, Environment environment) {
    environment.jersey().register(new Notes());
  }
}
