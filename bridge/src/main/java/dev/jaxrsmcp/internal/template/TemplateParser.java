package dev.jaxrsmcp.internal.template;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Parses the RFC 6570 subset of contract section 4: literal text, {@code {name}} path variables and
 * one optional trailing {@code {?a,b}} query expression. Literal text is kept as text; nothing here
 * builds a regular expression.
 */
final class TemplateParser {
  static final int MAX_LENGTH = 4096;

  private TemplateParser() {}

  static UriTemplate parse(String text) {
    if (text.isEmpty()) {
      throw new TemplateSyntaxException("template must not be empty", text);
    }
    if (text.length() > MAX_LENGTH) {
      throw new TemplateSyntaxException(
          "template must be at most " + MAX_LENGTH + " characters", text);
    }
    if (!hasScheme(text)) {
      throw new TemplateSyntaxException("template must start with 'scheme://'", text);
    }
    List<Part> parts = new ArrayList<>();
    Set<String> queryNames = new LinkedHashSet<>();
    StringBuilder literal = new StringBuilder();
    int i = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '}') {
        throw new TemplateSyntaxException("'}' without a matching '{' at index " + i, text);
      }
      if (c != '{') {
        literal.append(c);
        i++;
        continue;
      }
      int close = text.indexOf('}', i + 1);
      if (close < 0) {
        throw new TemplateSyntaxException("'{' at index " + i + " is never closed", text);
      }
      String expression = text.substring(i + 1, close);
      if (expression.indexOf('{') >= 0) {
        throw new TemplateSyntaxException("'{' at index " + i + " is never closed", text);
      }
      if (expression.startsWith("?")) {
        if (close != text.length() - 1) {
          throw new TemplateSyntaxException(
              "the query expression '{?...}' must end the template", text);
        }
        for (String name : expression.substring(1).split(",", -1)) {
          checkModifier(name, text);
          checkName(name, text);
          if (!queryNames.add(name)) {
            throw new TemplateSyntaxException(
                "query variable '" + name + "' is listed twice", text);
          }
        }
      } else {
        checkOperator(expression, text);
        checkModifier(expression, text);
        checkName(expression, text);
        if (literal.length() == 0 && !parts.isEmpty() && last(parts) instanceof Part.Variable v) {
          throw new TemplateSyntaxException(
              "variables '"
                  + v.name()
                  + "' and '"
                  + expression
                  + "' are adjacent; put literal text between them",
              text);
        }
        if (literal.length() > 0) {
          parts.add(new Part.Literal(literal.toString()));
          literal.setLength(0);
        }
        parts.add(new Part.Variable(expression));
      }
      i = close + 1;
    }
    if (literal.length() > 0) {
      parts.add(new Part.Literal(literal.toString()));
    }
    for (Part part : parts) {
      if (part instanceof Part.Variable v && queryNames.contains(v.name())) {
        throw new TemplateSyntaxException(
            "variable '" + v.name() + "' is both a path and a query variable", text);
      }
    }
    return new UriTemplate(text, parts, List.copyOf(queryNames));
  }

  private static Part last(List<Part> parts) {
    return parts.get(parts.size() - 1);
  }

  private static boolean hasScheme(String text) {
    int colon = text.indexOf("://");
    if (colon <= 0) {
      return false;
    }
    if (!isAsciiLetter(text.charAt(0))) {
      return false;
    }
    for (int i = 1; i < colon; i++) {
      char c = text.charAt(i);
      if (!(isAsciiLetter(c) || (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.')) {
        return false;
      }
    }
    return true;
  }

  private static void checkOperator(String expression, String text) {
    if (!expression.isEmpty() && "+#./;&=,!@|".indexOf(expression.charAt(0)) >= 0) {
      throw new TemplateSyntaxException(
          "operator '"
              + expression.charAt(0)
              + "' is not supported; use {name} or a trailing {?a,b}",
          text);
    }
  }

  /** Rejects the RFC 6570 prefix ({@code {id:3}}) and explode ({@code {path*}}) modifiers. */
  private static void checkModifier(String name, String text) {
    int colon = name.indexOf(':');
    int cut = colon >= 0 ? colon : name.endsWith("*") ? name.length() - 1 : -1;
    if (cut > 0 && isName(name.substring(0, cut))) {
      String base = name.substring(0, cut);
      throw new TemplateSyntaxException(
          "modifier '"
              + name.substring(cut)
              + "' of variable '"
              + base
              + "' is not supported; use {"
              + base
              + "}",
          text);
    }
  }

  private static void checkName(String name, String text) {
    if (name.isEmpty()) {
      throw new TemplateSyntaxException("variable name must not be empty", text);
    }
    if (!isName(name)) {
      throw new TemplateSyntaxException(
          "variable name '"
              + name
              + "' may only use letters, digits, '_' (and '-' or '.' after the first character)",
          text);
    }
  }

  private static boolean isName(String name) {
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean ok =
          isAsciiLetter(c)
              || (c >= '0' && c <= '9')
              || c == '_'
              || (i > 0 && (c == '-' || c == '.'));
      if (!ok) {
        return false;
      }
    }
    return !name.isEmpty();
  }

  private static boolean isAsciiLetter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }
}
