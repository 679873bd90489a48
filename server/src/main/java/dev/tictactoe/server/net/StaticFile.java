package dev.tictactoe.server.net;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/** One file of the browser client: its bytes as they are and gzipped, each with its own ETag. */
record StaticFile(
        byte[] bytes, byte[] gzipped, String contentType, String etag, String cacheControl) {

    StaticFile(byte[] bytes, String contentType, String cacheControl) {
        this(bytes, gzip(bytes), contentType, etag(bytes), cacheControl);
    }

    StaticFile withCache(String cache) {
        return new StaticFile(bytes, gzipped, contentType, etag, cache);
    }

    /** The gzipped copy's tag: the same hash, marked, so caches never mix the two. */
    String gzipEtag() {
        return etag.substring(0, etag.length() - 1) + "-" + GZIP + "\"";
    }

    /** The encoding of the compressed copies, as {@code Accept-Encoding} names it. */
    static final String GZIP = "gzip";

    /**
     * Whether an {@code Accept-Encoding} value takes gzip: named (or {@code *}) without {@code
     * q=0}. An explicit refusal of gzip wins over {@code *}.
     */
    static boolean acceptsGzip(String acceptEncoding) {
        if (acceptEncoding == null) {
            return false;
        }
        Boolean named = null;
        boolean any = false;
        for (String part : acceptEncoding.split(",")) {
            String[] fields = part.split(";");
            String coding = fields[0].strip().toLowerCase(Locale.ROOT);
            boolean refused = false;
            for (int i = 1; i < fields.length; i++) {
                String param = fields[i].strip().toLowerCase(Locale.ROOT);
                if (param.startsWith("q=")) {
                    refused = param.substring(2).strip().matches("0(\\.0{0,3})?");
                }
            }
            if (coding.equals(GZIP) || coding.equals("x-gzip")) {
                named = !refused;
            } else if (coding.equals("*")) {
                any = !refused;
            }
        }
        return named != null ? named : any;
    }

    /** Gzipped at the best level: done once per file at start-up, so time does not matter. */
    static byte[] gzip(byte[] bytes) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length / 3 + 64);
        try (GZIPOutputStream gz =
                new GZIPOutputStream(out) {
                    {
                        def.setLevel(Deflater.BEST_COMPRESSION);
                    }
                }) {
            gz.write(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    private static String etag(byte[] bytes) {
        return "\"" + HexFormat.of().formatHex(sha256().digest(bytes)).substring(0, 16) + "\"";
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
