package dev.tictactoe.cli;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.protocol.PlayerKind;
import dev.tictactoe.protocol.QuickPhrase;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The game in sentences from the reader's seat: the state, a result, an event, a past game. */
final class GameWords {

    /** How long before the opponent may claim the game the player to move is warned. */
    static final long CLAIM_WARNING_MILLIS = 15_000;

    private GameWords() {}

    /** A player's name as shown, with the level for bots. */
    static String name(Snapshot.Player p) {
        BotLevel level = p.level();
        return p.kind() != PlayerKind.BOT || level == null || p.name().contains("bot")
                ? p.name()
                : "%s (bot, %s)".formatted(p.name(), level.wire());
    }

    static String nameOf(Snapshot s, Seat seat) {
        Snapshot.Player p = s.players().seat(seat);
        return p == null ? seat.wire() : p.name() + " (" + seat + ")";
    }

    /** What is going on and what the user can do, in words. */
    static List<String> status(
            Snapshot s, Snapshot names, @Nullable Seat seat, boolean keys, long now, Paint paint) {
        List<String> lines = new ArrayList<>();
        switch (s.status()) {
            case WAITING -> {
                lines.add("Waiting for an opponent.");
                if (seat != null) {
                    lines.add("Or invite a bot: bot easy | bot medium | bot hard | bot perfect");
                }
            }
            case PLAYING -> {
                Seat turn = Objects.requireNonNull(s.turn(), "a game in play has a turn");
                if (seat != null && seat == turn) {
                    String how = keys ? ", or move with the arrows and" : " and";
                    lines.add(
                            paint.notice("Your turn (" + seat + ").")
                                    + " Type a cell like b2"
                                    + how
                                    + " press Enter.");
                } else if (seat != null) {
                    lines.add("Waiting for " + nameOf(s, turn) + " to move.");
                } else {
                    lines.add(nameOf(s, turn) + " to move.");
                }
                String claim = claim(s, seat, now);
                if (claim != null) {
                    lines.add(paint.notice(claim));
                }
                Seat asking = s.undoRequest();
                if (asking == seat && asking != null) {
                    lines.add("You asked to take back a move; waiting for the answer.");
                } else if (asking != null) {
                    String asks = nameOf(s, asking) + " asks to take back a move";
                    lines.add(
                            seat == null
                                    ? asks + "."
                                    : paint.notice(asks + ": type accept or decline."));
                }
            }
            case OVER -> {
                lines.add(paint.notice(result(s, names, seat)));
                if (seat != null) {
                    Seat other = seat.opponent();
                    if (s.rematch().contains(other)) {
                        lines.add(
                                nameOf(s, other)
                                        + " offers a rematch: type rematch to play again, or"
                                        + " quit.");
                    } else if (s.rematch().contains(seat)) {
                        lines.add("You offered a rematch; waiting for " + nameOf(s, other) + ".");
                    } else {
                        lines.add("Type rematch to play again, history to review, or quit.");
                    }
                }
            }
        }
        return lines;
    }

    /** In a game without a clock: the idle opponent can be claimed from, or we soon can be. */
    static @Nullable String claim(Snapshot s, @Nullable Seat seat, long now) {
        Long at = s.claimableAt();
        if (at == null || seat == null || s.turn() == null || s.status() != RoomStatus.PLAYING) {
            return null;
        }
        Seat other = seat.opponent();
        Snapshot.Player opponent = s.players().seat(other);
        if (opponent == null || opponent.kind() == PlayerKind.BOT) {
            return null;
        }
        if (s.turn() == other) {
            return now >= at
                    ? nameOf(s, other) + " has been idle too long: type claim to win the game."
                    : null;
        }
        if (now >= at) {
            return "Move now: " + nameOf(s, other) + " may claim the game from you.";
        }
        return at - now > CLAIM_WARNING_MILLIS
                ? null
                : "Move soon: %s may claim the game in %s."
                        .formatted(nameOf(s, other), ClockFace.format(at - now));
    }

    /** How the game ended, for {@code seat} (neutral for spectators), naming who played. */
    static String result(Snapshot s, Snapshot names, @Nullable Seat seat) {
        Snapshot.Result r = s.result();
        if (r == null) {
            return "Game over.";
        }
        Seat winner = r.winner();
        String who =
                winner == null
                        ? null
                        : winner == seat ? "you win" : nameOf(names, winner) + " wins";
        String after = who == null ? "." : ": " + who + ".";
        return switch (r.reason()) {
            case LINE ->
                    (winner == seat ? "You win" : Objects.requireNonNull(who, "a line's winner"))
                            + " with "
                            + cells(r.line(), s.settings().size())
                            + ".";
            case RESIGN -> {
                Seat loser = winner == null ? null : winner.opponent();
                String resigned =
                        loser == null ? "A player" : loser == seat ? "You" : nameOf(names, loser);
                yield resigned + " resigned" + after;
            }
            case DRAW -> "Draw: the board is full.";
            case DEAD_DRAW -> "Draw: nobody can make a line any more.";
            case ABANDONED -> "Game abandoned" + after;
            case TIMEOUT -> {
                Seat flagged =
                        winner != null
                                ? winner.opponent()
                                : s.clock() != null ? s.clock().flagged() : null;
                String ran =
                        flagged == null
                                ? "A player"
                                : flagged == seat ? "You" : nameOf(names, flagged);
                yield ran
                        + " ran out of time"
                        + (who == null ? ": a draw, as nobody could win any more." : after);
            }
        };
    }

    static String cells(List<Integer> cells, int size) {
        return String.join(" ", cells.stream().map(c -> Coordinates.format(c, size)).toList());
    }

    /** What an event means for the user, naming who acted; null when the screen says it. */
    static @Nullable String describe(
            Event event, Snapshot s, Snapshot names, @Nullable Seat mySeat) {
        return switch (event) {
            case Event.Moved m ->
                    m.seat() == mySeat
                            ? null
                            : nameOf(names, m.seat())
                                    + " played "
                                    + Coordinates.format(m.cell(), s.settings().size());
            case Event.Joined j -> j.name() + " joined as " + j.seat();
            case Event.BotJoined b -> "a " + b.level().wire() + " bot took seat " + b.seat();
            case Event.Left l ->
                    (l.seat() == mySeat ? "you" : nameOf(names, l.seat())) + " left the room";
            case Event.Disconnected d ->
                    nameOf(names, d.seat()) + " lost the connection; the seat is held for a while";
            case Event.Reconnected r ->
                    r.seat() == mySeat ? null : nameOf(names, r.seat()) + " is back";
            case Event.UndoDeclined d ->
                    (d.seat() == mySeat ? "you" : nameOf(names, d.seat()))
                            + " declined the takeback";
            case Event.Undone u -> "took back " + cells(u.cells(), s.settings().size());
            case Event.RematchOffered r ->
                    r.seat() == mySeat ? null : nameOf(names, r.seat()) + " offers a rematch";
            case Event.RematchStarted r -> "game " + r.game() + " starts";
            default -> null; // the status lines say it (a takeback asked, a result), or nothing
        };
    }

    /** A quick phrase said in the room, e.g. "bo (O): Good game!", or "you: Thanks!". */
    static String phrase(ServerMessage.Phrase said, Snapshot s, @Nullable Seat mySeat) {
        String who = said.seat() == mySeat ? "you" : nameOf(s, said.seat());
        return who + ": " + phraseText(said.phrase());
    }

    /** How a phrase reads, as the page shows it too. */
    static String phraseText(QuickPhrase phrase) {
        return switch (phrase) {
            case HELLO -> "Hello!";
            case GOOD_LUCK -> "Good luck!";
            case NICE_MOVE -> "Nice move!";
            case OOPS -> "Oops!";
            case THANKS -> "Thanks!";
            case WELL_PLAYED -> "Well played!";
            case GOOD_GAME -> "Good game!";
            case REMATCH -> "Rematch?";
        };
    }

    /** A finished game in one line, e.g. "game 1: X first: a1 b2 c3 ... - X won (line)". */
    static String history(GameRecord game, int size) {
        String outcome = game.winner() == null ? "draw" : game.winner() + " won";
        String moves = cells(game.moves(), size);
        return "game %d: %s first: %s - %s (%s)"
                .formatted(game.game(), game.first(), moves, outcome, game.reason().wire());
    }
}
