package dev.tictactoe.cli;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.Snapshot;

/** What the user's commands and script lines do to a {@link RoomSession}, on its thread. */
final class SessionInput {
    private final RoomSession session;

    SessionInput(RoomSession session) {
        this.session = session;
    }

    /** Carries out a typed command. */
    void submit(Command command) {
        act(session.commands.action(command, session.membership.watching()));
    }

    /**
     * Carries out one line of a script: a protocol message as JSON, or words as typed at the
     * prompt.
     */
    void submitLine(String line) {
        if (!session.live && session.holdWhileDisconnected && !session.leaving) {
            session.held.add(line);
            return;
        }
        act(session.commands.line(line, session.membership.watching()));
    }

    private void act(Command.Action action) {
        switch (action) {
            case Command.Send send -> {
                if (session.live) {
                    session.follower.send(send.message());
                    if (send.message() instanceof ClientMessage.Move move) {
                        session.commands.sent(move);
                    }
                } else {
                    session.frontend.notice(send.offline(), true);
                }
            }
            case Command.Quit q -> session.leave();
            case Command.Interrupt i -> session.interrupt();
            case Command.Analyse a -> analyse(a.game());
            case Command.Help h -> session.frontend.notice(Command.HELP, false);
            case Command.Invalid bad -> session.frontend.notice(bad.message(), true);
            case Command.Empty e -> {}
        }
    }

    /** Asks the server for game {@code game}'s analysis, shown when it comes. */
    private void analyse(int game) {
        session.frontend.notice(
                "asking the server for the analysis of game " + game + "...", false);
        session.analyses
                .fetch(session.room, game)
                .thenAccept(outcome -> session.execute(() -> show(outcome)));
    }

    private void show(AnalysisFetch.Outcome outcome) {
        switch (outcome) {
            case AnalysisFetch.Fetched f -> session.frontend.analysed(f.analysis());
            case AnalysisFetch.Failed f -> session.frontend.notice(f.why(), true);
        }
    }

    /** No more commands will come (end of a script's input): finish once the game is over. */
    void inputEnded() {
        session.inputEnded = true;
        Snapshot s = session.view.snapshot();
        if (s != null && s.status() == RoomStatus.OVER) {
            session.finishAfterLeaving(ExitCodes.of(s.result(), session.membership.seat()));
        }
    }

    /** The interactive input is gone (stdin closed). */
    void keyboardClosed() {
        if (session.membership.welcomed()) {
            session.leave();
        } else {
            session.keyboardGone = true;
        }
    }
}
