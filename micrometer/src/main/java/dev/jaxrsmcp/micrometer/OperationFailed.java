package dev.jaxrsmcp.micrometer;

/**
 * What an observation of a failed operation is told as its error, so that tracing marks the span
 * failed, as the conventions ask when {@code error.type} is present: the message is the error type.
 * Carries no stack trace; the route's own exception, when it threw one, is in the application's
 * log.
 */
final class OperationFailed extends RuntimeException {
  private static final long serialVersionUID = 1L;

  OperationFailed(String errorType) {
    super(errorType, null, false, false);
  }
}
