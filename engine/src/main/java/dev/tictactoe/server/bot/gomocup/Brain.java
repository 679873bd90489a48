package dev.tictactoe.server.bot.gomocup;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.server.bot.Bot;
import dev.tictactoe.server.bot.BotMove;
import dev.tictactoe.server.game.Board;
import dev.tictactoe.server.game.Rules;

import org.jspecify.annotations.Nullable;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The engine as a Gomocup brain: Piskvork on stdin/stdout, HARD at freestyle gomoku. */
public final class Brain {

    static final int WIN_LENGTH = 5;
    static final long DEFAULT_TURN_MILLIS = 5_000; // Piskvork's own default turn limit
    static final long TURN_RESERVE_MILLIS = 50; // kept back from a turn for the process and pipe
    static final int TIME_LEFT_DIVISOR = 15; // one move may use this share of the match time left
    private static final long WARMUP_NANOS = 150_000_000; // each warm-up search at most

    private final Bot bot = new Bot();
    private final PrintWriter out;
    private final long seed;

    /** Thinking at the first START, so the first turns do not build tables and compile. */
    private Duration warmup;

    private @Nullable Board board;
    private long turnMillis = DEFAULT_TURN_MILLIS;
    private long timeLeftMillis = -1;
    private long maxNodes;

    /** A brain that thinks for {@code warmup} at its first START. */
    Brain(Writer out, long seed, Duration warmup) {
        this.out = new PrintWriter(out, true);
        this.seed = seed;
        this.warmup = warmup;
    }

    /** Runs the brain on stdin and stdout until END or end of input. */
    public static void main(String[] args) throws IOException {
        long seed = args.length > 0 ? Long.parseLong(args[0]) : 1;
        Writer stdout = new java.io.OutputStreamWriter(System.out, StandardCharsets.UTF_8);
        System.setOut(System.err); // stdout belongs to the protocol: any log line goes to stderr
        new Brain(stdout, seed, Duration.ofSeconds(1))
                .run(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    }

    void run(Reader in) throws IOException {
        BufferedReader reader = new BufferedReader(in);
        String line;
        while ((line = reader.readLine()) != null) {
            line = line.trim();
            if (line.isEmpty()) {
                continue;
            }
            String[] parts = line.split("\\s+", 2);
            String command = parts[0].toUpperCase(Locale.ROOT);
            String arg = parts.length > 1 ? parts[1].trim() : "";
            switch (command) {
                case "END" -> {
                    return;
                }
                case "START" -> start(arg);
                case "RECTSTART" -> out.println("ERROR only square boards are supported");
                case "RESTART" -> restart();
                case "BEGIN" -> begin();
                case "TURN" -> turn(arg);
                case "BOARD" -> board(reader);
                case "TAKEBACK" -> takeback(arg);
                case "INFO" -> info(arg);
                case "ABOUT" ->
                        out.println(
                                "name=\"tictactoe-engine\", version=\"1.0\","
                                        + " author=\"dev.tictactoe\", country=\"-\", www=\"-\"");
                default -> out.println("UNKNOWN command " + command);
            }
        }
    }

    private void start(String arg) {
        int size;
        try {
            size = Integer.parseInt(arg);
        } catch (NumberFormatException e) {
            out.println("ERROR bad board size '" + arg + "'");
            return;
        }
        if (size < WIN_LENGTH || size > Rules.MAX_SIZE) {
            out.printf(
                    "ERROR unsupported size %d, expected %d..%d%n",
                    size, WIN_LENGTH, Rules.MAX_SIZE);
            return;
        }
        board = new Board(new Rules(size, WIN_LENGTH));
        warmUp(board.rules());
        out.println("OK");
    }

    // Searches beside the centre (no book move there) a few times, the first time only.
    private void warmUp(Rules rules) {
        if (warmup.isZero()) {
            return;
        }
        long deadline = System.nanoTime() + warmup.toNanos();
        warmup = Duration.ZERO;
        Bot cold = new Bot();
        for (int round = 0; round < 6; round++) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            Board board = new Board(rules);
            int first = rules.cell(rules.size() / 2 - 1, rules.size() / 2);
            board.play(first);
            board.play(first + 1 + round % 2 * rules.size()); // beside it, then diagonal
            cold.choose(
                    board, BotLevel.HARD, Duration.ofNanos(Math.min(left, WARMUP_NANOS)), round);
        }
    }

    private void restart() {
        if (board == null) {
            out.println("ERROR no START yet");
            return;
        }
        board = new Board(board.rules());
        out.println("OK");
    }

    private void begin() {
        if (board == null || board.moveCount() > 0) {
            out.println("ERROR BEGIN needs a new game");
            return;
        }
        move();
    }

    private void turn(String arg) {
        int cell = cell(arg);
        Board board = this.board;
        if (board == null || cell < 0 || board.isOver() || !board.isEmpty(cell)) {
            out.println("ERROR bad move '" + arg + "'");
            return;
        }
        board.play(cell);
        move();
    }

    // BOARD: "x,y,who" lines (1 own stone, 2 the opponent's) up to DONE, then our move.
    private void board(BufferedReader reader) throws IOException {
        List<Integer> own = new ArrayList<>();
        List<Integer> theirs = new ArrayList<>();
        boolean bad = false;
        String line;
        while ((line = reader.readLine()) != null && !line.trim().equalsIgnoreCase("DONE")) {
            String[] f = line.trim().split(",");
            int cell = f.length == 3 ? cell(f[0] + "," + f[1]) : -1;
            if (cell < 0) {
                bad = true;
            } else if (f[2].trim().equals("1")) {
                own.add(cell);
            } else {
                theirs.add(cell); // 2, or 3 (a stone of a continuous game): not ours
            }
        }
        Board board = this.board;
        if (board == null
                || bad
                || (own.size() != theirs.size() && own.size() + 1 != theirs.size())) {
            out.println("ERROR the position cannot be ours to move");
            return;
        }
        // Equal counts: we began. The stones are listed in the order they were played.
        boolean weBegan = own.size() == theirs.size();
        Board fresh = new Board(board.rules(), weBegan ? Seat.X : Seat.O);
        try {
            for (int i = 0; i < own.size() + theirs.size(); i++) {
                List<Integer> from = (i % 2 == 0) == weBegan ? own : theirs;
                fresh.play(from.get(i / 2));
            }
        } catch (IllegalStateException e) {
            out.println("ERROR " + e.getMessage());
            return;
        }
        this.board = fresh;
        move();
    }

    private void takeback(String arg) {
        int cell = cell(arg);
        Board board = this.board;
        if (board == null || cell < 0 || board.moveCount() == 0 || board.lastMove() != cell) {
            out.println("ERROR cannot take back '" + arg + "'");
            return;
        }
        board.undo();
        out.println("OK");
    }

    // INFO key value: the time limits and our node budget; every other key is accepted and ignored.
    private void info(String arg) {
        String[] kv = arg.split("\\s+", 2);
        if (kv.length < 2) {
            return;
        }
        try {
            long value = Long.parseLong(kv[1].trim());
            switch (kv[0].toLowerCase(Locale.ROOT)) {
                case "timeout_turn" -> turnMillis = value > 0 ? value : DEFAULT_TURN_MILLIS;
                case "time_left" -> timeLeftMillis = value;
                case "max_node" -> maxNodes = Math.max(0, value);
                default -> {}
            }
        } catch (NumberFormatException e) {
            // folder names and other text values
        }
    }

    private void move() {
        if (board == null || board.isOver()) {
            out.println("ERROR the game is over");
            return;
        }
        long turnSeed = seed * 31 + board.moveCount();
        BotMove move =
                maxNodes > 0
                        ? bot.chooseWithNodes(board, BotLevel.HARD, maxNodes, turnSeed)
                        : bot.choose(
                                board, BotLevel.HARD, Duration.ofMillis(budgetMillis()), turnSeed);
        board.play(move.cell());
        int size = board.rules().size();
        out.println("MESSAGE " + move.note());
        out.println((move.cell() % size) + "," + (move.cell() / size));
    }

    long budgetMillis() {
        long budget = turnMillis - TURN_RESERVE_MILLIS;
        if (timeLeftMillis >= 0) {
            budget = Math.min(budget, timeLeftMillis / TIME_LEFT_DIVISOR);
        }
        return Math.max(1, budget);
    }

    // "x,y" to a cell, or -1 if it is not one of this board's.
    private int cell(String xy) {
        if (board == null) {
            return -1;
        }
        String[] p = xy.trim().split(",");
        if (p.length != 2) {
            return -1;
        }
        try {
            int x = Integer.parseInt(p[0].trim());
            int y = Integer.parseInt(p[1].trim());
            int size = board.rules().size();
            return x >= 0 && y >= 0 && x < size && y < size ? y * size + x : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
