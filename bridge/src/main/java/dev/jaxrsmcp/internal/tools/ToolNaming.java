package dev.jaxrsmcp.internal.tools;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The rule that names the tools of a server, used at start-up ({@link Tools}) and by the annotation
 * processor on what one compilation sees. A resource whose annotation sets {@code name} gives its
 * tool that name. Every other tool is named after its method; when that name is not unique (another
 * tool would have it too, or a {@code name} set elsewhere is the same), every tool that would have
 * it is named {@code <Class>_<method>} instead (the simple class name); when that is not unique
 * either (overloads, or classes of the same simple name), the name is derived from the URI template
 * without its scheme ({@code app://widgets/{id}/state} gives {@code widgets_id_state}). Each name
 * is then made to fit (see {@link ToolName}). Two tools that still have the same name (two equal
 * {@code name}s, say) are a clash: the later one is reported, naming the earlier one.
 */
public final class ToolNaming {
  private ToolNaming() {}

  /**
   * One tool to name.
   *
   * @param explicitName the annotation's {@code name}; empty when it sets none
   * @param className the simple name of the method's class
   * @param methodName the method's name
   * @param template the resource's URI or URI template
   */
  public record Candidate(
      String explicitName, String className, String methodName, String template) {}

  /**
   * A clash: two tools with the same name.
   *
   * @param later the index of the later tool, which is reported
   * @param earlier the index of the tool that has the name
   * @param name the name both would have
   */
  public record Clash(int later, int earlier, String name) {}

  /**
   * The names of {@code candidates} (in their order), and the clashes.
   *
   * @param names each candidate's tool name, by index
   * @param clashes the tools that could not get a name of their own
   */
  public record Result(List<String> names, List<Clash> clashes) {}

  public static Result name(List<Candidate> candidates) {
    int n = candidates.size();
    String[] names = new String[n];
    Map<String, Integer> taken = new HashMap<>();
    List<Clash> clashes = new ArrayList<>();
    List<Integer> open = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Candidate c = candidates.get(i);
      if (c.explicitName().isEmpty()) {
        open.add(i);
        continue;
      }
      names[i] = ToolName.of(c.explicitName());
      Integer holder = taken.putIfAbsent(names[i], i);
      if (holder != null) {
        clashes.add(new Clash(i, holder, names[i]));
      }
    }
    List<Function<Candidate, String>> levels =
        List.of(
            c -> ToolName.of(c.methodName()),
            c -> ToolName.of(c.className() + "_" + c.methodName()),
            c -> ToolName.of(withoutScheme(c.template())));
    for (Function<Candidate, String> level : levels) {
      Map<String, List<Integer>> wanted = new LinkedHashMap<>();
      for (int i : open) {
        wanted.computeIfAbsent(level.apply(candidates.get(i)), k -> new ArrayList<>()).add(i);
      }
      List<Integer> still = new ArrayList<>();
      for (int i : open) {
        String name = level.apply(candidates.get(i));
        if (wanted.get(name).size() == 1 && !taken.containsKey(name)) {
          names[i] = name;
          taken.put(name, i);
        } else {
          still.add(i);
        }
      }
      open = still;
    }
    Function<Candidate, String> last = levels.get(levels.size() - 1);
    for (int i : open) {
      names[i] = last.apply(candidates.get(i));
      Integer holder = taken.putIfAbsent(names[i], i);
      if (holder != null) {
        clashes.add(new Clash(i, holder, names[i]));
      }
    }
    clashes.sort((a, b) -> Integer.compare(a.later(), b.later()));
    return new Result(List.of(names), List.copyOf(clashes));
  }

  /**
   * The message of a clash, as start-up and the annotation processor report it.
   *
   * @param name the name both tools would have
   * @param resourceName the reported tool's resource name
   * @param method the reported tool's method ({@code Widgets.state})
   * @param otherResourceName the other tool's resource name
   * @param other the other tool's method
   */
  public static String clashMessage(
      String name, String resourceName, String method, String otherResourceName, String other) {
    return "two tools have the same name '"
        + name
        + "' (found resource name '"
        + resourceName
        + "'; the other is the tool of "
        + other
        + ", resource name '"
        + otherResourceName
        + "'); give one resource another name or set tool = false"
        + "\n    for method "
        + method;
  }

  private static String withoutScheme(String template) {
    int at = template.indexOf("://");
    return at < 0 ? template : template.substring(at + 3);
  }
}
