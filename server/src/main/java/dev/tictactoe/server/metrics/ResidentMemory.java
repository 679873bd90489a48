package dev.tictactoe.server.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The process's resident set size from /proc (Linux), which the JVM's own meters do not give. */
final class ResidentMemory implements MeterBinder {

    static final Path STATUS = Path.of("/proc/self/status");

    @Override
    public void bindTo(MeterRegistry registry) {
        if (Files.isReadable(STATUS)) {
            Gauge.builder("process.resident.memory", ResidentMemory::bytes)
                    .baseUnit("bytes")
                    .description("Resident set size of the process")
                    .register(registry);
        }
    }

    /** VmRSS in bytes, or NaN when it cannot be read. */
    static double bytes() {
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024.0;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return Double.NaN;
        }
        return Double.NaN;
    }
}
