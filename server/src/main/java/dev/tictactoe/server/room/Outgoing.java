package dev.tictactoe.server.room;

import java.util.function.Function;

/**
 * One encoded server message on its way to one or many members. A transport may build its own form
 * of it (a framed buffer) once and share it between the members of a broadcast; the room releases
 * that form when the broadcast is done.
 */
public final class Outgoing implements AutoCloseable {

    /** A transport's form of a message, released once the room is done with the message. */
    public interface Shared extends AutoCloseable {
        @Override
        void close();
    }

    private final byte[] bytes;
    private Shared shared;

    Outgoing(byte[] bytes) {
        this.bytes = bytes;
    }

    /** The UTF-8 JSON of the message. */
    public byte[] bytes() {
        return bytes;
    }

    /** The transport's shared form, built by {@code make} on first use. */
    public <T extends Shared> T shared(Class<T> type, Function<byte[], T> make) {
        if (!type.isInstance(shared)) {
            if (shared != null) {
                shared.close();
            }
            shared = make.apply(bytes);
        }
        return type.cast(shared);
    }

    @Override
    public void close() {
        if (shared != null) {
            shared.close();
            shared = null;
        }
    }
}
