package dev.tictactoe.bench.load;

import dev.tictactoe.protocol.Snapshot;
import dev.tictactoe.protocol.WireWord;

import org.jspecify.annotations.Nullable;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * What a generated player keeps of its room: version, status, turn, game and the board's cells,
 * from snapshots and from diffs read without a tree.
 */
final class PlayerView {

    /** What a diff did to the view. */
    enum Applied {
        /** Its version was already held. */
        STALE,
        APPLIED,
        /** A version was missed: the view needs a snapshot. */
        GAP
    }

    final char[] cells;
    long version = -1;
    String status = "waiting";
    @Nullable String turn;
    int game;

    PlayerView(int cellCount) {
        cells = new char[cellCount];
        Arrays.fill(cells, '.');
    }

    void load(Snapshot s) {
        version = s.version();
        status = s.status().wire();
        turn = WireWord.spelling(s.turn());
        game = s.game();
        List<String> board = s.board();
        for (int row = 0; row < board.size(); row++) {
            setRow(row, board.get(row));
        }
    }

    Applied apply(Frames.Diff d) {
        if (d.version <= version) {
            return Applied.STALE;
        }
        if (d.version != version + 1) {
            return Applied.GAP;
        }
        version = d.version;
        for (int i = 0; i < d.ops; i++) {
            String path = d.paths[i];
            if (path != null) {
                apply(path, d.values[i]);
            }
        }
        return Applied.APPLIED;
    }

    /** A uniformly drawn empty cell, or -1 on a full board. */
    int randomEmptyCell(SplittableRandom random) {
        int empty = 0;
        for (char c : cells) {
            if (c == '.') {
                empty++;
            }
        }
        if (empty == 0) {
            return -1;
        }
        int pick = random.nextInt(empty);
        for (int i = 0; i < cells.length; i++) {
            if (cells[i] == '.' && pick-- == 0) {
                return i;
            }
        }
        return -1;
    }

    private void apply(String path, @Nullable String value) {
        switch (path) {
            case "/status" -> status = Objects.requireNonNullElse(value, status);
            case "/turn" -> turn = value;
            case "/game" -> game = Integer.parseInt(Objects.requireNonNull(value));
            default -> {
                if (path.startsWith("/board/") && value != null) {
                    setRow(Integer.parseInt(path, "/board/".length(), path.length(), 10), value);
                }
            }
        }
    }

    private void setRow(int row, String text) {
        text.getChars(0, text.length(), cells, row * text.length());
    }
}
