package dev.jaxrsmcp.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The annotation processor's {@code @McpPrompt} checks: what the compiler can see fails there. */
class PromptProcessorTest {
  private static final String IMPORTS =
      "package fx;\n" + "import dev.jaxrsmcp.McpPrompt;\n" + "import jakarta.ws.rs.*;\n";

  @Test
  void aPromptOnAPostAndTwoPromptsOfOneNameAreCompilerErrors() throws Exception {
    Javac.Result result =
        Javac.compile(
            Map.of(
                "fx.Asks",
                IMPORTS
                    + "@Path(\"/asks\") public class Asks {\n"
                    + "  @POST @McpPrompt public String post() { return \"\"; }\n"
                    + "  @GET @Path(\"/a\") @McpPrompt(name = \"same\") public String a() {"
                    + " return \"\"; }\n"
                    + "  @GET @Path(\"/b\") @McpPrompt(name = \"same\") public String b() {"
                    + " return \"\"; }\n"
                    + "  @GET @Path(\"/c\") @McpPrompt public String fine() { return \"\"; }\n"
                    + "}\n"));
    assertThat(result.errors())
        .containsExactly(
            "@McpPrompt requires a @GET resource method (found @POST)\n    for method Asks.post",
            "two methods have the same prompt name (found 'same', also on Asks.a)\n"
                + "    for method Asks.b");
  }
}
