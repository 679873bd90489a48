package dev.tictactoe.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

class NodeFileTest {

    @TempDir Path dir;

    @Test
    void aNewDataDirectoryIsMarkedWithItsNodeAndTakenBackByIt() throws Exception {
        Path data = dir.resolve("data");
        NodeFile.claim(data, 'B');
        assertThat(Files.readString(data.resolve(NodeFile.NAME))).isEqualTo("B\n");
        NodeFile.claim(data, 'B');
        assertThat(data.resolve(NodeFile.NAME + ".tmp")).doesNotExist();
    }

    @Test
    void anotherNodeIsRefusedInOneLine() {
        NodeFile.claim(dir, 'B');
        assertThatThrownBy(() -> NodeFile.claim(dir, 'C'))
                .isInstanceOf(NodeFile.Refused.class)
                .hasMessage(
                        "the data directory "
                                + dir
                                + " belongs to node B, not C; give node C its own data directory");
    }

    @Test
    void aServerWithoutANodeLeavesNoMarkButIsRefusedANodesData() {
        NodeFile.claim(dir, null);
        assertThat(dir.resolve(NodeFile.NAME)).doesNotExist();
        NodeFile.claim(null, 'B');
        NodeFile.claim(dir, 'B');
        assertThatThrownBy(() -> NodeFile.claim(dir, null))
                .hasMessageEndingWith("belongs to node B; start it with --node B");
    }

    @Test
    void aDamagedMarkIsRefusedNotOverwritten() throws Exception {
        Files.writeString(dir.resolve(NodeFile.NAME), "BC\n");
        assertThatThrownBy(() -> NodeFile.claim(dir, 'B'))
                .hasMessageContaining("should hold one node character, holds 'BC'");
        assertThat(Files.readString(dir.resolve(NodeFile.NAME))).isEqualTo("BC\n");
    }
}
