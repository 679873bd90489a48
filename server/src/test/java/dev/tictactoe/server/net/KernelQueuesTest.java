package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KernelQueuesTest {

    @Test
    void aSocketOnTheServersPortCountsItsSendQueue() {
        // Local 127.0.0.1:8080 (0x1F90), 0x12C0 bytes queued to send, 0x10 received unread.
        String line =
                "   3: 0100007F:1F90 0100007F:D2F4 01 000012C0:00000010 00:00000000 00000000"
                        + "     0        0 123456 1 0000000000000000 20 4 30 10 -1";
        assertThat(KernelQueues.sendQueued(line, 8080)).isEqualTo(0x12C0);
        assertThat(KernelQueues.sendQueued(line, 8081)).isZero();
    }

    @Test
    void anIpv6LineReadsTheSame() {
        String line =
                "   0: 0000000000000000FFFF00000100007F:1F90"
                        + " 0000000000000000FFFF00000100007F:C350 01 00000400:00000000 00:00000000"
                        + " 00000000     0        0 99 1 0000000000000000 20 4 0 10 -1";
        assertThat(KernelQueues.sendQueued(line, 8080)).isEqualTo(1024);
    }

    @Test
    void aClientSocketConnectedToThePortIsNotTheServers() {
        String line =
                "   4: 0100007F:D2F4 0100007F:1F90 01 00000800:00000000 00:00000000 00000000"
                        + "     0        0 123457 1 0000000000000000 20 4 30 10 -1";
        assertThat(KernelQueues.sendQueued(line, 8080)).isZero();
    }
}
