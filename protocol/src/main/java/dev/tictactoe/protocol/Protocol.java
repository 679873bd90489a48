package dev.tictactoe.protocol;

import java.time.Duration;

/** Constants and small validity checks shared by both ends of the wire protocol. */
public final class Protocol {
  /** The protocol version a client states in {@code join}; bumped on incompatible changes. */
  public static final int VERSION = 1;

  /** Longest player name, in characters (code points). */
  public static final int MAX_NAME_LENGTH = 32;

  /** Longest client-chosen move id. */
  public static final int MAX_MOVE_ID_LENGTH = 64;

  /** Largest WebSocket frame either side accepts, in bytes. */
  public static final int MAX_FRAME_BYTES = 64 * 1024;

  /** Smallest and largest board side. */
  public static final int MIN_SIZE = 3;

  public static final int MAX_SIZE = 19;

  /** The two seats. */
  public static final String X = "X";

  public static final String O = "O";


  /** Default server limits, documented in PROTOCOL.md; the server may be configured otherwise. */
  public static final int DEFAULT_RATE_PER_SECOND = 20;

  public static final int DEFAULT_RATE_BURST = 40;
  public static final int DEFAULT_RATE_VIOLATIONS_BEFORE_CLOSE = 3;
  public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(60);
  public static final Duration DEFAULT_PING_INTERVAL = Duration.ofSeconds(20);
  public static final Duration DEFAULT_SEAT_GRACE = Duration.ofSeconds(60);

  /** Bot levels, weakest first. */
  public static final java.util.List<String> BOT_LEVELS =
      java.util.List.of("easy", "medium", "hard", "perfect");

  private Protocol() {}

  /** True for "X" and "O". */
  public static boolean isSeat(String s) {
    return X.equals(s) || O.equals(s);
  }

  /** The opponent's seat. */
  public static String other(String seat) {
    if (X.equals(seat)) {
      return O;
    }
    if (O.equals(seat)) {
      return X;
    }
    throw new IllegalArgumentException("not a seat: " + seat);
  }

  /**
   * True when {@code name} is a valid player name: 1..32 characters, no control characters, no
   * leading or trailing white space.
   */
  public static boolean isValidName(String name) {
    if (name == null || name.isEmpty() || !name.equals(name.strip())) {
      return false;
    }
    int length = name.codePointCount(0, name.length());
    return length <= MAX_NAME_LENGTH && name.codePoints().noneMatch(Character::isISOControl);
  }
}
