package dev.jaxrsmcp.internal.parameters;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * The JSON type of a Java parameter: integral types are {@code integer} (with their range),
 * floating point and {@link BigDecimal} are {@code number}, {@code boolean} is {@code boolean}, an
 * enum is a {@code string} limited to its constant names, anything else (what JAX-RS converts from
 * a string) is {@code string}. {@code Optional}s are unwrapped.
 */
final class JavaTypes {
  private JavaTypes() {}

  static ArgumentType argumentType(Type type) {
    Class<?> raw = raw(type);
    if (raw == Optional.class) {
      return argumentType(typeArgument(type));
    }
    if (raw == long.class || raw == Long.class || raw == OptionalLong.class) {
      return ArgumentType.IntegerType.between(Long.MIN_VALUE, Long.MAX_VALUE);
    }
    if (raw == int.class || raw == Integer.class || raw == OptionalInt.class) {
      return ArgumentType.IntegerType.between(Integer.MIN_VALUE, Integer.MAX_VALUE);
    }
    if (raw == short.class || raw == Short.class) {
      return ArgumentType.IntegerType.between(Short.MIN_VALUE, Short.MAX_VALUE);
    }
    if (raw == byte.class || raw == Byte.class) {
      return ArgumentType.IntegerType.between(Byte.MIN_VALUE, Byte.MAX_VALUE);
    }
    if (raw == BigInteger.class) {
      return ArgumentType.IntegerType.unbounded();
    }
    if (raw == double.class
        || raw == Double.class
        || raw == float.class
        || raw == Float.class
        || raw == BigDecimal.class
        || raw == OptionalDouble.class) {
      return new ArgumentType.NumberType();
    }
    if (raw == boolean.class || raw == Boolean.class) {
      return new ArgumentType.BooleanType();
    }
    if (raw == char.class || raw == Character.class) {
      return new ArgumentType.StringType(1, 1);
    }
    if (raw.isEnum()) {
      return new ArgumentType.EnumType(
          Arrays.stream(raw.getEnumConstants()).map(c -> ((Enum<?>) c).name()).toList());
    }
    return new ArgumentType.StringType(0, 0);
  }

  /**
   * The item type of a collection type such as {@code List<Integer>}; {@code String} if unknown.
   */
  static Type itemType(Type collection) {
    return typeArgument(collection);
  }

  private static Type typeArgument(Type type) {
    if (type instanceof ParameterizedType p && p.getActualTypeArguments().length == 1) {
      return p.getActualTypeArguments()[0];
    }
    return String.class;
  }

  private static Class<?> raw(Type type) {
    if (type instanceof Class<?> c) {
      return c;
    }
    if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c) {
      return c;
    }
    if (type instanceof WildcardType w && w.getUpperBounds().length > 0) {
      return raw(w.getUpperBounds()[0]);
    }
    if (type instanceof TypeVariable<?> v && v.getBounds().length > 0) {
      return raw(v.getBounds()[0]);
    }
    return String.class;
  }
}
