/**
 * A tool's parameters as its route declares them: each JAX-RS path, query and header parameter with
 * its Java type read as a JSON Schema type ({@link dev.jaxrsmcp.internal.parameters.ArgumentType}),
 * for input schemas and for checking a call's arguments. Uses only the JSON of the project; {@code
 * tools} builds tools from it.
 */
package dev.jaxrsmcp.internal.parameters;
