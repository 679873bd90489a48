package dev.tictactoe.cli;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.NewRoom;
import dev.tictactoe.protocol.Protocol;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code ttt create}: make a room, show its code, then play in it. */
@Command(name = "create", mixinStandardHelpOptions = true,
        description = "Create a room, print its code to share, and play (against the bot with --bot).")
final class CreateCommand implements Callable<Integer> {

    @Mixin
    ClientOptions options;

    @Option(names = "--size", paramLabel = "N", defaultValue = "3", description = "Board side, 3 to 19 (default ${DEFAULT-VALUE}).")
    int size;

    @Option(names = "--k", paramLabel = "K", description = "Stones in a row to win (default: the size, at most 5).")
    Integer winLength;

    @Option(names = "--seat", paramLabel = "X|O|random", defaultValue = "X", description = "Your seat (default ${DEFAULT-VALUE}).")
    String seat;

    @Option(names = "--first", paramLabel = "X|O|random", defaultValue = "X", description = "Who moves first in game 1 (default ${DEFAULT-VALUE}).")
    String first;

    @Option(names = "--no-early-draw", description = "Play on until the board is full, even when nobody can win any more.")
    boolean noEarlyDraw;

    @Option(names = "--no-spectators", description = "Do not let anyone watch.")
    boolean noSpectators;

    @Option(names = "--bot", paramLabel = "LEVEL", description = "Play the bot right away: easy, medium, hard or perfect.")
    String bot;

    @Option(names = "--bot-seed", paramLabel = "N",
            description = "Make the bot's choices repeatable: the same seed and moves give the same bot moves.")
    Long botSeed;

    @Option(names = "--name", paramLabel = "NAME", description = "Your name (default: env TTT_NAME, else your login).")
    String name;

    @Override
    public Integer call() {
        NewRoom request = request();
        return ClientApp.run(Launch.create(options, request, Names.orDefault(name)));
    }

    /** The room settings to ask for, validated enough to give clear messages before any request. */
    NewRoom request() {
        if (size < Protocol.MIN_SIZE || size > Protocol.MAX_SIZE) {
            throw new UserError("--size must be " + Protocol.MIN_SIZE + " to " + Protocol.MAX_SIZE + ", was " + size);
        }
        int k = winLength == null ? NewRoom.defaultWinLength(size) : winLength;
        if (k < Protocol.MIN_WIN_LENGTH || k > size) {
            throw new UserError("--k must be " + Protocol.MIN_WIN_LENGTH + " to the board size (" + size + "), was " + k);
        }
        String level = null;
        if (bot != null) {
            level = bot.toLowerCase(Locale.ROOT);
            if (BotLevel.fromWire(level) == null) {
                throw new UserError("--bot must be easy, medium, hard or perfect, was \"" + bot + "\"");
            }
        }
        if (botSeed != null && (botSeed < 0 || botSeed > Protocol.MAX_BOT_SEED)) {
            throw new UserError("--bot-seed must be 0 to " + Protocol.MAX_BOT_SEED + ", was " + botSeed);
        }
        return new NewRoom(size, k, seatChoice("--seat", seat), seatChoice("--first", first),
                !noEarlyDraw, !noSpectators, level).withBotSeed(botSeed);
    }

    private static String seatChoice(String option, String value) {
        String v = value.strip();
        if (v.equalsIgnoreCase("x") || v.equalsIgnoreCase("o")) {
            return v.toUpperCase(Locale.ROOT);
        }
        if (v.equalsIgnoreCase(NewRoom.RANDOM)) {
            return NewRoom.RANDOM;
        }
        throw new UserError(option + " must be X, O or random, was \"" + value + "\"");
    }
}
