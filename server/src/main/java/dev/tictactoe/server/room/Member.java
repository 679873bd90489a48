package dev.tictactoe.server.room;

/** A room member's connection as the room sees it: somewhere to write encoded messages. */
public interface Member {

    /** Writes one encoded message, if the connection is still open. */
    void send(Outgoing message);

    /** False while the connection's outbound buffer is full: broadcasts skip it until it drains. */
    boolean writable();

    void close(int code, String reason);
}
