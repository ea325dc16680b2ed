package dev.jaxrsmcp.internal.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.catalogue.TestEntries;
import dev.jaxrsmcp.internal.template.TemplateMatch;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@link RoutePlans} keeps what a URI's rewrite needs, and a kept plan is only ever used for the
 * entry and match it was made for: the same target and path values on every pass, past the memo's
 * bound, for URIs too long to keep, under several base URIs, and from many threads at once.
 */
class RoutePlansTest {
  private static final URI BASE = URI.create("http://127.0.0.1:8080/");
  private static final URI OTHER_BASE = URI.create("http://localhost:9090/app/");

  private final RoutePlans plans = new RoutePlans();
  private final CatalogueEntry state = entry("app://widgets/{id}/state", "/widgets/{id}/state");
  private final CatalogueEntry history = entry("app://widgets/{id}/state", "/widgets/{id}/history");

  @Test
  void aUriReadAgainKeepsItsPlan() {
    String uri = "app://widgets/a%20b/state";
    RoutePlan first = plans.plan(state, match(state, uri), uri);
    RoutePlan again = plans.plan(state, match(state, uri), uri);
    assertThat(again).isSameAs(first);
    assertThat(first.target()).isEqualTo("widgets/a%20b/state");
    assertThat(first.pathValues()).isEqualTo(Map.of("id", "a b"));
    assertThat(first.requestUri(BASE))
        .isEqualTo(URI.create("http://127.0.0.1:8080/widgets/a%20b/state"));
  }

  @Test
  void aKeptPlanIsNotUsedForAnotherEntryOrMatch() {
    String uri = "app://widgets/7/state";
    RoutePlan forState = plans.plan(state, match(state, uri), uri);
    RoutePlan forHistory = plans.plan(history, match(history, uri), uri);
    assertThat(forHistory.target()).isEqualTo("widgets/7/history");
    assertThat(forState.target()).isEqualTo("widgets/7/state");
    TemplateMatch other = new TemplateMatch(Map.of("id", "8"), Map.of());
    RoutePlan forOtherMatch = plans.plan(history, other, uri);
    assertThat(forOtherMatch.target()).isEqualTo("widgets/8/history");
    assertThat(forOtherMatch.pathValues()).isEqualTo(Map.of("id", "8"));
    assertThat(plans.plan(state, match(state, uri), uri).target()).isEqualTo("widgets/7/state");
  }

  @Test
  void plansStayRightPastTheBoundAndForLongUris() {
    int count = 3 * RoutePlans.REMEMBERED_URIS;
    for (int pass = 0; pass < 2; pass++) {
      for (int i = 0; i < count; i++) {
        String uri = "app://widgets/w" + i + "/state";
        RoutePlan plan = plans.plan(state, match(state, uri), uri);
        assertThat(plan.target()).isEqualTo("widgets/w" + i + "/state");
        assertThat(plan.pathValues()).isEqualTo(Map.of("id", "w" + i));
        assertThat(plans.size()).isLessThanOrEqualTo(RoutePlans.REMEMBERED_URIS);
      }
    }
    String id = "x".repeat(RoutePlans.REMEMBERED_LENGTH);
    String longUri = "app://widgets/" + id + "/state";
    plans.plan(state, match(state, "app://widgets/1/state"), "app://widgets/1/state");
    int before = plans.size();
    RoutePlan plan = plans.plan(state, match(state, longUri), longUri);
    assertThat(plan.target()).isEqualTo("widgets/" + id + "/state");
    assertThat(plans.plan(state, match(state, longUri), longUri)).isNotSameAs(plan);
    assertThat(plans.size()).as("a URI past the length limit is not kept").isEqualTo(before);
  }

  @Test
  void theRequestUriFollowsTheBaseItIsAskedWith() {
    String uri = "app://widgets/9/state";
    RoutePlan plan = plans.plan(state, match(state, uri), uri);
    for (int i = 0; i < 3; i++) {
      assertThat(plan.requestUri(BASE))
          .isEqualTo(URI.create("http://127.0.0.1:8080/widgets/9/state"));
      assertThat(plan.requestUri(OTHER_BASE))
          .isEqualTo(URI.create("http://localhost:9090/app/widgets/9/state"));
    }
    URI longBase = URI.create("http://h/" + "p/".repeat(RoutePlan.REMEMBERED_BASE_LENGTH));
    assertThat(plan.requestUri(longBase)).isEqualTo(URI.create(longBase + "widgets/9/state"));
    assertThat(plan.requestUri(BASE))
        .isEqualTo(URI.create("http://127.0.0.1:8080/widgets/9/state"));
  }

  @Test
  void manyThreadsGetTheirOwnPlans() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Integer>> done = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int thread = t;
        done.add(
            pool.submit(
                () -> {
                  int checked = 0;
                  for (int i = 0; i < 4000; i++) {
                    int n = (i * 7 + thread) % 1500; // overlapping URIs, past the bound
                    String uri = "app://widgets/" + n + "/state";
                    CatalogueEntry entry = (i + thread) % 2 == 0 ? state : history;
                    RoutePlan plan = plans.plan(entry, match(entry, uri), uri);
                    String route = entry == state ? "/state" : "/history";
                    assertThat(plan.target()).isEqualTo("widgets/" + n + route);
                    assertThat(plan.pathValues()).isEqualTo(Map.of("id", Integer.toString(n)));
                    URI base = i % 3 == 0 ? OTHER_BASE : BASE;
                    assertThat(plan.requestUri(base))
                        .isEqualTo(base.resolve("widgets/" + n + route));
                    checked++;
                  }
                  return checked;
                }));
      }
      for (Future<Integer> f : done) {
        assertThat(f.get(60, TimeUnit.SECONDS)).isEqualTo(4000);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static TemplateMatch match(CatalogueEntry entry, String uri) {
    return entry.template().match(uri).orElseThrow();
  }

  private static CatalogueEntry entry(String template, String routePath) {
    return TestEntries.entry(template, routePath, List.of());
  }
}
