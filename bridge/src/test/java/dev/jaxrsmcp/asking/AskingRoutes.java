package dev.jaxrsmcp.asking;

import dev.jaxrsmcp.McpTool;
import dev.jaxrsmcp.context.McpContext;
import jakarta.annotation.Priority;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Routes that ask before they act, and an authentication filter with two schemes. */
final class AskingRoutes {
  private AskingRoutes() {}

  static final Set<Long> WIDGETS = ConcurrentHashMap.newKeySet();
  static final Map<Long, String> NOTES = new ConcurrentHashMap<>();

  /** The ids of the {@code note} runs that ended, however they ended. */
  static final java.util.concurrent.BlockingQueue<Long> NOTE_RUNS_ENDED =
      new java.util.concurrent.LinkedBlockingQueue<>();

  @Path("/widgets")
  @Produces("text/plain")
  public static class Widgets {
    @DELETE
    @Path("/{id}")
    @McpTool(name = "delete_widget", confirm = "Delete widget {id}?")
    public String delete(@PathParam("id") long id) {
      WIDGETS.remove(id);
      return "deleted " + id;
    }

    @DELETE
    @Path("/{id}/anyway")
    @McpTool(name = "delete_anyway", confirm = "Delete widget {id}?", runWithoutElicitation = true)
    public String deleteAnyway(@PathParam("id") long id) {
      WIDGETS.remove(id);
      return "deleted " + id;
    }

    /** Asks why, then a second question, and only then writes. */
    @POST
    @Path("/{id}/note")
    @McpTool(name = "note")
    public String note(@PathParam("id") long id, @Context McpContext mcp) {
      try {
        return noted(id, mcp);
      } finally {
        NOTE_RUNS_ENDED.add(id);
      }
    }

    private String noted(long id, McpContext mcp) {
      McpContext.Answer why =
          mcp.elicit(
              "Why?",
              Map.of(
                  "type",
                  "object",
                  "properties",
                  Map.of("reason", Map.of("type", "string")),
                  "required",
                  List.of("reason")));
      McpContext.Answer model = mcp.sample("Summarize: " + why.content().get("reason"), 20);
      NOTES.put(id, why.content().get("reason") + " / " + model.text());
      return "noted " + id;
    }
  }

  /** The principal from an API key or a bearer token; anonymous otherwise. */
  @Priority(Priorities.AUTHENTICATION)
  public static final class Authentication implements ContainerRequestFilter {
    static final Map<String, String> USERS =
        Map.of(
            "X-Api-Key:key-alice", "alice",
            "X-Api-Key:key-bob", "bob",
            "Authorization:Bearer alice-token", "alice");

    @Override
    public void filter(ContainerRequestContext request) {
      Optional<String> user = Optional.empty();
      for (String header : new String[] {"X-Api-Key", "Authorization"}) {
        String value = request.getHeaderString(header);
        if (value != null && USERS.containsKey(header + ":" + value)) {
          user = Optional.of(USERS.get(header + ":" + value));
        }
      }
      if (user.isEmpty()) {
        return;
      }
      String name = user.get();
      request.setSecurityContext(
          new SecurityContext() {
            @Override
            public Principal getUserPrincipal() {
              return () -> name;
            }

            @Override
            public boolean isUserInRole(String role) {
              return false;
            }

            @Override
            public boolean isSecure() {
              return false;
            }

            @Override
            public String getAuthenticationScheme() {
              return "custom";
            }
          });
    }
  }
}
