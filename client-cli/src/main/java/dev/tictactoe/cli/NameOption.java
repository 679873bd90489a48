package dev.tictactoe.cli;

import dev.tictactoe.protocol.Protocol;

import org.jspecify.annotations.Nullable;

import picocli.CommandLine.Option;

/** {@code --name}: the name given, else {@code TTT_NAME}, else the login name. */
final class NameOption {

    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "Your name (default: env TTT_NAME, else your login).")
    @Nullable String name;

    String name() {
        return orDefault(name);
    }

    /** {@code given} if set (checked), else a valid default. */
    static String orDefault(@Nullable String given) {
        if (given != null) {
            String name = given.strip();
            if (!Protocol.isValidName(name)) {
                throw new UserError(
                        "--name must be 1 to %d characters without control characters, was \"%s\""
                                .formatted(Protocol.MAX_NAME_LENGTH, given));
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
