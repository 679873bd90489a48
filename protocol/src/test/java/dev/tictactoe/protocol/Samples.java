package dev.tictactoe.protocol;

import java.util.List;

/** Hand-made messages and snapshots for tests. */
final class Samples {
    private Samples() {}

    static Snapshot snapshot() {
        return new Snapshot(
                7,
                "K7MQ2P",
                new Snapshot.Settings(3, 3, Seat.X, true, true, null),
                1,
                RoomStatus.PLAYING,
                Seat.O,
                List.of("X.O", ".X.", "..."),
                List.of(
                        new Snapshot.MoveEntry(Seat.X, 0, "m1"),
                        new Snapshot.MoveEntry(Seat.O, 2, "m1"),
                        new Snapshot.MoveEntry(Seat.X, 4, "m2")),
                4,
                null,
                new Snapshot.Players(
                        new Snapshot.Player("ana", PlayerKind.HUMAN, null, true, null),
                        new Snapshot.Player("bot", PlayerKind.BOT, BotLevel.PERFECT, true, null)),
                2,
                new Snapshot.Score(0, 0, 0),
                null,
                List.of(),
                null,
                null);
    }

    static List<ClientMessage> clientMessages() {
        return List.of(
                ClientMessage.Join.player("ana"),
                new ClientMessage.Join(1, "bo", "tok-123", false, 12L),
                ClientMessage.Join.spectator("eve"),
                new ClientMessage.Move("m1", 3, 4),
                new ClientMessage.Undo(),
                new ClientMessage.UndoReply(true),
                new ClientMessage.Resign(),
                new ClientMessage.Claim(),
                new ClientMessage.Rematch(),
                new ClientMessage.InviteBot(BotLevel.PERFECT, null),
                new ClientMessage.InviteBot(BotLevel.EASY, Seat.O),
                new ClientMessage.Sync(null),
                new ClientMessage.Sync(5L),
                new ClientMessage.History(),
                new ClientMessage.Leave(),
                new ClientMessage.Ping(0),
                new ClientMessage.Ping(Protocol.MAX_PING_SEQ),
                new ClientMessage.Pong(0),
                new ClientMessage.Pong(Protocol.MAX_PING_SEQ),
                new ClientMessage.Phrase(QuickPhrase.GOOD_GAME));
    }

    static List<ServerMessage> serverMessages() {
        var json = MessageCodec.mapper();
        return List.of(
                new ServerMessage.Welcome(
                        1, "K7MQ2P", Seat.X, "secret", 1_795_000_012_000L, snapshot()),
                new ServerMessage.Welcome(1, "K7MQ2P", null, null, null, snapshot()),
                new ServerMessage.SnapshotMessage(1_795_000_012_000L, snapshot()),
                new ServerMessage.SnapshotMessage(null, snapshot()),
                new ServerMessage.Diff(
                        8,
                        List.of(
                                new PatchOp(
                                        PatchOp.Op.REPLACE,
                                        "/board/0",
                                        json.getNodeFactory().textNode("XOO"),
                                        null),
                                new PatchOp(
                                        PatchOp.Op.ADD,
                                        "/moves/3",
                                        json.getNodeFactory().objectNode().put("seat", "O"),
                                        null),
                                new PatchOp(PatchOp.Op.REMOVE, "/rematch/0", null, null),
                                new PatchOp(
                                        PatchOp.Op.REPLACE,
                                        "/result",
                                        json.getNodeFactory().nullNode(),
                                        null)),
                        new Event.Moved(Seat.O, 1, "m2")),
                new ServerMessage.Diff(9, List.of(), null),
                new ServerMessage.Ack("m2", 8),
                new ServerMessage.Pong(Protocol.MAX_PING_SEQ),
                new ServerMessage.Ping(0),
                new ServerMessage.Ping(Protocol.MAX_PING_SEQ),
                new ServerMessage.Phrase(Seat.O, QuickPhrase.WELL_PLAYED),
                new ServerMessage.ErrorMessage(
                        ErrorCode.NOT_YOUR_TURN, ErrorCode.NOT_YOUR_TURN.text(), "m3"),
                new ServerMessage.ErrorMessage(
                        ErrorCode.BAD_MESSAGE, "unknown message type \"mvoe\"", null),
                new ServerMessage.HistoryMessage(
                        List.of(
                                new GameRecord(
                                        1,
                                        Seat.X,
                                        List.of(0, 3, 1, 4, 2),
                                        Seat.X,
                                        ResultReason.LINE,
                                        List.of(0, 1, 2)),
                                new GameRecord(
                                        2,
                                        Seat.O,
                                        List.of(4, 0),
                                        null,
                                        ResultReason.RESIGN,
                                        List.of()))));
    }

    static List<Event> events() {
        return List.of(
                new Event.Moved(Seat.X, 4, "m1"),
                new Event.Joined(Seat.O, "bo"),
                new Event.BotJoined(Seat.O, BotLevel.HARD),
                new Event.Left(Seat.X),
                new Event.Disconnected(Seat.X),
                new Event.Reconnected(Seat.X),
                new Event.UndoRequested(Seat.O),
                new Event.UndoDeclined(Seat.X),
                new Event.Undone(Seat.O, List.of(5, 4)),
                new Event.Resigned(Seat.X),
                new Event.RematchOffered(Seat.O),
                new Event.RematchStarted(2),
                new Event.GameOver(Seat.O, ResultReason.ABANDONED),
                new Event.SpectatorsChanged(3));
    }
}
