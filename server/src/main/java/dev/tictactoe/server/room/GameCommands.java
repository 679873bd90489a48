package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Event;
import dev.tictactoe.protocol.ResultReason;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.server.bot.Level;
import dev.tictactoe.server.game.Mark;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * The players' game commands: move, takeback, resign, rematch, inviting the bot. Each checks who
 * sends it and hands the seat to a method that makes the change, the one a replay calls again. Room
 * loop only.
 */
final class GameCommands {

    private static final Logger log = LoggerFactory.getLogger(GameCommands.class);

    private final Room room;
    private final Match match;

    GameCommands(Room room) {
        this.room = room;
        this.match = room.match;
    }

    void move(Session session, ClientMessage.Move move) {
        Mark mark = room.members.requirePlayer(session);
        Long applied = room.members.seat(mark).appliedVersion(move.id());
        if (applied != null) {
            room.feed.send(session, new ServerMessage.Ack(move.id(), applied));
            return;
        }
        long version = room.feed.version();
        if (move.version() > version) {
            throw new Rejection(
                    ErrorCode.VERSION_AHEAD,
                    "the room is at version "
                            + version
                            + ", not yet at "
                            + move.version()
                            + "; sync and look again");
        }
        match.checkMove(mark, move.cell());
        long boardVersion = room.feed.boardVersion();
        if (move.version() < boardVersion) {
            throw new Rejection(
                    ErrorCode.STALE_VERSION,
                    "the board changed at version "
                            + boardVersion
                            + " after the version "
                            + move.version()
                            + " this move was made for; look again");
        }
        play(mark, move.cell(), move.id());
    }

    /** Plays a checked move for a person or the bot. */
    void play(Mark mark, int cell, String id) {
        boolean over = match.play(mark, cell, id);
        room.members.seat(mark).applied(id, room.feed.nextVersion());
        room.feed.boardChanges();
        room.publish(new Event.Moved(mark.name(), cell, id), new Change.Moved(mark, cell, id));
        if (!room.time.replaying()) {
            room.context.metrics().moved(room.members.seat(mark).isBot());
            if (over) {
                logResult();
            }
        }
        room.bots.schedule();
    }

    void undo(Session session) {
        undo(room.members.requirePlayer(session));
    }

    /**
     * {@code mark} asks to take back its last move: granted at once against a bot, else asked of
     * the opponent.
     */
    void undo(Mark mark) {
        Seat opponent = room.members.seat(mark.opponent());
        if (opponent != null && opponent.isBot()) {
            List<Integer> cleared = match.undo(mark);
            room.feed.boardChanges();
            room.publish(new Event.Undone(mark.name(), cleared), new Change.Undo(mark));
            room.bots.schedule();
            return;
        }
        if (match.undoRequest() == mark) {
            throw new Rejection(
                    ErrorCode.NO_PENDING_REQUEST,
                    "your takeback request is already waiting for an answer");
        }
        match.requestUndo(mark);
        room.publish(new Event.UndoRequested(mark.name()), new Change.Undo(mark));
    }

    void answerUndo(Session session, boolean accept) {
        answerUndo(room.members.requirePlayer(session), accept);
    }

    void answerUndo(Mark mark, boolean accept) {
        List<Integer> cleared = match.answerUndo(mark, accept);
        if (accept) {
            room.feed.boardChanges();
            room.publish(
                    new Event.Undone(mark.opponent().name(), cleared),
                    new Change.UndoAnswer(mark, true));
        } else {
            room.publish(new Event.UndoDeclined(mark.name()), new Change.UndoAnswer(mark, false));
        }
    }

    void resign(Session session) {
        resign(room.members.requirePlayer(session));
    }

    void resign(Mark mark) {
        match.resign(mark);
        room.feed.boardChanges();
        room.publish(new Event.Resigned(mark.name()), new Change.Resigned(mark));
        logResult();
    }

    void claim(Session session) {
        claim(room.members.requirePlayer(session));
    }

    void claim(Mark mark) {
        Seat opponent = room.members.seat(mark.opponent());
        if (opponent != null && opponent.isBot() && room.match.status() == Match.Status.PLAYING) {
            throw new Rejection(ErrorCode.CLAIM_NOT_ALLOWED, "a bot is never idle");
        }
        match.claim(mark);
        room.feed.boardChanges();
        room.publish(
                new Event.GameOver(mark.name(), ResultReason.ABANDONED.wire()),
                new Change.Claimed(mark));
        logResult();
    }

    void rematch(Session session) {
        rematch(room.members.requirePlayer(session));
    }

    void rematch(Mark mark) {
        Seat opponent = room.members.seat(mark.opponent());
        if (opponent == null) {
            throw new Rejection(
                    ErrorCode.WAITING_FOR_OPPONENT,
                    "the other seat is empty: wait for an opponent or invite the bot");
        }
        if (match.rematchOffers().contains(mark) && match.status() == Match.Status.OVER) {
            return; // Offered already: nothing changes, so nothing is sent.
        }
        boolean started = match.offerRematch(mark, opponent.isBot());
        if (started) {
            newGame();
            room.publish(new Event.RematchStarted(match.game()), new Change.Rematch(mark));
            log.debug(
                    "room {} game {} starts, {} moves first",
                    room.code(),
                    match.game(),
                    match.first());
            room.bots.schedule();
        } else {
            room.publish(new Event.RematchOffered(mark.name()), new Change.Rematch(mark));
        }
    }

    void inviteBot(Session session, ClientMessage.InviteBot invite) {
        room.members.requirePlayer(session);
        Level level;
        try {
            level = Level.parse(invite.level());
        } catch (IllegalArgumentException e) {
            throw new Rejection(ErrorCode.BAD_MESSAGE, "invite_bot.level: " + e.getMessage());
        }
        Mark seat = invite.seat() == null ? room.members.freeSeat() : Mark.valueOf(invite.seat());
        if (seat == null) {
            throw new Rejection(ErrorCode.SEAT_TAKEN, "there is no empty seat for the bot");
        }
        if (room.members.seat(seat) != null) {
            throw new Rejection(ErrorCode.SEAT_TAKEN, "seat " + seat + " is taken");
        }
        seatBot(seat, level);
        log.info("room {} seat {} taken by the {} bot", room.code(), seat, level);
    }

    /** A bot of {@code level} takes the empty {@code seat}; a game starts if both are filled. */
    void seatBot(Mark seat, Level level) {
        room.members.seats().put(seat, Seat.bot(level));
        startIfWaiting();
        room.publish(
                new Event.BotJoined(seat.name(), Snapshots.wire(level)),
                new Change.BotSeated(seat, level));
        room.bots.schedule();
    }

    /** Starts a game if both seats are filled and none is running; true if one started. */
    boolean startIfWaiting() {
        if (match.startIfWaiting()) {
            newGame();
            return true;
        }
        return false;
    }

    private void newGame() {
        room.feed.boardChanges();
        room.members.seats().values().forEach(Seat::forgetMoves);
    }

    private void logResult() {
        if (room.time.replaying()) {
            return;
        }
        Match.Result r = match.result();
        room.context
                .metrics()
                .gameFinished(r.winner() == null ? null : r.winner().name(), r.reason());
        // Debug: a busy server ends hundreds of games a second; the metrics count them. Guarded,
        // so the arguments are not even built at the default level.
        if (!log.isDebugEnabled()) {
            return;
        }
        log.debug(
                "room {} game {} over: {} ({}), score X {} O {} draws {}",
                room.code(),
                match.game(),
                r.winner() == null ? "draw" : r.winner() + " wins",
                r.reason(),
                match.wins(Mark.X),
                match.wins(Mark.O),
                match.draws());
    }
}
