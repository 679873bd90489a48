package dev.tictactoe.cli;

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

/**
 * The game in sentences, from the reader's seat: what is going on and what can be done, how a game
 * ended, what an event means, a finished game in one line.
 */
final class GameWords {

    /** How long before the opponent may claim the game the player to move is warned. */
    static final long CLAIM_WARNING_MILLIS = 15_000;

    private GameWords() {}

    /** A countdown as m:ss, never below 0:00. */
    static String countdown(long millis) {
        long seconds = Math.max(0, (millis + 999) / 1000);
        return seconds / 60 + ":" + String.format("%02d", seconds % 60);
    }

    /** A player's name as shown, with the level for bots. */
    static String name(Snapshot.Player p) {
        if (p.kind() != PlayerKind.BOT || p.name().contains("bot")) {
            return p.name();
        }
        return p.name() + " (bot, " + p.level().wire() + ")";
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
                if (seat != null && seat == s.turn()) {
                    lines.add(
                            paint.notice("Your turn (" + seat + ").")
                                    + " Type a cell like b2"
                                    + (keys
                                            ? ", or move with the arrows and press Enter."
                                            : " and press Enter."));
                } else if (seat != null) {
                    lines.add("Waiting for " + nameOf(s, s.turn()) + " to move.");
                } else {
                    lines.add(nameOf(s, s.turn()) + " to move.");
                }
                String claim = claim(s, seat, now);
                if (claim != null) {
                    lines.add(paint.notice(claim));
                }
                if (s.undoRequest() != null) {
                    if (s.undoRequest() == seat) {
                        lines.add("You asked to take back a move; waiting for the answer.");
                    } else if (seat != null) {
                        lines.add(
                                paint.notice(
                                        nameOf(s, s.undoRequest())
                                                + " asks to take back a move: type accept or"
                                                + " decline."));
                    } else {
                        lines.add(nameOf(s, s.undoRequest()) + " asks to take back a move.");
                    }
                }
            }
            case OVER -> {
                lines.add(paint.notice(result(s, names, seat)));
                if (seat != null) {
                    Seat other = seat.other();
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

    /**
     * In a game without a clock, what a player should know about claims at {@code now}: that the
     * idle opponent can be claimed from, or that the player to move will soon be (or already can
     * be).
     */
    static @Nullable String claim(Snapshot s, @Nullable Seat seat, long now) {
        Long at = s.claimableAt();
        if (at == null || seat == null || s.turn() == null || s.status() != RoomStatus.PLAYING) {
            return null;
        }
        Seat other = seat.other();
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
        if (at - now <= CLAIM_WARNING_MILLIS) {
            return "Move soon: "
                    + nameOf(s, other)
                    + " may claim the game in "
                    + countdown(at - now)
                    + ".";
        }
        return null;
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
        return switch (r.reason()) {
            case LINE ->
                    capitalize(Objects.requireNonNull(who, "a line has a winner"))
                            + " with "
                            + cells(r.line(), s.settings().size())
                            + ".";
            case RESIGN -> {
                Seat loser = winner == null ? null : winner.other();
                String resigned =
                        loser == null ? "A player" : loser == seat ? "You" : nameOf(names, loser);
                yield resigned + " resigned" + (who == null ? "." : ": " + who + ".");
            }
            case DRAW -> "Draw: the board is full.";
            case DEAD_DRAW -> "Draw: nobody can make a line any more.";
            case ABANDONED -> "Game abandoned" + (who == null ? "." : ": " + who + ".");
            case TIMEOUT -> {
                Seat flagged =
                        winner != null
                                ? winner.other()
                                : s.clock() != null ? s.clock().flagged() : null;
                String ran =
                        flagged == null
                                ? "A player"
                                : flagged == seat ? "You" : nameOf(names, flagged);
                yield ran
                        + " ran out of time"
                        + (who == null
                                ? ": a draw, as nobody could win any more."
                                : ": " + who + ".");
            }
        };
    }

    /** "you win" starts a sentence as "You win"; names are left as their owners typed them. */
    private static String capitalize(String text) {
        return text.startsWith("you ") ? "Y" + text.substring(1) : text;
    }

    /** Cell names joined, e.g. "a1 b2 c3". */
    static String cells(List<Integer> cells, int size) {
        List<String> names = new ArrayList<>();
        for (int cell : cells) {
            names.add(Coordinates.format(cell, size));
        }
        return String.join(" ", names);
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
            case Event.UndoRequested u -> null;
            case Event.UndoDeclined d ->
                    (d.seat() == mySeat ? "you" : nameOf(names, d.seat()))
                            + " declined the takeback";
            case Event.Undone u -> "took back " + cells(u.cells(), s.settings().size());
            case Event.Resigned r -> null;
            case Event.RematchOffered r ->
                    r.seat() == mySeat ? null : nameOf(names, r.seat()) + " offers a rematch";
            case Event.RematchStarted r -> "game " + r.game() + " starts";
            case Event.GameOver g -> null;
            case Event.SpectatorsChanged c -> null;
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
        return "game "
                + game.game()
                + ": "
                + game.first()
                + " first: "
                + cells(game.moves(), size)
                + " - "
                + outcome
                + " ("
                + game.reason().wire()
                + ")";
    }
}
