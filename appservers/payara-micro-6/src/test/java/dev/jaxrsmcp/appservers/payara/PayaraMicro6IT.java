package dev.jaxrsmcp.appservers.payara;

import dev.jaxrsmcp.appservers.AppServerContract;
import dev.jaxrsmcp.appservers.Deployment;
import dev.jaxrsmcp.appservers.PayaraMicro;

/** The WAR on Payara Micro 6.2025.10; the contract's tests against it. */
class PayaraMicro6IT extends AppServerContract {
  @Override
  protected Deployment deploy() throws Exception {
    return PayaraMicro.deploy("Payara Micro 6.2025.10", 17);
  }
}
