package dev.tictactoe.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.util.concurrent.Callable;

/** {@code ttt join CODE}: take the free seat of a room and play. */
@Command(
        name = "join",
        mixinStandardHelpOptions = true,
        description = "Join a room by its code and play.")
final class JoinCommand implements Callable<Integer> {

    @Mixin ClientOptions options;

    @Parameters(
            paramLabel = "CODE",
            description =
                    "The room code, e.g. K7MQ2P (case and look-alikes such as O/0 do not matter).")
    String code;

    @Override
    public Integer call() {
        return options.run(ClientOptions.roomCode(code), null, false, null);
    }
}
