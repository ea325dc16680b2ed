package dev.jaxrsmcp.internal.template;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * Matches the path portion of a URI (everything before its query) against a template's literal and
 * variable parts. Immutable; each {@link #match} has its own state.
 *
 * <p>A variable never covers '/', '?' or '#', so in any match the delimiters of the URI's path are
 * those of the template's literal text, in order: matching first cuts the URI into segments at its
 * delimiters, and each segment is matched on its own. A variable alone in its segment has exactly
 * one possible value. For a segment holding several variables, a pass from right to left finds, for
 * each variable and position, whether the rest of the segment can still match, and the variables
 * then take the longest values that let the rest match, in order: linear in the length of the
 * segment (times its variables).
 *
 * <p>Segments are not independent when a name is repeated and none of its occurrences is alone in a
 * segment. Matching such templates is hard in general (pattern matching with repeated variables is
 * NP-complete), so they are matched by a depth-first search that gives up, and does not match,
 * after {@link #MAX_SEARCH_STEPS} steps.
 */
final class PathPattern {
  /**
   * How much work (roughly, characters examined) a search may do before the URI is taken not to
   * match.
   */
  static final int MAX_SEARCH_STEPS = 1_000_000;

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
  private record Segment(List<String> fragments, int[] variables) {
    String literalText() {
      return String.join("", fragments);
    }
  }

  PathPattern(List<Part> parts, List<String> names) {
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

  /**
   * The literal text of the segment that variable part {@code index} is in: the characters that
   * could be taken for the end of its value when matching.
   */
  String segmentLiteralText(int index) {
    return segments.get(segmentOfPart[index]).literalText();
  }

  /**
   * The decoded path variables (a map of this match's own, which the caller may change), and where
   * the path portion of the URI ends.
   */
  record PathMatch(Map<String, String> values, int end) {}

  /** Matches the path portion of {@code uri}: up to its end, or up to the '?' of its query. */
  Optional<PathMatch> match(String uri) {
    Match match = new Match(uri);
    if (!match.cutSegments()
        || !match.bindVariablesAloneInTheirSegment()
        || !(searchNeeded ? match.search() : match.matchSegmentsWithSeveralVariables())) {
      return Optional.empty();
    }
    Map<String, String> values = new HashMap<>();
    for (int name = 0; name < names.size(); name++) {
      values.put(names.get(name), match.value(name));
    }
    return Optional.of(new PathMatch(values, match.pathEnd));
  }

  static boolean isDelimiter(char c) {
    return c == '/' || c == '?' || c == '#';
  }

  /** The state of one match: the URI's segments and what the names are bound to. */
  private final class Match {
    private final String uri;
    private int pathEnd;
    private final int[] segmentStarts = new int[segments.size()];
    private final int[] segmentEnds = new int[segments.size()];
    // Known values by name; spans of uri bound to the other names (start -1 when unbound).
    private final String[] knownValues = new String[names.size()];
    private final int[] starts = new int[names.size()];
    private final int[] stops = new int[names.size()];

    Match(String uri) {
      this.uri = uri;
      Arrays.fill(starts, -1);
    }

    /** Finds the segments; false when the URI's delimiters are not the template's. */
    boolean cutSegments() {
      int found = 0;
      pathEnd = uri.length();
      for (int i = 0; i < uri.length(); i++) {
        char c = uri.charAt(i);
        if (!isDelimiter(c)) {
          continue;
        }
        if (found == delimiters.length()) {
          if (c != '?') {
            return false;
          }
          pathEnd = i;
          break;
        }
        if (c != delimiters.charAt(found)) {
          return false;
        }
        segmentEnds[found] = i;
        segmentStarts[++found] = i + 1;
      }
      if (found < delimiters.length()) {
        return false;
      }
      segmentEnds[found] = pathEnd;
      for (int s = 0; s < segments.size(); s++) {
        Segment segment = segments.get(s);
        if (segment.variables().length == 0
            && !uri.substring(segmentStarts[s], segmentEnds[s])
                .equals(segment.fragments().get(0))) {
          return false;
        }
      }
      return true;
    }

    /** Binds each variable alone in its segment; false when one cannot, or two disagree. */
    boolean bindVariablesAloneInTheirSegment() {
      for (int s = 0; s < segments.size(); s++) {
        Segment segment = segments.get(s);
        if (segment.variables().length != 1) {
          continue;
        }
        String before = segment.fragments().get(0);
        String after = segment.fragments().get(1);
        int start = segmentStarts[s] + before.length();
        int stop = segmentEnds[s] - after.length();
        if (stop <= start
            || !uri.startsWith(before, segmentStarts[s])
            || !uri.startsWith(after, stop)) {
          return false;
        }
        Optional<String> value = PercentCodec.decode(uri.substring(start, stop));
        int name = nameOfPart[segment.variables()[0]];
        if (value.isEmpty()
            || (knownValues[name] != null && !knownValues[name].equals(value.get()))) {
          return false;
        }
        knownValues[name] = value.get();
      }
      return true;
    }

    boolean matchSegmentsWithSeveralVariables() {
      for (int s = 0; s < segments.size(); s++) {
        if (segments.get(s).variables().length > 1 && !matchSegment(s)) {
          return false;
        }
      }
      return true;
    }

    /**
     * Matches a segment with several variables (no name repeated unless known). From a position,
     * the prefixes that decode end where successive code points end ({@code next}), so "can the
     * rest match if variable i starts at p" follows from the same answer at the end of p's first
     * code point: one pass from right to left per variable.
     */
    private boolean matchSegment(int s) {
      Segment segment = segments.get(s);
      List<String> fragments = segment.fragments();
      int[] variables = segment.variables();
      int count = variables.length;
      int start = segmentStarts[s];
      int end = segmentEnds[s];
      int length = end - start;
      int tail = end - fragments.get(count).length();
      if (tail <= start
          || !uri.startsWith(fragments.get(0), start)
          || !uri.startsWith(fragments.get(count), tail)) {
        return false;
      }
      int[] next = new int[length];
      for (int p = start; p < end; p++) {
        long decoded = PercentCodec.decodeOne(uri, p, end);
        next[p - start] = decoded < 0 ? -1 : PercentCodec.end(decoded);
      }
      // canMatch.get(i * (length + 1) + offset): variable i at start + offset lets the rest match.
      BitSet canMatch = new BitSet(count * (length + 1));
      for (int i = count - 1; i >= 0; i--) {
        String knownValue = knownValues[nameOfPart[variables[i]]];
        for (int p = end - 1; p >= start; p--) {
          boolean can;
          if (knownValue != null) {
            int stop = PercentCodec.endOfDecoded(uri, p, end, knownValue);
            can = stop >= 0 && restMatches(segment, i, stop, tail, canMatch, start, length);
          } else {
            int q = next[p - start];
            can =
                q >= 0
                    && (restMatches(segment, i, q, tail, canMatch, start, length)
                        || (q < end && canMatch.get(i * (length + 1) + q - start)));
          }
          canMatch.set(i * (length + 1) + p - start, can);
        }
      }
      int p = start + fragments.get(0).length();
      for (int i = 0; i < count; i++) {
        if (!canMatch.get(i * (length + 1) + p - start)) {
          return false;
        }
        int name = nameOfPart[variables[i]];
        int stop;
        if (knownValues[name] != null) {
          stop = PercentCodec.endOfDecoded(uri, p, end, knownValues[name]);
        } else {
          stop = -1;
          for (int q = next[p - start]; q >= 0; q = q < end ? next[q - start] : -1) {
            if (restMatches(segment, i, q, tail, canMatch, start, length)) {
              stop = q;
            }
          }
          starts[name] = p;
          stops[name] = stop;
        }
        p = stop + fragments.get(i + 1).length();
      }
      return true;
    }

    /** Whether, with variable i of the segment ending at {@code stop}, the rest of it matches. */
    private boolean restMatches(
        Segment segment, int i, int stop, int tail, BitSet canMatch, int start, int length) {
      if (i == segment.variables().length - 1) {
        return stop == tail;
      }
      String fragment = segment.fragments().get(i + 1);
      return uri.startsWith(fragment, stop)
          && stop + fragment.length() < start + length
          && canMatch.get((i + 1) * (length + 1) + stop + fragment.length() - start);
    }

    /** The value bound to a name (null when unbound). */
    String value(int name) {
      if (knownValues[name] != null) {
        return knownValues[name];
      }
      return starts[name] < 0 ? null : decode(starts[name], stops[name]);
    }

    private String decode(int start, int stop) {
      return PercentCodec.decode(uri.substring(start, stop)).orElseThrow();
    }

    // The depth-first search, for templates whose repeated names tie segments together.

    private int steps;
    private final BitSet deadEnds = new BitSet();
    private final Set<List<Integer>> liveDeadEnds = new HashSet<>();
    private final PercentCodec.Prefixes[] prefixes = new PercentCodec.Prefixes[parts.size()];

    boolean search() {
      return matchFrom(0, 0) >= 0;
    }

    /**
     * Matches parts from {@code index} at {@code pos}, variables trying their longest values first;
     * the end of the path, or -1. Positions from which the rest cannot match are remembered, keyed
     * also by the spans of the names the rest repeats.
     */
    private int matchFrom(int index, int pos) {
      if (++steps > MAX_SEARCH_STEPS) {
        return -1;
      }
      if (index == parts.size()) {
        return pos == pathEnd ? pos : -1;
      }
      if (parts.get(index) instanceof Part.Literal literal) {
        return uri.startsWith(literal.text(), pos)
            ? matchFrom(index + 1, pos + literal.text().length())
            : -1;
      }
      List<Integer> liveKey = liveKey(index, pos);
      int bit = index * (uri.length() + 1) + pos;
      if (liveKey.isEmpty() ? deadEnds.get(bit) : liveDeadEnds.contains(liveKey)) {
        return -1;
      }
      int end = matchVariable(index, pos);
      if (end < 0 && steps <= MAX_SEARCH_STEPS) {
        if (liveKey.isEmpty()) {
          deadEnds.set(bit);
        } else {
          liveDeadEnds.add(liveKey);
        }
      }
      return end;
    }

    private int matchVariable(int index, int pos) {
      int name = nameOfPart[index];
      int limit = segmentEnds[segmentOfPart[index]];
      String next =
          index + 1 < parts.size() && parts.get(index + 1) instanceof Part.Literal literal
              ? literal.text()
              : null;
      if (starts[name] >= 0) {
        steps += stops[name] - starts[name];
      }
      String bound = value(name);
      if (bound != null) {
        int stop = PercentCodec.endOfDecoded(uri, pos, limit, bound);
        return stop >= 0 && fits(next, stop, limit) ? matchFrom(index + 1, stop) : -1;
      }
      if (prefixes[index] == null) {
        prefixes[index] = new PercentCodec.Prefixes();
      }
      steps += limit - pos;
      PercentCodec.Prefixes ends = PercentCodec.validPrefixes(uri, pos, limit, prefixes[index]);
      for (int k = ends.size() - 1; k >= 0 && steps <= MAX_SEARCH_STEPS; k--) {
        steps++;
        int stop = ends.end(k);
        if (fits(next, stop, limit)) {
          starts[name] = pos;
          stops[name] = stop;
          int end = matchFrom(index + 1, stop);
          if (end >= 0) {
            return end;
          }
          starts[name] = -1;
        }
      }
      return -1;
    }

    /** Whether a variable may end at {@code stop}: before the next literal, or at the limit. */
    private boolean fits(String next, int stop, int limit) {
      return next == null ? stop == limit : uri.startsWith(next, stop);
    }

    /** The dead-end key when live names are bound at {@code index}; empty when there are none. */
    private List<Integer> liveKey(int index, int pos) {
      int[] live = liveNames[index];
      if (live.length == 0) {
        return List.of();
      }
      List<Integer> key = new ArrayList<>(2 + 2 * live.length);
      key.add(index);
      key.add(pos);
      for (int name : live) {
        key.add(starts[name]);
        key.add(stops[name]);
      }
      return key;
    }
  }
}
