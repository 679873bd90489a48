package dev.tictactoe.server.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/** Real files that count forces, and that can be made to fail writes or to hold the writer. */
final class TestFiles implements LogFile.Opener {

    final AtomicInteger forces = new AtomicInteger();
    final AtomicInteger writes = new AtomicInteger();
    final AtomicInteger failures = new AtomicInteger();

    /** While true, writes put half their bytes down and then fail as a full disk does. */
    volatile boolean diskFull;

    /** When set, the next write counts {@link #entered} down and waits for this gate. */
    volatile CountDownLatch gate;

    final CountDownLatch entered = new CountDownLatch(1);

    @Override
    public LogFile open(Path file) throws IOException {
        LogFile real = LogFile.FILES.open(file);
        return new LogFile() {
            @Override
            public void write(ByteBuffer buf) throws IOException {
                CountDownLatch g = gate;
                if (g != null) {
                    gate = null;
                    entered.countDown();
                    try {
                        g.await();
                    } catch (InterruptedException e) {
                        throw new IOException(e);
                    }
                }
                if (diskFull) {
                    failures.incrementAndGet();
                    ByteBuffer half = buf.duplicate();
                    half.limit(half.position() + half.remaining() / 2);
                    real.write(half);
                    throw new IOException("No space left on device");
                }
                writes.incrementAndGet();
                real.write(buf);
            }

            @Override
            public void force() throws IOException {
                forces.incrementAndGet();
                real.force();
            }

            @Override
            public void truncate(long size) throws IOException {
                real.truncate(size);
            }

            @Override
            public long size() throws IOException {
                return real.size();
            }

            @Override
            public void close() throws IOException {
                real.close();
            }
        };
    }
}
