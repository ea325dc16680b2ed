package dev.jaxrsmcp.internal.parameters;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The JSON type of one tool argument (a single value; see {@link ToolParameter#repeated()} for
 * lists): what its input schema says, and how a JSON value becomes the text of a URI variable.
 */
public sealed interface ArgumentType {
  JsonNodeFactory NODES = JsonNodeFactory.instance;

  /** The JSON Schema of one value. */
  ObjectNode schema();

  /** The URI variable's text for a value of this type; empty when the value does not fit. */
  Optional<String> text(JsonNode value);

  /** What a fitting value is, for error messages: {@code an integer from 0 to 255}. */
  String expected();

  /** A {@code @DefaultValue} text as a JSON value of this type; empty when it does not fit. */
  Optional<JsonNode> defaultValue(String text);

  /** {@code integer}, with the Java type's range when it has one. */
  record IntegerType(Optional<BigInteger> min, Optional<BigInteger> max) implements ArgumentType {
    static IntegerType between(long min, long max) {
      return new IntegerType(
          Optional.of(BigInteger.valueOf(min)), Optional.of(BigInteger.valueOf(max)));
    }

    static IntegerType unbounded() {
      return new IntegerType(Optional.empty(), Optional.empty());
    }

    @Override
    public ObjectNode schema() {
      ObjectNode schema = Json.object().put("type", "integer");
      min.ifPresent(m -> schema.put("minimum", m));
      max.ifPresent(m -> schema.put("maximum", m));
      return schema;
    }

    @Override
    public Optional<String> text(JsonNode value) {
      return integer(value).filter(this::inRange).map(BigInteger::toString);
    }

    @Override
    public String expected() {
      if (min.isPresent() && max.isPresent()) {
        return "an integer from " + min.get() + " to " + max.get();
      }
      return "an integer";
    }

    @Override
    public Optional<JsonNode> defaultValue(String text) {
      try {
        BigInteger n = new BigInteger(text.trim());
        return inRange(n) ? Optional.of(NODES.numberNode(n)) : Optional.empty();
      } catch (NumberFormatException e) {
        return Optional.empty();
      }
    }

    private boolean inRange(BigInteger n) {
      return min.map(m -> n.compareTo(m) >= 0).orElse(true)
          && max.map(m -> n.compareTo(m) <= 0).orElse(true);
    }

    /** JSON Schema counts 42.0 as an integer too. */
    private static Optional<BigInteger> integer(JsonNode value) {
      if (!value.isNumber() || !isFinite(value)) {
        return Optional.empty();
      }
      if (value.isIntegralNumber()) {
        return Optional.of(value.bigIntegerValue());
      }
      try {
        return Optional.of(value.decimalValue().toBigIntegerExact());
      } catch (ArithmeticException e) {
        return Optional.empty();
      }
    }
  }

  /** {@code number}. */
  record NumberType() implements ArgumentType {
    @Override
    public ObjectNode schema() {
      return Json.object().put("type", "number");
    }

    @Override
    public Optional<String> text(JsonNode value) {
      if (!value.isNumber() || !isFinite(value)) {
        return Optional.empty();
      }
      return Optional.of(
          value.isIntegralNumber()
              ? value.bigIntegerValue().toString()
              : value.numberValue().toString());
    }

    @Override
    public String expected() {
      return "a number";
    }

    @Override
    public Optional<JsonNode> defaultValue(String text) {
      try {
        return Optional.of(NODES.numberNode(new BigDecimal(text.trim())));
      } catch (NumberFormatException e) {
        return Optional.empty();
      }
    }
  }

  /** {@code boolean}. */
  record BooleanType() implements ArgumentType {
    @Override
    public ObjectNode schema() {
      return Json.object().put("type", "boolean");
    }

    @Override
    public Optional<String> text(JsonNode value) {
      return value.isBoolean() ? Optional.of(value.asText()) : Optional.empty();
    }

    @Override
    public String expected() {
      return "a boolean";
    }

    @Override
    public Optional<JsonNode> defaultValue(String text) {
      String lower = text.trim().toLowerCase(Locale.ROOT);
      if (lower.equals("true") || lower.equals("false")) {
        return Optional.of(NODES.booleanNode(lower.equals("true")));
      }
      return Optional.empty();
    }
  }

  /**
   * {@code string}, at least {@code minLength} characters (code points) long, at most {@code
   * maxLength} when that is positive.
   */
  record StringType(int minLength, int maxLength) implements ArgumentType {
    @Override
    public ObjectNode schema() {
      ObjectNode schema = Json.object().put("type", "string");
      if (minLength > 0) {
        schema.put("minLength", minLength);
      }
      if (maxLength > 0) {
        schema.put("maxLength", maxLength);
      }
      return schema;
    }

    @Override
    public Optional<String> text(JsonNode value) {
      return value.isTextual() && fits(value.textValue())
          ? Optional.of(value.textValue())
          : Optional.empty();
    }

    @Override
    public String expected() {
      if (maxLength == 1 && minLength == 1) {
        return "a string of one character";
      }
      return minLength > 0 ? "a non-empty string" : "a string";
    }

    @Override
    public Optional<JsonNode> defaultValue(String text) {
      return fits(text) ? Optional.of(NODES.textNode(text)) : Optional.empty();
    }

    private boolean fits(String text) {
      int length = text.codePointCount(0, text.length());
      return length >= minLength && (maxLength <= 0 || length <= maxLength);
    }
  }

  /** {@code string} limited to an enum's constant names. */
  record EnumType(List<String> values) implements ArgumentType {
    public EnumType {
      values = List.copyOf(values);
    }

    @Override
    public ObjectNode schema() {
      ObjectNode schema = Json.object().put("type", "string");
      ArrayNode names = schema.putArray("enum");
      values.forEach(names::add);
      return schema;
    }

    @Override
    public Optional<String> text(JsonNode value) {
      return value.isTextual() && values.contains(value.textValue())
          ? Optional.of(value.textValue())
          : Optional.empty();
    }

    @Override
    public String expected() {
      return "one of " + values;
    }

    @Override
    public Optional<JsonNode> defaultValue(String text) {
      return values.contains(text) ? Optional.of(NODES.textNode(text)) : Optional.empty();
    }
  }

  private static boolean isFinite(JsonNode number) {
    return !(number.isDouble() || number.isFloat()) || Double.isFinite(number.doubleValue());
  }
}
