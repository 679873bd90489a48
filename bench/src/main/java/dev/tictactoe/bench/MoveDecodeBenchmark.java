package dev.tictactoe.bench;

import com.fasterxml.jackson.databind.ObjectReader;

import dev.tictactoe.protocol.ClientMessage;
import dev.tictactoe.protocol.MessageCodec;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

import java.util.concurrent.TimeUnit;

/**
 * Reading the message a client sends most, a move: through the codec ({@code codec}, what the
 * server does) and through Jackson's data binding on the sealed records ({@code binding}). The
 * codec reads by binding; when it had a scanner of its own for moves, this measured what that saved
 * (see bench/RESULTS.md).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MoveDecodeBenchmark {

    private static final String MOVE =
            "{\"type\":\"move\",\"id\":\"m17\",\"version\":42,\"cell\":112}";

    private final ObjectReader binding = MessageCodec.mapper().readerFor(ClientMessage.class);

    @Benchmark
    public ClientMessage codec() {
        return MessageCodec.decodeClient(MOVE);
    }

    @Benchmark
    public ClientMessage binding() throws Exception {
        return binding.readValue(MOVE);
    }
}
