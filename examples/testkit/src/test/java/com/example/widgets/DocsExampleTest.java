package com.example.widgets;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** docs/testing.md shows WidgetsMcpTest as it is: the example there is this build's test. */
class DocsExampleTest {
  @Test
  void docsTestingShowsThisTestVerbatim() throws Exception {
    String test =
        Files.readString(Path.of("src/test/java/com/example/widgets/WidgetsMcpTest.java"));
    String docs = Files.readString(Path.of("../../docs/testing.md"));
    assertThat(docs)
        .as("docs/testing.md must contain WidgetsMcpTest.java exactly; copy it again")
        .contains("```java\n" + test + "```\n");
  }
}
