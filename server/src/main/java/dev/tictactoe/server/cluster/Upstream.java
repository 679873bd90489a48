package dev.tictactoe.server.cluster;

import dev.tictactoe.protocol.RoomCode;

import java.util.Optional;

/** One node as a proxy sees it: its character ({@code --node}) and its {@code host:port}. */
public record Upstream(char node, String address) {

    public Upstream {
        if (RoomCode.ALPHABET.indexOf(node) < 0) {
            throw new IllegalArgumentException(
                    "a node is one character of " + RoomCode.ALPHABET + ", not '" + node + "'");
        }
        int colon = address.lastIndexOf(':');
        if (colon <= 0
                || colon == address.length() - 1
                || !address.substring(colon + 1).chars().allMatch(Character::isDigit)
                || address.chars().anyMatch(c -> c <= ' ' || c == ';' || c == '#')) {
            throw new IllegalArgumentException("expected host:port, got '" + address + "'");
        }
    }

    /** Reads {@code C=host:port}, the node character in any case. */
    public static Upstream parse(String text) {
        int eq = text.indexOf('=');
        if (eq != 1) {
            throw new IllegalArgumentException("expected NODE=host:port, got '" + text + "'");
        }
        return new Upstream(Character.toUpperCase(text.charAt(0)), text.substring(2));
    }

    /** The name of the node's own upstream or backend in a generated configuration. */
    public String name() {
        return "ttt_node_" + node;
    }

    /** What {@link RoomCode#normalize} reads as this node's first character, as a class. */
    public String firstCharacters() {
        StringBuilder chars = new StringBuilder("[");
        for (char c = '!'; c <= '~'; c++) {
            Optional<String> code = RoomCode.normalize(c + "0".repeat(RoomCode.LENGTH - 1));
            if (code.isPresent() && code.get().charAt(0) == node) {
                chars.append(c);
            }
        }
        return chars.append(']').toString();
    }
}
