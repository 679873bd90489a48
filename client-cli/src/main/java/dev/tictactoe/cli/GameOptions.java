package dev.tictactoe.cli;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Durations;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.WireWord;

import org.jspecify.annotations.Nullable;

import picocli.CommandLine.Option;

import java.util.Locale;

/** The game asked for by create and play: the board and the time control. */
final class GameOptions {

    @Option(
            names = "--size",
            paramLabel = "N",
            defaultValue = "3",
            description = "Board side, 3 to 19 (default ${DEFAULT-VALUE}).")
    int size;

    @Option(
            names = "--k",
            paramLabel = "K",
            description = "Stones in a row to win (default: the size, at most 5).")
    @Nullable Integer winLength;

    @Option(
            names = "--clock",
            paramLabel = "CONTROL",
            description =
                    "Time control: a game clock with an optional increment per move (3m+2s, 5m), a"
                            + " limit per move (20s/move), or both (5m+3s,30s/move). Default: no"
                            + " clock.")
    @Nullable String clock;

    @Option(
            names = "--move-time",
            paramLabel = "LIMIT",
            description =
                    "Time for each move, e.g. 20s (the same as --clock 20s/move; adds to a game"
                            + " clock).")
    @Nullable String moveTime;

    /** The bot level given with {@code --bot} in lower case, checked; null when none was given. */
    static @Nullable String botLevel(@Nullable String given) {
        if (given == null) {
            return null;
        }
        String level = given.toLowerCase(Locale.ROOT);
        if (WireWord.find(BotLevel.values(), level) == null) {
            throw new UserError(
                    "--bot must be easy, medium, hard or perfect, was \"" + given + "\"");
        }
        return level;
    }

    int size() {
        if (size < Protocol.MIN_SIZE || size > Protocol.MAX_SIZE) {
            throw new UserError(
                    "--size must be %d to %d, was %d"
                            .formatted(Protocol.MIN_SIZE, Protocol.MAX_SIZE, size));
        }
        return size;
    }

    /** The win length, checked against the size; the default follows the size. */
    int winLength() {
        int k = winLength == null ? NewRoom.defaultWinLength(size()) : winLength;
        if (k < Protocol.MIN_WIN_LENGTH || k > size) {
            throw new UserError(
                    "--k must be %d to the board size (%d), was %d"
                            .formatted(Protocol.MIN_WIN_LENGTH, size, k));
        }
        return k;
    }

    /** The time control as the protocol writes it ({@code "3m+2s,20s/move"}), or null for none. */
    @Nullable String timeControl() {
        String game = clock == null ? null : clock.strip();
        if (game != null && game.isEmpty()) {
            throw new UserError("--clock needs a time control, like 3m+2s or 20s/move");
        }
        if (moveTime == null) {
            return game;
        }
        if (game != null && game.contains(ClockFace.PER_MOVE)) {
            String both = "--move-time and a limit per move in --clock (\"%s\"): give one of them";
            throw new UserError(both.formatted(clock));
        }
        String perMove = duration("--move-time", moveTime) + ClockFace.PER_MOVE;
        return game == null ? perMove : game + "," + perMove;
    }

    /** A duration option as the protocol writes it, or a usage error naming the option. */
    static String duration(String option, String text) {
        try {
            return Durations.format(Durations.parse(text));
        } catch (IllegalArgumentException e) {
            throw new UserError(option + ": " + e.getMessage());
        }
    }
}
