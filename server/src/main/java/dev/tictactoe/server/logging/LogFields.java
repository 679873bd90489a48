package dev.tictactoe.server.logging;

import net.logstash.logback.encoder.LogstashEncoder;

import org.jspecify.annotations.Nullable;
import org.slf4j.MDC;

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
        return structured ? scope(ROOM, code) : Scope.NONE;
    }

    /** Until closed, this thread's lines are about {@code seat} (null: none) at {@code remote}. */
    public static Scope member(@Nullable Object seat, Object remote) {
        if (!structured) {
            return Scope.NONE;
        }
        String who = seat == null ? "none" : seat.toString().toLowerCase(Locale.ROOT);
        return scope(SEAT, who, REMOTE, String.valueOf(remote));
    }

    /** Until closed, this thread's lines are about {@code seat}, within a wider scope. */
    public static Scope seat(Object seat) {
        return structured ? scope(SEAT, seat.toString().toLowerCase(Locale.ROOT)) : Scope.NONE;
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
    @FunctionalInterface
    public interface Scope extends AutoCloseable {
        Scope NONE = () -> {};

        @Override
        void close();
    }

    /** Sets each key of {@code keysAndValues} to the value after it, until closed. */
    private static Scope scope(String... keysAndValues) {
        // Key by key, not the whole map copied twice: a room's every task opens a scope.
        String[] previous = new String[keysAndValues.length / 2];
        for (int i = 0; i < previous.length; i++) {
            previous[i] = MDC.get(keysAndValues[2 * i]);
            MDC.put(keysAndValues[2 * i], keysAndValues[2 * i + 1]);
        }
        return () -> {
            for (int i = 0; i < previous.length; i++) {
                if (previous[i] == null) {
                    MDC.remove(keysAndValues[2 * i]);
                } else {
                    MDC.put(keysAndValues[2 * i], previous[i]);
                }
            }
        };
    }
}
