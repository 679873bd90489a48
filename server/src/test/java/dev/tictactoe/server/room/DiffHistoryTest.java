package dev.tictactoe.server.room;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

class DiffHistoryTest {

    /** Lengths vary, and some outgrow a slot's first buffer, so reused buffers are tested. */
    private static byte[] diff(long version) {
        return ("diff " + version + " " + "x".repeat((int) (version * 37 % 600))).getBytes();
    }

    @Test
    void holdsTheLastDiffsUpToItsCapacityAsItGrows() {
        DiffHistory history = new DiffHistory(10);
        assertThat(history.covers(0)).isTrue(); // nothing happened yet: nothing is missing
        assertThat(history.covers(1)).isFalse(); // a version from the future
        for (long v = 1; v <= 25; v++) {
            history.add(v, diff(v), diff(v).length);
            long oldest = Math.max(1, v - 9);
            for (long seen = -1; seen <= v + 1; seen++) {
                // A member who saw `seen` can be caught up if every later diff is held.
                assertThat(history.covers(seen))
                        .as("saw %d of %d", seen, v)
                        .isEqualTo(seen >= oldest - 1 && seen <= v);
            }
            for (long held = oldest; held <= v; held++) {
                assertThat(history.diff(held).bytes()).isEqualTo(diff(held));
            }
        }
    }

    /**
     * A diff handed over as the front of a larger buffer (the encoder's own, reused) is held and
     * sent as those bytes only, and the caller may write over its buffer at once.
     */
    @Test
    void aDiffAtTheFrontOfABufferIsHeldAndSentAsItself() {
        DiffHistory history = new DiffHistory(4);
        byte[] scratch = new byte[1024];
        for (long v = 1; v <= 9; v++) {
            byte[] diff = diff(v);
            System.arraycopy(diff, 0, scratch, 0, diff.length);
            history.add(v, scratch, diff.length);
            Arrays.fill(scratch, (byte) '?');
            try (Outgoing newest = history.diff(v)) {
                assertThat(newest.bytes()).isEqualTo(diff);
                byte[][] framed = new byte[1][];
                newest.shared(
                        Framed.class,
                        (bytes, length) -> {
                            framed[0] = Arrays.copyOf(bytes, length);
                            return new Framed();
                        });
                assertThat(framed[0]).isEqualTo(diff);
            }
            assertThat(history.diff(v).bytes()).isEqualTo(diff);
        }
    }

    private static final class Framed implements Outgoing.Shared {
        @Override
        public void close() {}
    }
}
