package dev.tictactoe.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GameServerLoopsTest {

    @Test
    void zeroWorkerThreadsMeansOneLoopPerCore() {
        assertThat(GameServer.workerLoops(0)).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(GameServer.workerLoops(3)).isEqualTo(3);
    }
}
