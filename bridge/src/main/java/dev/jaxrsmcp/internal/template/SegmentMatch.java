package dev.jaxrsmcp.internal.template;

import dev.jaxrsmcp.internal.template.PathLayout.Segment;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * The state of one match of a URI's path against a {@link PathLayout}: where the URI's segments
 * are, and what each name is bound to. Matches segment by segment: {@link #cutSegments} first, then
 * {@link #bindVariablesAloneInTheirSegment}, then either {@link #matchSegmentsWithSeveralVariables}
 * or, when repeated names tie segments together, a {@link PathSearch} over this state. Used by one
 * thread, for one match.
 */
final class SegmentMatch {
  private final PathLayout layout;
  private final String uri;
  private int pathEnd;
  private final int[] segmentStarts;
  private final int[] segmentEnds;
  // Known values by name; spans of uri bound to the other names (start -1 when unbound), which
  // PathSearch binds and unbinds as it goes.
  private final String[] knownValues;
  final int[] starts;
  final int[] stops;

  SegmentMatch(PathLayout layout, String uri) {
    this.layout = layout;
    this.uri = uri;
    this.segmentStarts = new int[layout.segments().size()];
    this.segmentEnds = new int[layout.segments().size()];
    this.knownValues = new String[layout.names().size()];
    this.starts = new int[layout.names().size()];
    this.stops = new int[layout.names().size()];
    Arrays.fill(starts, -1);
  }

  String uri() {
    return uri;
  }

  /** Where the path portion of the URI ends: its end, or the '?' of its query. */
  int pathEnd() {
    return pathEnd;
  }

  /** Where segment {@code s} of the URI ends (once {@link #cutSegments} found it). */
  int segmentEnd(int s) {
    return segmentEnds[s];
  }

  /** Finds the segments; false when the URI's delimiters are not the template's. */
  boolean cutSegments() {
    String delimiters = layout.delimiters();
    List<Segment> segments = layout.segments();
    int found = 0;
    pathEnd = uri.length();
    for (int i = 0; i < uri.length(); i++) {
      char c = uri.charAt(i);
      if (!PathLayout.isDelimiter(c)) {
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
          && !uri.substring(segmentStarts[s], segmentEnds[s]).equals(segment.fragments().get(0))) {
        return false;
      }
    }
    return true;
  }

  /** Binds each variable alone in its segment; false when one cannot, or two disagree. */
  boolean bindVariablesAloneInTheirSegment() {
    List<Segment> segments = layout.segments();
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
      int name = layout.nameOf(segment.variables()[0]);
      if (value.isEmpty()
          || (knownValues[name] != null && !knownValues[name].equals(value.get()))) {
        return false;
      }
      knownValues[name] = value.get();
    }
    return true;
  }

  boolean matchSegmentsWithSeveralVariables() {
    for (int s = 0; s < layout.segments().size(); s++) {
      if (layout.segments().get(s).variables().length > 1 && !matchSegment(s)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Matches a segment with several variables (no name repeated unless known). From a position, the
   * prefixes that decode end where successive code points end ({@code next}), so "can the rest
   * match if variable i starts at p" follows from the same answer at the end of p's first code
   * point: one pass from right to left per variable.
   */
  private boolean matchSegment(int s) {
    Segment segment = layout.segments().get(s);
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
      String knownValue = knownValues[layout.nameOf(variables[i])];
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
      int name = layout.nameOf(variables[i]);
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
}
