package dev.jaxrsmcp.internal.subscribe;

import java.util.List;
import java.util.Map;

/**
 * One subscriber's subscription to one URI, as the hub keeps it: what a watcher of the URI needs
 * when it is (re)started with this subscriber's request.
 *
 * @param template the subscribed resource's template text (finds the watcher)
 * @param variables the template variables the URI bound (empty when the template has no watcher)
 * @param headers the subscribing request's headers (empty when the template has no watcher)
 * @param order when the subscription was made, among all of this hub's (smaller is older)
 */
record Subscription(
    String template, Map<String, String> variables, Map<String, List<String>> headers, long order) {

  Subscription {
    variables = Map.copyOf(variables);
    headers = Map.copyOf(headers);
  }
}
