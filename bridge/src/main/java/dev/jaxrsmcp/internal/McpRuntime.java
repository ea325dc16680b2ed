package dev.jaxrsmcp.internal;

import dev.jaxrsmcp.internal.dispatch.DispatchGuard;
import dev.jaxrsmcp.internal.endpoint.ContentTypeCheck;
import dev.jaxrsmcp.internal.endpoint.EndpointPath;
import dev.jaxrsmcp.internal.envelope.ReadEnvelopeInterceptor;
import dev.jaxrsmcp.internal.envelope.ReadEnvelopeWriter;
import dev.jaxrsmcp.internal.install.EndpointInstaller;
import dev.jaxrsmcp.internal.install.ResourceMetadataChallenge;
import dev.jaxrsmcp.internal.observe.AccessRecord;
import dev.jaxrsmcp.internal.observe.CallerAttribute;
import dev.jaxrsmcp.internal.observe.Observers;
import dev.jaxrsmcp.internal.observe.OperationEnd;
import dev.jaxrsmcp.internal.observe.OperationStart;
import dev.jaxrsmcp.internal.read.ReadAdmission;
import dev.jaxrsmcp.internal.security.ResourceMetadata;
import dev.jaxrsmcp.internal.settings.ObserveSettings;
import dev.jaxrsmcp.internal.settings.ProtocolSettings;
import dev.jaxrsmcp.internal.settings.SecuritySettings;
import dev.jaxrsmcp.internal.settings.Settings;
import dev.jaxrsmcp.internal.subscribe.ChangeHubs;
import dev.jaxrsmcp.observe.McpObserver;
import jakarta.ws.rs.core.FeatureContext;
import java.util.ArrayList;
import java.util.List;

/**
 * Wires the bridge into a Jersey application; called by {@link dev.jaxrsmcp.McpFeature#configure}.
 */
public final class McpRuntime {
  private McpRuntime() {}

  /**
   * @param changes the feature's changes, told about each application's change hub while it runs
   */
  public static void install(Settings settings, ChangeHubs changes, FeatureContext context) {
    EndpointInstaller installer = new EndpointInstaller(settings, changes);
    context.register(installer);
    context.register(installer.lifecycle());
    context.register(installer.requestFilter());
    context.register(installer.lateArrivalFilter());
    context.register(installer.responseFilter());
    context.register(ReadEnvelopeWriter.class);
    context.register(ReadEnvelopeInterceptor.class);
    context.register(DispatchGuard.class);
    context.register(ReadAdmission.class);
    context.register(dev.jaxrsmcp.internal.read.InputRequiredMapper.class);
    context.register(CallerAttribute.class);
    observers(settings, context);
    context.register(new ContentTypeCheck(settings.get(ProtocolSettings.PATH)));
    settings
        .get(SecuritySettings.PROTECTED_RESOURCE)
        .ifPresent(
            metadata ->
                context.register(
                    new ResourceMetadataChallenge(
                        settings.get(ProtocolSettings.PATH), new ResourceMetadata(metadata))));
    context.register(new RuntimeBinder(changes));
  }

  /**
   * Registers the listeners that observe MCP operations, first and last of the application's:
   * unless no observer was added and the access record's logger is off when the application starts
   * (then nothing is watched, at no cost).
   */
  private static void observers(Settings settings, FeatureContext context) {
    List<McpObserver> added = new ArrayList<>(settings.get(ObserveSettings.OBSERVERS));
    added.addAll(ObserverProperty.read(context.getConfiguration()));
    if (added.isEmpty() && !AccessRecord.enabled()) {
      return;
    }
    List<McpObserver> all = new ArrayList<>();
    all.add(new AccessRecord());
    all.addAll(added);
    OperationStart start =
        new OperationStart(
            new Observers(all), new EndpointPath(settings.get(ProtocolSettings.PATH))::matches);
    context.register(start, Integer.MIN_VALUE);
    context.register(new OperationEnd(start), Integer.MAX_VALUE);
  }
}
