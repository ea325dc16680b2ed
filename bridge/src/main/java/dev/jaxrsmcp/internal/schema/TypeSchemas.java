package dev.jaxrsmcp.internal.schema;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.victools.jsonschema.generator.Option;
import com.github.victools.jsonschema.generator.OptionPreset;
import com.github.victools.jsonschema.generator.SchemaGenerator;
import com.github.victools.jsonschema.generator.SchemaGeneratorConfigBuilder;
import com.github.victools.jsonschema.generator.SchemaVersion;
import com.github.victools.jsonschema.module.jackson.JacksonModule;
import com.github.victools.jsonschema.module.jackson.JacksonOption;
import com.github.victools.jsonschema.module.jakarta.validation.JakartaValidationModule;
import com.github.victools.jsonschema.module.jakarta.validation.JakartaValidationOption;
import dev.jaxrsmcp.internal.jsonrpc.Json;
import java.io.InputStream;
import java.io.Reader;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.Set;

/**
 * The JSON Schema (draft 2020-12) of a Java type as Jackson binds it: properties from fields and
 * record components ({@code @JsonProperty}, {@code @JsonIgnore}, {@code @JsonProperty(required =
 * true)} respected), Jakarta Bean Validation constraints carried in ({@code @NotNull} and
 * {@code @NotBlank} make a property required; {@code @Size}, {@code @Min}, {@code @Max},
 * {@code @Pattern}, {@code @Email} ... become keywords), every nested object type under {@code
 * $defs} with a {@code $ref} where it is used. Built once per type when the application starts.
 * Thread-safe.
 */
public final class TypeSchemas {
  /** Types whose JSON is whatever the route reads: any JSON value. */
  private static final Set<Class<?>> ANY_JSON =
      Set.of(Object.class, String.class, byte[].class, JsonNode.class, ObjectNode.class);

  private final SchemaGenerator generator;

  public TypeSchemas() {
    SchemaGeneratorConfigBuilder config =
        new SchemaGeneratorConfigBuilder(SchemaVersion.DRAFT_2020_12, OptionPreset.PLAIN_JSON)
            .with(
                new JacksonModule(
                    JacksonOption.RESPECT_JSONPROPERTY_REQUIRED,
                    JacksonOption.FLATTENED_ENUMS_FROM_JSONVALUE,
                    JacksonOption.FLATTENED_ENUMS_FROM_JSONPROPERTY))
            .with(
                new JakartaValidationModule(
                    JakartaValidationOption.NOT_NULLABLE_FIELD_IS_REQUIRED,
                    JakartaValidationOption.INCLUDE_PATTERN_EXPRESSIONS))
            .with(Option.DEFINITIONS_FOR_ALL_OBJECTS)
            .without(Option.SCHEMA_VERSION_INDICATOR);
    this.generator = new SchemaGenerator(config.build());
  }

  /**
   * The schema of a value of {@code type}: its own keywords and, when it has nested object types,
   * their definitions (to be placed under {@code $defs} of the document it is used in, where its
   * {@code $ref}s point: {@code #/$defs/Name}).
   *
   * @param schema the type's own schema
   * @param defs the definitions its {@code $ref}s point to; empty when none
   */
  public record Described(ObjectNode schema, ObjectNode defs) {
    /** True when the schema is {@code type: object} (what {@code outputSchema} must be). */
    public boolean isObject() {
      JsonNode type = schema.get("type");
      return type != null && type.isTextual() && "object".equals(type.textValue());
    }

    /** A standalone document: the schema with its definitions under {@code $defs}. */
    public ObjectNode document() {
      ObjectNode document = schema.deepCopy();
      if (!defs.isEmpty()) {
        document.set("$defs", defs.deepCopy());
      }
      return document;
    }
  }

  /**
   * Describes {@code type}. String, byte array, stream and tree types are any JSON value (the route
   * reads the entity itself), as is {@code Object}.
   *
   * @throws IllegalArgumentException when the generator cannot describe the type, with its reason
   */
  public Described describe(Type type) {
    Class<?> raw = raw(type);
    if (raw != null
        && (ANY_JSON.contains(raw)
            || InputStream.class.isAssignableFrom(raw)
            || Reader.class.isAssignableFrom(raw))) {
      return new Described(Json.object(), Json.object());
    }
    ObjectNode generated;
    try {
      generated = generator.generateSchema(type);
    } catch (RuntimeException | StackOverflowError e) {
      throw new IllegalArgumentException(
          e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()), e);
    }
    ObjectNode defs = Json.object();
    JsonNode found = generated.remove("$defs");
    if (found instanceof ObjectNode d) {
      defs = d;
    }
    return new Described(generated, defs);
  }

  private static Class<?> raw(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c) {
      return c;
    }
    return null;
  }
}
