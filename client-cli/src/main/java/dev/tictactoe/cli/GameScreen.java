package dev.tictactoe.cli;

import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;

import org.jspecify.annotations.Nullable;

import java.util.ArrayList;
import java.util.List;

/** Lays out the whole interactive screen from the room state, in GameWords' sentences. */
final class GameScreen {

    /** A line under the board: information, or an error in words. */
    record Notice(String text, boolean error) {}

    record View(
            String room,
            String share,
            @Nullable Snapshot snapshot,
            @Nullable Seat seat,
            String connection,
            List<Notice> notices,
            String input,
            @Nullable Integer cursor,
            boolean colour,
            @Nullable Snapshot resultNames,
            long now,
            int height) {}

    private GameScreen() {}

    static List<String> render(View view) {
        List<String> lines = render(view, false, view.notices());
        if (view.height() <= 0 || lines.size() <= view.height()) {
            return lines;
        }
        List<Notice> notices = view.notices();
        lines = render(view, true, notices);
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
            int size = s.settings().size();
            title +=
                    "  game %d  %dx%d, %d in a row"
                            .formatted(s.game(), size, size, s.settings().winLength());
        }
        lines.add(title + "  [" + view.connection() + "]");
        if (s == null) {
            lines.add("");
            lines.add("Joining room " + view.room() + "...");
        } else {
            ClockFace clock = ClockFace.at(s.clock(), view.now());
            lines.add(player(s, Seat.X, view, clock, paint));
            lines.add(player(s, Seat.O, view, clock, paint));
            if (clock != null) {
                lines.add(clockLine(s, clock, paint));
            }
            if (!compact) {
                String watching = view.seat() == null ? "   (you are watching)" : "";
                lines.add(
                        "draws %d   spectators %d%s"
                                .formatted(s.score().draws(), s.spectators(), watching));
                lines.add("");
            }
            List<Integer> line = s.result() == null ? List.of() : s.result().line();
            Integer cursor = s.status() == RoomStatus.PLAYING ? view.cursor() : null;
            paint.board(new Paint.Board(s.board(), s.lastMove(), line, cursor))
                    .forEach(l -> lines.add(" " + l));
            if (!compact) {
                lines.add("");
            }
            Snapshot names = view.resultNames() != null ? view.resultNames() : s;
            lines.addAll(
                    GameWords.status(
                            s, names, view.seat(), view.cursor() != null, view.now(), paint));
            if (s.status() == RoomStatus.WAITING && view.seat() != null) {
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
    static String player(Snapshot s, Seat seat, View view, @Nullable ClockFace clock, Paint paint) {
        Snapshot.Player p = s.players().seat(seat);
        Seat mySeat = view.seat();
        int wins = seat == Seat.X ? s.score().x() : s.score().o();
        String who;
        if (p == null) {
            who = "(empty seat)";
        } else {
            who = GameWords.name(p);
            if (seat == mySeat) {
                who += " (you)";
            }
            if (!p.connected()) {
                Long until = p.graceUntil();
                String whose = seat == mySeat ? "you " : mySeat != null ? "opponent " : "";
                String kept =
                        until == null
                                ? "seat held"
                                : "seat kept " + ClockFace.format(until - view.now());
                who += "  - " + whose + "disconnected \u2014 " + kept;
            }
        }
        String turn = seat == s.turn() ? " <- to move" : "";
        String time = "";
        Long left = clock == null ? null : clock.left(seat);
        if (clock != null && left != null) {
            String reading = String.format("%8s", ClockFace.format(left));
            time = (seat == clock.running() ? paint.bold(reading) : reading) + " ";
        }
        return "%s  %-44s%s wins %d"
                .formatted(paint.seat(seat, seat.wire()), who + turn, time, wins);
    }

    /** The clock line: the control, the current move's time left, a flag, or waiting to start. */
    static String clockLine(Snapshot s, ClockFace clock, Paint paint) {
        String line = "clock " + clock.control();
        if (clock.flagged() != null) {
            return line + "   " + GameWords.nameOf(s, clock.flagged()) + " ran out of time";
        }
        if (clock.running() == null) {
            return line
                    + (s.status() == RoomStatus.WAITING
                            ? "   starts when both seats are taken"
                            : "");
        }
        if (clock.moveLeft() != null) {
            line += "   this move " + paint.bold(ClockFace.format(clock.moveLeft())) + " left";
        }
        return line;
    }

    /** The room code in a box, large and clear for sharing, with the command that joins it. */
    static List<String> codeBox(String code, String share) {
        String inner = "   ROOM CODE   " + spaced(code).replace("", " ").strip() + "   ";
        String rule = "+" + "-".repeat(inner.length()) + "+";
        String blank = "|" + " ".repeat(inner.length()) + "|";
        return List.of(rule, blank, "|" + inner + "|", blank, rule, "Share it: " + share);
    }

    /** A room code split in two halves for reading aloud, e.g. "K7M Q2P". */
    static String spaced(String code) {
        return code.length() != 6 ? code : code.substring(0, 3) + " " + code.substring(3);
    }
}
