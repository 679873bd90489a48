package dev.tictactoe.cli;

import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.Protocol;

import org.jspecify.annotations.Nullable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code ttt create}: make a room, show its code, then play in it. */
@Command(
        name = "create",
        mixinStandardHelpOptions = true,
        description =
                "Create a room, print its code to share, and play (against the bot with --bot; "
                        + "with a clock with --clock or --move-time).")
final class CreateCommand implements Callable<Integer> {

    @Mixin ClientOptions options;

    @Mixin GameOptions game;

    @Option(
            names = "--seat",
            paramLabel = "X|O|random",
            defaultValue = "X",
            description = "Your seat (default ${DEFAULT-VALUE}).")
    String seat;

    @Option(
            names = "--first",
            paramLabel = "X|O|random",
            defaultValue = "X",
            description = "Who moves first in game 1 (default ${DEFAULT-VALUE}).")
    String first;

    @Option(
            names = "--no-early-draw",
            description = "Play on until the board is full, even when nobody can win any more.")
    boolean noEarlyDraw;

    @Option(names = "--no-spectators", description = "Do not let anyone watch.")
    boolean noSpectators;

    @Option(
            names = "--bot",
            paramLabel = "LEVEL",
            description = "Play the bot right away: easy, medium, hard or perfect.")
    @Nullable String bot;

    @Option(
            names = "--bot-seed",
            paramLabel = "N",
            description =
                    "Make the bot's choices repeatable: the same seed and moves give the same bot"
                            + " moves.")
    @Nullable Long botSeed;

    @Override
    public Integer call() {
        return options.run(null, request(), false, null);
    }

    /** The room settings to ask for, validated enough to give clear messages before any request. */
    NewRoom request() {
        if (botSeed != null && (botSeed < 0 || botSeed > Protocol.MAX_BOT_SEED)) {
            throw new UserError(
                    "--bot-seed must be 0 to " + Protocol.MAX_BOT_SEED + ", was " + botSeed);
        }
        return new NewRoom(
                game.size(),
                game.winLength(),
                seatChoice("--seat", seat),
                seatChoice("--first", first),
                !noEarlyDraw,
                !noSpectators,
                GameOptions.botLevel(bot),
                game.timeControl(),
                botSeed);
    }

    private static String seatChoice(String option, String value) {
        return switch (value.strip().toLowerCase(Locale.ROOT)) {
            case "x", "o" -> value.strip().toUpperCase(Locale.ROOT);
            case NewRoom.RANDOM -> NewRoom.RANDOM;
            default ->
                    throw new UserError(option + " must be X, O or random, was \"" + value + "\"");
        };
    }
}
