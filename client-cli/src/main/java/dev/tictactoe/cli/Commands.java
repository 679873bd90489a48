package dev.tictactoe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.client.RoomView;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import org.jspecify.annotations.Nullable;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/** Works out what a command sends: move ids (a random prefix per client) and versions. */
final class Commands {

    /** How many recent moves keep their cell for naming a refusal. */
    static final int MOVES_KEPT = 64;

    /** Random characters before a move's number: 36^8 prefixes, one per client. */
    static final int PREFIX_CHARS = 8;

    private final RoomView view;
    private final String idPrefix;
    private int counter;

    /** The last move sent, and the game it was sent in; null before any. */
    private ClientMessage.@Nullable Move lastSent;

    private int lastSentGame;

    private final Map<String, Integer> cells =
            new LinkedHashMap<>() {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Integer> eldest) {
                    return size() > MOVES_KEPT;
                }
            };

    Commands(RoomView view) {
        this(view, randomPrefix(ThreadLocalRandom.current()) + "-");
    }

    /** Commands whose move ids are {@code idPrefix} then m1, m2, ... */
    Commands(RoomView view, String idPrefix) {
        this.view = view;
        this.idPrefix = idPrefix;
    }

    static String randomPrefix(RandomGenerator random) {
        return random.ints(PREFIX_CHARS, 0, 36)
                .mapToObj(digit -> Integer.toString(digit, 36))
                .collect(Collectors.joining());
    }

    /** What {@code command} asks for; {@code watching} when we were welcomed with no seat. */
    Command.Action action(Command command, boolean watching) {
        return switch (command) {
            case Command.Play play ->
                    watching
                            ? new Command.Invalid("you are watching: spectators cannot move")
                            : new Command.Send(move(play.cell()));
            case Command.Sync s -> new Command.Send(new ClientMessage.Sync(view.lastVersion()));
            case Command.Send send
                    when watching && send.message() instanceof ClientMessage.Phrase ->
                    new Command.Invalid("you are watching: only players say phrases");
            case Command.Action action -> action;
        };
    }

    /** What a script's line asks for: a protocol message as JSON, or words as typed. */
    Command.Action line(String line, boolean watching) {
        if (line.stripLeading().startsWith("{")) {
            return json(line);
        }
        Snapshot s = view.snapshot();
        return action(Command.parse(line, s == null ? 0 : s.settings().size()), watching);
    }

    private Command.Action json(String line) {
        try {
            JsonNode node = MessageCodec.parse(line);
            boolean numbered = false;
            if (node instanceof ObjectNode object
                    && MessageCodec.typeName(ClientMessage.Move.class)
                            .equals(object.path("type").asText())) {
                if (!object.has("id")) {
                    object.put("id", nextId());
                    numbered = true;
                }
                if (!object.has("version")) {
                    object.put("version", view.lastVersion());
                }
            }
            ClientMessage message = MessageCodec.decodeClient(node);
            if (numbered && message instanceof ClientMessage.Move move) {
                cells.put(move.id(), move.cell());
            }
            return new Command.Send(message, "not connected: the message was not sent");
        } catch (ProtocolException e) {
            return new Command.Invalid("not a message this client can send: " + e.getMessage());
        }
    }

    /** A server refusal in words, naming the cell of a refused move the way the user types it. */
    String describe(ServerMessage.ErrorMessage error) {
        Integer cell = error.ref() == null ? null : cells.get(error.ref());
        Snapshot s = view.snapshot();
        if (cell == null || s == null || cell >= s.settings().size() * s.settings().size()) {
            return error.message();
        }
        String name = Coordinates.format(cell, s.settings().size());
        return switch (error.code()) {
            case CELL_TAKEN -> name + " is already taken";
            case NOT_YOUR_TURN -> "it is not your turn yet (" + name + " was not played)";
            default -> error.message();
        };
    }

    /** Words for an ack of our move: our ids are never reused, so the server did not play it. */
    @Nullable String unplayed(ServerMessage.Ack ack) {
        Integer cell = cells.get(ack.id());
        if (cell == null) {
            return null;
        }
        return "%s was not played: the server already had a move with its id (%s); play it again"
                .formatted(cellName(cell), ack.id());
    }

    /** A move went to the server: kept, to be sent again if the server turns out not to have it. */
    void sent(ClientMessage.Move move) {
        Snapshot s = view.snapshot();
        lastSent = move;
        lastSentGame = s == null ? -1 : s.game();
    }

    /** After a welcome: the last move sent, when the server lacks it and it is still legal. */
    ClientMessage.@Nullable Move again(@Nullable Seat seat) {
        Snapshot s = view.snapshot();
        ClientMessage.Move m = lastSent;
        if (m == null
                || s == null
                || s.game() != lastSentGame
                || s.status() != RoomStatus.PLAYING
                || seat != s.turn()
                || s.moves().stream().anyMatch(e -> m.id().equals(e.id()))) {
            return null;
        }
        int size = s.settings().size();
        if (s.board().get(m.cell() / size).charAt(m.cell() % size) != '.') {
            return null;
        }
        return new ClientMessage.Move(m.id(), s.version(), m.cell());
    }

    String cellName(int cell) {
        Snapshot s = view.snapshot();
        return s == null ? "cell " + cell : Coordinates.format(cell, s.settings().size());
    }

    private ClientMessage.Move move(int cell) {
        String id = nextId();
        cells.put(id, cell);
        return new ClientMessage.Move(id, Objects.requireNonNull(view.lastVersion()), cell);
    }

    private String nextId() {
        counter++;
        return idPrefix + "m" + counter;
    }
}
