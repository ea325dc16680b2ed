package dev.jaxrsmcp.internal.subscriptions;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.ErrorCodes;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import dev.jaxrsmcp.internal.jsonrpc.JsonRpcException;
import dev.jaxrsmcp.internal.quota.OwnerQuota;
import dev.jaxrsmcp.internal.quota.QuotaExceededException;

/**
 * How many URIs one caller is subscribed to on this instance, over its listen streams and legacy
 * sessions together ({@code maxSubscriptionsPerCaller}; every anonymous caller counts as one
 * caller). Taken before a subscription's URI is read or watched; given back when it ends.
 */
public final class SubscriptionQuota {
  private final OwnerQuota quota;
  private final int max;

  public SubscriptionQuota(int maxPerCaller) {
    this.max = maxPerCaller;
    OwnerQuota.Limit limit = new OwnerQuota.Limit(maxPerCaller, "maxSubscriptionsPerCaller");
    this.quota = new OwnerQuota(new OwnerQuota.Limit(Integer.MAX_VALUE, "(none)"), limit, limit);
  }

  /**
   * Takes {@code count} subscriptions for {@code owner}.
   *
   * @param uri the one URI being subscribed ({@code resources/subscribe}), or null for a listen
   * @return what gives them back (once)
   * @throws JsonRpcException {@code -32602} naming the limit; nothing is taken
   */
  public Runnable take(String owner, int count, String uri) {
    try {
      return quota.take(owner, count);
    } catch (QuotaExceededException e) {
      ObjectNode data = Json.object().put("limit", "maxSubscriptionsPerCaller").put("max", max);
      String message =
          uri != null
              ? "Invalid params: this caller is subscribed to "
                  + e.held()
                  + " URIs, the most maxSubscriptionsPerCaller allows; unsubscribe from one before"
                  + " subscribing to '"
                  + uri
                  + "' (for method resources/subscribe)"
              : "Invalid params: the listen names "
                  + count
                  + " URIs and this caller is subscribed to "
                  + e.held()
                  + " already; at most "
                  + max
                  + " are allowed (maxSubscriptionsPerCaller) (for method subscriptions/listen)";
      if (uri != null) {
        data.put("uri", uri);
      }
      throw new JsonRpcException(ErrorCodes.INVALID_PARAMS, message, data);
    }
  }
}
