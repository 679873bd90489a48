package dev.tictactoe.cli;

import org.jspecify.annotations.Nullable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
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

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "Your name (default: env TTT_NAME, else your login).")
    @Nullable String name;

    @Override
    public Integer call() {
        return ClientApp.run(
                options, ClientOptions.roomCode(code), null, Names.orDefault(name), false, null);
    }
}
