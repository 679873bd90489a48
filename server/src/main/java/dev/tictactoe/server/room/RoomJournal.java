package dev.tictactoe.server.room;

/**
 * Where a room writes down what must outlive the process: its state after every change, each
 * finished game, and that it is gone. Called on the room's loop; implementations never block.
 */
public interface RoomJournal {

    /** Keeps nothing: rooms live in memory only. */
    RoomJournal NONE = new RoomJournal() {
        @Override
        public void checkpoint(String room, long version, byte[] state) {}

        @Override
        public void gameFinished(String room, int game, byte[] json) {}

        @Override
        public void closed(String room, long version) {}
    };

    /** The room's whole state at {@code version}, replacing what was written before. */
    void checkpoint(String room, long version, byte[] state);

    /** Game {@code game} of the room ended; {@code json} is its record. */
    void gameFinished(String room, int game, byte[] json);

    /** The room is gone for good. */
    void closed(String room, long version);
}
