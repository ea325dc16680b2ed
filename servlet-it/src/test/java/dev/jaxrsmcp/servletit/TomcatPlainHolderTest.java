package dev.jaxrsmcp.servletit;

/** {@link ServletReadsContract} on embedded Tomcat, the holder in plain thread-local mode. */
class TomcatPlainHolderTest extends ServletReadsContract {
  @Override
  ServletServer.Kind kind() {
    return ServletServer.Kind.TOMCAT;
  }

  @Override
  IdentityHolder.Mode mode() {
    return IdentityHolder.Mode.PLAIN;
  }
}
