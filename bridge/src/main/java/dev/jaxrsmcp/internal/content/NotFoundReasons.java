package dev.jaxrsmcp.internal.content;

import dev.jaxrsmcp.internal.catalogue.Catalogue;
import dev.jaxrsmcp.internal.catalogue.CatalogueEntry;
import dev.jaxrsmcp.internal.protocol.Era;
import dev.jaxrsmcp.internal.template.TemplateMatch;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Why a URI is "not found", for the error's {@code data.reason}, where the bridge can tell: a query
 * parameter the matching template does not name, a trailing {@code /}, a matrix parameter ({@code
 * ;x=y}), a value the route's parameter cannot take ({@code abc} for a {@code long}). A reason
 * names only parts of the requested URI and of the catalogue's templates (which listings show
 * anyway), never anything a route answered. Where none of these is the cause, there is no reason.
 */
public final class NotFoundReasons {
  private NotFoundReasons() {}

  /** The error for a URI that matches no resource. */
  public static dev.jaxrsmcp.internal.jsonrpc.JsonRpcException unmatched(
      Catalogue catalogue, String uri, Era era) {
    return era.notFound(uri, unmatchedReason(catalogue, uri));
  }

  /** The error for a URI whose route answered 404 (or whose read the dispatch guard stopped). */
  public static dev.jaxrsmcp.internal.jsonrpc.JsonRpcException refused(
      CatalogueEntry entry, String uri, Era era) {
    return era.notFound(uri, valueReason(entry, uri));
  }

  static Optional<String> unmatchedReason(Catalogue catalogue, String uri) {
    int question = uri.indexOf('?');
    String path = question < 0 ? uri : uri.substring(0, question);
    if (question >= 0) {
      Optional<CatalogueEntry> base = catalogue.find(path).map(f -> f.value());
      if (base.isPresent()) {
        List<String> unknown = new ArrayList<>();
        for (String name : queryNames(uri.substring(question + 1))) {
          if (!base.get().template().queryVariables().contains(name)) {
            unknown.add("'" + name + "'");
          }
        }
        if (!unknown.isEmpty()) {
          return Optional.of(
              (unknown.size() == 1
                      ? "query parameter " + unknown.get(0) + " is not a variable of "
                      : "query parameters " + String.join(", ", unknown) + " are not variables of ")
                  + base.get().template().text());
        }
      }
    }
    String query = question < 0 ? "" : uri.substring(question);
    int scheme = path.indexOf("://");
    if (path.endsWith("/") && scheme >= 0 && path.length() > scheme + 4) {
      String trimmed = path.replaceAll("/+$", "");
      if (catalogue.find(trimmed + query).isPresent()) {
        return Optional.of("a trailing '/' is not part of " + trimmed);
      }
    }
    if (path.indexOf(';') >= 0) {
      return Optional.of("MCP URIs have no matrix parameters (';' in a path segment)");
    }
    return Optional.empty();
  }

  static Optional<String> valueReason(CatalogueEntry entry, String uri) {
    Optional<TemplateMatch> match = entry.template().match(uri);
    if (match.isEmpty()) {
      return Optional.empty();
    }
    for (Map.Entry<String, String> value : match.get().values().entrySet()) {
      Optional<String> reason = reason("path", value.getKey(), value.getValue(), entry);
      if (reason.isPresent()) {
        return reason;
      }
    }
    for (Map.Entry<String, List<String>> values : match.get().queryValues().entrySet()) {
      for (String value : values.getValue()) {
        Optional<String> reason = reason("query", values.getKey(), value, entry);
        if (reason.isPresent()) {
          return reason;
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<String> reason(
      String kind, String variable, String value, CatalogueEntry entry) {
    if (kind.equals("path") && value.indexOf(';') >= 0) {
      return Optional.of(
          "path variable '"
              + variable
              + "' holds ';', which starts a matrix parameter: MCP URIs have none");
    }
    Class<?> type = entry.variableTypes().get(variable);
    if (type == null || entry.collectionQueryVariables().contains(variable)) {
      return Optional.empty();
    }
    String expected = expected(type, value);
    return expected.isEmpty()
        ? Optional.empty()
        : Optional.of(
            kind + " variable '" + variable + "' must be " + expected + " (found '" + value + "')");
  }

  /** What {@code type} needs when {@code value} does not parse as it; empty when it does. */
  private static String expected(Class<?> type, String value) {
    try {
      if (type == long.class || type == Long.class) {
        Long.parseLong(value);
      } else if (type == int.class || type == Integer.class) {
        Integer.parseInt(value);
      } else if (type == short.class || type == Short.class) {
        Short.parseShort(value);
      } else if (type == byte.class || type == Byte.class) {
        Byte.parseByte(value);
      } else if (type == BigInteger.class) {
        new BigInteger(value);
      } else if (type == double.class
          || type == Double.class
          || type == float.class
          || type == Float.class
          || type == BigDecimal.class) {
        new BigDecimal(value);
      } else {
        return "";
      }
      return "";
    } catch (NumberFormatException e) {
      if (type == BigInteger.class) {
        return "an integer";
      }
      if (type == double.class
          || type == Double.class
          || type == float.class
          || type == Float.class
          || type == BigDecimal.class) {
        return "a number";
      }
      long min;
      long max;
      if (type == long.class || type == Long.class) {
        min = Long.MIN_VALUE;
        max = Long.MAX_VALUE;
      } else if (type == int.class || type == Integer.class) {
        min = Integer.MIN_VALUE;
        max = Integer.MAX_VALUE;
      } else if (type == short.class || type == Short.class) {
        min = Short.MIN_VALUE;
        max = Short.MAX_VALUE;
      } else {
        min = Byte.MIN_VALUE;
        max = Byte.MAX_VALUE;
      }
      return "an integer from " + min + " to " + max;
    }
  }

  private static Set<String> queryNames(String query) {
    Set<String> names = new LinkedHashSet<>();
    for (String pair : query.split("&")) {
      if (pair.isEmpty()) {
        continue;
      }
      int eq = pair.indexOf('=');
      names.add(eq < 0 ? pair : pair.substring(0, eq));
    }
    return names;
  }
}
