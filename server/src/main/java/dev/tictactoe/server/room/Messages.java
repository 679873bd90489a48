package dev.tictactoe.server.room;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.CloseCodes;
import dev.tictactoe.protocol.Durations;
import dev.tictactoe.protocol.GameRecord;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.server.room.Refusals.Refusal;

import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.TreeMap;

/** A member's message as the room's commands, or answered from its state. Room loop only. */
final class Messages {

    private static final Logger log = LoggerFactory.getLogger(Messages.class);
    static final Duration PHRASE_INTERVAL = Duration.ofSeconds(2);
    static final int PHRASE_BURST = 3;

    private static final long INTERVAL_NANOS = PHRASE_INTERVAL.toNanos();

    /** How far ahead of now a seat's phrase schedule may run before it is refused. */
    private static final long SLACK_NANOS = (PHRASE_BURST - 1) * INTERVAL_NANOS;

    private final Room room;

    /** When each seat's phrase budget is whole again, on the room's monotonic line. */
    private final EnumMap<Seat, Long> phrasesFreeAt = new EnumMap<>(Seat.class);

    Messages(Room room) {
        this.room = room;
    }

    @Nullable Outcome handle(Session session, ClientMessage message) {
        if (room.closed) {
            return Refusal.CLOSED.of(room.code());
        }
        if (message instanceof ClientMessage.Join join) {
            return room.members.join(session, join);
        }
        if (!session.joined) {
            return Refusal.NOT_JOINED.of();
        }
        return switch (message) {
            case ClientMessage.Sync sync -> {
                room.feed.sync(session, sync.lastVersion());
                yield null;
            }
            case ClientMessage.History ignored -> {
                sendHistory(session);
                yield null;
            }
            case ClientMessage.Phrase phrase -> say(session, phrase);
            case ClientMessage.Leave ignored -> {
                room.members.leave(session, true);
                session.member.close(CloseCodes.LEFT, "left the room");
                yield null;
            }
            // Answered by the connection itself.
            case ClientMessage.Ping ignored -> null;
            case ClientMessage.Pong ignored -> null;
            default -> play(session, message);
        };
    }

    /** A command to the rules, a bot's seat named for the journal; a resent move is answered. */
    private Outcome play(Session session, ClientMessage command) {
        if (session.seat == null) {
            return Refusal.SPECTATOR.of();
        }
        ClientMessage said =
                command instanceof ClientMessage.InviteBot invite && invite.seat() == null
                        ? new ClientMessage.InviteBot(invite.level(), room.core.freeSeat())
                        : command;
        Outcome outcome = room.run(new Change.Said(session.seat, said));
        if (outcome instanceof Outcome.Unchanged repeated
                && command instanceof ClientMessage.Move move) {
            room.feed.send(session, new ServerMessage.Ack(move.id(), repeated.version()));
        }
        return outcome;
    }

    /** The finished games from the archive, with any it lacks from memory; memory alone without. */
    private void sendHistory(Session session) {
        var archived = room.context.journal().history(room.code(), Match.KEPT_GAMES);
        if (archived == null) {
            sendHistory(session, List.of());
            return;
        }
        archived.whenComplete(
                (games, failure) ->
                        room.execute(
                                () -> {
                                    if (failure != null) {
                                        log.warn(
                                                "room {}: the game archive could not be read,"
                                                        + " history from memory: {}",
                                                room.code(),
                                                failure.toString());
                                    }
                                    if (session.joined) {
                                        sendHistory(session, failure == null ? games : List.of());
                                    }
                                }));
    }

    /** The newest finished games, oldest first: archived, then from memory. */
    private void sendHistory(Session session, List<GameRecord> archived) {
        TreeMap<Integer, GameRecord> games = new TreeMap<>();
        room.core.match.finished.forEach(game -> games.put(game.game(), game));
        archived.forEach(game -> games.put(game.game(), game));
        while (games.size() > Match.KEPT_GAMES) {
            games.pollFirstEntry();
        }
        room.feed.send(session, new ServerMessage.HistoryMessage(new ArrayList<>(games.values())));
    }

    private Outcome.@Nullable Refused say(Session session, ClientMessage.Phrase phrase) {
        Seat mark = session.seat;
        if (mark == null) {
            return Refusal.SPECTATOR.of();
        }
        long now = room.time.nanos;
        // A virtual schedule (GCRA): one number per seat instead of a bucket and its refill time.
        long next = Math.max(phrasesFreeAt.getOrDefault(mark, Long.MIN_VALUE), now);
        if (next - now > SLACK_NANOS) {
            return Refusal.PHRASES.of(PHRASE_BURST, Durations.format(PHRASE_INTERVAL));
        }
        phrasesFreeAt.put(mark, next + INTERVAL_NANOS);
        room.feed.broadcastAside(new ServerMessage.Phrase(mark, phrase.phrase()));
        return null;
    }

    /** What an error refers to: a move's id, else the refused message's type. */
    static String refOf(ClientMessage message) {
        return message instanceof ClientMessage.Move move
                ? move.id()
                : MessageCodec.typeName(message.getClass());
    }
}
