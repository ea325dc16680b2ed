package dev.jaxrsmcp.internal.methods;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.content.ContentsMapper;
import dev.jaxrsmcp.internal.content.NotFoundReasons;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcMessages;
import dev.jaxrsmcp.internal.protocol.Era;
import dev.jaxrsmcp.internal.protocol.ListenPlan;
import dev.jaxrsmcp.internal.protocol.McpCall;
import dev.jaxrsmcp.internal.protocol.RouteResponse;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.security.UriLimit;
import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.settings.SessionSettings;
import dev.jaxrsmcp.internal.settings.SubscriptionSettings;
import dev.jaxrsmcp.internal.template.TemplateIndex;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The protocol side of subscriptions (contract section 8): which requested URIs are honoured (a
 * subscribable resource the caller can read right now), and the messages of a notification stream.
 */
public final class Subscriptions {
  static final String SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

  private static final System.Logger LOG = System.getLogger(Subscriptions.class.getName());

  private final ServerState state;

  public Subscriptions(ServerState state) {
    this.state = state;
  }

  /**
   * Plans a modern {@code subscriptions/listen}: checks the filter and the URI limit before any
   * work, then keeps each URI that matches a subscribable resource and that the caller can read.
   * The reads run one after another on the calling thread (with the caller's identity) within one
   * budget, the read timeout: a URI whose read fails or times out is left out, and once the budget
   * is spent the URIs not yet read are left out too. When every read answered 401, the listen is
   * answered 401 (with the route's challenge), as a read would be.
   *
   * @throws JsonRpcException HTTP 401 when the caller is not authenticated for any requested URI
   */
  public ListenPlan plan(McpCall call) {
    return plan(call, count -> {});
  }

  /**
   * As {@link #plan(McpCall)}; {@code beforeReads} is told how many URIs the listen names once they
   * are checked, before any is read (where a quota is taken; it throws to refuse the listen).
   */
  public ListenPlan plan(McpCall call, java.util.function.IntConsumer beforeReads) {
    JsonNode filter = call.request().params().get("notifications");
    if (filter == null || !filter.isObject()) {
      throw invalid("'notifications' must be an object");
    }
    List<String> requested = requestedUris(filter.get("resourceSubscriptions"));
    beforeReads.accept(requested.size());
    List<ListenPlan.Watched> honoured = new ArrayList<>();
    long budget = state.settings().get(LimitSettings.READ_TIMEOUT).toNanos();
    long started = System.nanoTime();
    int read = 0;
    Optional<JsonRpcException> unauthorized = Optional.empty();
    boolean allUnauthorized = true;
    for (String uri : requested) {
      if (budget > 0 && System.nanoTime() - started >= budget) {
        LOG.log(
            System.Logger.Level.WARNING,
            "listen: the readability checks took the whole read timeout; "
                + (requested.size() - read)
                + " URIs were not checked and are left out");
        break;
      }
      read++;
      Readability checked = readable(uri, call);
      checked.watched().ifPresent(honoured::add);
      if (checked.response().isPresent()) {
        if (checked.response().get().status() == 401) {
          unauthorized = Optional.of(ContentsMapper.error(checked.response().get(), uri));
        } else {
          allUnauthorized = false;
        }
      }
    }
    if (allUnauthorized && unauthorized.isPresent()) {
      throw unauthorized.get(); // every read asked for authentication
    }
    boolean listChanged = isTrue(filter.get("resourcesListChanged"));
    // Only what this server sends: never toolsListChanged or promptsListChanged (the tool list is
    // fixed when the application starts and there are no prompts), whatever the filter asks.
    ObjectNode ack = Json.object();
    if (listChanged) {
      ack.put("resourcesListChanged", true);
    }
    if (filter.has("resourceSubscriptions")) {
      ArrayNode uris = ack.putArray("resourceSubscriptions");
      honoured.forEach(w -> uris.add(w.uri()));
    }
    return new ListenPlan(call.request().id().orElseThrow(), honoured, listChanged, ack);
  }

  /**
   * For a legacy {@code resources/subscribe}: the subscribable resource at {@code uri} after a
   * successful read with the caller's credentials; otherwise the read's error.
   */
  public ListenPlan.Watched checkLegacy(String uri, McpCall call) {
    UriLimit.check(uri, state.settings().get(LimitSettings.MAX_URI_LENGTH), "'uri'");
    TemplateIndex.Found<CatalogueEntry> found =
        state
            .catalogue()
            .find(uri)
            .orElseThrow(() -> NotFoundReasons.unmatched(state.catalogue(), uri, call.era()));
    if (!found.value().subscribe()) {
      throw invalid("resource '" + uri + "' does not support subscriptions");
    }
    RouteResponse response =
        state
            .reader()
            .read(found.value(), found.match(), call.caller(), ResourceMethods.traceHeaders(call));
    ContentsMapper.checkSuccess(response, uri, call.era(), found.value());
    return new ListenPlan.Watched(uri, found.value(), found.match());
  }

  /** The most URIs one legacy session may be subscribed to ({@code maxSubscriptionsPerSession}). */
  public int maxPerSession() {
    return state.settings().get(SessionSettings.MAX_SUBSCRIPTIONS_PER_SESSION);
  }

  /**
   * The refusal of a legacy {@code resources/subscribe} that would take a session past {@link
   * #maxPerSession()}.
   */
  public JsonRpcException tooManyInSession(String uri) {
    int max = maxPerSession();
    return new JsonRpcException(
        ErrorCodes.INVALID_PARAMS,
        "Invalid params: this session is already subscribed to "
            + max
            + " URIs, the most maxSubscriptionsPerSession allows; unsubscribe from one before"
            + " subscribing to '"
            + uri
            + "' (for method resources/subscribe)",
        Json.object().put("uri", uri).put("limit", "maxSubscriptionsPerSession").put("max", max));
  }

  /** What the readability check of one URI found: the resource to watch, and the read's answer. */
  private record Readability(
      Optional<ListenPlan.Watched> watched, Optional<RouteResponse> response) {}

  private Readability readable(String uri, McpCall call) {
    Optional<TemplateIndex.Found<CatalogueEntry>> found = state.catalogue().find(uri);
    if (found.isEmpty() || !found.get().value().subscribe()) {
      return new Readability(Optional.empty(), Optional.empty());
    }
    RouteResponse response;
    try {
      response =
          state
              .reader()
              .read(
                  found.get().value(),
                  found.get().match(),
                  call.caller(),
                  ResourceMethods.traceHeaders(call));
    } catch (RuntimeException e) {
      LOG.log(
          System.Logger.Level.WARNING,
          "listen: the readability check of " + uri + " failed; it is left out: " + e.getMessage());
      return new Readability(Optional.empty(), Optional.empty());
    }
    if (response.guardRejected() || response.status() < 200 || response.status() >= 300) {
      return new Readability(Optional.empty(), Optional.of(response));
    }
    return new Readability(
        Optional.of(new ListenPlan.Watched(uri, found.get().value(), found.get().match())),
        Optional.of(response));
  }

  private List<String> requestedUris(JsonNode node) {
    if (node == null) {
      return List.of();
    }
    if (!node.isArray()) {
      throw invalid("'notifications.resourceSubscriptions' must be an array of strings");
    }
    if (node.size() > state.settings().get(SubscriptionSettings.MAX_LISTEN_URIS)) {
      throw invalid(
          "'notifications.resourceSubscriptions' names "
              + node.size()
              + " URIs; at most "
              + state.settings().get(SubscriptionSettings.MAX_LISTEN_URIS)
              + " are allowed");
    }
    Set<String> uris = new LinkedHashSet<>();
    for (JsonNode uri : node) {
      if (!uri.isTextual()) {
        throw invalid("'notifications.resourceSubscriptions' must be an array of strings");
      }
      uris.add(
          UriLimit.check(
              uri.textValue(),
              state.settings().get(LimitSettings.MAX_URI_LENGTH),
              "a URI of 'notifications.resourceSubscriptions'"));
    }
    return List.copyOf(uris);
  }

  /** {@code notifications/subscriptions/acknowledged}. */
  public static ObjectNode acknowledgement(ListenPlan plan) {
    ObjectNode params = tagged(plan.subscriptionId());
    params.set("notifications", plan.acknowledged());
    return JsonRpcMessages.notification("notifications/subscriptions/acknowledged", params);
  }

  /** {@code notifications/resources/updated}, tagged with the subscription id when given. */
  public static ObjectNode updated(Optional<JsonNode> subscriptionId, String uri) {
    ObjectNode params = subscriptionId.map(Subscriptions::tagged).orElseGet(Json::object);
    params.put("uri", uri);
    return JsonRpcMessages.notification("notifications/resources/updated", params);
  }

  /** {@code notifications/resources/list_changed}, tagged with the subscription id when given. */
  public static ObjectNode listChanged(Optional<JsonNode> subscriptionId) {
    ObjectNode params = subscriptionId.map(Subscriptions::tagged).orElseGet(Json::object);
    return JsonRpcMessages.notification("notifications/resources/list_changed", params);
  }

  /** The result that ends a listen stream gracefully. */
  public static ObjectNode completion(JsonNode subscriptionId, ObjectNode serverInfo) {
    ObjectNode result = Json.object().put("resultType", "complete");
    ObjectNode meta = result.putObject("_meta");
    meta.set(SUBSCRIPTION_ID, subscriptionId);
    meta.set(Era.META_SERVER_INFO, serverInfo);
    return JsonRpcMessages.result(subscriptionId, result);
  }

  private static ObjectNode tagged(JsonNode subscriptionId) {
    ObjectNode params = Json.object();
    params.putObject("_meta").set(SUBSCRIPTION_ID, subscriptionId);
    return params;
  }

  private static boolean isTrue(JsonNode node) {
    return node != null && node.isBoolean() && node.booleanValue();
  }

  private static JsonRpcException invalid(String why) {
    return new JsonRpcException(ErrorCodes.INVALID_PARAMS, "Invalid params: " + why);
  }
}
