package dev.jaxrsmcp.scan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.McpResource;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Test;

/**
 * One test per startup error of contract section 3: each starts a tiny application and asserts the
 * whole message. Resource classes are nested in a holder per test so that each message can name a
 * plain {@code Widgets.method}.
 */
class StartupValidationTest {

  static class PostMethod {
    @Path("/widgets")
    public static class Widgets {
      @POST
      @McpResource
      public String create() {
        return "";
      }
    }
  }

  @Test
  void postMethodFails() {
    assertThat(Startup.failure(PostMethod.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            @McpResource requires a @GET resource method (found @POST)
                for method Widgets.create""");
  }

  static class Locator {
    @Path("/widgets")
    public static class Widgets {
      @Path("/{id}")
      @McpResource
      public Item item(@PathParam("id") String id) {
        return new Item();
      }
    }

    public static class Item {
      @GET
      public String state() {
        return "";
      }
    }
  }

  @Test
  void subResourceLocatorFails() {
    assertThat(Startup.failure(Locator.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            @McpResource requires a @GET resource method (found a sub-resource locator)
                for method Widgets.item""");
  }

  static class ReachedThroughLocator {
    @Path("/widgets")
    public static class Widgets {
      @Path("/{id}")
      public Item item(@PathParam("id") String id) {
        return new Item();
      }
    }

    public static class Item {
      @GET
      @McpResource
      public String state() {
        return "";
      }
    }
  }

  @Test
  void methodReachedThroughLocatorFails() {
    assertThat(Startup.failure(ReachedThroughLocator.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            @McpResource is not supported on a method reached through a sub-resource locator \
            (found the locator Widgets.item)
                for method Item.state""");
  }

  static class NoHttpMethod {
    @Path("/widgets")
    public static class Widgets {
      @GET
      public String list() {
        return "";
      }

      @McpResource
      public String state() {
        return "";
      }
    }
  }

  @Test
  void methodWithoutHttpMethodAnnotationFails() {
    assertThat(Startup.failure(NoHttpMethod.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            @McpResource requires a @GET resource method (found no HTTP method annotation)
                for method Widgets.state""");
  }

  static class NonPublic {
    @Path("/widgets")
    public static class Widgets {
      @GET
      public String list() {
        return "";
      }

      @GET
      @Path("/state")
      @McpResource
      String state() {
        return "";
      }
    }
  }

  @Test
  void nonPublicMethodFails() {
    assertThat(Startup.failure(NonPublic.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            @McpResource requires a @GET resource method (found a non-public method)
                for method Widgets.state""");
  }

  static class TemplateVariableNotInRoute {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @Path("/{key}")
      @McpResource(uri = "app://widgets/{id}")
      public String state(@PathParam("key") String key) {
        return "";
      }
    }
  }

  @Test
  void templateVariableWithoutPathParamFails() {
    assertThat(Startup.failure(TemplateVariableNotInRoute.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            template variable 'id' is not a path parameter of the route '/widgets/{key}' \
            (found 'app://widgets/{id}')
                for method Widgets.state
            path parameter 'key' of the route '/widgets/{key}' is missing from the template \
            (found 'app://widgets/{id}') (parameter 'key')
                for method Widgets.state"""
                .replace("declaration:", "declarations (2 problems):"));
  }

  static class TemplateVariableIsQueryParam {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @McpResource(uri = "app://widgets/{id}")
      public String state(@QueryParam("id") String id) {
        return "";
      }
    }
  }

  @Test
  void templateVariableThatIsAQueryParamNamesTheParameter() {
    assertThat(Startup.failure(TemplateVariableIsQueryParam.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            template variable 'id' is a @QueryParam, not a path parameter of the route '/widgets' \
            (found 'app://widgets/{id}') (parameter 'id')
                for method Widgets.state""");
  }

  static class RouteParamMissing {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @Path("/{id: \\d+}/state")
      @McpResource(uri = "app://widgets/state")
      public String state(@PathParam("id") long id) {
        return "";
      }
    }
  }

  @Test
  void routePathParamMissingFromTemplateFails() {
    assertThat(Startup.failure(RouteParamMissing.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            path parameter 'id' of the route '/widgets/{id}/state' is missing from the template \
            (found 'app://widgets/state') (parameter 'id')
                for method Widgets.state""");
  }

  static class ClassParamMissing {
    @Path("/users/{user}/widgets")
    public static class Widgets {
      @GET
      @McpResource(uri = "app://widgets")
      public String list() {
        return "";
      }
    }
  }

  @Test
  void classPathParamMissingFromTemplateFailsWithoutParameter() {
    assertThat(Startup.failure(ClassParamMissing.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            path parameter 'user' of the route '/users/{user}/widgets' is missing from the template \
            (found 'app://widgets')
                for method Widgets.list""");
  }

  static class QueryVariableNotQueryParam {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @McpResource(uri = "app://widgets{?color,size}")
      public String list(@QueryParam("color") String color, @QueryParam("limit") int limit) {
        return "";
      }
    }
  }

  @Test
  void queryVariableWithoutQueryParamFails() {
    assertThat(Startup.failure(QueryVariableNotQueryParam.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            query variable 'size' is not a @QueryParam of the method \
            (found 'app://widgets{?color,size}', @QueryParams [color, limit])
                for method Widgets.list""");
  }

  static class QueryVariableIsHeader {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @McpResource(uri = "app://widgets{?lang}")
      public String list(@HeaderParam("lang") String lang) {
        return "";
      }
    }
  }

  @Test
  void queryVariableThatIsAHeaderParamNamesTheParameter() {
    assertThat(Startup.failure(QueryVariableIsHeader.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            query variable 'lang' is a @HeaderParam, not a @QueryParam of the method \
            (found 'app://widgets{?lang}') (parameter 'lang')
                for method Widgets.list""");
  }

  static class NoScheme {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @McpResource(uri = "widgets/all")
      public String list() {
        return "";
      }
    }
  }

  @Test
  void templateWithoutSchemeFails() {
    assertThat(Startup.failure(NoScheme.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            invalid URI template: template must start with 'scheme://' (found 'widgets/all')
                for method Widgets.list""");
  }

  static class Adjacent {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @Path("/{id}-{part}")
      @McpResource(uri = "app://widgets/{id}{part}")
      public String part(@PathParam("id") String id, @PathParam("part") String part) {
        return "";
      }
    }
  }

  @Test
  void adjacentVariablesFail() {
    assertThat(Startup.failure(Adjacent.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            invalid URI template: variables 'id' and 'part' are adjacent; put literal text between \
            them (found 'app://widgets/{id}{part}')
                for method Widgets.part""");
  }

  static class AdjacentDerived {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @Path("/{id: [0-9]+}{unit: [a-z]+}")
      @McpResource
      public String size(@PathParam("id") String id, @PathParam("unit") String unit) {
        return "";
      }
    }
  }

  @Test
  void derivedTemplateProblemNamesTheRoute() {
    assertThat(Startup.failure(AdjacentDerived.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            invalid URI template: variables 'id' and 'unit' are adjacent; put literal text between \
            them (found 'app://widgets/{id}{unit}', derived from the route '/widgets/{id}{unit}')
                for method Widgets.size""");
  }

  static class SameUri {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @McpResource(uri = "app://widgets")
      public String all() {
        return "";
      }
    }

    @Path("/gadgets")
    public static class Gadgets {
      @GET
      @McpResource(uri = "app://widgets")
      public String all() {
        return "";
      }
    }
  }

  @Test
  void twoRoutesWithTheSameUriFail() {
    assertThat(Startup.failure(SameUri.Widgets.class, SameUri.Gadgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            two methods have the same MCP URI (found 'app://widgets', also on Gadgets.all)
                for method Widgets.all""");
  }

  static class SameTemplate {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @Path("/{id}")
      @McpResource(uri = "app://things/{id}")
      public String widget(@PathParam("id") String id) {
        return "";
      }

      @GET
      @Path("/{id}/v2")
      @McpResource(uri = "app://things/{id}")
      public String widgetV2(@PathParam("id") String id) {
        return "";
      }
    }
  }

  @Test
  void twoRoutesWithTheSameTemplateFail() {
    assertThat(Startup.failure(SameTemplate.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            two methods have the same MCP template (found 'app://things/{id}', also on Widgets.widget)
                for method Widgets.widgetV2""");
  }

  static class SameShape {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @Path("/{id}")
      @McpResource(uri = "app://things/{id}{?a,b}")
      public String widget(
          @PathParam("id") String id, @QueryParam("a") String a, @QueryParam("b") String b) {
        return "";
      }
    }

    @Path("/gadgets")
    public static class Gadgets {
      @GET
      @Path("/{key}")
      @McpResource(uri = "app://things/{key}{?b,a}")
      public String gadget(
          @PathParam("key") String key, @QueryParam("a") String a, @QueryParam("b") String b) {
        return "";
      }
    }
  }

  @Test
  void twoTemplatesOfTheSameShapeWithOtherVariableNamesFail() {
    assertThat(Startup.failure(SameShape.Widgets.class, SameShape.Gadgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            two methods have the same MCP template (found 'app://things/{id}{?a,b}', also on \
            Gadgets.gadget as 'app://things/{key}{?b,a}')
                for method Widgets.widget""");
  }

  static class LongRunningSubscribable {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @Path("/report")
      @McpResource(longRunning = true, subscribe = true)
      public String report() {
        return "";
      }
    }
  }

  @Test
  void longRunningSubscribableFails() {
    assertThat(Startup.failure(LongRunningSubscribable.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            a long-running resource cannot be subscribable (found longRunning = true, subscribe = true)
                for method Widgets.report""");
  }

  static class TaskSupportWithoutLongRunning {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @Path("/state")
      @McpResource(taskSupport = McpResource.TaskSupport.OPTIONAL)
      public String state() {
        return "";
      }

      @GET
      @Path("/report")
      @McpResource(longRunning = true, tool = false, taskSupport = McpResource.TaskSupport.REQUIRED)
      public String report() {
        return "";
      }
    }
  }

  @Test
  void taskSupportNeedsALongRunningResourceWithATool() {
    assertThat(Startup.failure(TaskSupportWithoutLongRunning.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declarations (2 problems):
            taskSupport needs tool = true: tasks run a resource's tool (found taskSupport = \
            REQUIRED, tool = false)
                for method Widgets.report
            taskSupport needs longRunning = true: only a long-running resource's tool runs as a \
            task (found taskSupport = OPTIONAL, longRunning = false)
                for method Widgets.state""");
  }

  static class BadCacheScope {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @McpResource(cacheScope = "shared")
      public String list() {
        return "";
      }
    }
  }

  @Test
  void unknownCacheScopeFails() {
    assertThat(Startup.failure(BadCacheScope.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            cacheScope must be 'private' or 'public' (found 'shared')
                for method Widgets.list""");
  }

  static class BadCacheTtl {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @McpResource(cacheTtlMs = -5)
      public String list() {
        return "";
      }
    }
  }

  @Test
  void negativeCacheTtlFails() {
    assertThat(Startup.failure(BadCacheTtl.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            cacheTtlMs must be zero or more, or -1 for the feature default (found -5)
                for method Widgets.list""");
  }

  static class BadMaxBytes {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @McpResource(longRunning = true, maxBytes = 0)
      public String list() {
        return "";
      }
    }
  }

  @Test
  void zeroMaxBytesFails() {
    assertThat(Startup.failure(BadMaxBytes.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            maxBytes must be at least 1, or -1 for the feature default (found 0)
                for method Widgets.list""");
  }

  static class BadPriority {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @McpResource(priority = 1.5)
      public String list() {
        return "";
      }
    }
  }

  @Test
  void priorityAboveOneFails() {
    assertThat(Startup.failure(BadPriority.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            priority must be between 0.0 and 1.0, or -1 for none (found 1.5)
                for method Widgets.list""");
  }

  static class BadAudience {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @McpResource(audience = {"user", "robot"})
      public String list() {
        return "";
      }
    }
  }

  @Test
  void unknownAudienceFails() {
    assertThat(Startup.failure(BadAudience.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            audience values must be 'user' or 'assistant' (found 'robot')
                for method Widgets.list""");
  }

  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.METHOD)
  @McpResource(cacheScope = "public")
  @interface PublicMcpResource {}

  static class TwoDeclarations {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @McpResource
      @PublicMcpResource
      public String list() {
        return "";
      }
    }
  }

  @Test
  void directAndComposedDeclarationTogetherFail() {
    assertThat(Startup.failure(TwoDeclarations.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            @McpResource must appear at most once on a method (found @McpResource, @PublicMcpResource)
                for method Widgets.list""");
  }

  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.METHOD)
  @McpResource(longRunning = true, subscribe = true)
  @interface BrokenComposed {}

  static class ComposedBroken {
    @Path("/widgets")
    public static class Widgets {
      @GET
      @BrokenComposed
      public String list() {
        return "";
      }
    }
  }

  @Test
  void composedAnnotationIsValidatedLikeADirectOne() {
    assertThat(Startup.failure(ComposedBroken.Widgets.class))
        .isEqualTo(
            """
            Invalid @McpResource declaration:
            a long-running resource cannot be subscribable (found longRunning = true, subscribe = true)
                for method Widgets.list""");
  }

  static class Several {
    @Path("/widgets")
    public static class Widgets {
      @POST
      @McpResource
      public String create() {
        return "";
      }

      @GET
      @Path("/{id}")
      @McpResource(uri = "app://widgets/{key}", cacheScope = "shared", priority = -0.5)
      public String state(@PathParam("id") String id) {
        return "";
      }

      @GET
      @Path("/count")
      @McpResource(uri = "count")
      public String count() {
        return "";
      }
    }

    @Path("/gadgets")
    public static class Gadgets {
      @McpResource
      public String list() {
        return "";
      }

      @GET
      @McpResource(uri = "app://gadgets{?q}")
      public String search() {
        return "";
      }
    }
  }

  @Test
  void severalProblemsAreAllReportedInRouteOrder() {
    var failure = Startup.configurationException(Several.Widgets.class, Several.Gadgets.class);
    assertThat(failure.getMessage())
        .isEqualTo(
            """
            Invalid @McpResource declarations (8 problems):
            query variable 'q' is not a @QueryParam of the method (found 'app://gadgets{?q}', \
            @QueryParams [])
                for method Gadgets.search
            @McpResource requires a @GET resource method (found @POST)
                for method Widgets.create
            invalid URI template: template must start with 'scheme://' (found 'count')
                for method Widgets.count
            cacheScope must be 'private' or 'public' (found 'shared')
                for method Widgets.state
            priority must be between 0.0 and 1.0, or -1 for none (found -0.5)
                for method Widgets.state
            template variable 'key' is not a path parameter of the route '/widgets/{id}' \
            (found 'app://widgets/{key}')
                for method Widgets.state
            path parameter 'id' of the route '/widgets/{id}' is missing from the template \
            (found 'app://widgets/{key}') (parameter 'id')
                for method Widgets.state
            @McpResource requires a @GET resource method (found no HTTP method annotation)
                for method Gadgets.list""");
    assertThat(failure.problems()).hasSize(8);
  }
}
