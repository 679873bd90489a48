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

    private LogFields() {}

    /** Until closed, this thread's log lines are about {@code room}. */
    public static Scope room(String code) {
        return new Scope(ROOM, code, null, null, null, null);
    }

    /**
     * Until closed, this thread's log lines are about the member in {@code seat} ("X", "O", or null
     * for a spectator or a connection that has not joined) connected from {@code remote}.
     */
    public static Scope member(Object seat, SocketAddress remote) {
        return member(seat, address(remote));
    }

    /** The same, with the remote address already written out. */
    public static Scope member(Object seat, String remote) {
        String who = seat == null ? "none" : seat.toString().toLowerCase(Locale.ROOT);
        return new Scope(SEAT, who, REMOTE, remote, null, null);
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
        private final String[] keys;
        private final String[] previous;

        private Scope(String k1, String v1, String k2, String v2, String k3, String v3) {
            String[] all = {k1, k2, k3};
            String[] values = {v1, v2, v3};
            int n = k3 != null ? 3 : k2 != null ? 2 : 1;
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
