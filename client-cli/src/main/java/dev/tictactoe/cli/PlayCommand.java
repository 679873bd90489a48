package dev.tictactoe.cli;

import dev.tictactoe.client.MatchApi;
import dev.tictactoe.client.ServerAddress;

import org.jline.utils.Signals;
import org.jspecify.annotations.Nullable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.Console;
import java.io.PrintStream;
import java.security.SecureRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;

/** {@code ttt play}: quick match, then play in the room it found, as {@code ttt join} would. */
@Command(
        name = "play",
        mixinStandardHelpOptions = true,
        description = {
            "Quick match: wait for the next player who asks for the same game (board, win length"
                + " and clock), then play; with --bot, a bot takes the other seat if nobody came in"
                + " time.",
            "Ctrl-C while waiting cancels the request."
        })
final class PlayCommand implements Callable<Integer> {

    /** How long to wait for a person before the bot without --bot-after: the server's default. */
    static final String DEFAULT_BOT_AFTER = "10s";

    @Mixin ClientOptions options;

    @Mixin GameOptions game;

    @Option(
            names = "--bot",
            paramLabel = "LEVEL",
            description =
                    "Play a bot of this level (easy, medium, hard, perfect) if nobody came within"
                            + " --bot-after.")
    @Nullable String bot;

    @Option(
            names = "--bot-after",
            paramLabel = "WAIT",
            description =
                    "With --bot: how long to wait for a person first (default "
                            + DEFAULT_BOT_AFTER
                            + ").")
    @Nullable String botAfter;

    @Override
    public Integer call() {
        ServerAddress server = options.server();
        String who = options.name();
        SeatTokens tokens = SeatTokens.fromEnvironment(System.getenv());
        SecureRandom random = new SecureRandom();
        MatchApi.Request request = request(tokens.playerId(() -> MatchApi.newId(random)), who);
        PrintStream out = ClientOptions.stdout();
        QuickMatch.Display display =
                options.script
                        ? new MatchDisplays.Json(out)
                        : new MatchDisplays.Words(out, terminal());
        CompletableFuture<Void> interrupted = new CompletableFuture<>();
        Object previous = Signals.register("INT", () -> interrupted.complete(null));
        MatchApi.Matched matched;
        try {
            matched =
                    new QuickMatch(
                                    new MatchApi(server.http()),
                                    server,
                                    tokens,
                                    () -> MatchApi.newId(random),
                                    display,
                                    interrupted)
                            .find(request);
        } finally {
            Signals.unregister("INT", previous);
        }
        return options.run(matched.code(), null, false, matched.token());
    }

    /** Whether stdout is a terminal, where the waiting line can be rewritten in place. */
    @SuppressWarnings("SystemConsoleNull") // the release is 21, where no console means no terminal
    private static boolean terminal() {
        Console console = System.console();
        if (console == null || "dumb".equals(System.getenv("TERM"))) {
            return false;
        }
        try {
            // Java 22 and later have a console when redirected too, and say if it is a terminal.
            return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException e) {
            return true; // Java 21: a console exists only on a terminal
        }
    }

    /** The request for a game (a ticket set for each ask), checked for clear messages first. */
    MatchApi.Request request(String player, String who) {
        String level = GameOptions.botLevel(bot);
        if (botAfter != null && level == null) {
            throw new UserError("--bot-after needs --bot LEVEL: the bot that plays if nobody came");
        }
        String wait =
                level == null
                        ? null
                        : GameOptions.duration(
                                "--bot-after", botAfter == null ? DEFAULT_BOT_AFTER : botAfter);
        return new MatchApi.Request(
                null, player, who, game.size(), game.winLength(), game.timeControl(), level, wait);
    }
}
