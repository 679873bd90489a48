package dev.tictactoe.server.net;

import com.sun.management.UnixOperatingSystemMXBean;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.OperatingSystemMXBean;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the process costs: heap, resident memory, CPU time and file descriptors. */
public final class ProcessStats {

    private ProcessStats() {}

    /** Heap in use now, in bytes. */
    public static long heapUsed() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        return memory.getHeapMemoryUsage().getUsed();
    }

    /** Resident set size from /proc, or -1 where there is no /proc. */
    public static long rss() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }

    /** The process's CPU time, all threads, or -1 where the JVM does not say. */
    public static long cpuNanos() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun
                ? sun.getProcessCpuTime()
                : -1;
    }

    /** The open-file limit, or -1 off Unix. */
    public static long maxFiles() {
        return ManagementFactory.getOperatingSystemMXBean()
                        instanceof UnixOperatingSystemMXBean unix
                ? unix.getMaxFileDescriptorCount()
                : -1;
    }

    /** Files (sockets included) open now, or -1 off Unix. */
    public static long openFiles() {
        return ManagementFactory.getOperatingSystemMXBean()
                        instanceof UnixOperatingSystemMXBean unix
                ? unix.getOpenFileDescriptorCount()
                : -1;
    }
}
