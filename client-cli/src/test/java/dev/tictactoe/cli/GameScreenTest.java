package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.protocol.PlayerKind;
import dev.tictactoe.protocol.QuickPhrase;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import java.util.List;

class GameScreenTest {

    private static List<String> screen(
            Snapshot s, Seat seat, boolean colour, GameScreen.Notice... notices) {
        return GameScreen.render(
                simpleView(
                        "K7MQ2P",
                        "ttt join K7MQ2P",
                        s,
                        seat,
                        "connected",
                        List.of(notices),
                        "b",
                        4,
                        colour));
    }

    @Test
    void showsPlayersScoreBoardTurnAndPrompt() {
        Snapshot s =
                Snapshots.of(
                        RoomStatus.PLAYING,
                        Seat.X,
                        List.of("X.O", "...", "..."),
                        2,
                        null,
                        Snapshots.ANA,
                        new Snapshot.Player("ben", PlayerKind.HUMAN, null, false, null));
        List<String> lines =
                screen(s, Seat.X, false, new GameScreen.Notice("that cell is already taken", true));
        assertThat(lines.get(0))
                .isEqualTo("ttt  room K7M Q2P  game 1  3x3, 3 in a row  [connected]");
        assertThat(lines.get(1)).startsWith("X  ana (you) <- to move").endsWith("wins 1");
        assertThat(lines.get(2))
                .startsWith("O  ben  - opponent disconnected \u2014 seat held")
                .endsWith("wins 0");
        assertThat(lines.get(3)).isEqualTo("draws 3   spectators 2");
        assertThat(lines).contains("   1  X | . |(O)", "   2  . |>.<| . ");
        assertThat(lines)
                .contains(
                        "Your turn (X). Type a cell like b2, or move with the arrows and press"
                                + " Enter.",
                        "! that cell is already taken");
        assertThat(lines.get(lines.size() - 1)).isEqualTo("> b");
        assertThat(String.join("\n", lines)).doesNotContain("\u001b");
    }

    @Test
    void colourModeColoursSeatsAndErrors() {
        Snapshot s = Snapshots.playing(Seat.O, "X..", "...", "...");
        String text =
                String.join("\n", screen(s, Seat.X, true, new GameScreen.Notice("nope", true)));
        assertThat(text)
                .contains(
                        Paint.X + "X" + Paint.RESET + "  ana",
                        Paint.O + "O" + Paint.RESET + "  ben",
                        Paint.ERROR + "! nope" + Paint.RESET);
        assertThat(Snapshots.plain(text)).contains("Waiting for ben (O) to move.");
    }

    @Test
    void aWaitingRoomShowsTheCodeBoxToShare() {
        Snapshot s =
                Snapshots.of(
                        RoomStatus.WAITING,
                        null,
                        List.of("...", "...", "..."),
                        null,
                        null,
                        Snapshots.ANA,
                        null);
        List<String> lines = screen(s, Seat.X, false);
        assertThat(lines).contains("O  (empty seat)                                 wins 0");
        assertThat(lines)
                .containsSubsequence(
                        "Waiting for an opponent.",
                        "Or invite a bot: bot easy | bot medium | bot hard | bot perfect",
                        "+-------------------------------+",
                        "|   ROOM CODE   K 7 M   Q 2 P   |",
                        "+-------------------------------+",
                        "Share it: ttt join K7MQ2P");
    }

    @Test
    void aFinishedGameSaysWhoWonAndHow() {
        Snapshot.Result line = new Snapshot.Result(Seat.X, ResultReason.LINE, List.of(0, 4, 8));
        Snapshot won =
                Snapshots.of(
                        RoomStatus.OVER,
                        null,
                        List.of("XO.", "OX.", "..X"),
                        8,
                        line,
                        Snapshots.ANA,
                        Snapshots.BOT);
        assertThat(screen(won, Seat.X, false))
                .contains(
                        "You win with a1 b2 c3.",
                        "   1 [X]| O | . ",
                        "Type rematch to play again, history to review, or quit.");
        assertThat(screen(won, Seat.O, false)).contains("ana (X) wins with a1 b2 c3.");
        assertThat(screen(won, null, false))
                .contains("ana (X) wins with a1 b2 c3.")
                .noneMatch(l -> l.contains("rematch"));
        assertThat(screen(won, null, false).get(3)).endsWith("(you are watching)");

        Snapshot resigned =
                Snapshots.of(
                        RoomStatus.OVER,
                        null,
                        List.of("X..", "...", "..."),
                        0,
                        new Snapshot.Result(Seat.O, ResultReason.RESIGN, List.of()),
                        Snapshots.ANA,
                        Snapshots.BEN);
        assertThat(GameWords.result(resigned, resigned, Seat.X))
                .isEqualTo("You resigned: ben (O) wins.");
        assertThat(GameWords.result(resigned, resigned, Seat.O))
                .isEqualTo("ana (X) resigned: you win.");
        assertThat(GameWords.result(resigned, resigned, null))
                .isEqualTo("ana (X) resigned: ben (O) wins.");

        Snapshot draw =
                Snapshots.of(
                        RoomStatus.OVER,
                        null,
                        List.of("XOX", "XOO", "OXX"),
                        8,
                        new Snapshot.Result(null, ResultReason.DRAW, List.of()),
                        Snapshots.ANA,
                        Snapshots.BEN);
        assertThat(GameWords.result(draw, draw, Seat.X)).isEqualTo("Draw: the board is full.");
        Snapshot dead =
                Snapshots.of(
                        RoomStatus.OVER,
                        null,
                        List.of("XOX", "XOO", "O.."),
                        6,
                        new Snapshot.Result(null, ResultReason.DEAD_DRAW, List.of()),
                        Snapshots.ANA,
                        Snapshots.BEN);
        assertThat(GameWords.result(dead, dead, Seat.O))
                .isEqualTo("Draw: nobody can make a line any more.");
    }

    @Test
    void offersAndRequestsAreSpelledOut() {
        Snapshot s = Snapshots.playing(Seat.X, "X..", ".O.", "...");
        Snapshot asking =
                new Snapshot(
                        s.version(),
                        s.room(),
                        s.settings(),
                        s.game(),
                        s.status(),
                        s.turn(),
                        s.board(),
                        s.moves(),
                        s.lastMove(),
                        s.result(),
                        s.players(),
                        s.spectators(),
                        s.score(),
                        Seat.O,
                        List.of(),
                        null,
                        null);
        assertThat(screen(asking, Seat.X, false))
                .contains("ben (O) asks to take back a move: type accept or decline.");
        assertThat(screen(asking, Seat.O, false))
                .contains("You asked to take back a move; waiting for the answer.");

        Snapshot over = Snapshots.xWonTopRow();
        Snapshot offered =
                new Snapshot(
                        over.version(),
                        over.room(),
                        over.settings(),
                        over.game(),
                        over.status(),
                        null,
                        over.board(),
                        over.moves(),
                        over.lastMove(),
                        over.result(),
                        over.players(),
                        0,
                        over.score(),
                        null,
                        List.of(Seat.O),
                        null,
                        null);
        assertThat(screen(offered, Seat.X, false))
                .contains("ben (O) offers a rematch: type rematch to play again, or quit.");
        assertThat(screen(offered, Seat.O, false))
                .contains("You offered a rematch; waiting for ana (X).");
    }

    @Test
    void eventsBecomeShortSentences() {
        Snapshot s =
                Snapshots.of(
                        RoomStatus.PLAYING,
                        Seat.X,
                        List.of("X..", ".O.", "..."),
                        4,
                        null,
                        Snapshots.ANA,
                        Snapshots.BOT);
        assertThat(GameWords.describe(new Event.Moved(Seat.O, 4, "bot-1"), s, s, Seat.X))
                .isEqualTo("bot (perfect) (O) played b2");
        assertThat(GameWords.describe(new Event.Moved(Seat.X, 0, "m1"), s, s, Seat.X)).isNull();
        assertThat(GameWords.describe(new Event.Joined(Seat.O, "ben"), s, s, Seat.X))
                .isEqualTo("ben joined as O");
        assertThat(GameWords.describe(new Event.BotJoined(Seat.O, BotLevel.HARD), s, s, Seat.X))
                .isEqualTo("a hard bot took seat O");
        assertThat(GameWords.describe(new Event.Disconnected(Seat.O), s, s, Seat.X))
                .isEqualTo("bot (perfect) (O) lost the connection; the seat is held for a while");
        assertThat(GameWords.describe(new Event.Undone(Seat.X, List.of(4, 0)), s, s, Seat.X))
                .isEqualTo("took back b2 a1");
        assertThat(GameWords.describe(new Event.RematchStarted(2), s, s, Seat.X))
                .isEqualTo("game 2 starts");
    }

    @Test
    void phrasesNameWhoSaidThem() {
        Snapshot s =
                Snapshots.of(
                        RoomStatus.PLAYING,
                        Seat.X,
                        List.of("X..", ".O.", "..."),
                        4,
                        null,
                        Snapshots.ANA,
                        Snapshots.BOT);
        assertThat(
                        GameWords.phrase(
                                new ServerMessage.Phrase(Seat.X, QuickPhrase.GOOD_GAME), s, Seat.O))
                .isEqualTo("ana (X): Good game!");
        assertThat(
                        GameWords.phrase(
                                new ServerMessage.Phrase(Seat.X, QuickPhrase.REMATCH), s, Seat.X))
                .isEqualTo("you: Rematch?");
    }

    @Test
    void historyLinesNameTheCells() {
        GameRecord game =
                new GameRecord(
                        1,
                        Seat.X,
                        List.of(4, 0, 8, 2, 1, 7, 6, 3, 5),
                        null,
                        ResultReason.DRAW,
                        List.of());
        assertThat(GameWords.history(game, 3))
                .isEqualTo("game 1: X first: b2 a1 c3 c1 b1 b3 a3 a2 c2 - draw (draw)");
    }

    @Test
    void beforeTheWelcomeItSaysItIsJoining() {
        List<String> lines =
                GameScreen.render(
                        simpleView(
                                "K7MQ2P",
                                "ttt join K7MQ2P",
                                null,
                                null,
                                "connecting",
                                List.of(),
                                "",
                                null,
                                false));
        assertThat(lines)
                .containsExactly(
                        "ttt  room K7M Q2P  [connecting]", "", "Joining room K7MQ2P...", "> ");
    }

    @Test
    void everyBoardSizeFitsA120ColumnScreen() {
        for (int size = 3; size <= 19; size++) {
            List<String> rows = java.util.Collections.nCopies(size, ".".repeat(size));
            Snapshot s =
                    Snapshots.of(
                            RoomStatus.PLAYING,
                            Seat.X,
                            rows,
                            null,
                            null,
                            Snapshots.ANA,
                            Snapshots.BEN);
            List<String> lines = screen(s, Seat.X, true);
            assertThat(lines)
                    .allSatisfy(
                            l -> assertThat(Snapshots.plain(l).length()).isLessThanOrEqualTo(120));
            assertThat(lines.size()).isLessThanOrEqualTo(40);
        }
    }

    private static GameScreen.View view(
            Snapshot s, Seat seat, long now, int height, List<GameScreen.Notice> notices) {
        return new GameScreen.View(
                "K7MQ2P",
                "ttt join K7MQ2P",
                s,
                seat,
                "connected",
                notices,
                "",
                null,
                false,
                null,
                now,
                height);
    }

    @Test
    void aDisconnectedOpponentsSeatCountsDown() {
        Snapshot s =
                Snapshots.of(
                        RoomStatus.PLAYING,
                        Seat.O,
                        List.of("X..", "...", "..."),
                        0,
                        null,
                        Snapshots.ANA,
                        new Snapshot.Player("ben", PlayerKind.HUMAN, null, false, null));
        long now = 1_000_000;
        Snapshot held = withGrace(s, now + 42_000);
        List<String> lines = GameScreen.render(view(held, Seat.X, now, 0, List.of()));
        assertThat(lines.get(2)).contains("ben  - opponent disconnected \u2014 seat kept 0:42");
        List<String> later = GameScreen.render(view(held, Seat.X, now + 41_500, 0, List.of()));
        assertThat(later.get(2)).contains("seat kept 0:01");
        List<String> spectator =
                GameScreen.render(view(withGrace(s, now + 75_000), null, now, 0, List.of()));
        assertThat(spectator.get(2)).contains("ben  - disconnected \u2014 seat kept 1:15");
        // No deadline known (an older server): the seat is just held.
        assertThat(GameScreen.render(view(s, Seat.X, now, 0, List.of())).get(2))
                .contains("opponent disconnected \u2014 seat held");
        assertThat(ClockFace.format(-5_000)).isEqualTo("0:00");
    }

    /** {@code s} with O's seat held until {@code until}. */
    private static Snapshot withGrace(Snapshot s, long until) {
        return Snapshots.of(
                s.status(),
                s.turn(),
                s.board(),
                s.lastMove(),
                s.result(),
                s.players().x(),
                new Snapshot.Player("ben", PlayerKind.HUMAN, null, false, until));
    }

    @Test
    void eventsNameWhoActedNotWhoSitsThereNow() {
        Snapshot before =
                Snapshots.of(
                        RoomStatus.PLAYING,
                        Seat.O,
                        List.of("X..", "...", "..."),
                        0,
                        null,
                        Snapshots.ANA,
                        Snapshots.BEN);
        Snapshot after =
                Snapshots.of(
                        RoomStatus.PLAYING,
                        Seat.O,
                        List.of("X..", "...", "..."),
                        0,
                        null,
                        Snapshots.ANA,
                        new Snapshot.Player(
                                "bot (hard)", PlayerKind.BOT, BotLevel.HARD, true, null));
        assertThat(GameWords.describe(new Event.Left(Seat.O), after, before, Seat.X))
                .isEqualTo("ben (O) left the room");
        assertThat(GameWords.describe(new Event.Moved(Seat.O, 4, "m2"), after, before, Seat.X))
                .isEqualTo("ben (O) played b2");
        Snapshot.Result resigned = new Snapshot.Result(Seat.X, ResultReason.RESIGN, List.of());
        Snapshot over =
                Snapshots.of(
                        RoomStatus.OVER,
                        null,
                        List.of("X..", "...", "..."),
                        0,
                        resigned,
                        Snapshots.ANA,
                        new Snapshot.Player(
                                "bot (hard)", PlayerKind.BOT, BotLevel.HARD, true, null));
        assertThat(GameWords.result(over, before, Seat.X)).isEqualTo("ben (O) resigned: you win.");
        List<String> lines =
                GameScreen.render(
                        new GameScreen.View(
                                "K7MQ2P",
                                "ttt join K7MQ2P",
                                over,
                                Seat.X,
                                "connected",
                                List.of(),
                                "",
                                null,
                                false,
                                before,
                                0,
                                0));
        assertThat(lines)
                .contains("ben (O) resigned: you win.")
                .noneMatch(l -> l.contains("bot (hard) (O) resigned"));
    }

    @Test
    void aLargeBoardFitsAnEightyByTwentyFourTerminalWithItsHeader() {
        List<String> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 15; i++) {
            rows.add(i == 7 ? ".......X......." : "...............");
        }
        Snapshot s =
                Snapshots.of(
                        RoomStatus.PLAYING, Seat.O, rows, 112, null, Snapshots.ANA, Snapshots.BEN);
        List<GameScreen.Notice> notices =
                List.of(
                        new GameScreen.Notice("one", false),
                        new GameScreen.Notice("two", false),
                        new GameScreen.Notice("three", true));
        List<String> lines = GameScreen.render(view(s, Seat.X, 0, 24, notices));
        assertThat(lines).hasSizeLessThanOrEqualTo(24);
        assertThat(lines.get(0)).startsWith("ttt  room K7M Q2P  game 1  15x15");
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("X  ana (you)"));
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("  15  ."));
        assertThat(lines)
                .contains("! three")
                .allSatisfy(l -> assertThat(l.length()).isLessThanOrEqualTo(80));
        assertThat(lines.get(lines.size() - 1)).isEqualTo("> ");
        // With room to spare nothing is squeezed.
        assertThat(GameScreen.render(view(s, Seat.X, 0, 0, notices)))
                .contains("draws 3   spectators 2");
    }

    private static List<String> at(Snapshot s, Seat seat, long now) {
        return GameScreen.render(view(s, seat, now, 0, List.of()));
    }

    @Test
    void aTimedRoomShowsBothClocksWithTheRunningOneCountingDown() {
        long start = 1_795_000_010_500L;
        Snapshot s =
                Snapshots.timed(
                        Snapshots.playing(Seat.O, "...", ".X.", "..."),
                        new Snapshot.Clock(
                                "3m+2s", 171_500L, 180_000L, Seat.O, start, start + 180_000, null),
                        null);
        List<String> lines = at(s, Seat.X, start + 12_300);
        assertThat(lines.get(1))
                .isEqualTo("X  ana (you)                                       2:52  wins 1");
        assertThat(lines.get(2))
                .isEqualTo("O  ben <- to move                                  2:48  wins 0");
        assertThat(lines.get(3)).isEqualTo("clock 3m+2s");
        assertThat(at(s, Seat.X, start + 13_000).get(2)).contains(" 2:47 ");
        assertThat(at(s, Seat.X, start + 400_000).get(2)).contains(" 0:00 ");
        // The running clock is bold in colour.
        String colour =
                GameScreen.render(
                                new GameScreen.View(
                                        "K7MQ2P",
                                        "ttt join K7MQ2P",
                                        s,
                                        Seat.X,
                                        "connected",
                                        List.of(),
                                        "",
                                        null,
                                        true,
                                        null,
                                        start,
                                        0))
                        .get(2);
        assertThat(colour).contains(Paint.BOLD + "    3:00" + Paint.RESET);
    }

    @Test
    void aLimitPerMoveShowsWhatIsLeftOfTheMove() {
        long start = 5_000_000;
        Snapshot s =
                Snapshots.timed(
                        Snapshots.playing(Seat.X, "...", "...", "..."),
                        new Snapshot.Clock(
                                "20s/move", null, null, Seat.X, start, start + 20_000, null),
                        null);
        List<String> lines = at(s, Seat.X, start + 6_500);
        assertThat(lines.get(1))
                .isEqualTo("X  ana (you) <- to move                         wins 1");
        assertThat(lines.get(3)).isEqualTo("clock 20s/move   this move 0:14 left");
        Snapshot both =
                Snapshots.timed(
                        Snapshots.playing(Seat.X, "...", "...", "..."),
                        new Snapshot.Clock(
                                "5m+3s,30s/move",
                                300_000L,
                                300_000L,
                                Seat.X,
                                start,
                                start + 30_000,
                                null),
                        null);
        assertThat(at(both, Seat.O, start + 1_000))
                .contains("clock 5m+3s,30s/move   this move 0:29 left");
    }

    @Test
    void aClockWaitsForBothSeatsAndStopsForGood() {
        Snapshot waiting =
                Snapshots.timed(
                        Snapshots.of(
                                RoomStatus.WAITING,
                                null,
                                List.of("...", "...", "..."),
                                null,
                                null,
                                Snapshots.ANA,
                                null),
                        new Snapshot.Clock("1m", 60_000L, 60_000L, null, null, null, null),
                        null);
        assertThat(at(waiting, Seat.X, 0))
                .contains(
                        "clock 1m   starts when both seats are taken",
                        "O  (empty seat)                                    1:00  wins 0");
        Snapshot flagged =
                Snapshots.timed(
                        Snapshots.of(
                                RoomStatus.OVER,
                                null,
                                List.of("X..", "...", "..."),
                                0,
                                new Snapshot.Result(Seat.X, ResultReason.TIMEOUT, List.of()),
                                Snapshots.ANA,
                                Snapshots.BEN),
                        new Snapshot.Clock("1m", 58_000L, 0L, null, 100L, null, Seat.O),
                        null);
        List<String> lines = at(flagged, Seat.X, 999_999);
        assertThat(lines)
                .contains(
                        "clock 1m   ben (O) ran out of time", "ben (O) ran out of time: you win.");
        assertThat(lines.get(2)).contains(" 0:00 ");
        assertThat(GameWords.result(flagged, flagged, Seat.O))
                .isEqualTo("You ran out of time: ana (X) wins.");
        assertThat(GameWords.result(flagged, flagged, null))
                .isEqualTo("ben (O) ran out of time: ana (X) wins.");
        Snapshot drawn =
                Snapshots.timed(
                        Snapshots.of(
                                RoomStatus.OVER,
                                null,
                                List.of("XOX", "XOO", "O.."),
                                6,
                                new Snapshot.Result(null, ResultReason.TIMEOUT, List.of()),
                                Snapshots.ANA,
                                Snapshots.BEN),
                        new Snapshot.Clock("1m", 0L, 20_000L, null, 100L, null, Seat.X),
                        null);
        assertThat(GameWords.result(drawn, drawn, Seat.O))
                .isEqualTo("ana (X) ran out of time: a draw, as nobody could win any more.");
        assertThat(ExitCodes.of(flagged.result(), Seat.O)).isEqualTo(ExitCodes.LOST);
        assertThat(ExitCodes.of(drawn.result(), Seat.O)).isEqualTo(ExitCodes.DRAW);
    }

    @Test
    void anIdleOpponentCanBeClaimedFromOnceTheClaimTimeIsReached() {
        long at = 9_000_000;
        Snapshot theirs = Snapshots.timed(Snapshots.playing(Seat.O, "...", ".X.", "..."), null, at);
        assertThat(at(theirs, Seat.X, at - 1)).noneMatch(l -> l.contains("claim"));
        assertThat(at(theirs, Seat.X, at))
                .contains("ben (O) has been idle too long: type claim to win the game.");
        assertThat(at(theirs, null, at))
                .as("spectators claim nothing")
                .noneMatch(l -> l.contains("claim"));

        Snapshot mine = Snapshots.timed(Snapshots.playing(Seat.X, "...", "...", "..."), null, at);
        assertThat(at(mine, Seat.X, at - GameWords.CLAIM_WARNING_MILLIS - 1))
                .noneMatch(l -> l.contains("claim"));
        assertThat(at(mine, Seat.X, at - 12_400))
                .contains("Move soon: ben (O) may claim the game in 0:13.");
        assertThat(at(mine, Seat.X, at + 5))
                .contains("Move now: ben (O) may claim the game from you.");

        Snapshot bot =
                Snapshots.timed(
                        Snapshots.of(
                                RoomStatus.PLAYING,
                                Seat.O,
                                List.of("...", ".X.", "..."),
                                4,
                                null,
                                Snapshots.ANA,
                                Snapshots.BOT),
                        null,
                        at);
        assertThat(at(bot, Seat.X, at + 60_000))
                .as("a bot is never claimed from")
                .noneMatch(l -> l.contains("claim"));
    }

    /** A view without result names, seat countdowns, clock or height. */
    private static GameScreen.View simpleView(
            String room,
            String share,
            @Nullable Snapshot snapshot,
            @Nullable Seat seat,
            String connection,
            List<GameScreen.Notice> notices,
            String input,
            @Nullable Integer cursor,
            boolean colour) {
        return new GameScreen.View(
                room,
                share,
                snapshot,
                seat,
                connection,
                notices,
                input,
                cursor,
                colour,
                null,
                0,
                0);
    }
}
