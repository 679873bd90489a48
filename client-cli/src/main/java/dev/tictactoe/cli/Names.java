package dev.tictactoe.cli;

import dev.tictactoe.protocol.Protocol;

import org.jspecify.annotations.Nullable;

/** The player name to send: the one given, else {@code TTT_NAME}, else the login name. */
final class Names {
    private Names() {}

    /** {@code given} if set (checked), else a valid default. */
    static String orDefault(@Nullable String given) {
        if (given != null) {
            String name = given.strip();
            if (!Protocol.isValidName(name)) {
                throw new UserError(
                        "--name must be 1 to "
                                + Protocol.MAX_NAME_LENGTH
                                + " characters without control characters, was \""
                                + given
                                + "\"");
            }
            return name;
        }
        for (String candidate :
                new String[] {System.getenv("TTT_NAME"), System.getProperty("user.name")}) {
            if (candidate != null) {
                String name = candidate.strip();
                if (name.codePointCount(0, name.length()) > Protocol.MAX_NAME_LENGTH) {
                    name =
                            name.substring(0, name.offsetByCodePoints(0, Protocol.MAX_NAME_LENGTH))
                                    .strip();
                }
                if (Protocol.isValidName(name)) {
                    return name;
                }
            }
        }
        return "player";
    }
}
