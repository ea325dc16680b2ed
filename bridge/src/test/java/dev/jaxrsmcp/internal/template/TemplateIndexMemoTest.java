package dev.jaxrsmcp.internal.template;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** The index remembers recent matches: a URI found again gets the same answer as the first time. */
class TemplateIndexMemoTest {
  private final TemplateIndex<String> index =
      index("app://widgets/{id}/state", "app://widgets/{id}/history{?unit}", "app://gadgets/{id}");

  @Test
  void uriFoundAgainGetsTheSameTemplateAndVariables() {
    for (int round = 0; round < 3; round++) {
      assertFound("app://widgets/7/state", "app://widgets/{id}/state", Map.of("id", "7"));
      assertFound(
          "app://widgets/7/history?unit=C",
          "app://widgets/{id}/history{?unit}",
          Map.of("id", "7", "unit", "C"));
      assertFound("app://gadgets/7", "app://gadgets/{id}", Map.of("id", "7"));
      assertThat(index.find("app://gizmos/7")).isEmpty();
    }
  }

  @Test
  void moreUrisThanAreRememberedEachKeepTheirOwnVariables() {
    int uris = TemplateIndex.REMEMBERED_URIS * 3;
    for (int round = 0; round < 2; round++) {
      for (int i = 0; i < uris; i++) {
        assertFound(
            "app://widgets/" + i + "/state", "app://widgets/{id}/state", Map.of("id", "" + i));
      }
    }
  }

  @Test
  void urisLongerThanAreRememberedAreMatchedEveryTime() {
    String id = "7".repeat(TemplateIndex.REMEMBERED_LENGTH);
    for (int round = 0; round < 2; round++) {
      assertFound("app://gadgets/" + id, "app://gadgets/{id}", Map.of("id", id));
      assertFound("app://gadgets/" + id + "8", "app://gadgets/{id}", Map.of("id", id + "8"));
    }
  }

  @Test
  void eightThreadsFindingOverlappingUrisEachGetTheirOwnMatch() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      List<Future<Integer>> runs = new ArrayList<>();
      for (int t = 0; t < 8; t++) {
        int thread = t;
        runs.add(
            pool.submit(
                () -> {
                  int checked = 0;
                  for (int i = 0; i < 4 * TemplateIndex.REMEMBERED_URIS; i++) {
                    int id = (i * 7 + thread * 131) % (2 * TemplateIndex.REMEMBERED_URIS);
                    String uri =
                        id % 2 == 0 ? "app://widgets/" + id + "/state" : "app://gadgets/" + id;
                    TemplateIndex.Found<String> found = index.find(uri).orElseThrow();
                    assertThat(found.value())
                        .isEqualTo(id % 2 == 0 ? "app://widgets/{id}/state" : "app://gadgets/{id}");
                    assertThat(found.match().values()).isEqualTo(Map.of("id", "" + id));
                    checked++;
                  }
                  return checked;
                }));
      }
      for (Future<Integer> run : runs) {
        assertThat(run.get()).isEqualTo(4 * TemplateIndex.REMEMBERED_URIS);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private void assertFound(String uri, String template, Map<String, String> values) {
    TemplateIndex.Found<String> found = index.find(uri).orElseThrow();
    assertThat(found.value()).as(uri).isEqualTo(template);
    assertThat(found.template().text()).as(uri).isEqualTo(template);
    assertThat(found.match().values()).as(uri).isEqualTo(values);
  }

  private static TemplateIndex<String> index(String... templates) {
    List<Map.Entry<UriTemplate, String>> entries = new ArrayList<>();
    for (String t : templates) {
      entries.add(Map.entry(UriTemplate.parse(t), t));
    }
    return TemplateIndex.of(entries);
  }
}
