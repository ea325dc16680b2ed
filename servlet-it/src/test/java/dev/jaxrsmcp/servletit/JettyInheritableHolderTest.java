package dev.jaxrsmcp.servletit;

/** {@link ServletReadsContract} on embedded Jetty, the holder in inheritable thread-local mode. */
class JettyInheritableHolderTest extends ServletReadsContract {
  @Override
  ServletServer.Kind kind() {
    return ServletServer.Kind.JETTY;
  }

  @Override
  IdentityHolder.Mode mode() {
    return IdentityHolder.Mode.INHERITABLE;
  }
}
