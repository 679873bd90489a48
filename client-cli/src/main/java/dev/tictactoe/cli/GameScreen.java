package dev.tictactoe.cli;

import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.protocol.PlayerKind;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Composes the whole interactive screen from the room state: the room code, both players with their
 * connection status, clock and score, the board, whose turn it is or how the game ended, recent
 * notices (server errors in words) and the prompt. Pure: the same view gives the same lines. It
 * stays one file: it is one pure function of the view, and its parts (players, board, status,
 * notices) share the same layout rules.
 */
final class GameScreen {

    /** How long before the opponent may claim the game the player to move is warned. */
    static final long CLAIM_WARNING_MILLIS = 15_000;

    /** A line under the board: information, or an error in words. */
    record Notice(String text, boolean error) {}

    /**
     * Everything drawn on one screen.
     *
     * @param snapshot the room state, null until the server welcomed us
     * @param seat our seat, null when watching
     * @param connection the connection status in words, e.g. "connected"
     * @param share the exact command a friend types to join, e.g. "ttt join K7MQ2P"
     * @param cursor the cell under the arrow-key cursor, or null when keys are not available
     * @param colour whether to use ANSI colours
     * @param resultNames the state whose players the result names (before the game ended), or null
     * @param graceUntil when each disconnected player's seat is freed, epoch ms, by seat
     * @param now the time the countdowns count from, epoch ms by the server's clock
     * @param height the lines the terminal shows, 0 when unknown: the screen is made to fit
     */
    record View(
            String room,
            String share,
            Snapshot snapshot,
            String seat,
            String connection,
            List<Notice> notices,
            String input,
            Integer cursor,
            boolean colour,
            Snapshot resultNames,
            Map<String, Long> graceUntil,
            long now,
            int height) {
        View {
            notices = List.copyOf(notices);
            graceUntil = Map.copyOf(graceUntil);
        }

        View(
                String room,
                String share,
                Snapshot snapshot,
                String seat,
                String connection,
                List<Notice> notices,
                String input,
                Integer cursor,
                boolean colour) {
            this(
                    room,
                    share,
                    snapshot,
                    seat,
                    connection,
                    notices,
                    input,
                    cursor,
                    colour,
                    null,
                    Map.of(),
                    0,
                    0);
        }
    }

    private GameScreen() {}

    /**
     * The screen's lines, top to bottom. When they do not fit the height, spacing and the code box
     * go first, then the oldest notices; the title line always stays on top.
     */
    static List<String> render(View view) {
        List<String> lines = render(view, false, view.notices());
        if (view.height() <= 0 || lines.size() <= view.height()) {
            return lines;
        }
        lines = render(view, true, view.notices());
        List<Notice> notices = view.notices();
        while (lines.size() > view.height() && !notices.isEmpty()) {
            notices = notices.subList(1, notices.size());
            lines = render(view, true, notices);
        }
        if (lines.size() > view.height()) {
            // Still too tall (a tiny terminal): keep the top and the prompt.
            List<String> cut = new ArrayList<>(lines.subList(0, Math.max(1, view.height() - 1)));
            cut.add(lines.get(lines.size() - 1));
            return cut;
        }
        return lines;
    }

    private static List<String> render(View view, boolean compact, List<Notice> notices) {
        Paint paint = new Paint(view.colour());
        List<String> lines = new ArrayList<>();
        Snapshot s = view.snapshot();
        String title = paint.bold("ttt") + "  room " + paint.bold(spaced(view.room()));
        if (s != null) {
            Snapshot.Settings settings = s.settings();
            title +=
                    "  game "
                            + s.game()
                            + "  "
                            + settings.size()
                            + "x"
                            + settings.size()
                            + ", "
                            + settings.winLength()
                            + " in a row";
        }
        lines.add(title + "  [" + view.connection() + "]");
        if (s == null) {
            lines.add("");
            lines.add("Joining room " + view.room() + "...");
        } else {
            ClockFace clock = ClockFace.at(s.clock(), view.now());
            lines.add(player(s, Seat.X.wire(), view, clock, paint));
            lines.add(player(s, Seat.O.wire(), view, clock, paint));
            if (clock != null) {
                lines.add(clockLine(s, clock, paint));
            }
            if (!compact) {
                lines.add(
                        "draws "
                                + s.score().draws()
                                + "   spectators "
                                + s.spectators()
                                + (view.seat() == null ? "   (you are watching)" : ""));
                lines.add("");
            }
            List<Integer> line = s.result() == null ? List.of() : s.result().line();
            Integer cursor = RoomStatus.PLAYING.is(s.status()) ? view.cursor() : null;
            new BoardRenderer(view.colour())
                    .render(new BoardRenderer.Board(s.board(), s.lastMove(), line, cursor))
                    .forEach(l -> lines.add(" " + l));
            if (!compact) {
                lines.add("");
            }
            Snapshot names = view.resultNames() != null ? view.resultNames() : s;
            lines.addAll(status(s, names, view.seat(), view.cursor() != null, view.now(), paint));
            if (RoomStatus.WAITING.is(s.status()) && view.seat() != null) {
                if (compact) {
                    lines.add(
                            paint.bold("Room code " + view.room() + ". Share it: " + view.share()));
                } else {
                    lines.add("");
                    codeBox(view.room(), view.share()).forEach(l -> lines.add(paint.bold(l)));
                }
            }
        }
        for (Notice notice : notices) {
            lines.add(notice.error() ? paint.error("! " + notice.text()) : "* " + notice.text());
        }
        lines.add("> " + view.input());
        return lines;
    }

    /** One player's line: seat, name, connection (with the seat's countdown), game clock, score. */
    static String player(Snapshot s, String seat, View view, ClockFace clock, Paint paint) {
        Snapshot.Player p = s.players().seat(seat);
        String mySeat = view.seat();
        int wins = Seat.X.is(seat) ? s.score().x() : s.score().o();
        String who;
        if (p == null) {
            who = "(empty seat)";
        } else {
            who = name(p);
            if (seat.equals(mySeat)) {
                who += " (you)";
            }
            if (!p.connected()) {
                Long until = view.graceUntil().get(seat);
                String whose =
                        mySeat != null && !seat.equals(mySeat)
                                ? "opponent"
                                : seat.equals(mySeat) ? "you" : "";
                String kept =
                        until == null ? "seat held" : "seat kept " + clock(until - view.now());
                who +=
                        "  - "
                                + (whose.isEmpty() ? "" : whose + " ")
                                + "disconnected \u2014 "
                                + kept;
            }
        }
        String turn = seat.equals(s.turn()) ? " <- to move" : "";
        String time = "";
        if (clock != null && clock.left(seat) != null) {
            String reading = String.format("%8s", ClockFace.format(clock.left(seat)));
            time = seat.equals(clock.running()) ? paint.bold(reading) : reading;
            time += " ";
        }
        return paint.seat(seat, seat)
                + "  "
                + String.format("%-44s", who + turn)
                + time
                + " wins "
                + wins;
    }

    /**
     * The line under the players in a timed room: the time control, what is left of the current
     * move when moves are limited, who ran out of time, or that the clock waits for the start.
     */
    static String clockLine(Snapshot s, ClockFace clock, Paint paint) {
        String line = "clock " + clock.control();
        if (clock.flagged() != null) {
            return line + "   " + nameOf(s, clock.flagged()) + " ran out of time";
        }
        if (clock.running() == null) {
            return line
                    + (RoomStatus.WAITING.is(s.status())
                            ? "   starts when both seats are taken"
                            : "");
        }
        if (clock.moveLeft() != null) {
            line += "   this move " + paint.bold(ClockFace.format(clock.moveLeft())) + " left";
        }
        return line;
    }

    /** A countdown as m:ss, never below 0:00. */
    static String clock(long millis) {
        long seconds = Math.max(0, (millis + 999) / 1000);
        return seconds / 60 + ":" + String.format("%02d", seconds % 60);
    }

    /** A player's name as shown, with the level for bots. */
    static String name(Snapshot.Player p) {
        if (!PlayerKind.BOT.is(p.kind()) || p.name().contains("bot")) {
            return p.name();
        }
        return p.name() + " (bot, " + p.level() + ")";
    }

    private static String nameOf(Snapshot s, String seat) {
        Snapshot.Player p = s.players().seat(seat);
        return p == null ? seat : p.name() + " (" + seat + ")";
    }

    /** What is going on and what the user can do, in words. */
    static List<String> status(
            Snapshot s, Snapshot names, String seat, boolean keys, long now, Paint paint) {
        List<String> lines = new ArrayList<>();
        RoomStatus status = RoomStatus.fromWire(s.status());
        switch (status == null ? RoomStatus.WAITING : status) {
            case WAITING -> {
                lines.add("Waiting for an opponent.");
                if (seat != null) {
                    lines.add("Or invite a bot: bot easy | bot medium | bot hard | bot perfect");
                }
            }
            case PLAYING -> {
                if (seat != null && seat.equals(s.turn())) {
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
                    if (s.undoRequest().equals(seat)) {
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
                    String other = Seat.fromWire(seat).other().wire();
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
     * be). Null when there is nothing to say: a spectator, a bot opponent, a timed room, or time to
     * spare.
     */
    static String claim(Snapshot s, String seat, long now) {
        Long at = s.claimableAt();
        if (at == null || seat == null || s.turn() == null || !RoomStatus.PLAYING.is(s.status())) {
            return null;
        }
        String other = Seat.fromWire(seat).other().wire();
        Snapshot.Player opponent = s.players().seat(other);
        if (opponent == null || "bot".equals(opponent.kind())) {
            return null;
        }
        if (s.turn().equals(other)) {
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
                    + clock(at - now)
                    + ".";
        }
        return null;
    }

    /** How the game ended, from {@code seat}'s point of view (or neutral for spectators). */
    static String result(Snapshot s, String seat) {
        return result(s, s, seat);
    }

    /**
     * As {@link #result(Snapshot, String)}, naming the players of {@code names}: those who played.
     */
    static String result(Snapshot s, Snapshot names, String seat) {
        Snapshot.Result r = s.result();
        if (r == null) {
            return "Game over.";
        }
        String winner = r.winner();
        String who =
                winner == null
                        ? null
                        : winner.equals(seat) ? "you win" : nameOf(names, winner) + " wins";
        ResultReason reason = ResultReason.fromWire(r.reason());
        if (reason == null) {
            return (who == null ? "Draw" : capitalize(who)) + " (" + r.reason() + ").";
        }
        return switch (reason) {
            case LINE -> capitalize(who) + " with " + cells(r.line(), s.settings().size()) + ".";
            case RESIGN -> {
                String loser = winner == null ? null : Seat.fromWire(winner).other().wire();
                String resigned =
                        loser == null
                                ? "A player"
                                : loser.equals(seat) ? "You" : nameOf(names, loser);
                yield resigned + " resigned" + (who == null ? "." : ": " + who + ".");
            }
            case DRAW -> "Draw: the board is full.";
            case DEAD_DRAW -> "Draw: nobody can make a line any more.";
            case ABANDONED -> "Game abandoned" + (who == null ? "." : ": " + who + ".");
            case TIMEOUT -> {
                String flagged =
                        winner != null
                                ? Seat.fromWire(winner).other().wire()
                                : s.clock() != null ? s.clock().flagged() : null;
                String ran =
                        flagged == null
                                ? "A player"
                                : flagged.equals(seat) ? "You" : nameOf(names, flagged);
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

    /** The room code in a box, large and clear for sharing, with the command that joins it. */
    static List<String> codeBox(String code, String share) {
        String inner = "   ROOM CODE   " + spaced(code).replace("", " ").strip() + "   ";
        String rule = "+" + "-".repeat(inner.length()) + "+";
        return List.of(
                rule,
                "|" + " ".repeat(inner.length()) + "|",
                "|" + inner + "|",
                "|" + " ".repeat(inner.length()) + "|",
                rule,
                "Share it: " + share);
    }

    /**
     * One line saying what an event means for the user, or null when the screen already says it
     * (the snapshot the event came with is {@code s}).
     */
    static String describe(Event event, Snapshot s, String mySeat) {
        return describe(event, s, s, mySeat);
    }

    /**
     * As {@link #describe(Event, Snapshot, String)}, naming players from {@code names}: who acted.
     */
    static String describe(Event event, Snapshot s, Snapshot names, String mySeat) {
        return switch (event) {
            case Event.Moved m ->
                    m.seat().equals(mySeat)
                            ? null
                            : nameOf(names, m.seat())
                                    + " played "
                                    + Coordinates.format(m.cell(), s.settings().size());
            case Event.Joined j -> j.name() + " joined as " + j.seat();
            case Event.BotJoined b -> "a " + b.level() + " bot took seat " + b.seat();
            case Event.Left l ->
                    (l.seat().equals(mySeat) ? "you" : nameOf(names, l.seat())) + " left the room";
            case Event.Disconnected d ->
                    nameOf(names, d.seat()) + " lost the connection; the seat is held for a while";
            case Event.Reconnected r ->
                    r.seat().equals(mySeat) ? null : nameOf(names, r.seat()) + " is back";
            case Event.UndoRequested u -> null;
            case Event.UndoDeclined d ->
                    (d.seat().equals(mySeat) ? "you" : nameOf(names, d.seat()))
                            + " declined the takeback";
            case Event.Undone u -> "took back " + cells(u.cells(), s.settings().size());
            case Event.Resigned r -> null;
            case Event.RematchOffered r ->
                    r.seat().equals(mySeat) ? null : nameOf(names, r.seat()) + " offers a rematch";
            case Event.RematchStarted r -> "game " + r.game() + " starts";
            case Event.GameOver g -> null;
            case Event.SpectatorsChanged c -> null;
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
                + game.reason()
                + ")";
    }

    /** A room code split in two halves for reading aloud, e.g. "K7M Q2P". */
    static String spaced(String code) {
        if (code == null || code.length() != 6) {
            return String.valueOf(code);
        }
        return code.substring(0, 3) + " " + code.substring(3);
    }

    /** Applies ANSI styles, or nothing in plain mode. */
    record Paint(boolean colour) {
        String bold(String text) {
            return colour ? Ansi.BOLD + text + Ansi.RESET : text;
        }

        String error(String text) {
            return colour ? Ansi.ERROR + text + Ansi.RESET : text;
        }

        String notice(String text) {
            return colour ? Ansi.NOTICE + text + Ansi.RESET : text;
        }

        String seat(String seat, String text) {
            return colour ? Ansi.seat(seat) + text + Ansi.RESET : text;
        }
    }
}
