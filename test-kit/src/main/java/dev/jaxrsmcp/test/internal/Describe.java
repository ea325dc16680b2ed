package dev.jaxrsmcp.test.internal;

/** Text for failure messages: what came back, shortened so that a message stays readable. */
public final class Describe {
  /** Bodies longer than this are cut in failure messages. */
  public static final int MAX_BODY = 2_000;

  private Describe() {}

  /** {@code text}, cut to {@link #MAX_BODY} characters with a note of how much was left out. */
  public static String shorten(String text) {
    if (text.length() <= MAX_BODY) {
      return text;
    }
    return text.substring(0, MAX_BODY) + "… (" + (text.length() - MAX_BODY) + " more characters)";
  }
}
