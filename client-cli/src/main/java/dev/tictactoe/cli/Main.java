package dev.tictactoe.cli;

/** The terminal client's entry point. */
public final class Main {
    public static void main(String[] args) {
        System.out.println("java " + Runtime.version());
    }
}
