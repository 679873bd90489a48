package dev.tictactoe.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.util.concurrent.Callable;

/** {@code ttt watch CODE}: follow a room's games as a spectator. */
@Command(
        name = "watch",
        mixinStandardHelpOptions = true,
        description = "Watch the games of a room as a spectator.")
final class WatchCommand implements Callable<Integer> {

    @Mixin ClientOptions options;

    @Parameters(paramLabel = "CODE", description = "The room code, e.g. K7MQ2P.")
    String code;

    @Override
    public Integer call() {
        return options.run(ClientOptions.roomCode(code), null, true, null);
    }
}
