package dev.tictactoe.cli;

import dev.tictactoe.client.RoomFollower;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.MessageCodec;
import dev.tictactoe.protocol.ProtocolException;
import dev.tictactoe.protocol.RoomStatus;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import java.time.Duration;

/** What the follower's reports and the user's commands do to a RoomSession, on its thread. */
record SessionEvents(RoomSession session) implements RoomFollower.Listener {

    @Override
    public void onMessage(ServerMessage message) {
        if (session.exit.isDone()) {
            return;
        }
        Snapshot snap = session.view.snapshot();
        session.games.received(message, snap, System.currentTimeMillis());
        switch (message) {
            case ServerMessage.Welcome w -> welcome(w);
            case ServerMessage.Ack ack -> {
                String unplayed = session.commands.unplayed(ack);
                if (unplayed != null) {
                    session.frontend.notice(unplayed, true);
                }
            }
            case ServerMessage.ErrorMessage e -> {
                session.lastError = e;
                ClientMessage.Join afresh = session.membership.rejoinAfter(e);
                if (afresh != null) {
                    session.follower.join(afresh);
                    return;
                }
                boolean welcomed = session.membership.welcomed();
                // Before a welcome or while rejoining, only the join was sent: this refuses it.
                if (!welcomed
                        || !session.live
                        || MessageCodec.typeName(ClientMessage.Join.class).equals(e.ref())) {
                    session.finish(
                            new Endings.Ending(
                                    welcomed ? ExitCodes.ABORTED : ExitCodes.ERROR,
                                    session.endings.refusal(e, welcomed, session.membership.seat()),
                                    welcomed));
                    return;
                }
            }
            default -> {}
        }
        session.frontend.received(message);
        session.games.passed(snap);
        if (message instanceof ServerMessage.Welcome && session.keyboardGone) {
            session.frontend.notice(
                    "standard input is closed: play in a terminal, or use --script", true);
            session.finishAfterLeaving(ExitCodes.ERROR);
            return;
        }
        if (message instanceof ServerMessage.Welcome) {
            session.held.forEach(this::submitLine); // live now: none is held again
            session.held.clear();
        }
        // Reports a finished game once, and ends a script that only wanted one game.
        if (snap != null
                && session.games.newlyOver(snap)
                && (session.stopAfterFirstGame || session.inputEnded)) {
            session.finishAfterLeaving(ExitCodes.of(snap.result(), session.membership.seat()));
        }
    }

    private void welcome(ServerMessage.Welcome w) {
        String greeting = session.membership.welcome(w, session.follower.token());
        session.live = true;
        session.status.connected();
        session.frontend.connectionChanged();
        if (greeting != null) {
            session.frontend.notice(greeting, false);
        }
        ClientMessage.Move again = session.commands.again(session.membership.seat());
        if (again != null) {
            session.follower.send(again);
            session.frontend.notice(
                    session.commands.cellName(again.cell())
                            + " did not reach the server: sent again",
                    false);
        }
    }

    @Override
    public void onText(String text) {
        if (!session.exit.isDone()) {
            session.frontend.raw(text);
        }
    }

    @Override
    public void onUndecodable(String text, ProtocolException problem) {
        session.frontend.notice(
                "the server sent something this client does not understand: "
                        + problem.getMessage(),
                true);
    }

    @Override
    public void onReconnecting(
            String why, int closeCode, int attempt, int attempts, Duration wait) {
        session.live = false;
        if (session.leaving) {
            return;
        }
        String notice = session.status.reconnecting(why, closeCode, attempt, attempts, wait);
        session.frontend.connectionChanged();
        if (notice != null) {
            session.frontend.notice(notice, true);
        }
    }

    @Override
    public void onReconnectAttempt(int attempt, int attempts) {
        if (session.status.attempting(attempt, attempts)) {
            session.frontend.connectionChanged();
        }
    }

    @Override
    public void onStopped(RoomFollower.Listener.Stopped stopped) {
        session.live = false;
        if (!session.exit.isDone() && !session.leaving) {
            session.finish(
                    session.endings.stopped(
                            stopped,
                            session.membership.welcomed(),
                            session.lastError,
                            session.membership.seat()));
        }
    }

    void submit(Command command) {
        act(session.commands.action(command, session.membership.watching()));
    }

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

    void keyboardClosed() {
        if (session.membership.welcomed()) {
            session.leave();
        } else {
            session.keyboardGone = true;
        }
    }
}
