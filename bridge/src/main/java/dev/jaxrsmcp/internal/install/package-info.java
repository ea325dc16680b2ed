/**
 * Installs the endpoint into the application's Jersey model when it starts: the model processor
 * that adds the endpoint's resource and filters, the checks of completers and watchers, and the
 * OAuth protected-resource metadata endpoint and challenge. The top of the HTTP edge: may use the
 * endpoint and every room below it; nothing but the runtime uses it.
 */
package dev.jaxrsmcp.internal.install;
