package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.PlayerKind;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.server.ServerConfig;
import dev.tictactoe.server.net.GameServer;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ttt play} as separate processes against the real server: two players who ask for the same
 * game are paired into one room and play it out; a bot fills the seat after the wait; Ctrl-C
 * cancels; one player waits once at a time. Each person keeps their own state directory (their
 * player id), as on two machines.
 */
class PlayCommandIT {

    private static GameServer server;
    private static String url;
    private final List<CliProcess> processes = new ArrayList<>();

    @TempDir Path home;

    @BeforeAll
    static void startServer() {
        server = ServerConfig.local().start();
        url = "http://127.0.0.1:" + server.port();
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    @AfterEach
    void stopClients() {
        processes.forEach(CliProcess::close);
    }

    /** {@code ttt play --script} for {@code person}, with a state directory of their own. */
    private CliProcess play(String person, String... args) {
        List<String> all =
                new ArrayList<>(List.of("play", "--script", "--server", url, "--name", person));
        all.addAll(List.of(args));
        CliProcess p = CliProcess.startIn(home.resolve(person), person, all.toArray(String[]::new));
        processes.add(p);
        return p;
    }

    private static boolean match(JsonNode line, String status) {
        return "match".equals(line.path("type").asText())
                && status.equals(line.path("status").asText());
    }

    @Test
    void twoPlayersAskingForTheSameGameArePairedAndPlayItOut() {
        CliProcess ana = play("ana", "--clock", "3m+2s");
        CliProcess bo = play("bo", "--clock", "3m+2s");
        JsonNode a = ana.awaitLine(line -> match(line, "matched"));
        JsonNode b = bo.awaitLine(line -> match(line, "matched"));
        assertThat(a.path("code").asText()).hasSize(6).isEqualTo(b.path("code").asText());
        assertThat(List.of(a.path("seat").asText(), b.path("seat").asText()))
                .containsExactlyInAnyOrder("X", "O");
        assertThat(a.path("opponent").path("name").asText()).isEqualTo("bo");
        assertThat(b.path("opponent").path("kind").asText()).isEqualTo("human");

        // Then on exactly as after ttt join: the welcome gives the seat the pairing named.
        JsonNode welcome = ana.awaitLine(line -> "welcome".equals(line.path("type").asText()));
        assertThat(welcome.path("seat").asText()).isEqualTo(a.path("seat").asText());
        assertThat(welcome.path("snapshot").path("settings").path("clock").asText())
                .isEqualTo("3m+2s");
        bo.awaitLine(line -> "welcome".equals(line.path("type").asText()));
        CliProcess x = ana.seat() == Seat.X ? ana : bo;
        CliProcess o = x == ana ? bo : ana;
        String[] moves = {"a1", "a2", "b1", "b2", "c1"};
        for (int i = 0; i < moves.length; i++) {
            CliProcess mover = i % 2 == 0 ? x : o;
            int played = i;
            Seat seat = i % 2 == 0 ? Seat.X : Seat.O;
            mover.awaitSnapshot(s -> s.moves().size() == played && seat.equals(s.turn()));
            mover.send("move " + moves[i]);
        }
        // The state as the game ended: the winner may leave right after, and O may see that too.
        Snapshot end = o.awaitSnapshot(s -> s.result() != null);
        assertThat(x.awaitExit()).as(x.diagnostics()).isEqualTo(ExitCodes.WON);
        assertThat(o.awaitExit()).as(o.diagnostics()).isEqualTo(ExitCodes.LOST);
        assertThat(end.result().line()).containsExactly(0, 1, 2);
        assertThat(end.players().x().name()).isEqualTo(x == ana ? "ana" : "bo");
    }

    @Test
    void aBotTakesTheOtherSeatWhenNobodyCameInTime() {
        CliProcess ana = play("ana", "--size", "4", "--bot", "easy", "--bot-after", "1s");
        JsonNode m = ana.awaitLine(line -> match(line, "matched"));
        assertThat(m.path("opponent").path("kind").asText()).isEqualTo("bot");
        assertThat(m.path("opponent").path("level").asText()).isEqualTo("easy");
        ana.awaitLine(line -> "welcome".equals(line.path("type").asText()));
        Snapshot s = ana.awaitSnapshot(snap -> snap.status() == RoomStatus.PLAYING);
        Seat botSeat = ana.seat().opponent();
        assertThat(s.players().seat(botSeat).kind()).isEqualTo(PlayerKind.BOT);
        assertThat(s.settings().size()).isEqualTo(4);
        ana.send("quit");
        assertThat(ana.awaitExit()).as(ana.diagnostics()).isEqualTo(ExitCodes.ABORTED);
    }

    @Test
    void ctrlCWhileWaitingCancelsTheRequest() {
        CliProcess ana = play("ana", "--size", "5");
        JsonNode waiting = ana.awaitLine(line -> match(line, "waiting"));
        assertThat(waiting.path("position").asInt()).isEqualTo(1);
        ana.interrupt();
        ana.awaitLine(line -> match(line, "cancelled"));
        assertThat(ana.awaitExit()).as(ana.diagnostics()).isEqualTo(ExitCodes.ABORTED);
        assertThat(ana.stderr()).isEqualTo("ttt: quick match cancelled\n");
    }

    @Test
    void onePlayerWaitsOnceAtATime() {
        CliProcess first = play("ana", "--size", "6");
        first.awaitLine(line -> match(line, "waiting"));
        // The same person (the same state directory, so the same player id) asks again elsewhere.
        CliProcess second = play("ana", "--size", "7");
        second.endInput();
        assertThat(second.awaitExit()).as(second.diagnostics()).isEqualTo(ExitCodes.ERROR);
        assertThat(second.stderr()).startsWith("ttt: you already wait for a game on " + url);
        first.interrupt();
        assertThat(first.awaitExit()).as(first.diagnostics()).isEqualTo(ExitCodes.ABORTED);
    }
}
