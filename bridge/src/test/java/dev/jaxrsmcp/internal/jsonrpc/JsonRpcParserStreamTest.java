package dev.jaxrsmcp.internal.jsonrpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonRpcParser} reads a well-formed message as a stream and anything else as a tree: for
 * every body, the stream either declines or gives exactly the tree's message, it never declines a
 * well-formed message, and every body the tree refuses is refused with the tree's error.
 */
class JsonRpcParserStreamTest {
  private static final int MAX_DEPTH = 8;
  private static final String READ =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"resources/read\",\"params\":{\"uri\":"
          + "\"app://widgets/1/state\",\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":"
          + "\"2026-07-28\",\"io.modelcontextprotocol/clientCapabilities\":{}}}}";

  private final JsonRpcParser parser = new JsonRpcParser(MAX_DEPTH);

  @Test
  void wellFormedMessagesAreStreamedAsTheTreeReadsThem() {
    List<String> bodies =
        List.of(
            READ,
            "{\"jsonrpc\":\"2.0\",\"id\":\"abc\",\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":\"\",\"method\":\"ping\",\"params\":{}}",
            "{\"method\":\"ping\",\"id\":-5,\"jsonrpc\":\"2.0\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":12345678901234567890123,\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":9007199254740993,\"method\":\"ping\"}",
            "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
            "  \n{ \"jsonrpc\" : \"2.0\" , \"id\" : 0 , \"method\" : \"a\" }\n\t ",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"r\\u00e9ad\\n\",\"params\":{\"x\":[1,2,{\"y\":null}]}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"extra\":{\"a\":[true,false]},\"more\":null}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"_meta\":{}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"a\":\"\\ud83d\\ude00\"}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"a\":{\"b\":{\"c\":{\"d\":1}}}}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"n\":[1.5,-2e10,0.1,-0.0,"
                + "12345678901234567890123,9007199254740993,-2147483649,2147483647,1E400],"
                + "\"o\":{\"\":\"\",\"t\":true,\"f\":false,\"z\":null,\"e\":[],\"m\":{}}}}");
    for (String body : bodies) {
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      JsonRpcRequest tree = parser.tree(bytes);
      assertThat(parser.stream(bytes)).as(body).contains(tree);
      assertThat(parser.parse(bytes)).as(body).isEqualTo(tree);
    }
  }

  @Test
  void everyBodyTheTreeRefusesIsRefusedWithItsError() {
    List<String> bodies =
        List.of(
            "",
            "   ",
            "null",
            "1",
            "\"text\"",
            "[" + READ + "]",
            "[]",
            READ + " x",
            READ + READ,
            READ + "]",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"id\":2,\"method\":\"m\"}",
            "{\"jsonrpc\":\"2.0\",\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"method\":\"n\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{},\"params\":{}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"x\":1,\"x\":2}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"a\":1,\"a\":2}}",
            "{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"m\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"m\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"m\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"m\"}",
            "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"m\"}",
            "{\"jsonrpc\":2.0,\"id\":1,\"method\":\"m\"}",
            "{\"id\":1,\"method\":\"m\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":5}",
            "{\"jsonrpc\":\"2.0\",\"id\":1}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":[]}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":null}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"_meta\":5}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":{\"_meta\":[]}}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"params\":" + nested(MAX_DEPTH) + "}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",\"x\":" + nested(MAX_DEPTH) + "}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\"",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\",}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":'m'}",
            "{\"jsonrpc\":\"2.0\",\"id\":01,\"method\":\"m\"}",
            "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"m\\x\"}");
    for (String body : bodies) {
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      JsonRpcParser.IdentifiedException fromTree =
          catchThrowableOfType(JsonRpcParser.IdentifiedException.class, () -> parser.tree(bytes));
      assertThat(fromTree).as("the tree refuses %s", body).isNotNull();
      assertThat(parser.stream(bytes)).as(body).isEmpty();
      assertSameRefusal(body, bytes, fromTree);
    }
  }

  /**
   * Bodies a few bytes away from a real message: the stream takes exactly those the tree takes, as
   * the tree reads them.
   */
  @Test
  void mutatedMessagesGiveTheTreesAnswer() {
    Random random = new Random(20261202);
    String[] pieces = {"\"", ",", ":", "{", "}", "[", "]", " ", "\\", "0", "\"id\":2,", "x", ""};
    int streamed = 0;
    int refused = 0;
    for (int i = 0; i < 20_000; i++) {
      StringBuilder body = new StringBuilder(READ);
      int edits = 1 + random.nextInt(3);
      for (int e = 0; e < edits; e++) {
        int at = random.nextInt(body.length() + 1);
        if (random.nextBoolean() && at < body.length()) {
          body.deleteCharAt(at);
        } else {
          body.insert(at, pieces[random.nextInt(pieces.length)]);
        }
      }
      byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
      JsonRpcRequest tree;
      try {
        tree = parser.tree(bytes);
      } catch (JsonRpcParser.IdentifiedException fromTree) {
        assertThat(parser.stream(bytes)).as(body.toString()).isEmpty();
        assertSameRefusal(body.toString(), bytes, fromTree);
        refused++;
        continue;
      }
      assertThat(parser.stream(bytes)).as(body.toString()).contains(tree);
      assertThat(parser.parse(bytes)).as(body.toString()).isEqualTo(tree);
      streamed++;
    }
    assertThat(streamed).as("mutations that stay well-formed are streamed").isGreaterThan(100);
    assertThat(refused).as("mutations that break the message are refused").isGreaterThan(1000);
  }

  private void assertSameRefusal(
      String body, byte[] bytes, JsonRpcParser.IdentifiedException fromTree) {
    JsonRpcParser.IdentifiedException fromParse =
        catchThrowableOfType(JsonRpcParser.IdentifiedException.class, () -> parser.parse(bytes));
    assertThat(fromParse).as(body).isNotNull();
    assertThat(fromParse.id()).as(body).isEqualTo(fromTree.id());
    assertThat(fromParse.error().code()).as(body).isEqualTo(fromTree.error().code());
    assertThat(fromParse.getMessage()).as(body).isEqualTo(fromTree.getMessage());
  }

  private static String nested(int depth) {
    List<String> open = new ArrayList<>();
    for (int i = 0; i < depth; i++) {
      open.add("{\"a\":");
    }
    return String.join("", open) + "1" + "}".repeat(depth);
  }
}
