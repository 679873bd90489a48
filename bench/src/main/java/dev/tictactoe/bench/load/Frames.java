package dev.tictactoe.bench.load;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import dev.tictactoe.protocol.MessageCodec;

import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.util.Arrays;

/**
 * Reads and writes the two frames a generated player handles all the time (a diff from the server,
 * a move) with a streaming parser and a string builder, so the generator stays cheaper than what it
 * measures. Anything else goes through {@link MessageCodec}.
 */
final class Frames {

    /** A plain factory: the codec's checks (duplicate keys and the like) cost a map per object. */
    private static final JsonFactory JSON = new JsonFactory();

    private Frames() {}

    /** The move message, as {@code MessageCodec} would write it. */
    static String move(String id, long version, int cell) {
        return "{\"type\":\"move\",\"id\":\""
                + id
                + "\",\"version\":"
                + version
                + ",\"cell\":"
                + cell
                + '}';
    }

    /** What a diff says, in the terms a player tracks; reused from frame to frame. */
    static final class Diff {
        long version = -1;
        int ops;
        @Nullable String[] paths = new @Nullable String[16];

        /**
         * The value as text (numbers too); null for JSON null and for values that are not tracked.
         */
        @Nullable String[] values = new @Nullable String[16];

        @Nullable String movedSeat;
        @Nullable String moveId;

        void clear() {
            version = -1;
            ops = 0;
            movedSeat = null;
            moveId = null;
        }

        void add(@Nullable String path, @Nullable String value) {
            if (ops == paths.length) {
                paths = Arrays.copyOf(paths, ops * 2);
                values = Arrays.copyOf(values, ops * 2);
            }
            paths[ops] = path;
            values[ops++] = value;
        }
    }

    /**
     * Reads {@code text} into {@code out} when it is a diff (its {@code type} comes first, as the
     * server writes it); returns false, reading nothing more, for any other message.
     */
    static boolean readDiff(String text, Diff out) throws IOException {
        out.clear();
        try (JsonParser p = JSON.createParser(text)) {
            if (p.nextToken() != JsonToken.START_OBJECT
                    || !"type".equals(p.nextFieldName())
                    || p.nextToken() != JsonToken.VALUE_STRING
                    || !"diff".equals(p.getText())) {
                return false;
            }
            String field;
            while ((field = p.nextFieldName()) != null) {
                JsonToken value = p.nextToken();
                switch (field) {
                    case "version" -> out.version = p.getLongValue();
                    case "ops" -> readOps(p, out);
                    case "event" -> readEvent(p, value, out);
                    default -> p.skipChildren();
                }
            }
            return true;
        }
    }

    private static void readOps(JsonParser p, Diff out) throws IOException {
        while (p.nextToken() == JsonToken.START_OBJECT) {
            String path = null;
            String field;
            while ((field = p.nextFieldName()) != null) {
                JsonToken token = p.nextToken();
                if (field.equals("path")) {
                    path = p.getText();
                } else if (field.equals("value")) {
                    if (token == JsonToken.START_ARRAY && "/board".equals(path)) {
                        int row = 0;
                        while (p.nextToken() == JsonToken.VALUE_STRING) {
                            out.add("/board/" + row++, p.getText());
                        }
                        path = null;
                    } else if (token.isScalarValue()) {
                        out.add(path, token == JsonToken.VALUE_NULL ? null : p.getText());
                        path = null;
                    } else {
                        p.skipChildren();
                        path = null;
                    }
                } else {
                    p.skipChildren();
                }
            }
        }
    }

    private static void readEvent(JsonParser p, JsonToken value, Diff out) throws IOException {
        if (value != JsonToken.START_OBJECT) {
            return;
        }
        String kind = null;
        String seat = null;
        String moveId = null;
        String field;
        while ((field = p.nextFieldName()) != null) {
            p.nextToken();
            switch (field) {
                case "kind" -> kind = p.getText();
                case "seat" -> seat = p.getText();
                case "moveId" -> moveId = p.getText();
                default -> p.skipChildren();
            }
        }
        if ("moved".equals(kind)) {
            out.movedSeat = seat;
            out.moveId = moveId;
        }
    }

    /** A move read back from its frame (the relay hands moves over as they are). */
    record Move(String id, long version, int cell) {}

    /** Reads a move frame, or returns null for any other message. */
    static @Nullable Move readMove(String text) throws IOException {
        try (JsonParser p = JSON.createParser(text)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            String type = null;
            String id = null;
            long version = -1;
            int cell = -1;
            String field;
            while ((field = p.nextFieldName()) != null) {
                p.nextToken();
                switch (field) {
                    case "type" -> type = p.getText();
                    case "id" -> id = p.getText();
                    case "version" -> version = p.getLongValue();
                    case "cell" -> cell = p.getIntValue();
                    default -> p.skipChildren();
                }
            }
            return "move".equals(type) && id != null && cell >= 0
                    ? new Move(id, version, cell)
                    : null;
        }
    }
}
