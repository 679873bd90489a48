package dev.tictactoe.protocol;

/**
 * The body of {@code POST /api/rooms}: the settings of a room to create. Every field may be
 * omitted; see {@link #DEFAULT}.
 *
 * @param seat the seat the creator will take: "X", "O" or "random"
 * @param first who starts: "X", "O" or "random"
 * @param bot the level of a bot taking the other seat, or null for a second person
 * @param clock a time control such as "3m+2s" or "20s/move", checked by the server; null for an
 *     untimed room
 * @param botSeed 0..{@link Protocol#MAX_BOT_SEED}: the same seed and the same moves give the same
 *     bot moves; null lets the server choose (see PROTOCOL.md)
 */
public record NewRoom(
    int size,
    int winLength,
    String seat,
    String first,
    boolean earlyDraw,
    boolean spectators,
    String bot,
    String clock,
    Long botSeed) {

  /** Classic 3×3 tic-tac-toe, creator plays X and starts, spectators allowed, no bot. */
  public static final NewRoom DEFAULT = new NewRoom(3, 3, "X", "X", true, true, null, null, null);

  /** Settings of an untimed room. */
  public NewRoom(
      int size,
      int winLength,
      String seat,
      String first,
      boolean earlyDraw,
      boolean spectators,
      String bot) {
    this(size, winLength, seat, first, earlyDraw, spectators, bot, null, null);
  }

  /** The win length used when only the size is given: the whole side, at most five. */
  public static int defaultWinLength(int size) {
    return Math.min(size, 5);
  }

  public NewRoom withBoard(int size, int winLength) {
    return new NewRoom(size, winLength, seat, first, earlyDraw, spectators, bot, clock, botSeed);
  }

  public NewRoom withSeat(String seat) {
    return new NewRoom(size, winLength, seat, first, earlyDraw, spectators, bot, clock, botSeed);
  }

  public NewRoom withFirst(String first) {
    return new NewRoom(size, winLength, seat, first, earlyDraw, spectators, bot, clock, botSeed);
  }

  public NewRoom withBot(String bot) {
    return new NewRoom(size, winLength, seat, first, earlyDraw, spectators, bot, clock, botSeed);
  }

  public NewRoom withSpectators(boolean spectators) {
    return new NewRoom(size, winLength, seat, first, earlyDraw, spectators, bot, clock, botSeed);
  }

  public NewRoom withEarlyDraw(boolean earlyDraw) {
    return new NewRoom(size, winLength, seat, first, earlyDraw, spectators, bot, clock, botSeed);
  }

  public NewRoom withClock(String clock) {
    return new NewRoom(size, winLength, seat, first, earlyDraw, spectators, bot, clock, botSeed);
  }

  public NewRoom withBotSeed(Long botSeed) {
    return new NewRoom(size, winLength, seat, first, earlyDraw, spectators, bot, clock, botSeed);
  }
}
