package dev.jaxrsmcp.servletit;

/** {@link ServletReadsContract} on embedded Jetty, the holder in plain thread-local mode. */
class JettyPlainHolderTest extends ServletReadsContract {
  @Override
  ServletServer.Kind kind() {
    return ServletServer.Kind.JETTY;
  }

  @Override
  IdentityHolder.Mode mode() {
    return IdentityHolder.Mode.PLAIN;
  }
}
