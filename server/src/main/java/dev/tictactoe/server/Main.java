package dev.tictactoe.server;

/** Starts the game server. */
public final class Main {
    public static void main(String[] args) {
        System.out.println("java " + Runtime.version());
    }
}
