package dev.tictactoe.cli;

import org.jspecify.annotations.Nullable;

/** The prompt under the board, edited key by key, with a board cursor where arrows work. */
final class Prompt {

    static final int MAX_INPUT = 80;

    static final int CTRL_C = 3;
    static final int CTRL_D = 4;
    static final int CTRL_L = 12;
    static final int ESC = 27;
    private static final int BACKSPACE = 8;
    private static final int DELETE = 127;

    sealed interface Effect {}

    record Submit(Command command) implements Effect {}

    /** Draw again; {@code force} even when the screen looks the same (Ctrl-L). */
    record Redraw(boolean force) implements Effect {}

    record Quiet() implements Effect {}

    private final boolean arrows;
    private final StringBuilder input = new StringBuilder();
    private @Nullable Integer cursor;

    Prompt(boolean arrows) {
        this.arrows = arrows;
    }

    String typed() {
        return input.toString();
    }

    /** The cell under the cursor, or null (no board yet, or no arrow keys). */
    @Nullable Integer cursor() {
        return arrows ? cursor : null;
    }

    /** Puts the cursor in the middle of a board of {@code size}, unless it is already placed. */
    void place(int size) {
        if (cursor == null && arrows) {
            cursor = (size / 2) * size + size / 2;
        }
    }

    /** A command was carried out: a played cell is where the cursor goes. */
    void submitted(Command command) {
        if (command instanceof Command.Play play) {
            cursor = play.cell();
        }
    }

    /** A key pressed; {@code size} is the board's side, 0 while there is no board. */
    Effect key(int c, int size) {
        Integer played = input.isEmpty() && arrows ? cursor : null;
        if ((c == '\r' || c == '\n' || c == ' ') && played != null) {
            return new Submit(new Command.Play(played));
        }
        return switch (c) {
            case CTRL_C -> new Submit(new Command.Interrupt());
            case CTRL_D -> input.isEmpty() ? new Submit(new Command.Quit()) : new Quiet();
            case CTRL_L -> new Redraw(true);
            case '\r', '\n' -> {
                String line = input.toString();
                input.setLength(0);
                yield new Submit(Command.parse(line, size));
            }
            case ESC, DELETE, BACKSPACE -> {
                input.setLength(c == ESC ? 0 : Math.max(0, input.length() - 1));
                yield new Redraw(false);
            }
            default -> {
                if (c < 32 || input.length() >= MAX_INPUT) {
                    yield new Quiet();
                }
                input.append((char) c);
                yield arrows || c == ' ' ? new Redraw(false) : new Quiet();
            }
        };
    }

    /** An arrow key by its sequence's last letter (A up, B down, C right, D left). */
    Effect arrow(int code, int size) {
        if (size == 0 || cursor == null) {
            return new Quiet();
        }
        int row = cursor / size;
        int col = cursor % size;
        switch (code) {
            case 'A' -> row = Math.max(0, row - 1);
            case 'B' -> row = Math.min(size - 1, row + 1);
            case 'C' -> col = Math.min(size - 1, col + 1);
            case 'D' -> col = Math.max(0, col - 1);
            default -> {
                return new Quiet();
            }
        }
        cursor = row * size + col;
        return new Redraw(false);
    }
}
