package dev.tictactoe.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tictactoe.protocol.ClientMessage;

import org.junit.jupiter.api.Test;

class PromptTest {

    private static Prompt.Effect type(Prompt prompt, String text) {
        Prompt.Effect last = new Prompt.Quiet();
        for (char c : text.toCharArray()) {
            last = prompt.key(c, 3);
        }
        return last;
    }

    @Test
    void typedWordsAreParsedOnEnterAndTheLineIsCleared() {
        Prompt prompt = new Prompt(true);
        assertThat(type(prompt, "b2")).isEqualTo(new Prompt.Redraw(false));
        assertThat(prompt.typed()).isEqualTo("b2");
        assertThat(prompt.key('\r', 3)).isEqualTo(new Prompt.Submit(new Command.Play(4)));
        assertThat(prompt.typed()).isEmpty();
        type(prompt, "undo");
        assertThat(prompt.key('\n', 3))
                .isEqualTo(new Prompt.Submit(new Command.Send(new ClientMessage.Undo())));
    }

    @Test
    void theCursorStartsInTheMiddleMovesWithinTheBoardAndIsPlayedByEnterOrSpace() {
        Prompt prompt = new Prompt(true);
        assertThat(prompt.arrow('A', 3))
                .as("no cursor before a board")
                .isEqualTo(new Prompt.Quiet());
        prompt.place(3);
        assertThat(prompt.cursor()).isEqualTo(4);
        prompt.place(5);
        assertThat(prompt.cursor()).as("placed once").isEqualTo(4);
        assertThat(prompt.arrow('A', 3)).isEqualTo(new Prompt.Redraw(false));
        assertThat(prompt.arrow('A', 3)).isEqualTo(new Prompt.Redraw(false));
        assertThat(prompt.cursor()).as("stops at the top").isEqualTo(1);
        prompt.arrow('D', 3);
        prompt.arrow('D', 3);
        assertThat(prompt.cursor()).isEqualTo(0);
        prompt.arrow('B', 3);
        prompt.arrow('C', 3);
        assertThat(prompt.cursor()).isEqualTo(4);
        assertThat(prompt.arrow('Z', 3)).isEqualTo(new Prompt.Quiet());
        assertThat(prompt.key(' ', 3)).isEqualTo(new Prompt.Submit(new Command.Play(4)));
        assertThat(prompt.key('\r', 3)).isEqualTo(new Prompt.Submit(new Command.Play(4)));
        prompt.submitted(new Command.Play(8));
        assertThat(prompt.cursor()).as("follows a typed move").isEqualTo(8);
    }

    @Test
    void controlKeysInterruptQuitRedrawAndClear() {
        Prompt prompt = new Prompt(true);
        assertThat(prompt.key(Prompt.CTRL_C, 3))
                .isEqualTo(new Prompt.Submit(new Command.Interrupt()));
        assertThat(prompt.key(Prompt.CTRL_L, 3)).isEqualTo(new Prompt.Redraw(true));
        type(prompt, "re");
        assertThat(prompt.key(Prompt.CTRL_D, 3))
                .as("not while typing")
                .isEqualTo(new Prompt.Quiet());
        assertThat(prompt.key(127, 3)).isEqualTo(new Prompt.Redraw(false));
        assertThat(prompt.typed()).isEqualTo("r");
        assertThat(prompt.key(Prompt.ESC, 3)).isEqualTo(new Prompt.Redraw(false));
        assertThat(prompt.typed()).isEmpty();
        assertThat(prompt.key(8, 3)).isEqualTo(new Prompt.Redraw(false));
        assertThat(prompt.key(Prompt.CTRL_D, 3)).isEqualTo(new Prompt.Submit(new Command.Quit()));
    }

    @Test
    void withoutArrowKeysThereIsNoCursorAndTypingWaitsForEnter() {
        Prompt prompt = new Prompt(false);
        prompt.place(3);
        prompt.submitted(new Command.Play(4));
        assertThat(prompt.cursor()).isNull();
        assertThat(type(prompt, "c3")).isEqualTo(new Prompt.Quiet());
        assertThat(prompt.key(' ', 3)).as("a space is typed").isEqualTo(new Prompt.Redraw(false));
        assertThat(prompt.key('\r', 3)).isEqualTo(new Prompt.Submit(new Command.Play(8)));
        assertThat(prompt.key('\r', 3)).isEqualTo(new Prompt.Submit(new Command.Empty()));
    }

    @Test
    void aLineStopsAtItsLimit() {
        Prompt prompt = new Prompt(true);
        type(prompt, "x".repeat(Prompt.MAX_INPUT + 5));
        assertThat(prompt.typed()).hasSize(Prompt.MAX_INPUT);
        type(prompt, "   ");
        assertThat(prompt.typed()).as("spaces too").hasSize(Prompt.MAX_INPUT);
        assertThat(prompt.key(1, 3))
                .as("other control keys do nothing")
                .isEqualTo(new Prompt.Quiet());
    }
}
