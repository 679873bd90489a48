package dev.tictactoe.protocol;

/**
 * Reads a plain move message character by character: an object with exactly the fields {@code
 * type} ("move"), {@code id} (printable ASCII, no escapes), {@code version} and {@code cell}
 * (non-negative integers), in any order, with optional whitespace. Moves are nearly all a client
 * sends, and this costs a fraction of creating a JSON parser. Anything else gives null and goes
 * to the tree decoder, which then gives the same result or the precise error.
 */
final class MoveScanner {

  private static final int ABSENT = -1;
  /** Longest integers read here: beyond, the value may not fit and the tree decoder judges it. */
  private static final int MAX_VERSION_DIGITS = 18;

  private static final int MAX_CELL_DIGITS = 9;

  private final String text;
  private int at;

  private MoveScanner(String text) {
    this.text = text;
  }

  /** The move {@code json} spells plainly, or null. */
  static ClientMessage.Move scan(String json) {
    return new MoveScanner(json).move();
  }

  private ClientMessage.Move move() {
    boolean typed = false;
    String id = null;
    long version = ABSENT;
    long cell = ABSENT;
    if (!take('{')) {
      return null;
    }
    do {
      String field = string();
      if (field == null || !take(':')) {
        return null;
      }
      switch (field) {
        case "type" -> {
          if (typed || !"move".equals(string())) {
            return null;
          }
          typed = true;
        }
        case "id" -> {
          if (id != null || (id = string()) == null) {
            return null;
          }
        }
        case "version" -> {
          if (version != ABSENT || (version = integer(MAX_VERSION_DIGITS)) == ABSENT) {
            return null;
          }
        }
        case "cell" -> {
          if (cell != ABSENT || (cell = integer(MAX_CELL_DIGITS)) == ABSENT) {
            return null;
          }
        }
        default -> {
          return null;
        }
      }
    } while (take(','));
    if (!take('}') || !atEnd() || !typed || id == null || version == ABSENT || cell == ABSENT
        || id.isEmpty() || id.length() > Protocol.MAX_MOVE_ID_LENGTH) {
      return null;
    }
    return new ClientMessage.Move(id, version, (int) cell);
  }

  /** Skips whitespace, then consumes {@code c} if it comes next. */
  private boolean take(char c) {
    skipWhitespace();
    if (at < text.length() && text.charAt(at) == c) {
      at++;
      return true;
    }
    return false;
  }

  /** A string of printable ASCII without escapes, or null. */
  private String string() {
    if (!take('"')) {
      return null;
    }
    int start = at;
    for (; at < text.length(); at++) {
      char c = text.charAt(at);
      if (c == '"') {
        return text.substring(start, at++);
      }
      if (c < 0x20 || c > 0x7e || c == '\\') {
        return null;
      }
    }
    return null;
  }

  /** A non-negative integer in JSON's form (no leading zeros) of at most {@code maxDigits}, or ABSENT. */
  private long integer(int maxDigits) {
    skipWhitespace();
    int start = at;
    long value = 0;
    while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
      value = value * 10 + (text.charAt(at++) - '0');
    }
    int digits = at - start;
    if (digits == 0 || digits > maxDigits || (digits > 1 && text.charAt(start) == '0')) {
      return ABSENT;
    }
    // A fraction or exponent makes it a number of another kind.
    if (at < text.length() && (text.charAt(at) == '.' || text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
      return ABSENT;
    }
    return value;
  }

  private boolean atEnd() {
    skipWhitespace();
    return at == text.length();
  }

  private void skipWhitespace() {
    while (at < text.length()) {
      char c = text.charAt(at);
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        return;
      }
      at++;
    }
  }
}
