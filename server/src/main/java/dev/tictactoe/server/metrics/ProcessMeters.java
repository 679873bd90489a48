package dev.tictactoe.server.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/** The JVM's and the process's meters, which the server and the bench's relay both serve. */
public final class ProcessMeters {

    static final Path STATUS = Path.of("/proc/self/status");

    private ProcessMeters() {}

    /** A registry with those meters, named as {@code promtool check metrics} accepts. */
    public static PrometheusMeterRegistry registry() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        registry.config()
                .meterFilter(MeterFilter.deny(id -> id.getName().equals("process.cpu.time")))
                .meterFilter(
                        new MeterFilter() {
                            @Override
                            public Meter.Id map(Meter.Id id) {
                                return switch (id.getName()) {
                                    case "system.cpu.count" -> id.withName("system.cpus");
                                    // Micrometer's Netty binder leaves it without HELP text.
                                    case "netty.eventexecutor.tasks.pending" ->
                                            new Meter.Id(
                                                    id.getName(),
                                                    Tags.of(id.getTagsAsIterable()),
                                                    id.getBaseUnit(),
                                                    "Tasks waiting in an event loop's queue",
                                                    id.getType());
                                    default -> id;
                                };
                            }
                        });
        new JvmMemoryMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        if (Files.isReadable(STATUS)) {
            Gauge.builder("process.resident.memory", ProcessMeters::residentBytes)
                    .baseUnit("bytes")
                    .description("Resident set size of the process")
                    .register(registry);
        }
        FunctionCounter.builder(
                        "process.cpu",
                        ManagementFactory.getOperatingSystemMXBean(),
                        ProcessMeters::cpuSeconds)
                .baseUnit("seconds")
                .description("CPU time the process has used")
                .register(registry);
        return registry;
    }

    /** VmRSS from /proc (Linux), which the JVM's own meters do not give; NaN if unreadable. */
    static double residentBytes() {
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

    private static double cpuSeconds(OperatingSystemMXBean os) {
        return os instanceof com.sun.management.OperatingSystemMXBean hotspot
                ? hotspot.getProcessCpuTime() / 1e9
                : Double.NaN;
    }
}
