package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.clock.TimeControl;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Random commands, valid and not, applied to the room's core alone: every applied one makes the
 * next version, a refused or unchanged one leaves the state as it was, the board and the score stay
 * consistent, and folding the applied commands again, from the start or from a checkpoint (the
 * state after any of them, through its JSON), lands on the same states with the same versions.
 */
class RoomCorePropertyTest {

    private static final int STEPS = 1_200;
    private static final Duration IDLE = Duration.ofSeconds(30);
    private static final long START_MILLIS = 1_700_000_000_000L;
    private static final ObjectMapper JSON = RoomState.JSON;

    /** An applied command with its context, the version it made and the state after it. */
    private record Step(Change command, RoomCore.Context context, long version, String state) {}

    /** A core's JSON and its finished games, which a room's checkpoint keeps beside it. */
    private record Checkpoint(byte[] core, List<GameRecord> finished) {}

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5, 6})
    void theCoreFoldsToTheSameStatesAndKeepsItsInvariants(long seed) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        TimeControl clock =
                switch ((int) (seed % 3)) {
                    case 0 -> TimeControl.parse("20s/move");
                    case 1 -> null;
                    default -> TimeControl.parse("1m+2s");
                };
        RoomSettings settings =
                new RoomSettings(
                        new Rules(seed % 2 == 0 ? 4 : 3, 3),
                        Seat.X,
                        seed % 4 == 0 ? Seat.O : Seat.X,
                        seed % 2 == 1,
                        true,
                        null,
                        clock);
        RoomCore core = new RoomCore(settings, IDLE);
        List<Step> steps = new ArrayList<>();
        List<Checkpoint> checkpoints = new ArrayList<>();
        long nanos = 0;
        int ended = 0;
        for (int i = 0; i < STEPS; i++) {
            nanos += random.nextLong(15_000_000_000L);
            long millis = START_MILLIS + nanos / 1_000_000;
            // As the actor does: a clock that ran out ends the game before anything else.
            Change command =
                    core.outOfTime(nanos, millis)
                            ? new Change.TimedOut()
                            : command(random, core, i);
            String before = RoomCoreTest.state(core);
            long version = core.version;
            RoomStatus status = core.match.status;
            Outcome outcome = core.apply(command, new RoomCore.Context(nanos, millis));
            if (outcome instanceof Outcome.Applied applied) {
                assertThat(applied.version()).isEqualTo(version + 1).isEqualTo(core.version);
                if (applied.ended()) {
                    assertThat(status).as("a game ends once").isEqualTo(RoomStatus.PLAYING);
                    ended++;
                }
                steps.add(
                        new Step(
                                command,
                                new RoomCore.Context(nanos, millis),
                                applied.version(),
                                RoomCoreTest.state(core)));
                checkpoints.add(
                        new Checkpoint(
                                JSON.writeValueAsBytes(core), List.copyOf(core.match.finished)));
            } else {
                assertThat(core.version).isEqualTo(version);
                assertThat(RoomCoreTest.state(core))
                        .as("%s: %s", command, outcome)
                        .isEqualTo(before);
            }
            invariants(core, ended);
        }
        assertThat(ended).as("games finished").isGreaterThan(10);

        fold(new RoomCore(settings, IDLE), steps, 0);
        for (int k = 0; k < 20; k++) {
            int from = random.nextInt(steps.size());
            RoomCore restored = JSON.readValue(checkpoints.get(from).core(), RoomCore.class);
            restored.match.finished.addAll(checkpoints.get(from).finished());
            assertThat(RoomCoreTest.state(restored)).isEqualTo(steps.get(from).state());
            fold(restored, steps, from + 1);
        }
    }

    /** Applies {@code steps} from {@code from} on: each is applied and makes what it made first. */
    private static void fold(RoomCore core, List<Step> steps, int from) {
        for (Step step : steps.subList(from, steps.size())) {
            Outcome outcome = core.apply(step.command(), step.context());
            assertThat(outcome)
                    .as("%s again", step.command())
                    .isInstanceOfSatisfying(
                            Outcome.Applied.class,
                            a -> assertThat(a.version()).isEqualTo(step.version()));
            assertThat(RoomCoreTest.state(core)).isEqualTo(step.state());
        }
    }

    private static Change command(SplittableRandom random, RoomCore core, int i) {
        Seat mark = random.nextBoolean() ? Seat.X : Seat.O;
        Match match = core.match;
        return switch (random.nextInt(20)) {
            case 0, 1 -> new Change.Seated(mark, "p" + i, "t" + i);
            case 2 ->
                    new Change.Said(
                            mark,
                            new ClientMessage.InviteBot(
                                    BotLevel.EASY, random.nextBoolean() ? null : mark));
            case 3 -> new Change.Spectators(random.nextInt(3));
            case 4 -> new Change.Dropped(mark, START_MILLIS + i * 1_000L);
            case 5 -> new Change.Returned(mark);
            case 6 -> new Change.Freed(mark);
            case 7 -> new Change.Said(mark, new ClientMessage.Undo());
            case 8 -> new Change.Said(mark, new ClientMessage.UndoReply(random.nextBoolean()));
            case 9 -> new Change.Said(mark, new ClientMessage.Resign());
            case 10 -> new Change.Said(mark, new ClientMessage.Claim());
            case 11, 12 -> new Change.Said(mark, new ClientMessage.Rematch());
            case 13 -> new Change.Resumed(random.nextBoolean() ? 0 : 5_000);
            default -> {
                // Mostly the side to move on an empty cell; now and then anything.
                Board board = match.board;
                int cells = board.rules().cells();
                int cell = random.nextInt(-1, cells + 1);
                if (random.nextInt(5) > 0) {
                    int[] empty = new int[cells];
                    int count = board.legalMoves(empty);
                    cell = count == 0 ? cell : empty[random.nextInt(count)];
                    mark = match.turn() == null ? mark : match.turn();
                }
                // Now and then a move id used before: acknowledged, not played again.
                String id = "m" + (random.nextInt(8) == 0 ? random.nextInt(Math.max(1, i)) : i);
                // A player's move, now and then made for another version; else the bot's.
                long seen =
                        random.nextBoolean()
                                ? Math.max(0, core.version + 1 - random.nextInt(4))
                                : core.version;
                yield cell < 0 || random.nextInt(10) == 0
                        ? new Change.BotMoved(mark, cell)
                        : new Change.Said(mark, new ClientMessage.Move(id, seen, cell));
            }
        };
    }

    private static void invariants(RoomCore core, int ended) {
        Match match = core.match;
        assertThat(match.result != null)
                .as("a result exactly when the game is over")
                .isEqualTo(match.status == RoomStatus.OVER);
        assertThat(match.wins(Seat.X) + match.wins(Seat.O) + match.draws)
                .as("the score counts every game that ended")
                .isEqualTo(ended);
        Board board = match.board;
        int[] moves = board.moves();
        assertThat(JSON.valueToTree(match).get("moveIds")).hasSize(moves.length);
        Set<Integer> cells = new HashSet<>();
        for (int ply = 0; ply < moves.length; ply++) {
            assertThat(cells.add(moves[ply])).as("cell %d played once", moves[ply]).isTrue();
            Seat mover = ply % 2 == 0 ? board.first() : board.first().opponent();
            assertThat(board.at(moves[ply])).isEqualTo(mover);
        }
        Match.Result result = match.result;
        if (result != null) {
            for (int cell : result.line()) {
                assertThat(board.at(cell)).isEqualTo(result.winner());
            }
        }
        assertThat(core.boardVersion).isLessThanOrEqualTo(core.version);
    }
}
