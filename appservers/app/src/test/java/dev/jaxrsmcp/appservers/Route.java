package dev.jaxrsmcp.appservers;

import java.util.List;

/**
 * One route of the application as both kinds of client reach it: its MCP URI, its tool, its path
 * under the application root, whether only servlet deployments have it, and what each caller's
 * direct GET must give.
 */
record Route(
    String uri,
    String tool,
    String path,
    boolean servletOnly,
    Expected admin,
    Expected user,
    Expected anon) {
  /** What a direct GET answers: a status and, for 200, the body. */
  record Expected(int status, String body) {
    static Expected ok(String body) {
      return new Expected(200, body);
    }

    static final Expected FORBIDDEN = new Expected(403, "");
    static final Expected UNAUTHORIZED = new Expected(401, "");
  }

  Expected expected(Caller caller) {
    return switch (caller) {
      case ADMIN -> admin;
      case USER -> user;
      case ANONYMOUS -> anon;
    };
  }

  static final Route LONG =
      new Route(
          "app://id/long",
          "longRead",
          "id/long",
          false,
          Expected.ok("part 1 part 2 part 3 long alice"),
          Expected.ok("part 1 part 2 part 3 long bob"),
          Expected.ok("part 1 part 2 part 3 long anonymous"));

  private static final List<Route> ALL =
      List.of(
          new Route(
              "app://id/principal",
              "principal",
              "id/principal",
              false,
              Expected.ok("alice admin=true"),
              Expected.ok("bob admin=false"),
              Expected.ok("anonymous admin=false")),
          new Route(
              "app://id/admin",
              "admin",
              "id/admin",
              false,
              Expected.ok("admin page for alice"),
              Expected.FORBIDDEN,
              Expected.FORBIDDEN),
          new Route(
              "app://id/bearer",
              "bearer",
              "id/bearer",
              false,
              Expected.ok("bearer alice"),
              Expected.ok("bearer bob"),
              Expected.UNAUTHORIZED),
          new Route(
              "app://id/async",
              "suspended",
              "id/async",
              false,
              Expected.ok("async alice"),
              Expected.ok("async bob"),
              Expected.ok("async anonymous")),
          new Route(
              "app://id/stage",
              "stage",
              "id/stage",
              false,
              Expected.ok("stage alice"),
              Expected.ok("stage bob"),
              Expected.ok("stage anonymous")),
          LONG,
          new Route(
              "app://id/members/x",
              "member",
              "id/members/x",
              false,
              Expected.ok("member x"),
              Expected.ok("member x"),
              Expected.ok("member x")),
          new Route(
              "app://servlet/request",
              "request",
              "servlet/request",
              true,
              Expected.ok("servlet-filter:alice principal=alice"),
              Expected.ok("servlet-filter:bob principal=bob"),
              Expected.ok("servlet-filter:anonymous principal=anonymous")),
          new Route(
              "app://servlet/holder",
              "holder",
              "servlet/holder",
              true,
              Expected.ok("holder=alice"),
              Expected.ok("holder=bob"),
              Expected.ok("holder=anonymous")));

  /** The routes of a deployment on a servlet container ({@code servlet}) or on another server. */
  static List<Route> of(boolean servlet) {
    return ALL.stream().filter(r -> servlet || !r.servletOnly).toList();
  }

  /** The subscribable routes, and which callers may read each. */
  static final List<String> SUBSCRIBABLE =
      List.of("app://id/news", "app://id/admin", "app://id/bearer");
}
