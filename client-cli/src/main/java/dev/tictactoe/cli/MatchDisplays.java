package dev.tictactoe.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.client.MatchApi;
import dev.tictactoe.protocol.MessageCodec;

import org.jspecify.annotations.Nullable;

import java.io.PrintStream;
import java.time.Duration;
import java.time.temporal.ChronoUnit;

/** How {@code ttt play} shows its wait: words on a terminal, or JSON lines for scripts. */
final class MatchDisplays {
    private MatchDisplays() {}

    /** The game asked for, in words: "3x3, 3 in a row, clock 3m+2s; a hard bot after 10s". */
    static String describe(MatchApi.Request r) {
        String k = r.winLength() == null ? "" : ", " + r.winLength() + " in a row";
        String clock = r.clock() == null ? ", no clock" : ", clock " + r.clock();
        String bot =
                r.bot() == null
                        ? ""
                        : "; a %s bot if nobody came after %s".formatted(r.bot(), r.botAfter());
        return "%dx%d%s%s%s".formatted(r.size(), r.size(), k, clock, bot);
    }

    /** The waiting line: "waiting for an opponent… (position 1, 3 waiting in all) 0:12". */
    static String waitingLine(MatchApi.@Nullable Waiting where, Duration waited) {
        String position =
                where == null
                        ? ""
                        : " (position %d, %d waiting in all)"
                                .formatted(where.position(), where.waiting());
        String clock = ClockFace.format(waited.truncatedTo(ChronoUnit.SECONDS).toMillis());
        return "waiting for an opponent\u2026%s %s".formatted(position, clock);
    }

    static String matched(MatchApi.Matched m) {
        String who =
                "bot".equals(m.opponent().kind())
                        ? "nobody came: a " + m.opponent().level() + " bot takes the other seat"
                        : "paired with " + m.opponent().name();
        return who + "; you play " + m.seat() + " in room " + m.code();
    }

    /** Words: one waiting line, rewritten in place on a terminal, else written when it changes. */
    static final class Words implements QuickMatch.Display {
        private final PrintStream out;
        private final boolean inPlace;
        private boolean headed;

        private @Nullable String lastPrinted;

        Words(PrintStream out, boolean inPlace) {
            this.out = out;
            this.inPlace = inPlace;
        }

        @Override
        public void asked(MatchApi.Request request) {
            if (!headed) {
                headed = true;
                out.println("ttt: looking for a game (" + describe(request) + "); Ctrl-C cancels");
                waiting(null, Duration.ZERO);
            }
        }

        @Override
        public void waiting(MatchApi.@Nullable Waiting where, Duration waited) {
            String whereText = where == null ? "" : where.position() + "/" + where.waiting();
            if (inPlace) {
                out.print("\r" + waitingLine(where, waited) + "\u001b[K");
            } else if (!whereText.equals(lastPrinted)) {
                out.println(waitingLine(where, waited));
                lastPrinted = whereText;
            }
            out.flush();
        }

        @Override
        public void answered(MatchApi.Answer answer) {
            if (inPlace && !(answer instanceof MatchApi.TimedOut)) {
                out.println();
            }
            if (answer instanceof MatchApi.Matched m) {
                out.println("ttt: " + matched(m));
            }
        }
    }

    /** For scripts: {@code {"type":"match","status":...}} lines with the server's fields. */
    static final class Json implements QuickMatch.Display {
        private final PrintStream out;
        private String lastWhere = "";

        Json(PrintStream out) {
            this.out = out;
        }

        @Override
        public void waiting(MatchApi.@Nullable Waiting where, Duration waited) {
            if (where == null) {
                return;
            }
            String whereText =
                    where.position() + "/" + where.sameSettings() + "/" + where.waiting();
            if (whereText.equals(lastWhere)) {
                return;
            }
            lastWhere = whereText;
            ObjectNode line = line("waiting", where.ticket());
            line.put("position", where.position());
            line.put("sameSettings", where.sameSettings());
            line.put("waiting", where.waiting());
            line.put("waitedMs", waited.toMillis());
            out.println(line);
        }

        @Override
        public void answered(MatchApi.Answer answer) {
            @Nullable String status =
                    switch (answer) {
                        case MatchApi.Matched m -> "matched";
                        case MatchApi.TimedOut t -> "timeout";
                        case MatchApi.Cancelled c -> "cancelled";
                        case MatchApi.Refused r -> null; // said on stderr as the command's failure
                    };
            if (status != null) {
                // The answer's fields in their record order, after the type and status.
                ObjectNode line = line(status, "");
                line.setAll((ObjectNode) MessageCodec.mapper().valueToTree(answer));
                out.println(line);
            }
        }

        private static ObjectNode line(String status, String ticket) {
            ObjectNode line = MessageCodec.mapper().createObjectNode();
            line.put("type", "match");
            line.put("status", status);
            line.put("ticket", ticket);
            return line;
        }
    }
}
