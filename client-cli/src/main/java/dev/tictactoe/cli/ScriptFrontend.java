package dev.tictactoe.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.tictactoe.client.GameAnalysis;
import dev.tictactoe.protocol.MessageCodec;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Scripting mode: JSON lines in, JSON lines out. */
record ScriptFrontend(PrintStream out, PrintStream err) implements SessionFrontend {

    /** The first line after {@code create}: {@code {"type":"room","code":...,"settings":...}}. */
    void roomCreated(String code, JsonNode settings) {
        ObjectNode line = MessageCodec.mapper().createObjectNode();
        raw(line.put("type", "room").put("code", code).set("settings", settings).toString());
    }

    /** Reads stdin on a daemon thread, handing each line to the session in order. */
    void startReading(InputStream in, RoomSession session) {
        Thread.ofPlatform().daemon().name("ttt-stdin").start(() -> read(in, session));
    }

    private void read(InputStream in, RoomSession session) {
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            lines.lines()
                    .filter(line -> !line.isBlank())
                    .forEach(line -> session.execute(() -> session.events.submitLine(line)));
        } catch (IOException | UncheckedIOException e) {
            session.execute(() -> notice("reading stdin failed: " + e.getMessage(), true));
        }
        session.execute(session.events::inputEnded);
    }

    @Override
    public void raw(String text) {
        out.println(text);
    }

    /** One {@code {"type":"analysis",...}} line per move (see {@link AnalysisWords#json}). */
    @Override
    public void analysed(GameAnalysis analysis) {
        AnalysisWords.json(analysis).forEach(out::println);
    }

    @Override
    public void notice(String text, boolean error) {
        err.println("ttt: " + text);
    }
}
