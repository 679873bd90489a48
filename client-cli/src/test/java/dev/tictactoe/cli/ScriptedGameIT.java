package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;

import dev.tictactoe.protocol.ResultReason;
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
 * The packaged client in scripting mode against the real server: people and the bot, to the end.
 */
class ScriptedGameIT {

    /** Where the server keeps finished games, so they can be analysed. */
    @TempDir static Path data;

    private static GameServer server;
    private static String url;
    private final List<CliProcess> processes = new ArrayList<>();

    @BeforeAll
    static void startServer() {
        server = ServerConfig.local("--data-dir=" + data).start();
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

    private CliProcess cli(String label, String... args) {
        CliProcess p = CliProcess.start(label, args);
        processes.add(p);
        return p;
    }

    /** Two people in one room: the creator (X, moves first) and the one who joined (O). */
    private record Table(String code, CliProcess x, CliProcess o) {}

    private Table twoPlayers(String... creatorFlags) {
        List<String> args =
                new ArrayList<>(List.of("create", "--script", "--server", url, "--name", "ana"));
        args.addAll(List.of(creatorFlags));
        CliProcess ana = cli("ana", args.toArray(String[]::new));
        JsonNode room = ana.awaitLine(line -> "room".equals(line.path("type").asText()));
        String code = room.path("code").asText();
        assertThat(code).hasSize(6);
        ana.awaitLine(line -> "welcome".equals(line.path("type").asText()));
        // Look-alikes and case do not matter: type the code the sloppy way.
        CliProcess ben =
                cli(
                        "ben",
                        "join",
                        code.toLowerCase().replace('0', 'o'),
                        "--script",
                        "--server",
                        url,
                        "--name",
                        "ben");
        JsonNode welcome = ben.awaitLine(line -> "welcome".equals(line.path("type").asText()));
        assertThat(welcome.path("seat").asText()).isEqualTo("O");
        return new Table(code, ana, ben);
    }

    /**
     * Plays {@code moves} alternately, X first, each when the mover sees its turn; stops at game
     * over.
     */
    private static void play(CliProcess x, CliProcess o, String... moves) {
        for (int i = 0; i < moves.length; i++) {
            CliProcess mover = i % 2 == 0 ? x : o;
            Seat seat = i % 2 == 0 ? Seat.X : Seat.O;
            int played = i;
            Snapshot s =
                    mover.awaitSnapshot(
                            snap ->
                                    snap.status() == RoomStatus.OVER
                                            || snap.moves().size() == played
                                                    && seat.equals(snap.turn()));
            if (s.status() == RoomStatus.OVER) {
                return;
            }
            // Words for X, a raw protocol message (id and version filled in by the client) for O.
            mover.send(
                    i % 2 == 0
                            ? "move " + moves[i]
                            : "{\"type\":\"move\",\"cell\":" + cell(moves[i]) + "}");
        }
    }

    private static int cell(String name) {
        return ((Command.Play) Coordinates.parse(name, 3)).cell();
    }

    @Test
    void twoPeoplePlayToAWin() {
        Table table = twoPlayers();
        CliProcess watcher = cli("watcher", "watch", table.code(), "--script", "--server", url);
        watcher.endInput(); // a spectator script with nothing to say still follows the game to its
        // end
        JsonNode welcome = watcher.awaitLine(line -> "welcome".equals(line.path("type").asText()));
        assertThat(welcome.path("seat").isNull()).isTrue();
        // Quick phrases, as words and as a protocol line, come out to everyone as JSON lines.
        table.x().send("say good_luck");
        table.o().awaitLine(line -> "good_luck".equals(line.path("phrase").asText()));
        table.o().send("{\"type\":\"phrase\",\"phrase\":\"thanks\"}");
        JsonNode thanks =
                watcher.awaitLine(
                        line ->
                                "phrase".equals(line.path("type").asText())
                                        && "thanks".equals(line.path("phrase").asText()));
        assertThat(thanks.path("seat").asText()).isEqualTo("O");
        play(table.x(), table.o(), "a1", "a2", "b1", "b2", "c1");
        assertThat(table.x().awaitExit()).as(table.x().diagnostics()).isEqualTo(ExitCodes.WON);
        assertThat(table.o().awaitExit()).as(table.o().diagnostics()).isEqualTo(ExitCodes.LOST);
        assertThat(watcher.awaitExit()).as(watcher.diagnostics()).isEqualTo(ExitCodes.WON);
        assertThat(watcher.snapshot().result().winner()).isEqualTo(Seat.X);
        Snapshot end = table.o().snapshot();
        assertThat(end.result().winner()).isEqualTo(Seat.X);
        assertThat(end.result().line()).containsExactly(0, 1, 2);
    }

    @Test
    void historyNListsEveryMoveJudgedAsJsonLines() {
        Table table = twoPlayers("--keep-going");
        // X centre, O on an edge (the losing answer), X wins down the first column.
        play(table.x(), table.o(), "b2", "b1", "a1", "c3", "a3", "c1", "a2");
        assertThat(table.o().awaitExit()).as(table.o().diagnostics()).isEqualTo(ExitCodes.LOST);
        table.x().awaitSnapshot(s -> s.status() == RoomStatus.OVER);
        // One after the other: the missing game is told (on stderr) before game 1 is listed.
        table.x().send("history 9");
        table.x().send("history 1");
        List<JsonNode> moves = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            moves.add(table.x().awaitLine(line -> "analysis".equals(line.path("type").asText())));
        }
        assertThat(moves)
                .extracting(m -> m.path("verdict").asText())
                .containsExactly("best", "blunder", "best", "best", "best", "best", "best");
        JsonNode blunder = moves.get(1);
        assertThat(blunder.path("room").asText()).isEqualTo(table.code());
        assertThat(blunder.path("game").asInt()).isEqualTo(1);
        assertThat(blunder.path("move").asInt()).isEqualTo(2);
        assertThat(blunder.path("seat").asText()).isEqualTo("O");
        assertThat(blunder.path("cell").asInt()).isEqualTo(1);
        // After it X wins, proven; O should have taken a corner.
        assertThat(blunder.path("score").asInt()).isEqualTo(10_000);
        assertThat(blunder.path("exact").asBoolean()).isTrue();
        assertThat(blunder.path("best").asInt()).isIn(0, 2, 6, 8);
        assertThat(moves.get(0).path("best").isNull()).isTrue();

        table.x().send("quit");
        assertThat(table.x().awaitExit()).as(table.x().diagnostics()).isEqualTo(ExitCodes.WON);
        assertThat(table.x().stderr()).contains("no analysis: the server keeps no game 9");
    }

    @Test
    void twoPeoplePlayToADraw() {
        Table table = twoPlayers();
        play(table.x(), table.o(), "b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3", "c3");
        assertThat(table.x().awaitExit()).as(table.x().diagnostics()).isEqualTo(ExitCodes.DRAW);
        assertThat(table.o().awaitExit()).as(table.o().diagnostics()).isEqualTo(ExitCodes.DRAW);
        assertThat(table.x().snapshot().result().winner()).isNull();
    }

    @Test
    void nobodyBeatsThePerfectBot() {
        CliProcess me =
                cli(
                        "me",
                        "create",
                        "--bot",
                        "perfect",
                        "--script",
                        "--server",
                        url,
                        "--name",
                        "me");
        me.awaitLine(line -> "room".equals(line.path("type").asText()));
        me.awaitLine(line -> "welcome".equals(line.path("type").asText()));
        assertThat(me.seat()).isEqualTo(Seat.X);
        while (true) {
            Snapshot s =
                    me.awaitSnapshot(
                            snap -> snap.status() == RoomStatus.OVER || snap.turn() == Seat.X);
            if (s.status() == RoomStatus.OVER) {
                break;
            }
            me.send("move " + Coordinates.format(firstEmpty(s), 3));
            int before = s.moves().size();
            me.awaitSnapshot(
                    snap -> snap.moves().size() > before || snap.status() == RoomStatus.OVER);
        }
        int code = me.awaitExit();
        assertThat(code).as(me.diagnostics()).isIn(ExitCodes.LOST, ExitCodes.DRAW);
    }

    @Test
    void keepGoingPlaysOnAfterTheFirstGame() {
        CliProcess me =
                cli("me", "create", "--bot", "easy", "--script", "--keep-going", "--server", url);
        me.awaitLine(line -> "welcome".equals(line.path("type").asText()));
        while (true) {
            Snapshot s =
                    me.awaitSnapshot(
                            snap -> snap.status() == RoomStatus.OVER || snap.turn() == Seat.X);
            if (s.status() == RoomStatus.OVER) {
                break;
            }
            me.send("{\"type\":\"move\",\"cell\":" + firstEmpty(s) + "}");
            int before = s.moves().size();
            me.awaitSnapshot(
                    snap -> snap.moves().size() > before || snap.status() == RoomStatus.OVER);
        }
        me.send("rematch");
        Snapshot second =
                me.awaitSnapshot(snap -> snap.game() == 2 && snap.status() == RoomStatus.PLAYING);
        assertThat(second.score().x() + second.score().o() + second.score().draws()).isEqualTo(1);
        me.send("quit");
        assertThat(me.awaitExit()).as(me.diagnostics()).isEqualTo(ExitCodes.ABORTED);
    }

    @Test
    void aPlayerWhoLetsTheMoveTimeRunOutLosesOnTime() {
        CliProcess me =
                cli(
                        "me",
                        "create",
                        "--bot",
                        "easy",
                        "--move-time",
                        "1s",
                        "--script",
                        "--server",
                        url);
        JsonNode room = me.awaitLine(line -> "room".equals(line.path("type").asText()));
        assertThat(room.path("settings").path("clock").asText()).isEqualTo("1s/move");
        JsonNode welcome = me.awaitLine(line -> "welcome".equals(line.path("type").asText()));
        JsonNode clock = welcome.path("snapshot").path("clock");
        assertThat(clock.path("control").asText()).isEqualTo("1s/move");
        assertThat(clock.path("running").asText()).isEqualTo("X");
        assertThat(clock.path("deadlineAt").asLong() - clock.path("turnStartedAt").asLong())
                .isEqualTo(1_000);
        // No move comes: the room ends the game on time, and the script's exit code says it lost.
        assertThat(me.awaitExit()).as(me.diagnostics()).isEqualTo(ExitCodes.LOST);
        Snapshot end = me.snapshot();
        assertThat(end.result())
                .isEqualTo(new Snapshot.Result(Seat.O, ResultReason.TIMEOUT, List.of()));
        assertThat(end.clock().flagged()).isEqualTo(Seat.X);
    }

    @Test
    void aTimeControlTheServerRefusesIsExplained() {
        CliProcess me = cli("me", "create", "--clock", "5s", "--script", "--server", url);
        me.endInput();
        assertThat(me.awaitExit()).isEqualTo(ExitCodes.ERROR);
        assertThat(me.stderr()).contains("settings.clock: base time must be 10s..3h, was 5s");
    }

    @Test
    void anUnknownRoomIsAServerErrorInWords() {
        CliProcess lost = cli("lost", "join", "ZZZZZZ", "--script", "--server", url);
        lost.endInput();
        assertThat(lost.awaitExit()).isEqualTo(ExitCodes.ERROR);
        assertThat(lost.stderr())
                .isEqualTo("ttt: there is no room ZZZZZZ on " + url + " (check the code)\n");
    }

    private static int firstEmpty(Snapshot s) {
        int size = s.settings().size();
        for (int cell = 0; cell < size * size; cell++) {
            if (s.board().get(cell / size).charAt(cell % size) == '.') {
                return cell;
            }
        }
        throw new AssertionError("no empty cell on " + s.board());
    }
}
