package dev.tictactoe.server.net;

import com.sun.management.UnixOperatingSystemMXBean;

import java.lang.management.ManagementFactory;

/** The process's open-file limit, which bounds the connections it can hold. */
final class FileLimit {

    private FileLimit() {}

    /** The most files (sockets included) this process may open, or -1 off Unix. */
    static long maxFiles() {
        return ManagementFactory.getOperatingSystemMXBean()
                        instanceof UnixOperatingSystemMXBean unix
                ? unix.getMaxFileDescriptorCount()
                : -1;
    }
}
