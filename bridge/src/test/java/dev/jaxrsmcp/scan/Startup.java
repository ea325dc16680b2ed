package dev.jaxrsmcp.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.jaxrsmcp.McpConfigurationException;
import dev.jaxrsmcp.McpFeature;
import dev.jaxrsmcp.internal.catalogue.Catalogue;
import dev.jaxrsmcp.internal.scan.ResourceScanner;
import dev.jaxrsmcp.internal.settings.Settings;
import jakarta.ws.rs.core.Configuration;
import java.lang.reflect.Field;
import java.util.concurrent.atomic.AtomicReference;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.model.ModelProcessor;
import org.glassfish.jersey.server.model.ResourceModel;

/** Starts small Jersey applications (no HTTP server) and returns what the scan made of them. */
final class Startup {
  private Startup() {}

  /**
   * Starts an application with {@link McpFeature} registered, expecting the start to fail, and
   * returns the message of the {@link McpConfigurationException} in the failure's cause chain.
   */
  static String failure(Class<?>... resources) {
    return configurationException(resources).getMessage();
  }

  static McpConfigurationException configurationException(Class<?>... resources) {
    ResourceConfig config = new ResourceConfig(resources).register(McpFeature.builder().build());
    Throwable thrown = catchThrowable(() -> new ApplicationHandler(config));
    assertThat(thrown).as("the application start must fail").isNotNull();
    for (Throwable t = thrown; t != null; t = t.getCause()) {
      if (t instanceof McpConfigurationException e) {
        return e;
      }
    }
    throw new AssertionError("no McpConfigurationException in the cause chain", thrown);
  }

  /**
   * Starts an application and returns the catalogue {@link ResourceScanner} builds from the
   * resource model Jersey hands to model processors, the same model the feature scans.
   */
  static Catalogue catalogue(McpFeature feature, Class<?>... resources) {
    Capture capture = new Capture(settingsOf(feature));
    new ApplicationHandler(new ResourceConfig(resources).register(capture));
    assertThat(capture.scanned.get()).as("the model processor ran").isNotNull();
    return capture.scanned.get();
  }

  /** The settings value a feature hands its runtime (private to the feature, so by reflection). */
  private static Settings settingsOf(McpFeature feature) {
    for (Class<?> type = feature.getClass(); type != null; type = type.getSuperclass()) {
      try {
        Field field = type.getDeclaredField("settings");
        field.setAccessible(true);
        return (Settings) field.get(feature);
      } catch (NoSuchFieldException e) {
        // kept by a superclass
      } catch (ReflectiveOperationException e) {
        throw new AssertionError("the feature's field 'settings' cannot be read", e);
      }
    }
    throw new AssertionError("McpFeature keeps its settings in a field named 'settings'");
  }

  /** Scans the application's resource model, as the feature does, and keeps the result. */
  private static final class Capture implements ModelProcessor {
    private final Settings settings;
    private final AtomicReference<Catalogue> scanned = new AtomicReference<>();

    Capture(Settings settings) {
      this.settings = settings;
    }

    @Override
    public ResourceModel processResourceModel(ResourceModel model, Configuration configuration) {
      scanned.set(ResourceScanner.scan(model, settings));
      return model;
    }

    @Override
    public ResourceModel processSubResource(ResourceModel model, Configuration configuration) {
      return model;
    }
  }
}
