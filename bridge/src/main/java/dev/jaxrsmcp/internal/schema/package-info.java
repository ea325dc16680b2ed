/**
 * JSON Schemas (2020-12) generated from Java types as Jackson binds them, Jakarta Bean Validation
 * constraints included: a write tool's {@code body} and a tool's {@code outputSchema} (contract
 * section 13). Wraps victools' generator and its Jackson and Jakarta Validation modules; depends on
 * nothing else in the project but {@code jsonrpc} (and never on Jersey).
 */
package dev.jaxrsmcp.internal.schema;
