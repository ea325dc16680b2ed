package dev.jaxrsmcp.servletit;

import java.util.List;

/**
 * One route of {@link IdentityResource} as both kinds of client reach it: its MCP URI, its tool,
 * its path under the application root, and what each caller's direct GET must give.
 */
record Route(String uri, String tool, String path, Expected admin, Expected user, Expected anon) {
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

  static final List<Route> ALL =
      List.of(
          new Route(
              "app://id/request",
              "request",
              "id/request",
              Expected.ok("servlet-filter:alice remoteUser=alice admin=true"),
              Expected.ok("servlet-filter:bob remoteUser=bob admin=false"),
              Expected.ok("servlet-filter:anonymous remoteUser=null admin=false")),
          new Route(
              "app://id/principal",
              "principal",
              "id/principal",
              Expected.ok("alice admin=true"),
              Expected.ok("bob admin=false"),
              Expected.ok("anonymous admin=false")),
          new Route(
              "app://id/holder",
              "holder",
              "id/holder",
              Expected.ok("holder=alice"),
              Expected.ok("holder=bob"),
              Expected.ok("holder=anonymous")),
          new Route(
              "app://id/admin",
              "admin",
              "id/admin",
              Expected.ok("admin page for alice holder=alice"),
              Expected.FORBIDDEN,
              Expected.FORBIDDEN),
          new Route(
              "app://id/staff",
              "staff",
              "id/staff",
              Expected.ok("staff alice remoteUser=alice"),
              Expected.ok("staff bob remoteUser=bob"),
              Expected.FORBIDDEN),
          new Route(
              "app://id/bearer",
              "bearer",
              "id/bearer",
              Expected.ok("bearer alice"),
              Expected.ok("bearer bob"),
              Expected.UNAUTHORIZED),
          new Route(
              "app://id/async",
              "suspended",
              "id/async",
              Expected.ok("async alice"),
              Expected.ok("async bob"),
              Expected.ok("async anonymous")),
          new Route(
              "app://id/stage",
              "stage",
              "id/stage",
              Expected.ok("stage alice"),
              Expected.ok("stage bob"),
              Expected.ok("stage anonymous")),
          new Route(
              "app://id/long",
              "longRead",
              "id/long",
              Expected.ok("long method=alice stream=alice"),
              Expected.ok("long method=bob stream=bob"),
              Expected.ok("long method=anonymous stream=anonymous")));

  /** The routes a listen may name. */
  static final List<Route> SUBSCRIBABLE =
      ALL.stream()
          .filter(
              r -> List.of("app://id/admin", "app://id/staff", "app://id/bearer").contains(r.uri))
          .toList();
}
