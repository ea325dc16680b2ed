package dev.jaxrsmcp.internal.template;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The depth-first search that matches a URI's path when repeated names tie segments together (no
 * occurrence of the name is alone in a segment). Matching such templates is hard in general
 * (pattern matching with repeated variables is NP-complete), so the search gives up, and does not
 * match, after {@link #MAX_SEARCH_STEPS} steps. Works on one {@link SegmentMatch}, whose segments
 * are cut and whose variables alone in their segment are bound; used by one thread, once.
 */
final class PathSearch {
  /**
   * How much work (roughly, characters examined) a search may do before the URI is taken not to
   * match.
   */
  static final int MAX_SEARCH_STEPS = 1_000_000;

  private final PathLayout layout;
  private final SegmentMatch match;
  private final String uri;
  private final List<Part> parts;
  private final int[] starts;
  private final int[] stops;
  private int steps;
  private final BitSet deadEnds = new BitSet();
  private final Set<List<Integer>> liveDeadEnds = new HashSet<>();
  private final PercentCodec.Prefixes[] prefixes;

  PathSearch(PathLayout layout, SegmentMatch match) {
    this.layout = layout;
    this.match = match;
    this.uri = match.uri();
    this.parts = layout.parts();
    this.starts = match.starts;
    this.stops = match.stops;
    this.prefixes = new PercentCodec.Prefixes[parts.size()];
  }

  /** Whether the path matches; the names it binds are then bound in the match. */
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
      return pos == match.pathEnd() ? pos : -1;
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
    int name = layout.nameOf(index);
    int limit = match.segmentEnd(layout.segmentOf(index));
    String next =
        index + 1 < parts.size() && parts.get(index + 1) instanceof Part.Literal literal
            ? literal.text()
            : null;
    if (starts[name] >= 0) {
      steps += stops[name] - starts[name];
    }
    String bound = match.value(name);
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
    int[] live = layout.liveNames(index);
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
