package dev.tictactoe.server.logging;

import org.slf4j.MDC;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Locale;

/**
 * The structured fields of log lines (SLF4J MDC): the room, seat and remote address a line is
 * about. The JSON log format writes them as fields; the text format already names them in words.
 */
public final class LogFields {

    public static final String ROOM = "room";
    public static final String SEAT = "seat";
    public static final String REMOTE = "remote";

    /**
     * Whether any log line writes the fields: only the JSON format does. Until then a scope sets
     * nothing, since setting and restoring them costs every message the room handles.
     */
    private static volatile boolean structured;

    private LogFields() {}

    /** The JSON format is in use: scopes set the fields from now on. */
    public static void structured(boolean on) {
        structured = on;
    }

    /** Until closed, this thread's log lines are about {@code room}. */
    public static Scope room(String code) {
        return structured ? new Scope(ROOM, code, null, null, null, null) : Scope.NONE;
    }

    /**
     * Until closed, this thread's log lines are about the member in {@code seat} ("X", "O", or null
     * for a spectator or a connection that has not joined) connected from {@code remote}.
     */
    public static Scope member(Object seat, SocketAddress remote) {
        return member(seat, address(remote));
    }

    /** The same, the remote address written out by {@code remote}'s {@code toString}, if needed. */
    public static Scope member(Object seat, Object remote) {
        if (!structured) {
            return Scope.NONE;
        }
        String who = seat == null ? "none" : seat.toString().toLowerCase(Locale.ROOT);
        return new Scope(SEAT, who, REMOTE, String.valueOf(remote), null, null);
    }

    /**
     * Until closed, this thread's log lines are about {@code seat} ("X", "O"): for a line about a
     * seat logged within a wider scope that does not know it yet (a join) or at all (a timer).
     */
    public static Scope seat(Object seat) {
        return structured
                ? new Scope(SEAT, seat.toString().toLowerCase(Locale.ROOT), null, null, null, null)
                : Scope.NONE;
    }

    static String address(SocketAddress remote) {
        if (remote instanceof InetSocketAddress inet) {
            return inet.getAddress() == null
                    ? inet.getHostString() + ":" + inet.getPort()
                    : inet.getAddress().getHostAddress() + ":" + inet.getPort();
        }
        return String.valueOf(remote);
    }

    /** Fields set on this thread; closing restores what they were before. */
    public static final class Scope implements AutoCloseable {
        /** Sets nothing. */
        static final Scope NONE = new Scope(null, null, null, null, null, null);

        private final String[] keys;
        private final String[] previous;

        private Scope(String k1, String v1, String k2, String v2, String k3, String v3) {
            String[] all = {k1, k2, k3};
            String[] values = {v1, v2, v3};
            int n = k3 != null ? 3 : k2 != null ? 2 : k1 != null ? 1 : 0;
            keys = new String[n];
            previous = new String[n];
            for (int i = 0; i < n; i++) {
                keys[i] = all[i];
                previous[i] = MDC.get(all[i]);
                MDC.put(all[i], values[i]);
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
