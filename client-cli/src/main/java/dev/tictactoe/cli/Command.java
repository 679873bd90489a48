package dev.tictactoe.cli;

import dev.tictactoe.protocol.BotLevel;
import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.QuickPhrase;
import dev.tictactoe.protocol.WireWord;

import org.jspecify.annotations.Nullable;

import java.util.Locale;

/** Something typed at the prompt or by a script, as words: a cell, undo, resign, help, ... */
sealed interface Command {

    /** What the session carries out: a command with nothing left to work out. */
    sealed interface Action extends Command {}

    /** Play a cell (numbered and versioned by {@link Commands}). */
    record Play(int cell) implements Command {}

    /** Ask the server for a fresh snapshot (of the version {@link Commands} knows). */
    record Sync() implements Command {}

    /** Send {@code message}; while not connected, say {@code offline} instead. */
    record Send(ClientMessage message, String offline) implements Action {
        Send(ClientMessage message) {
            this(message, OFFLINE);
        }
    }

    /** Show game {@code game} move by move as the server's engine judged it. */
    record Analyse(int game) implements Action {}

    record Quit() implements Action {}

    /** Ctrl-C: drop the connection but keep the seat for its grace (never typed). */
    record Interrupt() implements Action {}

    record Help() implements Action {}

    record Empty() implements Action {}

    /** The input cannot be carried out; {@code message} says why. */
    record Invalid(String message) implements Action {}

    /** The highest game number the server names (as its HTTP paths take them). */
    int MAX_GAME = 999_999_999;

    String OFFLINE = "not connected: wait for the connection to come back";

    /** Short help, one line per command, shown by {@code help}. */
    String HELP =
            """
            b2 / move b2   play a cell (column letter, row number; a1 is the top left)
            arrows + Enter move the cursor and play the cell under it
            undo           ask to take back your last move (against a bot: at once)
            accept|decline answer the opponent's takeback request
            rematch        offer or accept another game
            resign         give up this game
            claim          win the game when the opponent has been idle too long (no clock)
            bot LEVEL      invite a bot into the empty seat (easy, medium, hard, perfect)
            say PHRASE     say hello, good_luck, nice_move, oops, thanks, well_played,
                           good_game or rematch to the room
            history        show the finished games of this room
            history N      game N move by move, each move judged by the server's engine
            help           show this list
            quit           leave the room for good and exit
            Ctrl-C         exit keeping your seat for a while: ttt join CODE resumes it\
            """;

    static Command parse(String line, int size) {
        String text = line == null ? "" : line.strip();
        if (text.isEmpty()) {
            return new Empty();
        }
        String[] words = text.split("\\s+");
        String verb = words[0].toLowerCase(Locale.ROOT);
        String arg = words.length > 1 ? words[1] : null;
        if (words.length > 2) {
            return new Invalid("too many words in \"" + text + "\": type help for the commands");
        }
        return switch (verb) {
            case "move", "play" ->
                    arg == null
                            ? new Invalid(verb + " needs a cell, like " + verb + " b2")
                            : cell(arg, size);
            case "undo", "takeback" -> noArgument(verb, arg, new Send(new ClientMessage.Undo()));
            case "accept", "yes" ->
                    noArgument(verb, arg, new Send(new ClientMessage.UndoReply(true)));
            case "decline", "no" ->
                    noArgument(verb, arg, new Send(new ClientMessage.UndoReply(false)));
            case "rematch" -> noArgument(verb, arg, new Send(new ClientMessage.Rematch()));
            case "resign" -> noArgument(verb, arg, new Send(new ClientMessage.Resign()));
            case "claim" -> noArgument(verb, arg, new Send(new ClientMessage.Claim()));
            case "history" -> history(arg);
            case "sync" -> noArgument(verb, arg, new Sync());
            case "help", "?" -> noArgument(verb, arg, new Help());
            case "quit", "exit", "leave" -> noArgument(verb, arg, new Quit());
            case "bot" -> bot(arg);
            case "say" -> say(arg);
            default -> {
                boolean looksLikeCell =
                        Character.isLetter(verb.charAt(0))
                                && (verb.length() == 1 || Character.isDigit(verb.charAt(1)));
                if (arg == null && looksLikeCell) {
                    yield cell(verb, size);
                }
                yield new Invalid(
                        "unknown command \"" + words[0] + "\": type a cell like b2, or help");
            }
        };
    }

    private static Command cell(String text, int size) {
        return size == 0 ? new Invalid("there is no board yet") : Coordinates.parse(text, size);
    }

    private static Command noArgument(String verb, @Nullable String arg, Command command) {
        return arg == null ? command : new Invalid(verb + " takes no argument");
    }

    private static Command history(@Nullable String game) {
        if (game == null) {
            return new Send(new ClientMessage.History());
        }
        long number = game.matches("[0-9]{1,10}") ? Long.parseLong(game) : 0;
        return number < 1 || number > MAX_GAME
                ? new Invalid("history takes a game number, like history 1")
                : new Analyse((int) number);
    }

    private static Command say(@Nullable String phrase) {
        String phrases = String.join(", ", QuickPhrase.WIRE);
        if (phrase == null) {
            return new Invalid("say needs a phrase: " + phrases);
        }
        QuickPhrase said = WireWord.find(QuickPhrase.values(), phrase.toLowerCase(Locale.ROOT));
        return said == null
                ? new Invalid("unknown phrase \"" + phrase + "\": phrases are " + phrases)
                : new Send(new ClientMessage.Phrase(said));
    }

    private static Command bot(@Nullable String level) {
        String levels = String.join(", ", BotLevel.WIRE);
        if (level == null) {
            return new Invalid("bot needs a level: " + levels);
        }
        BotLevel known = WireWord.find(BotLevel.values(), level.toLowerCase(Locale.ROOT));
        return known == null
                ? new Invalid("unknown bot level \"" + level + "\": levels are " + levels)
                : new Send(new ClientMessage.InviteBot(known, null));
    }
}
