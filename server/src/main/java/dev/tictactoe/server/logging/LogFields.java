package dev.tictactoe.server.logging;

import net.logstash.logback.encoder.LogstashEncoder;

import org.jspecify.annotations.Nullable;
import org.slf4j.MDC;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Locale;

/** The structured fields of log lines (SLF4J MDC): room, seat and remote address. */
public final class LogFields {

    public static final String ROOM = "room";
    public static final String SEAT = "seat";
    public static final String REMOTE = "remote";

    /** Only the JSON format writes the fields; until then a scope costs nothing. */
    private static volatile boolean structured;

    private LogFields() {}

    /** The JSON format is in use: scopes set the fields from now on. */
    public static void structured(boolean on) {
        structured = on;
    }

    /** Until closed, this thread's log lines are about {@code room}. */
    public static Scope room(String code) {
        return structured ? new Scope(ROOM, code) : Scope.NONE;
    }

    /** Until closed, this thread's lines are about {@code seat} (null: none) at {@code remote}. */
    public static Scope member(@Nullable Object seat, SocketAddress remote) {
        return member(seat, address(remote));
    }

    /** The same, the remote address written out by {@code remote}'s {@code toString}, if needed. */
    public static Scope member(@Nullable Object seat, Object remote) {
        if (!structured) {
            return Scope.NONE;
        }
        String who = seat == null ? "none" : seat.toString().toLowerCase(Locale.ROOT);
        return new Scope(SEAT, who, REMOTE, String.valueOf(remote));
    }

    /** Until closed, this thread's lines are about {@code seat}, within a wider scope. */
    public static Scope seat(Object seat) {
        return structured ? new Scope(SEAT, seat.toString().toLowerCase(Locale.ROOT)) : Scope.NONE;
    }

    static String address(SocketAddress remote) {
        if (remote instanceof InetSocketAddress inet) {
            return inet.getAddress() == null
                    ? inet.getHostString() + ":" + inet.getPort()
                    : inet.getAddress().getHostAddress() + ":" + inet.getPort();
        }
        return String.valueOf(remote);
    }

    /** The JSON lines of logback.xml: once one is written, scopes set the fields. */
    public static final class Json extends LogstashEncoder {
        @Override
        public void start() {
            structured(true);
            super.start();
        }
    }

    /** Fields set on this thread; closing restores what they were before. */
    public static final class Scope implements AutoCloseable {
        static final Scope NONE = new Scope();

        private final String[] keys;
        private final String[] previous;

        /** Sets each key of {@code keysAndValues} to the value after it. */
        private Scope(String... keysAndValues) {
            keys = new String[keysAndValues.length / 2];
            previous = new String[keys.length];
            for (int i = 0; i < keys.length; i++) {
                keys[i] = keysAndValues[2 * i];
                previous[i] = MDC.get(keys[i]);
                MDC.put(keys[i], keysAndValues[2 * i + 1]);
            }
        }

        @Override
        public void close() {
            for (int i = 0; i < keys.length; i++) {
                if (previous[i] == null) {
                    MDC.remove(keys[i]);
                } else {
                    MDC.put(keys[i], previous[i]);
                }
            }
        }
    }
}
