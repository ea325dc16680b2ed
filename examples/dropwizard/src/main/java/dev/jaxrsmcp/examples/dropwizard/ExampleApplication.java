package dev.jaxrsmcp.examples.dropwizard;

import dev.jaxrsmcp.dropwizard.McpBundle;
import io.dropwizard.auth.AuthDynamicFeature;
import io.dropwizard.auth.AuthValueFactoryProvider;
import io.dropwizard.auth.basic.BasicCredentialAuthFilter;
import io.dropwizard.configuration.EnvironmentVariableSubstitutor;
import io.dropwizard.configuration.SubstitutingSourceProvider;
import io.dropwizard.core.Application;
import io.dropwizard.core.setup.Bootstrap;
import io.dropwizard.core.setup.Environment;
import org.glassfish.jersey.server.filter.RolesAllowedDynamicFeature;

/**
 * The Dropwizard example: {@code java -jar dropwizard-example.jar server config.yml}. Dropwizard
 * auth (a Jersey filter on every method with {@code @Auth}, {@code @PermitAll} or {@code
 * RolesAllowed}) authenticates; it runs for an MCP read exactly as for the {@code GET}.
 */
public class ExampleApplication extends Application<ExampleConfiguration> {
  private final McpBundle<ExampleConfiguration> mcp =
      new McpBundle<>(config -> config.getMcp().build());

  public static void main(String[] args) throws Exception {
    new ExampleApplication().run(args);
  }

  @Override
  public void initialize(Bootstrap<ExampleConfiguration> bootstrap) {
    // ${PORT:-8080} in config.yml
    bootstrap.setConfigurationSourceProvider(
        new SubstitutingSourceProvider(
            bootstrap.getConfigurationSourceProvider(), new EnvironmentVariableSubstitutor(false)));
    bootstrap.addBundle(mcp);
  }

  @Override
  public void run(ExampleConfiguration configuration, Environment environment) {
    ExampleUsers users = new ExampleUsers();
    environment
        .jersey()
        .register(
            new AuthDynamicFeature(
                new BasicCredentialAuthFilter.Builder<ExampleUser>()
                    .setAuthenticator(users)
                    .setAuthorizer(users)
                    .setRealm("example")
                    .buildAuthFilter()));
    environment.jersey().register(RolesAllowedDynamicFeature.class);
    environment.jersey().register(new AuthValueFactoryProvider.Binder<>(ExampleUser.class));

    environment.jersey().register(new Reports());
    environment.jersey().register(new ArchivedReports());
    environment.jersey().register(new Audit());
    environment.jersey().register(new Me());
    environment.jersey().register(new Counter(mcp.changes()));
    environment.jersey().register(new Exports());
  }
}
