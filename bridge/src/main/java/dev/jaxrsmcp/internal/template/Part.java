package dev.jaxrsmcp.internal.template;

/** One piece of a parsed template: literal text or a path variable. */
sealed interface Part permits Part.Literal, Part.Variable {

  /** Text matched character for character; never interpreted as a pattern. */
  record Literal(String text) implements Part {}

  /** A path variable: one or more characters within a single path segment. */
  record Variable(String name) implements Part {}
}
