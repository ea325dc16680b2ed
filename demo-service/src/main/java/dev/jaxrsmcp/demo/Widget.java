package dev.jaxrsmcp.demo;

/**
 * One widget as the list shows it.
 *
 * @param id the widget's number, as used in {@code /api/widgets/{id}/...} and {@code
 *     app://widgets/{id}/...}
 * @param name a display name
 * @param kind what sort of device it is
 */
public record Widget(long id, String name, String kind) {}
