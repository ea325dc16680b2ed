package dev.jaxrsmcp.internal.template;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Matches the path portion of a URI (everything before its query) against a template's literal and
 * variable parts. Immutable; each {@link #match} has its own state.
 *
 * <p>A variable never covers '/', '?' or '#', so in any match the delimiters of the URI's path are
 * those of the template's literal text, in order ({@link PathLayout}): matching first cuts the URI
 * into segments at its delimiters, and each segment is matched on its own ({@link SegmentMatch}). A
 * variable alone in its segment has exactly one possible value. For a segment holding several
 * variables, a pass from right to left finds, for each variable and position, whether the rest of
 * the segment can still match, and the variables then take the longest values that let the rest
 * match, in order: linear in the length of the segment (times its variables).
 *
 * <p>Segments are not independent when a name is repeated and none of its occurrences is alone in a
 * segment. Matching such templates is hard in general (pattern matching with repeated variables is
 * NP-complete), so they are matched by a depth-first search ({@link PathSearch}) that gives up, and
 * does not match, after {@link PathSearch#MAX_SEARCH_STEPS} steps.
 */
final class PathPattern {
  private final PathLayout layout;

  PathPattern(List<Part> parts, List<String> names) {
    this.layout = new PathLayout(parts, names);
  }

  /**
   * The literal text of the segment that variable part {@code index} is in: the characters that
   * could be taken for the end of its value when matching.
   */
  String segmentLiteralText(int index) {
    return layout.segments().get(layout.segmentOf(index)).literalText();
  }

  /**
   * The decoded path variables (a map of this match's own, which the caller may change), and where
   * the path portion of the URI ends.
   */
  record PathMatch(Map<String, String> values, int end) {}

  /** Matches the path portion of {@code uri}: up to its end, or up to the '?' of its query. */
  Optional<PathMatch> match(String uri) {
    SegmentMatch match = new SegmentMatch(layout, uri);
    if (!match.cutSegments()
        || !match.bindVariablesAloneInTheirSegment()
        || !(layout.searchNeeded()
            ? new PathSearch(layout, match).search()
            : match.matchSegmentsWithSeveralVariables())) {
      return Optional.empty();
    }
    List<String> names = layout.names();
    Map<String, String> values = new HashMap<>();
    for (int name = 0; name < names.size(); name++) {
      values.put(names.get(name), match.value(name));
    }
    return Optional.of(new PathMatch(values, match.pathEnd()));
  }
}
