package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.client.RoomView;
import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.ErrorCode;
import dev.tictactoe.protocol.Protocol;
import dev.tictactoe.protocol.QuickPhrase;
import dev.tictactoe.protocol.Seat;
import dev.tictactoe.protocol.ServerMessage;
import dev.tictactoe.protocol.Snapshot;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

class CommandsTest {

    private static RoomView welcomed() {
        RoomView view = new RoomView();
        view.apply(
                new ServerMessage.Welcome(
                        Protocol.VERSION,
                        "K7MQ2P",
                        Seat.X,
                        "tok",
                        null,
                        Snapshots.playing(Seat.X, "...", "...", "...")));
        return view;
    }

    private static ClientMessage sent(Command.Action action) {
        assertThat(action).isInstanceOf(Command.Send.class);
        return ((Command.Send) action).message();
    }

    private static void welcome(RoomView view, Snapshot snapshot) {
        view.apply(
                new ServerMessage.Welcome(
                        Protocol.VERSION, "K7MQ2P", Seat.X, "tok", null, snapshot));
    }

    @Test
    void theLastMoveSentIsSentAgainWithItsIdWhenTheServerLacksItAndItIsStillLegal() {
        RoomView view = welcomed();
        Commands commands = new Commands(view, "");
        assertThat(commands.again(Seat.X)).as("nothing sent yet").isNull();
        ClientMessage.Move move = (ClientMessage.Move) sent(commands.line("b2", false));
        commands.sent(move);

        // Back after a crash that lost it: X to move on the empty board again.
        welcome(view, Snapshots.playing(Seat.X, "...", "...", "..."));
        assertThat(commands.again(Seat.X)).isEqualTo(new ClientMessage.Move(move.id(), 7, 4));
        assertThat(commands.again(Seat.O)).as("not O's turn").isNull();
        assertThat(commands.again(null)).as("a spectator").isNull();

        welcome(view, Snapshots.playing(Seat.O, "...", ".X.", "..."));
        assertThat(commands.again(Seat.X)).as("played: it is O's turn").isNull();
        welcome(view, Snapshots.playing(Seat.X, "...", ".OX", "..."));
        assertThat(commands.again(Seat.X)).as("the cell is taken").isNull();
    }

    @Test
    void typedCellsBecomeMovesNumberedInOrderAtTheCurrentVersion() {
        Commands commands = new Commands(welcomed(), "");
        assertThat(sent(commands.line("b2", false))).isEqualTo(new ClientMessage.Move("m1", 7, 4));
        assertThat(sent(commands.action(new Command.Play(0), false)))
                .isEqualTo(new ClientMessage.Move("m2", 7, 0));
        assertThat(commands.action(new Command.Play(8), true))
                .as("a spectator's move is refused here and takes no id")
                .isEqualTo(new Command.Invalid("you are watching: spectators cannot move"));
        assertThat(sent(commands.line("move c3", false)))
                .isEqualTo(new ClientMessage.Move("m3", 7, 8));
    }

    @Test
    void wordsBecomeMessagesLeavesOrNotices() {
        Commands commands = new Commands(welcomed(), "");
        assertThat(sent(commands.line("undo", false))).isEqualTo(new ClientMessage.Undo());
        assertThat(sent(commands.line("accept", false)))
                .isEqualTo(new ClientMessage.UndoReply(true));
        assertThat(sent(commands.line("bot hard", false)))
                .isEqualTo(new ClientMessage.InviteBot(BotLevel.HARD, null));
        assertThat(sent(commands.line("sync", false))).isEqualTo(new ClientMessage.Sync(7L));
        assertThat(sent(commands.line("say thanks", false)))
                .isEqualTo(new ClientMessage.Phrase(QuickPhrase.THANKS));
        assertThat(commands.line("say thanks", true))
                .isEqualTo(new Command.Invalid("you are watching: only players say phrases"));
        assertThat(commands.line("quit", false)).isEqualTo(new Command.Quit());
        assertThat(commands.action(new Command.Interrupt(), false))
                .isEqualTo(new Command.Interrupt());
        assertThat(commands.line("help", false)).isEqualTo(new Command.Help());
        assertThat(commands.line("   ", false)).isEqualTo(new Command.Empty());
        assertThat(commands.line("dance", false))
                .isEqualTo(
                        new Command.Invalid(
                                "unknown command \"dance\": type a cell like b2, or help"));
        assertThat(((Command.Send) commands.line("resign", false)).offline())
                .isEqualTo(Command.OFFLINE);
    }

    @Test
    void beforeAnyStateASyncNamesNoVersionAndCellsCannotBeRead() {
        Commands commands = new Commands(new RoomView(), "");
        assertThat(sent(commands.line("sync", false))).isEqualTo(new ClientMessage.Sync(null));
        assertThat(commands.line("b2", false))
                .isEqualTo(new Command.Invalid("there is no board yet"));
    }

    @Test
    void aJsonMoveGetsTheNextIdAndTheCurrentVersionWhereItLeavesThemOut() {
        Commands commands = new Commands(welcomed(), "");
        assertThat(sent(commands.line("{\"type\":\"move\",\"cell\":4}", false)))
                .isEqualTo(new ClientMessage.Move("m1", 7, 4));
        assertThat(
                        sent(
                                commands.line(
                                        "{\"type\":\"move\",\"id\":\"a\",\"version\":3,\"cell\":5}",
                                        false)))
                .isEqualTo(new ClientMessage.Move("a", 3, 5));
        Command.Send resign = (Command.Send) commands.line("  {\"type\":\"resign\"}", false);
        assertThat(resign.message()).isEqualTo(new ClientMessage.Resign());
        assertThat(resign.offline()).isEqualTo("not connected: the message was not sent");
        assertThat(sent(commands.line("c3", false)))
                .as("typed moves continue the numbering")
                .isEqualTo(new ClientMessage.Move("m2", 7, 8));
    }

    @Test
    void aLineThatIsNoClientMessageIsRefusedWithTheCodecsReason() {
        Commands commands = new Commands(welcomed(), "");
        Command.Action bad = commands.line("{\"type\":\"fly\"}", false);
        assertThat(bad).isInstanceOf(Command.Invalid.class);
        assertThat(((Command.Invalid) bad).message())
                .startsWith("not a message this client can send: ");
        assertThat(commands.line("{not json", false)).isInstanceOf(Command.Invalid.class);
    }

    @Test
    void aRefusedMoveIsNamedByItsCell() {
        Commands commands = new Commands(welcomed(), "");
        commands.line("b2", false);
        commands.line("c1", false);
        assertThat(
                        commands.describe(
                                new ServerMessage.ErrorMessage(
                                        ErrorCode.CELL_TAKEN, ErrorCode.CELL_TAKEN.text(), "m1")))
                .isEqualTo("b2 is already taken");
        assertThat(
                        commands.describe(
                                new ServerMessage.ErrorMessage(
                                        ErrorCode.NOT_YOUR_TURN,
                                        ErrorCode.NOT_YOUR_TURN.text(),
                                        "m2")))
                .isEqualTo("it is not your turn yet (c1 was not played)");
        ServerMessage.ErrorMessage over =
                new ServerMessage.ErrorMessage(
                        ErrorCode.GAME_OVER, ErrorCode.GAME_OVER.text(), "m1");
        assertThat(commands.describe(over)).isEqualTo(over.message());
        ServerMessage.ErrorMessage unknown =
                new ServerMessage.ErrorMessage(
                        ErrorCode.CELL_TAKEN, ErrorCode.CELL_TAKEN.text(), "m9");
        assertThat(commands.describe(unknown)).isEqualTo(unknown.message());
    }

    @Test
    void onlyRecentMovesKeepTheirCells() {
        Commands commands = new Commands(welcomed(), "");
        for (int i = 0; i < Commands.MOVES_KEPT + 1; i++) {
            commands.action(new Command.Play(i % 9), false);
        }
        ServerMessage.ErrorMessage first =
                new ServerMessage.ErrorMessage(
                        ErrorCode.CELL_TAKEN, ErrorCode.CELL_TAKEN.text(), "m1");
        assertThat(commands.describe(first)).isEqualTo(first.message());
        assertThat(
                        commands.describe(
                                new ServerMessage.ErrorMessage(
                                        ErrorCode.CELL_TAKEN, ErrorCode.CELL_TAKEN.text(), "m2")))
                .isEqualTo("b1 is already taken");
    }

    @Test
    void eachClientNumbersItsMovesAfterARandomPrefixOfItsOwn() {
        ClientMessage.Move one =
                (ClientMessage.Move) sent(new Commands(welcomed()).line("b2", false));
        ClientMessage.Move two =
                (ClientMessage.Move) sent(new Commands(welcomed()).line("b2", false));
        assertThat(one.id()).matches("[0-9a-z]{" + Commands.PREFIX_CHARS + "}-m1");
        assertThat(two.id()).matches("[0-9a-z]{" + Commands.PREFIX_CHARS + "}-m1");
        assertThat(one.id()).isNotEqualTo(two.id());
        assertThat(Commands.randomPrefix(new SplittableRandom(1)))
                .isEqualTo(Commands.randomPrefix(new SplittableRandom(1)))
                .hasSize(Commands.PREFIX_CHARS);
    }

    @Test
    void anAckOfAMoveThisClientNumberedSaysItWasNotPlayed() {
        Commands commands = new Commands(welcomed(), "p-");
        commands.line("b2", false);
        commands.line("{\"type\":\"move\",\"cell\":8}", false);
        commands.line("{\"type\":\"move\",\"id\":\"mine\",\"cell\":0}", false);
        assertThat(commands.unplayed(new ServerMessage.Ack("p-m1", 7)))
                .isEqualTo(
                        "b2 was not played: the server already had a move with its id (p-m1);"
                                + " play it again");
        assertThat(commands.unplayed(new ServerMessage.Ack("p-m2", 7))).startsWith("c3 ");
        assertThat(commands.unplayed(new ServerMessage.Ack("mine", 7)))
                .as("a script's own id, resent on purpose")
                .isNull();
    }
}
