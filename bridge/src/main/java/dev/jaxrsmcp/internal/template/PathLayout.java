package dev.jaxrsmcp.internal.template;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The path portion of a template as matching sees it: the delimiters ('/', '?', '#') of its literal
 * text, in order; the segments between them, each literal fragments around its variables; and, per
 * part, its name and segment. Worked out once per template; immutable.
 *
 * <p>It also tells {@link PathPattern} how a URI must be matched: names with an occurrence alone in
 * its segment are known from that segment alone, and when some repeated name is not, segments are
 * tied together and {@link PathSearch} is {@linkplain #searchNeeded() needed}.
 */
final class PathLayout {
  private final List<Part> parts;
  private final List<String> names;
  // Delimiter characters of the literal text, in order; the segments they separate.
  private final String delimiters;
  private final List<Segment> segments;
  // Per part: the index of its name in names (-1 for a literal) and the segment of a variable.
  private final int[] nameOfPart;
  private final int[] segmentOfPart;
  // Names with an occurrence alone in its segment: their value is known before anything else.
  private final boolean[] known;
  // Whether some repeated name is not known (then matching needs the search), and, per part, the
  // unknown names bound before it that occur again at or after it: besides the position, all that
  // the rest of the search depends on.
  private final boolean searchNeeded;
  private final int[][] liveNames;

  /** One segment: literal fragments around its variables' part indices (one more fragment). */
  record Segment(List<String> fragments, int[] variables) {
    String literalText() {
      return String.join("", fragments);
    }
  }

  PathLayout(List<Part> parts, List<String> names) {
    this.parts = List.copyOf(parts);
    this.names = List.copyOf(names);
    this.nameOfPart = new int[parts.size()];
    this.segmentOfPart = new int[parts.size()];
    this.known = new boolean[names.size()];

    StringBuilder delimiters = new StringBuilder();
    List<Segment> segments = new ArrayList<>();
    List<String> fragments = new ArrayList<>();
    List<Integer> variables = new ArrayList<>();
    StringBuilder fragment = new StringBuilder();
    for (int i = 0; i < parts.size(); i++) {
      if (parts.get(i) instanceof Part.Literal literal) {
        nameOfPart[i] = -1;
        for (char c : literal.text().toCharArray()) {
          if (isDelimiter(c)) {
            fragments.add(fragment.toString());
            segments.add(segment(fragments, variables));
            fragments = new ArrayList<>();
            variables = new ArrayList<>();
            fragment.setLength(0);
            delimiters.append(c);
          } else {
            fragment.append(c);
          }
        }
      } else {
        nameOfPart[i] = names.indexOf(((Part.Variable) parts.get(i)).name());
        segmentOfPart[i] = segments.size();
        fragments.add(fragment.toString());
        fragment.setLength(0);
        variables.add(i);
      }
    }
    fragments.add(fragment.toString());
    segments.add(segment(fragments, variables));
    this.delimiters = delimiters.toString();
    this.segments = List.copyOf(segments);

    int[] occurrences = new int[names.size()];
    int[] first = new int[names.size()];
    int[] last = new int[names.size()];
    for (int i = parts.size() - 1; i >= 0; i--) {
      int name = nameOfPart[i];
      if (name >= 0) {
        occurrences[name]++;
        first[name] = i;
        last[name] = Math.max(last[name], i);
        if (segments.get(segmentOfPart[i]).variables().length == 1) {
          known[name] = true;
        }
      }
    }
    boolean searchNeeded = false;
    for (int name = 0; name < names.size(); name++) {
      searchNeeded |= occurrences[name] > 1 && !known[name];
    }
    this.searchNeeded = searchNeeded;
    this.liveNames = new int[parts.size()][];
    for (int i = 0; i < parts.size(); i++) {
      int index = i;
      liveNames[i] =
          IntStream.range(0, names.size())
              .filter(name -> !known[name] && first[name] < index && last[name] >= index)
              .toArray();
    }
  }

  private static Segment segment(List<String> fragments, List<Integer> variables) {
    return new Segment(
        List.copyOf(fragments), variables.stream().mapToInt(Integer::intValue).toArray());
  }

  static boolean isDelimiter(char c) {
    return c == '/' || c == '?' || c == '#';
  }

  /** The literal and variable parts, in template order. */
  List<Part> parts() {
    return parts;
  }

  /** The distinct path variable names; a name's index is how the matchers refer to it. */
  List<String> names() {
    return names;
  }

  /** The delimiter characters of the literal text, in order. */
  String delimiters() {
    return delimiters;
  }

  /** The segments between the delimiters: always one more than there are delimiters. */
  List<Segment> segments() {
    return segments;
  }

  /** The index in {@link #names()} of part {@code index}'s name; -1 for a literal. */
  int nameOf(int index) {
    return nameOfPart[index];
  }

  /** The segment variable part {@code index} is in. */
  int segmentOf(int index) {
    return segmentOfPart[index];
  }

  /** Whether some repeated name is not known: then only the search can match. */
  boolean searchNeeded() {
    return searchNeeded;
  }

  /**
   * The unknown names bound before part {@code index} that occur again at or after it (a copy is
   * not made: the caller only reads it).
   */
  int[] liveNames(int index) {
    return liveNames[index];
  }
}
