package dev.jaxrsmcp.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.McpResource;
import dev.jaxrsmcp.internal.catalogue.Catalogue;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.List;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** What the scan makes of a small application: derived and explicit URIs, defaults, order. */
class CatalogueScanTest {

  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.METHOD)
  @McpResource(cacheTtlMs = 60_000, cacheScope = "public", audience = "user")
  @interface PublicMcpResource {}

  /** Declared out of path order on purpose: the catalogue orders by route path. */
  @Path("/api/widgets")
  @Produces("application/json")
  public static class Widgets {
    @GET
    @Path("/{id: \\d+}/state")
    @McpResource(subscribe = true, cacheTtlMs = 0, description = "The widget's current state")
    public String state(@PathParam("id") long id) {
      return "";
    }

    @GET
    @McpResource
    public String list(
        @QueryParam("color") String color,
        @QueryParam("limit") int limit,
        @QueryParam("tag") List<String> tags) {
      return "";
    }

    @GET
    @Path("/{id}/photo")
    @Produces("image/png")
    @PublicMcpResource
    public byte[] photo(@PathParam("id") long id) {
      return new byte[0];
    }

    @GET
    @Path("/{id}/history")
    @McpResource(
        uri = "app://widgets/{id}/history{?since}",
        name = "widget-history",
        title = "Widget history",
        longRunning = true,
        maxBytes = 2048,
        mimeType = "application/x-ndjson",
        priority = 0.25,
        tool = false)
    public String history(
        @PathParam("id") long id,
        @QueryParam("since") String since,
        @QueryParam("until") String until) {
      return "";
    }

    @GET
    @Path("/count")
    @Produces({"*/*", "text/plain"})
    @McpResource(
        uri = "app://widget-count",
        audience = {"user", "assistant"})
    public String count() {
      return "";
    }

    @GET
    @Path("/plain")
    public String notExposed() {
      return "";
    }

    @POST
    public String create() {
      return "";
    }
  }

  /** JAX-RS and MCP annotations on an interface method, implemented by the resource class. */
  public interface MotdApi {
    @GET
    @McpResource
    String motd();
  }

  @Path("/motd")
  public static class Motd implements MotdApi {
    @Override
    public String motd() {
      return "hello";
    }
  }

  @Test
  void buildsEveryEntryWithAttributesResolved() {
    McpFeature feature =
        McpFeature.builder()
            .scheme("acme")
            .defaultCacheTtlMs(5_000)
            .defaultCacheScope("private")
            .defaultMaxBytes(4096)
            .build();

    Catalogue catalogue = Startup.catalogue(feature, Widgets.class, Motd.class);

    assertThat(catalogue.entries())
        .extracting(CatalogueScanTest::describe)
        .containsExactly(
            "acme://api/widgets{?color,limit,tag} name=list title= description= "
                + "mimeType=application/json ttl=5000 scope=private subscribe=false "
                + "longRunning=false maxBytes=4096 audience=[] priority=none tool=true "
                + "method=Widgets.list route=/api/widgets "
                + "types={color=String, limit=int, tag=List} collections=[tag]",
            "app://widget-count name=count title= description= "
                + "mimeType=text/plain ttl=5000 scope=private subscribe=false "
                + "longRunning=false maxBytes=4096 audience=[user, assistant] priority=none "
                + "tool=true method=Widgets.count route=/api/widgets/count types={} collections=[]",
            "app://widgets/{id}/history{?since} name=widget-history title=Widget history "
                + "description= mimeType=application/x-ndjson ttl=5000 scope=private "
                + "subscribe=false longRunning=true maxBytes=2048 audience=[] priority=0.25 "
                + "tool=false method=Widgets.history route=/api/widgets/{id}/history "
                + "types={id=long, since=String} collections=[]",
            "acme://api/widgets/{id}/photo name=photo title= description= "
                + "mimeType=image/png ttl=60000 scope=public subscribe=false "
                + "longRunning=false maxBytes=4096 audience=[user] priority=none tool=true "
                + "method=Widgets.photo route=/api/widgets/{id}/photo "
                + "types={id=long} collections=[]",
            "acme://api/widgets/{id}/state name=state title= "
                + "description=The widget's current state mimeType=application/json ttl=0 "
                + "scope=private subscribe=true longRunning=false maxBytes=4096 audience=[] "
                + "priority=none tool=true method=Widgets.state route=/api/widgets/{id}/state "
                + "types={id=long} collections=[]",
            "acme://motd name=motd title= description= mimeType= ttl=5000 scope=private "
                + "subscribe=false longRunning=false maxBytes=4096 audience=[] priority=none "
                + "tool=true method=Motd.motd route=/motd types={} collections=[]");
  }

  @Test
  void splitsExactResourcesFromTemplates() {
    Catalogue catalogue =
        Startup.catalogue(McpFeature.builder().build(), Widgets.class, Motd.class);

    assertThat(catalogue.resources())
        .extracting(e -> e.template().text())
        .containsExactly("app://widget-count", "app://motd");
    assertThat(catalogue.templates())
        .extracting(e -> e.template().text())
        .containsExactly(
            "app://api/widgets{?color,limit,tag}",
            "app://widgets/{id}/history{?since}",
            "app://api/widgets/{id}/photo",
            "app://api/widgets/{id}/state");
  }

  @Test
  void orderDoesNotDependOnRegistrationOrder() {
    McpFeature feature = McpFeature.builder().build();

    List<String> one =
        Startup.catalogue(feature, Widgets.class, Motd.class).entries().stream()
            .map(CatalogueEntry::methodName)
            .toList();
    List<String> other =
        Startup.catalogue(feature, Motd.class, Widgets.class).entries().stream()
            .map(CatalogueEntry::methodName)
            .toList();

    assertThat(one)
        .containsExactly(
            "Widgets.list",
            "Widgets.count",
            "Widgets.history",
            "Widgets.photo",
            "Widgets.state",
            "Motd.motd");
    assertThat(other).isEqualTo(one);
  }

  @Test
  void matchesRequestedUrisToTheirEntries() {
    Catalogue catalogue = Startup.catalogue(McpFeature.builder().build(), Widgets.class);

    assertThat(catalogue.find("app://api/widgets/42/state"))
        .get()
        .satisfies(
            found -> {
              assertThat(found.value().methodName()).isEqualTo("Widgets.state");
              assertThat(found.match().values()).containsEntry("id", "42");
            });
    assertThat(catalogue.find("app://api/widgets?color=red&tag=a&tag=b"))
        .get()
        .satisfies(found -> assertThat(found.value().methodName()).isEqualTo("Widgets.list"));
    assertThat(catalogue.find("app://api/widgets/plain")).isEmpty();
  }

  @Path("/codes/{code: [A-Z]{3}}")
  public static class Rates {
    @GET
    @Path("/rate/{day: \\d{4}-\\d{2}-\\d{2}}")
    @McpResource
    public String rate(@PathParam("code") String code, @PathParam("day") String day) {
      return "";
    }
  }

  @Test
  void regularExpressionsWithBracesBecomePlainVariables() {
    Catalogue catalogue = Startup.catalogue(McpFeature.builder().build(), Rates.class);

    assertThat(catalogue.entries())
        .extracting(e -> e.template().text(), CatalogueEntry::routePath)
        .containsExactly(tuple("app://codes/{code}/rate/{day}", "/codes/{code}/rate/{day}"));
  }

  @Path("/near")
  public static class NearMisses {
    @GET
    @McpResource(uri = "app://things")
    public String all() {
      return "";
    }

    @GET
    @Path("/search")
    @McpResource(uri = "app://things{?q}")
    public String search(@QueryParam("q") String q) {
      return "";
    }

    @GET
    @Path("/pair/{a}/{b}")
    @McpResource(uri = "app://things/{a}/{b}")
    public String pair(@PathParam("a") String a, @PathParam("b") String b) {
      return "";
    }

    @GET
    @Path("/twin/{a}")
    @McpResource(uri = "app://things/{a}/{a}")
    public String twin(@PathParam("a") String a) {
      return "";
    }
  }

  @Test
  void templatesThatNameDifferentUrisDoNotClash() {
    Catalogue catalogue = Startup.catalogue(McpFeature.builder().build(), NearMisses.class);

    assertThat(catalogue.entries())
        .extracting(e -> e.template().text())
        .containsExactly(
            "app://things", "app://things/{a}/{b}", "app://things{?q}", "app://things/{a}/{a}");
  }

  /** Every attribute of an entry on one line; maps and sets sorted. */
  private static String describe(CatalogueEntry e) {
    TreeMap<String, String> types = new TreeMap<>();
    e.variableTypes().forEach((k, v) -> types.put(k, v.getSimpleName()));
    return e.template().text()
        + " name="
        + e.name()
        + " title="
        + e.title()
        + " description="
        + e.description()
        + " mimeType="
        + e.mimeType()
        + " ttl="
        + e.cacheTtlMs()
        + " scope="
        + e.cacheScope()
        + " subscribe="
        + e.subscribe()
        + " longRunning="
        + e.longRunning()
        + " maxBytes="
        + e.maxBytes()
        + " audience="
        + e.audience()
        + " priority="
        + (e.priority().isPresent() ? String.valueOf(e.priority().getAsDouble()) : "none")
        + " tool="
        + e.tool()
        + " method="
        + e.methodName()
        + " route="
        + e.routePath()
        + " types="
        + types
        + " collections="
        + new TreeSet<>(e.collectionQueryVariables());
  }
}
