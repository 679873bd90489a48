package dev.tictactoe.protocol;

/**
 * A message or exchange broke the protocol; carries the error code to send back and a precise human
 * message naming the offending field.
 */
public final class ProtocolException extends RuntimeException {
  private final ErrorCode code;

  public ProtocolException(ErrorCode code, String message) {
    // No stack trace: bad input from a peer is an expected value, not a bug, and can be frequent.
    super(message, null, false, false);
    this.code = code;
  }

  public ProtocolException(ErrorCode code, String message, Throwable cause) {
    super(message, cause, false, false);
    this.code = code;
  }

  /** The error code a server would answer with. */
  public ErrorCode code() {
    return code;
  }
}
