package dev.jaxrsmcp.micrometer;

import io.micrometer.common.docs.KeyName;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationConvention;
import io.micrometer.observation.docs.ObservationDocumentation;

/**
 * The observations the bridge makes and their key names: those of the OpenTelemetry semantic
 * conventions for MCP ({@code mcp.server.operation.duration}, {@code mcp.server.session.duration})
 * and two of the bridge's own, the resource template and the route.
 *
 * <p>Low-cardinality keys become metric tags and are always present, with {@code none} where an
 * operation has no value (a metrics backend such as Prometheus wants one set of tag keys per
 * metric). High-cardinality keys (a concrete URI, the session, the request id, the route that ran,
 * the caller) are on spans only.
 */
public enum McpObservationDocumentation implements ObservationDocumentation {
  /** One MCP request or notification: {@code resources/read}, {@code tools/call}, a listen. */
  OPERATION {
    @Override
    public Class<? extends ObservationConvention<? extends Observation.Context>>
        getDefaultConvention() {
      return DefaultMcpOperationConvention.class;
    }

    @Override
    public KeyName[] getLowCardinalityKeyNames() {
      return OperationLowCardinalityKeys.values();
    }

    @Override
    public KeyName[] getHighCardinalityKeyNames() {
      return OperationHighCardinalityKeys.values();
    }

    @Override
    public Observation.Event[] getEvents() {
      return new Observation.Event[] {Events.PROGRESS};
    }
  },

  /** A legacy-era ({@code 2025-11-25}) session, from {@code initialize} to its end. */
  SESSION {
    @Override
    public Class<? extends ObservationConvention<? extends Observation.Context>>
        getDefaultConvention() {
      return DefaultMcpSessionConvention.class;
    }

    @Override
    public KeyName[] getLowCardinalityKeyNames() {
      return SessionLowCardinalityKeys.values();
    }

    @Override
    public KeyName[] getHighCardinalityKeyNames() {
      return SessionHighCardinalityKeys.values();
    }
  };

  /** The metric tags of an operation. */
  public enum OperationLowCardinalityKeys implements KeyName {
    /** The JSON-RPC method: {@code resources/read}, {@code tools/call}. */
    METHOD {
      @Override
      public String asString() {
        return "mcp.method.name";
      }
    },
    /** The protocol version of the request. */
    PROTOCOL_VERSION {
      @Override
      public String asString() {
        return "mcp.protocol.version";
      }
    },
    /** The tool a {@code tools/call} ran, else {@code none}. */
    TOOL_NAME {
      @Override
      public String asString() {
        return "gen_ai.tool.name";
      }
    },
    /** {@code execute_tool} for a tool call, else {@code none}. */
    OPERATION_NAME {
      @Override
      public String asString() {
        return "gen_ai.operation.name";
      }
    },
    /**
     * The URI template of the resource read (the resource's URI when it is not a template), never a
     * concrete URI of a template; {@code none} when the operation names no resource.
     */
    RESOURCE_TEMPLATE {
      @Override
      public String asString() {
        return "dev.jaxrsmcp.resource.template";
      }
    },
    /**
     * The class of error the operation ended with: the JSON-RPC error code, {@code tool_error} for
     * a tool result with {@code isError}, the HTTP status of a refused request; {@code none} when
     * it succeeded.
     */
    ERROR_TYPE {
      @Override
      public String asString() {
        return "error.type";
      }
    },
    /** The JSON-RPC error code of the response, else {@code none}. */
    RESPONSE_STATUS_CODE {
      @Override
      public String asString() {
        return "rpc.response.status_code";
      }
    },
    /** {@code tcp}: MCP over HTTP. */
    NETWORK_TRANSPORT {
      @Override
      public String asString() {
        return "network.transport";
      }
    },
    /** {@code http}. */
    NETWORK_PROTOCOL_NAME {
      @Override
      public String asString() {
        return "network.protocol.name";
      }
    }
  }

  /** What an operation's span carries beside the tags. */
  public enum OperationHighCardinalityKeys implements KeyName {
    /** The concrete resource URI. */
    RESOURCE_URI {
      @Override
      public String asString() {
        return "mcp.resource.uri";
      }
    },
    /** The legacy-era session. */
    SESSION_ID {
      @Override
      public String asString() {
        return "mcp.session.id";
      }
    },
    /** The JSON-RPC request id. */
    REQUEST_ID {
      @Override
      public String asString() {
        return "jsonrpc.request.id";
      }
    },
    /** The route that ran in place: {@code GET /widgets/42/state}. */
    ROUTE {
      @Override
      public String asString() {
        return "dev.jaxrsmcp.route";
      }
    },
    /**
     * The HTTP status the route answered (or the application's filters answered for it): tells a
     * {@code 403} from a {@code 404}, which MCP answers with the same JSON-RPC error.
     */
    ROUTE_STATUS {
      @Override
      public String asString() {
        return "dev.jaxrsmcp.route.status";
      }
    },
    /** The principal's name the application's filters set, else {@code anonymous}. */
    CALLER {
      @Override
      public String asString() {
        return "dev.jaxrsmcp.caller";
      }
    }
  }

  /** The metric tags of a session. */
  public enum SessionLowCardinalityKeys implements KeyName {
    /** The protocol version the session negotiated. */
    PROTOCOL_VERSION {
      @Override
      public String asString() {
        return "mcp.protocol.version";
      }
    },
    /** {@code tcp}. */
    NETWORK_TRANSPORT {
      @Override
      public String asString() {
        return "network.transport";
      }
    }
  }

  /** What a session's span carries beside the tags. */
  public enum SessionHighCardinalityKeys implements KeyName {
    /** The session id. */
    SESSION_ID {
      @Override
      public String asString() {
        return "mcp.session.id";
      }
    }
  }

  /** The events an operation's observation records. */
  public enum Events implements Observation.Event {
    /** Progress of a long-running read or a task. */
    PROGRESS {
      @Override
      public String getName() {
        return "mcp.progress";
      }
    }
  }
}
