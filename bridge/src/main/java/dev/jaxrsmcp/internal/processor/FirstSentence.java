package dev.jaxrsmcp.internal.processor;

/**
 * The first sentence of a Javadoc comment, as plain text: block tags dropped, inline tags reduced
 * to their text, HTML tags removed, white space folded.
 */
final class FirstSentence {
  private FirstSentence() {}

  static String of(String docComment) {
    if (docComment == null) {
      return "";
    }
    StringBuilder body = new StringBuilder();
    for (String line : docComment.split("\n", -1)) {
      String trimmed = line.strip();
      if (trimmed.startsWith("@")) {
        break; // block tags end the description
      }
      body.append(trimmed).append(' ');
    }
    String text = inlineTags(body.toString()).replaceAll("<[^>]+>", "");
    text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    text = text.replaceAll("\\s+", " ").strip();
    int end = sentenceEnd(text);
    return end < 0 ? text : text.substring(0, end + 1);
  }

  /** {@code {@code x}} and {@code {@link A#b label}} become {@code x} and {@code label}. */
  private static String inlineTags(String text) {
    StringBuilder out = new StringBuilder();
    int i = 0;
    while (i < text.length()) {
      int open = text.indexOf("{@", i);
      if (open < 0) {
        out.append(text, i, text.length());
        break;
      }
      out.append(text, i, open);
      int depth = 0;
      int close = open;
      for (; close < text.length(); close++) {
        char c = text.charAt(close);
        if (c == '{') {
          depth++;
        } else if (c == '}' && --depth == 0) {
          break;
        }
      }
      String inside = text.substring(open + 2, Math.min(close, text.length()));
      int space = inside.indexOf(' ');
      String tag = space < 0 ? inside : inside.substring(0, space);
      String rest = space < 0 ? "" : inside.substring(space + 1).strip();
      if ((tag.equals("link") || tag.equals("linkplain")) && rest.contains(" ")) {
        rest = rest.substring(rest.indexOf(' ') + 1);
      }
      out.append(rest.replace('#', '.'));
      i = close + 1;
    }
    return out.toString();
  }

  /** Index of the period that ends the first sentence: followed by white space or the end. */
  private static int sentenceEnd(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if ((c == '.' || c == '!' || c == '?')
          && (i + 1 == text.length() || Character.isWhitespace(text.charAt(i + 1)))) {
        return i;
      }
    }
    return -1;
  }
}
