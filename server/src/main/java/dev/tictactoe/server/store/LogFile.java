package dev.tictactoe.server.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The few file operations the journal writer needs, so that tests can put a failing or counting
 * file in its place.
 */
interface LogFile extends AutoCloseable {

    /** Opens (creating if needed) a file for writing at its end. */
    interface Opener {
        LogFile open(Path file) throws IOException;
    }

    /** Writes all of {@code buf} at the end of the file. */
    void write(ByteBuffer buf) throws IOException;

    /** Forces what was written to the device. */
    void force() throws IOException;

    /** Cuts the file to {@code size} bytes and goes on writing there. */
    void truncate(long size) throws IOException;

    long size() throws IOException;

    @Override
    void close() throws IOException;

    /** The real thing, over a {@link FileChannel}. */
    Opener FILES =
            file -> {
                FileChannel ch =
                        FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                ch.position(ch.size());
                return new LogFile() {
                    @Override
                    public void write(ByteBuffer buf) throws IOException {
                        while (buf.hasRemaining()) {
                            ch.write(buf);
                        }
                    }

                    @Override
                    public void force() throws IOException {
                        ch.force(false);
                    }

                    @Override
                    public void truncate(long size) throws IOException {
                        ch.truncate(size);
                        ch.position(size);
                    }

                    @Override
                    public long size() throws IOException {
                        return ch.size();
                    }

                    @Override
                    public void close() throws IOException {
                        ch.close();
                    }
                };
            };
}
