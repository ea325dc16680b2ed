package dev.jaxrsmcp.internal.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.template.TemplateMatch;
import java.util.List;

/**
 * What a {@code subscriptions/listen} request will get: the URIs the server agreed to watch for
 * this caller, and whether list changes are sent.
 *
 * @param subscriptionId the listen request's id, tagged on every message of the stream
 * @param uris the honoured resource subscriptions
 * @param resourcesListChanged whether {@code notifications/resources/list_changed} is sent
 * @param acknowledged the honoured filter, as sent in the acknowledgement
 */
public record ListenPlan(
    JsonNode subscriptionId,
    List<Watched> uris,
    boolean resourcesListChanged,
    ObjectNode acknowledged) {

  public ListenPlan {
    uris = List.copyOf(uris);
  }

  /** True when there is nothing to send on the stream: it ends right after the acknowledgement. */
  public boolean isEmpty() {
    return uris.isEmpty() && !resourcesListChanged;
  }

  /** One honoured URI and the subscribable resource it belongs to. */
  public record Watched(String uri, CatalogueEntry entry, TemplateMatch match) {}
}
