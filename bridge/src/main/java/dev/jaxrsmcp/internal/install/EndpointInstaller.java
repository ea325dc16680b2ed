package dev.jaxrsmcp.internal.install;

import dev.jaxrsmcp.internal.catalogue.Catalogue;
import dev.jaxrsmcp.internal.dispatch.HeaderForwarding;
import dev.jaxrsmcp.internal.dispatch.InProcessReader;
import dev.jaxrsmcp.internal.dispatch.RouteShadows;
import dev.jaxrsmcp.internal.endpoint.ContainerInput;
import dev.jaxrsmcp.internal.endpoint.LateArrivalFilter;
import dev.jaxrsmcp.internal.endpoint.LocalAddress;
import dev.jaxrsmcp.internal.endpoint.McpEndpoint;
import dev.jaxrsmcp.internal.endpoint.McpRequestFilter;
import dev.jaxrsmcp.internal.protocol.ServerState;
import dev.jaxrsmcp.internal.read.ReadResponseFilter;
import dev.jaxrsmcp.internal.readiness.StreamQueues;
import dev.jaxrsmcp.internal.scan.ResourceScanner;
import dev.jaxrsmcp.internal.security.Incidents;
import dev.jaxrsmcp.internal.settings.LimitSettings;
import dev.jaxrsmcp.internal.settings.ProtocolSettings;
import dev.jaxrsmcp.internal.settings.SecuritySettings;
import dev.jaxrsmcp.internal.settings.Settings;
import dev.jaxrsmcp.internal.settings.SubscriptionSettings;
import dev.jaxrsmcp.internal.subscribe.BridgePools;
import dev.jaxrsmcp.internal.subscribe.ChangeHub;
import dev.jaxrsmcp.internal.subscribe.ChangeHubs;
import dev.jaxrsmcp.internal.time.Time;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.glassfish.jersey.process.Inflector;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.model.ModelProcessor;
import org.glassfish.jersey.server.model.Resource;
import org.glassfish.jersey.server.model.ResourceModel;
import org.glassfish.jersey.server.spi.AbstractContainerLifecycleListener;
import org.glassfish.jersey.server.spi.Container;

/**
 * Reads the application's resource model when Jersey builds it: scans and validates the {@code
 * McpResource} methods into a catalogue, then adds the MCP endpoint as one more resource of the
 * same application. Also keeps the application's {@link ApplicationHandler} for in-process reads.
 */
public final class EndpointInstaller implements ModelProcessor {
  private static final System.Logger SUMMARY = System.getLogger(StartupSummary.LOGGER);

  private final Settings settings;
  private final ChangeHubs featureChanges;
  private final AtomicReference<ChangeHub> changes = new AtomicReference<>();
  private final AtomicReference<ApplicationHandler> application = new AtomicReference<>();
  private final AtomicReference<McpEndpoint> endpoint = new AtomicReference<>();
  private final AtomicReference<Catalogue> catalogue = new AtomicReference<>();

  /**
   * @param featureChanges the feature's view of the running applications' change hubs
   */
  public EndpointInstaller(Settings settings, ChangeHubs featureChanges) {
    this.settings = settings;
    this.featureChanges = featureChanges;
  }

  @Override
  public ResourceModel processResourceModel(ResourceModel model, Configuration configuration) {
    Catalogue catalogue = ResourceScanner.scan(model, settings);
    this.catalogue.set(catalogue);
    RouteShadows shadows = new RouteShadows(() -> Optional.ofNullable(application.get()));
    InProcessReader reader =
        new InProcessReader(
            this::application,
            settings.get(LimitSettings.READ_TIMEOUT),
            new HeaderForwarding(
                settings.get(SecuritySettings.FORWARD_ONLY_HEADERS),
                settings.get(SecuritySettings.NEVER_FORWARD_HEADERS)),
            shadows);
    WatcherCheck.check(catalogue, settings);
    CompleterCheck.check(catalogue, settings);
    // Jersey builds the model once per application, also when a reload reuses this instance: each
    // application gets its own change hub, started and closed with it (a closed hub stays closed).
    Time time = Time.from(configuration.getProperty(Time.PROPERTY)); // tests set a virtual one
    ChangeHub hub =
        new ChangeHub(
            settings.get(SubscriptionSettings.WATCHERS),
            settings.get(SubscriptionSettings.DEBOUNCE),
            settings.get(SubscriptionSettings.CHANGE_BUS),
            time);
    changes.set(hub);
    McpEndpoint mcp =
        new McpEndpoint(
            new ServerState(settings, catalogue, reader),
            hub,
            new LocalAddress(
                () -> Optional.ofNullable(application.get()).map(a -> a.getInjectionManager())),
            new ContainerInput(
                () -> Optional.ofNullable(application.get()).map(a -> a.getInjectionManager())),
            new StreamQueues(
                () -> Optional.ofNullable(application.get()).map(a -> a.getInjectionManager())),
            shadows,
            time,
            this::application);
    endpoint.set(mcp);
    Resource.Builder resource = Resource.builder(settings.get(ProtocolSettings.PATH));
    resource
        .addMethod(HttpMethod.POST)
        .produces(MediaType.APPLICATION_JSON_TYPE, MediaType.SERVER_SENT_EVENTS_TYPE)
        .handledBy(new Handler(mcp::post));
    resource.addMethod(HttpMethod.GET).handledBy(new Handler(mcp::get));
    resource.addMethod(HttpMethod.DELETE).handledBy(new Handler(mcp::delete));
    ResourceModel.Builder out =
        new ResourceModel.Builder(model.getResources(), false).addResource(resource.build());
    settings
        .get(SecuritySettings.PROTECTED_RESOURCE)
        .ifPresent(
            m ->
                ResourceMetadataEndpoint.resources(settings.get(ProtocolSettings.PATH), m)
                    .forEach(out::addResource));
    return out.build();
  }

  /** The bridge's first filter, which rewrites reads in place into their routes' requests. */
  public McpRequestFilter requestFilter() {
    return new McpRequestFilter(
        settings.get(ProtocolSettings.PATH), () -> Optional.ofNullable(endpoint.get()));
  }

  /**
   * The bridge's last pre-matching filter, for requests an application's filter rewrote onto the
   * endpoint after the first one ran.
   */
  public LateArrivalFilter lateArrivalFilter() {
    return new LateArrivalFilter(
        settings.get(ProtocolSettings.PATH), () -> Optional.ofNullable(endpoint.get()));
  }

  /** The filter that turns a route's response to an in-place read into the MCP response. */
  public ReadResponseFilter responseFilter() {
    return new ReadResponseFilter(
        () -> endpoint.get().serverInfo(),
        settings
            .get(SecuritySettings.PROTECTED_RESOURCE)
            .map(dev.jaxrsmcp.internal.security.ResourceMetadata::new));
  }

  @Override
  public ResourceModel processSubResource(ResourceModel model, Configuration configuration) {
    return model;
  }

  /** Captures the running application so reads can be dispatched into it. */
  public AbstractContainerLifecycleListener lifecycle() {
    return new AbstractContainerLifecycleListener() {
      /** Whether this application counts among those the bridge's pools serve. */
      private final AtomicBoolean running = new AtomicBoolean();

      @Override
      public void onStartup(Container container) {
        start(container);
      }

      @Override
      public void onReload(Container container) {
        start(container); // this is the new application of a reload
      }

      @Override
      public void onShutdown(Container container) {
        McpEndpoint mcp = endpoint.get();
        if (mcp != null) {
          mcp.shutdown();
        }
        ChangeHub hub = changes.get();
        if (hub != null) {
          featureChanges.stopped(hub);
          hub.close();
        }
        if (running.compareAndSet(true, false)) {
          BridgePools.stopped(); // after the last application, idle pool threads end
        }
      }

      private void start(Container container) {
        application.set(container.getApplicationHandler());
        Catalogue started = catalogue.get();
        if (started != null) {
          SUMMARY.log(
              System.Logger.Level.INFO,
              StartupSummary.of(
                  started,
                  settings,
                  EndpointLocation.of(container, settings.get(ProtocolSettings.PATH))));
        }
        ChangeHub hub = changes.get();
        hub.start(); // once per application (onReload and onStartup both come here)
        featureChanges.started(hub);
        if (running.compareAndSet(false, true)) {
          BridgePools.started();
        }
      }
    };
  }

  /** A concrete inflector type, so Jersey sees that it takes the request context. */
  private static final class Handler implements Inflector<ContainerRequestContext, Response> {
    private final Function<ContainerRequestContext, Response> target;

    Handler(Function<ContainerRequestContext, Response> target) {
      this.target = target;
    }

    @Override
    public Response apply(ContainerRequestContext request) {
      try {
        return target.apply(request);
      } catch (RuntimeException | StackOverflowError e) {
        // Never let Jersey (or an application's exception mapper) render the failure.
        return McpEndpoint.error(
            Optional.empty(), Incidents.report("MCP " + request.getMethod(), Optional.empty(), e));
      }
    }
  }

  private ApplicationHandler application() {
    ApplicationHandler handler = application.get();
    if (handler == null) {
      throw new IllegalStateException(
          "the MCP endpoint was called before the Jersey container started");
    }
    return handler;
  }
}
