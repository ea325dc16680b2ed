package dev.jaxrsmcp.internal.template;

/**
 * A URI template that breaks a rule of the template syntax. The message names the rule and the
 * template text; callers add the place (for example the annotated method) around it.
 */
public final class TemplateSyntaxException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String rule;
  private final String template;

  TemplateSyntaxException(String rule, String template) {
    super(rule + " (found '" + template + "')");
    this.rule = rule;
    this.template = template;
  }

  /** The rule that was broken, without the template text. */
  public String rule() {
    return rule;
  }

  /** The template text as written. */
  public String template() {
    return template;
  }
}
