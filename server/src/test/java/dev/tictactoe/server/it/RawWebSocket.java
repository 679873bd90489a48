package dev.tictactoe.server.it;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A WebSocket client that writes frames byte by byte, so a test can send what no library would: a
 * reserved opcode, an unmasked frame, bad UTF-8, fragments over the limit. It reads every frame the
 * server sends until the server closes the socket.
 */
final class RawWebSocket implements AutoCloseable {

    static final int TEXT = 0x1;
    static final int CONTINUATION = 0x0;
    static final int CLOSE = 0x8;
    static final int PING = 0x9;

    /** A frame as it came from the server. */
    record Frame(int opcode, byte[] payload) {
        String text() {
            return new String(payload, StandardCharsets.UTF_8);
        }

        /** The status code of a close frame, or -1 if it has none. */
        int closeCode() {
            return payload.length < 2 ? -1 : ((payload[0] & 0xFF) << 8) | (payload[1] & 0xFF);
        }

        @Override
        public String toString() {
            return switch (opcode) {
                case CLOSE -> "close " + closeCode();
                case TEXT -> "text " + text();
                default -> "opcode " + opcode + ", " + payload.length + " bytes";
            };
        }
    }

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;
    private final SplittableRandom masks = new SplittableRandom(7);

    private RawWebSocket(Socket socket) throws IOException {
        this.socket = socket;
        this.out = socket.getOutputStream();
        this.in = socket.getInputStream();
    }

    /** Connects to room {@code code} and completes the handshake. */
    static RawWebSocket open(int port, String code, int timeoutMillis) throws IOException {
        return open(new Socket("127.0.0.1", port), code, timeoutMillis);
    }

    /**
     * As {@link #open(int, String, int)}, with a receive buffer of {@code receiveBufferBytes}: a
     * client that does not read then holds little of what the server sends it.
     */
    static RawWebSocket open(int port, String code, int timeoutMillis, int receiveBufferBytes)
            throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(receiveBufferBytes);
        socket.connect(new java.net.InetSocketAddress("127.0.0.1", port));
        return open(socket, code, timeoutMillis);
    }

    private static RawWebSocket open(Socket socket, String code, int timeoutMillis)
            throws IOException {
        RawWebSocket ws = new RawWebSocket(socket);
        ws.socket.setSoTimeout(timeoutMillis);
        ws.out.write(RawHttp.upgrade("/rooms/" + code + "/ws").getBytes(StandardCharsets.US_ASCII));
        ws.out.flush();
        RawHttp.Response response = RawHttp.read(ws.in, true);
        if (response.status() != 101) {
            throw new IOException("no upgrade: " + response.status());
        }
        return ws;
    }

    /** How long a read waits before it throws {@link java.net.SocketTimeoutException}. */
    void readTimeout(int millis) throws IOException {
        socket.setSoTimeout(millis);
    }

    void sendText(String text) throws IOException {
        send(TEXT, text.getBytes(StandardCharsets.UTF_8), true, true);
    }

    /** Writes one text frame per message, all in one write. */
    void sendTexts(List<String> texts) throws IOException {
        ByteArrayOutputStream frames = new ByteArrayOutputStream();
        for (String text : texts) {
            frames.write(encode(TEXT, text.getBytes(StandardCharsets.UTF_8), true, true));
        }
        out.write(frames.toByteArray());
        out.flush();
    }

    /** Writes one frame as given: any opcode, FIN or not, masked (as a client must) or not. */
    void send(int opcode, byte[] payload, boolean fin, boolean masked) throws IOException {
        out.write(encode(opcode, payload, fin, masked));
        out.flush();
    }

    private byte[] encode(int opcode, byte[] payload, boolean fin, boolean masked) {
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        frame.write((fin ? 0x80 : 0) | opcode);
        int mask = masked ? 0x80 : 0;
        if (payload.length < 126) {
            frame.write(mask | payload.length);
        } else if (payload.length < 65536) {
            frame.write(mask | 126);
            frame.write(payload.length >>> 8);
            frame.write(payload.length & 0xFF);
        } else {
            frame.write(mask | 127);
            for (int shift = 56; shift >= 0; shift -= 8) {
                frame.write((int) ((long) payload.length >>> shift) & 0xFF);
            }
        }
        byte[] key = new byte[4];
        if (masked) {
            for (int i = 0; i < 4; i++) {
                key[i] = (byte) masks.nextInt(256);
            }
            frame.write(key, 0, 4);
        }
        for (int i = 0; i < payload.length; i++) {
            frame.write(payload[i] ^ key[i % 4]);
        }
        return frame.toByteArray();
    }

    /**
     * Every frame the server sends until it closes the connection (a reset after its close frame
     * counts as the end too).
     */
    List<Frame> readToEnd() throws IOException {
        List<Frame> frames = new ArrayList<>();
        try {
            for (Frame frame = read(); frame != null; frame = read()) {
                frames.add(frame);
            }
            return frames;
        } catch (SocketTimeoutException e) {
            throw new IOException("the server kept the connection open; frames so far: " + frames);
        } catch (SocketException | EOFException e) {
            return frames;
        }
    }

    /** The next frame the server sends; null once it has closed the connection. */
    Frame read() throws IOException {
        int first = in.read();
        if (first < 0) {
            return null;
        }
        int second = readByte();
        long length = second & 0x7F;
        if (length == 126) {
            length = ((long) readByte() << 8) | readByte();
        } else if (length == 127) {
            length = 0;
            for (int i = 0; i < 8; i++) {
                length = (length << 8) | readByte();
            }
        }
        return new Frame(first & 0x0F, in.readNBytes((int) length));
    }

    private int readByte() throws IOException {
        int b = in.read();
        if (b < 0) {
            throw new EOFException();
        }
        return b;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
