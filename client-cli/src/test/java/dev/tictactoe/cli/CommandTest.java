package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.QuickPhrase;

import org.junit.jupiter.api.Test;

class CommandTest {

    @Test
    void readsCellsWithOrWithoutAVerb() {
        assertThat(Command.parse("b2", 3)).isEqualTo(new Command.Play(4));
        assertThat(Command.parse("  MOVE c3 ", 3)).isEqualTo(new Command.Play(8));
        assertThat(Command.parse("play s19", 19)).isEqualTo(new Command.Play(360));
    }

    @Test
    void readsTheWords() {
        assertThat(Command.parse("undo", 3)).isEqualTo(new Command.Send(new ClientMessage.Undo()));
        assertThat(Command.parse("accept", 3))
                .isEqualTo(new Command.Send(new ClientMessage.UndoReply(true)));
        assertThat(Command.parse("Decline", 3))
                .isEqualTo(new Command.Send(new ClientMessage.UndoReply(false)));
        assertThat(Command.parse("rematch", 3))
                .isEqualTo(new Command.Send(new ClientMessage.Rematch()));
        assertThat(Command.parse("resign", 3))
                .isEqualTo(new Command.Send(new ClientMessage.Resign()));
        assertThat(Command.parse("Claim", 3))
                .isEqualTo(new Command.Send(new ClientMessage.Claim()));
        assertThat(Command.parse("bot Perfect", 3))
                .isEqualTo(new Command.Send(new ClientMessage.InviteBot(BotLevel.PERFECT, null)));
        assertThat(Command.parse("say Good_Game", 3))
                .isEqualTo(new Command.Send(new ClientMessage.Phrase(QuickPhrase.GOOD_GAME)));
        assertThat(Command.parse("history", 3))
                .isEqualTo(new Command.Send(new ClientMessage.History()));
        assertThat(Command.parse("history 2", 3)).isEqualTo(new Command.Analyse(2));
        assertThat(Command.parse("history 0", 3)).isInstanceOf(Command.Invalid.class);
        assertThat(Command.parse("history two", 3)).isInstanceOf(Command.Invalid.class);
        assertThat(Command.parse("history 1000000000", 3)).isInstanceOf(Command.Invalid.class);
        assertThat(Command.parse("help", 3)).isEqualTo(new Command.Help());
        assertThat(Command.parse("quit", 3)).isEqualTo(new Command.Quit());
        assertThat(Command.parse("   ", 3)).isEqualTo(new Command.Empty());
    }

    @Test
    void explainsMistakes() {
        assertThat(Command.parse("d4", 3))
                .isEqualTo(new Command.Invalid("column d is off the board: columns are a to c"));
        assertThat(Command.parse("k", 19))
                .isEqualTo(
                        new Command.Invalid(
                                "\"k\" has no row number: type a column letter then a row number,"
                                        + " like b2"));
        assertThat(Command.parse("move", 3))
                .isEqualTo(new Command.Invalid("move needs a cell, like move b2"));
        assertThat(Command.parse("bot", 3))
                .isEqualTo(new Command.Invalid("bot needs a level: easy, medium, hard, perfect"));
        assertThat(Command.parse("bot genius", 3))
                .isEqualTo(
                        new Command.Invalid(
                                "unknown bot level \"genius\": levels are easy, medium, hard,"
                                        + " perfect"));
        assertThat(Command.parse("say", 3))
                .isEqualTo(
                        new Command.Invalid(
                                "say needs a phrase: hello, good_luck, nice_move, oops, thanks,"
                                        + " well_played, good_game, rematch"));
        assertThat(Command.parse("say lol", 3))
                .isEqualTo(
                        new Command.Invalid(
                                "unknown phrase \"lol\": phrases are hello, good_luck, nice_move,"
                                        + " oops, thanks, well_played, good_game, rematch"));
        assertThat(Command.parse("say good game", 3))
                .isEqualTo(
                        new Command.Invalid(
                                "too many words in \"say good game\": type help for the commands"));
        assertThat(Command.parse("undo now", 3))
                .isEqualTo(new Command.Invalid("undo takes no argument"));
        assertThat(Command.parse("claim it", 3))
                .isEqualTo(new Command.Invalid("claim takes no argument"));
        assertThat(Command.parse("dance", 3))
                .isEqualTo(
                        new Command.Invalid(
                                "unknown command \"dance\": type a cell like b2, or help"));
        assertThat(Command.parse("b2", 0)).isEqualTo(new Command.Invalid("there is no board yet"));
    }
}
