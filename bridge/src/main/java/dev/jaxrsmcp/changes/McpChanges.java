package dev.jaxrsmcp.changes;

/**
 * Tells MCP subscribers that something changed. Get it from {@link
 * dev.jaxrsmcp.McpFeature#changes()} (for background jobs) or inject it into resource classes:
 *
 * <pre>{@code
 * @PUT
 * @Path("/{id}/state/{key}")
 * public void put(@PathParam("id") long id, @PathParam("key") String key, String json,
 *                 @Context McpChanges changes) {
 *   store.put(id, key, json);
 *   changes.changed("app://widgets/" + id + "/state");
 * }
 * }</pre>
 *
 * <p>Notifications are debounced per subscriber and URI (at most one per window, always one after
 * the last change). Thread-safe; never blocks on the network.
 */
public interface McpChanges {

  /**
   * Reports that the resource at {@code uri} changed.
   *
   * @return how many subscriptions on this instance will be told (subscribers on other instances
   *     are reached through the change bus and not counted)
   */
  int changed(String uri);

  /**
   * Reports that the list of resources changed.
   *
   * @return how many listeners on this instance will be told
   */
  int listChanged();
}
