/**
 * What a route's response becomes in a result: text or blob, media type and cache hints ({@code
 * ContentsShape}), status to result or error ({@code ContentsMapper}), the messages built from them
 * ({@code ReadMessage}) and the splices a success is streamed through. May use {@code protocol},
 * the catalogue, tools, template and jsonrpc packages; never methods, eras or Jersey.
 */
package dev.jaxrsmcp.internal.content;
