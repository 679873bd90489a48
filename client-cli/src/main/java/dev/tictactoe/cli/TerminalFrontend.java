package dev.tictactoe.cli;

import dev.tictactoe.client.GameAnalysis;
import dev.tictactoe.client.ServerAddress;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.utils.InfoCmp;
import org.jline.utils.NonBlockingReader;
import org.jspecify.annotations.Nullable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Objects;

/** Interactive play in a terminal (JLine): a screen redrawn on each change, keys in raw mode. */
final class TerminalFrontend implements SessionFrontend, AutoCloseable {

    private static final int MAX_NOTICES = 12;

    /** How often countdowns are looked at: often enough to turn each second on time. */
    static final Duration TICK = Duration.ofMillis(200);

    private final RoomSession session;
    private final Terminal terminal;
    private final boolean colour;
    private final boolean raw;
    private final String share;
    private @Nullable Attributes saved;

    // Touched on the session thread only.
    private final Prompt prompt;
    private final Deque<GameScreen.Notice> notices = new ArrayDeque<>();

    /** The text last written, so a tick that changes nothing writes nothing. */
    private String lastScreen = "";

    private TerminalFrontend(RoomSession session, Terminal terminal, boolean colour, boolean raw) {
        this.session = session;
        this.terminal = terminal;
        this.colour = colour;
        this.raw = raw;
        this.prompt = new Prompt(raw);
        String server = session.server.toString();
        this.share =
                "ttt join "
                        + session.room
                        + (server.equals(ServerAddress.DEFAULT) ? "" : " --server " + server);
    }

    /** Opens the system terminal; colours unless {@code plain}, NO_COLOR or a terminal without. */
    static TerminalFrontend open(RoomSession session, boolean plain) {
        Terminal terminal;
        try {
            terminal = TerminalBuilder.builder().system(true).dumb(true).name("ttt").build();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the terminal: " + e.getMessage(), e);
        }
        boolean dumb =
                terminal.getType() == null || terminal.getType().startsWith(Terminal.TYPE_DUMB);
        String noColor = System.getenv("NO_COLOR");
        Integer colours = terminal.getNumericCapability(InfoCmp.Capability.max_colors);
        boolean quiet = plain || dumb || (noColor != null && !noColor.isEmpty());
        return new TerminalFrontend(
                session, terminal, !quiet && colours != null && colours >= 8, !dumb);
    }

    /** Enters raw mode if the terminal allows it, and starts reading keys. */
    void start() {
        if (raw) {
            saved = terminal.enterRawMode();
            // The alternate screen, so the shell's screen comes back on exit.
            terminal.writer().print("\u001b[?1049h");
            // A dumb terminal gets a new screen on events only.
            session.every(
                    TICK,
                    () -> {
                        if (GameWatch.countingDown(session.view.snapshot())) {
                            draw(false);
                        }
                    });
        }
        terminal.handle(Terminal.Signal.WINCH, signal -> session.execute(() -> draw(true)));
        terminal.handle(
                Terminal.Signal.INT,
                signal -> session.execute(() -> submit(new Command.Interrupt())));
        Thread.ofPlatform().daemon().name("ttt-keys").start(this::readKeys);
        session.execute(() -> draw(false));
    }

    private void readKeys() {
        NonBlockingReader in = terminal.reader();
        try {
            while (true) {
                int c = in.read();
                if (c < 0) {
                    session.execute(session.events::keyboardClosed);
                    return;
                }
                if (c == Prompt.ESC && raw) {
                    int next = in.read(50);
                    if (next == '[' || next == 'O') {
                        int code = in.read(50);
                        session.execute(() -> show(prompt.arrow(code, boardSize())));
                        continue;
                    }
                    session.execute(() -> show(prompt.key(Prompt.ESC, boardSize())));
                    if (next >= 0) {
                        session.execute(() -> show(prompt.key(next, boardSize())));
                    }
                    continue;
                }
                session.execute(() -> show(prompt.key(c, boardSize())));
            }
        } catch (IOException e) {
            // The terminal is closing.
        }
    }

    private void show(Prompt.Effect effect) {
        switch (effect) {
            case Prompt.Submit submit -> submit(submit.command());
            case Prompt.Redraw redraw -> draw(redraw.force());
            case Prompt.Quiet quiet -> {}
        }
    }

    private int boardSize() {
        Snapshot s = session.view.snapshot();
        return s == null ? 0 : s.settings().size();
    }

    private void submit(Command command) {
        if (!(command instanceof Command.Empty)) {
            notices.clear();
        }
        prompt.submitted(command);
        session.events.submit(command);
        draw(false);
    }

    @Override
    public void received(ServerMessage message) {
        Snapshot s = session.view.snapshot();
        switch (message) {
            case ServerMessage.ErrorMessage e -> notice(session.commands.describe(e), true);
            case ServerMessage.Diff d when d.event() != null && s != null -> {
                // Named from the state before this diff: who acted, not who sits there now.
                Snapshot names = Objects.requireNonNullElse(session.games.before(), s);
                String text = GameWords.describe(d.event(), s, names, session.membership.seat());
                if (text != null) {
                    notice(text, false);
                }
            }
            case ServerMessage.Phrase p when s != null ->
                    notice(GameWords.phrase(p, s, session.membership.seat()), false);
            case ServerMessage.HistoryMessage h -> {
                if (h.games().isEmpty()) {
                    notice("no finished games yet", false);
                }
                int size = s == null ? 3 : s.settings().size();
                h.games().stream()
                        .skip(Math.max(0, h.games().size() - MAX_NOTICES))
                        .forEach(g -> notice(GameWords.history(g, size), false));
            }
            default -> {}
        }
        draw(false);
    }

    @Override
    public void connectionChanged() {
        draw(false);
    }

    @Override
    public void analysed(GameAnalysis analysis) {
        int size = Math.max(3, boardSize()); // a 3x3 board's cell names while there is none
        notice(String.join("\n", AnalysisWords.lines(analysis, size, MAX_NOTICES)), false);
    }

    @Override
    public void notice(String text, boolean error) {
        for (String line : text.split("\n")) {
            notices.addLast(new GameScreen.Notice(line, error));
        }
        while (notices.size() > MAX_NOTICES) {
            notices.removeFirst();
        }
        draw(false);
    }

    private void draw(boolean force) {
        Snapshot s = session.view.snapshot();
        if (s != null) {
            prompt.place(s.settings().size()); // before the first screen with a board, not after
        }
        String text = String.join("\r\n", GameScreen.render(view(true)));
        if (!force && text.equals(lastScreen)) {
            return;
        }
        lastScreen = text;
        terminal.writer().print((raw ? Paint.CLEAR : "\n") + text);
        terminal.writer().flush();
    }

    /** The screen as it is, with the prompt while {@code live}, else as the session left it. */
    private GameScreen.View view(boolean live) {
        return new GameScreen.View(
                session.room,
                share,
                session.view.snapshot(),
                session.membership.seat(),
                session.status.text(),
                List.copyOf(notices),
                live ? prompt.typed() : "",
                live ? prompt.cursor() : null,
                colour,
                session.games.namesOfResult(session.view.snapshot()),
                session.games.now(System.currentTimeMillis()),
                live && raw ? terminal.getHeight() : 0);
    }

    /** After the session: leaves the full screen and prints the last state on the normal one. */
    void finalScreen() {
        if (raw) {
            terminal.writer().print("\u001b[?1049l");
        }
        List<String> lines = GameScreen.render(view(false));
        terminal.writer().print(String.join("\r\n", lines.subList(0, lines.size() - 1)) + "\r\n");
        terminal.writer().flush();
    }

    @Override
    public void close() {
        try {
            if (saved != null) {
                terminal.setAttributes(saved);
            }
            terminal.close();
        } catch (IOException e) {
            // Nothing more to restore.
        }
    }
}
