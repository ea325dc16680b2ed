package dev.jaxrsmcp.internal.scan;

import dev.jaxrsmcp.internal.processor.DescriptionKey;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The Javadoc first sentences that the annotation processor recorded at compile time, read from
 * every {@value DescriptionKey#RESOURCE} the application's class loaders can see. Loaded once per
 * class loader, at start-up.
 */
final class JavadocDescriptions {
  private static final System.Logger LOG = System.getLogger(JavadocDescriptions.class.getName());

  private final Map<ClassLoader, Properties> loaded = new HashMap<>();

  Optional<String> of(Method method) {
    ClassLoader loader = method.getDeclaringClass().getClassLoader();
    if (loader == null) {
      return Optional.empty();
    }
    Properties descriptions = loaded.computeIfAbsent(loader, JavadocDescriptions::load);
    return Optional.ofNullable(descriptions.getProperty(DescriptionKey.of(method)));
  }

  private static Properties load(ClassLoader loader) {
    Properties all = new Properties();
    try {
      Enumeration<URL> files = loader.getResources(DescriptionKey.RESOURCE);
      while (files.hasMoreElements()) {
        URL file = files.nextElement();
        try (InputStream in = file.openStream()) {
          Properties one = new Properties();
          one.load(in);
          one.forEach(all::putIfAbsent);
        }
      }
    } catch (IOException e) {
      LOG.log(System.Logger.Level.WARNING, "could not read " + DescriptionKey.RESOURCE, e);
    }
    return all;
  }
}
