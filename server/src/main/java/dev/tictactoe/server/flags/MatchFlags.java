package dev.tictactoe.server.flags;

import dev.tictactoe.server.lobby.MatchSettings;

import picocli.CommandLine.Option;

import java.time.Duration;

/** The flags of {@link MatchSettings}; each is named as its component (see {@link Flags}). */
public final class MatchFlags extends Flags<MatchSettings> {

    @Option(
            names = "--match-wait",
            description = "The longest a quick-match request waits for an opponent, at most 5m")
    Duration matchWait;

    @Option(
            names = "--match-max-waiting",
            description = "Quick-match requests waiting at once at most")
    int matchMaxWaiting;
}
