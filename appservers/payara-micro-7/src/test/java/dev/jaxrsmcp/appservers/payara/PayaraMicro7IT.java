package dev.jaxrsmcp.appservers.payara;

import dev.jaxrsmcp.appservers.AppServerContract;
import dev.jaxrsmcp.appservers.Deployment;
import dev.jaxrsmcp.appservers.PayaraMicro;

/** The WAR on Payara Micro 7.2026.11 (Java 21+); the contract's tests against it. */
class PayaraMicro7IT extends AppServerContract {
  @Override
  protected Deployment deploy() throws Exception {
    return PayaraMicro.deploy("Payara Micro 7.2026.11", 21);
  }
}
