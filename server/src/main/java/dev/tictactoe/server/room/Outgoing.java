package dev.tictactoe.server.room;

import org.jspecify.annotations.Nullable;

import java.util.Arrays;

/** One encoded server message, whose transport form is built once for a whole broadcast. */
public final class Outgoing implements AutoCloseable {

    /** A transport's form of a message, released once the room is done with the message. */
    public interface Shared extends AutoCloseable {
        @Override
        void close();
    }

    /** Builds a transport's form of the message from its first {@code length} bytes. */
    @FunctionalInterface
    public interface Maker<T extends Shared> {
        T make(byte[] bytes, int length);
    }

    private final byte[] bytes;
    private final int length;
    private @Nullable Shared shared;

    Outgoing(byte[] bytes) {
        this(bytes, bytes.length);
    }

    /** The message in the first {@code length} bytes of {@code bytes}, which are not copied. */
    Outgoing(byte[] bytes, int length) {
        this.bytes = bytes;
        this.length = length;
    }

    public byte[] bytes() {
        return length == bytes.length ? bytes : Arrays.copyOf(bytes, length);
    }

    /** The transport's shared form, built by {@code make} on first use. */
    public <T extends Shared> T shared(Class<T> type, Maker<T> make) {
        if (!type.isInstance(shared)) {
            if (shared != null) {
                shared.close();
            }
            shared = make.make(bytes, length);
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
