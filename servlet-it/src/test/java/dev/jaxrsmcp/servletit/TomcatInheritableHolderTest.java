package dev.jaxrsmcp.servletit;

/** {@link ServletReadsContract} on embedded Tomcat, the holder in inheritable thread-local mode. */
class TomcatInheritableHolderTest extends ServletReadsContract {
  @Override
  ServletServer.Kind kind() {
    return ServletServer.Kind.TOMCAT;
  }

  @Override
  IdentityHolder.Mode mode() {
    return IdentityHolder.Mode.INHERITABLE;
  }
}
