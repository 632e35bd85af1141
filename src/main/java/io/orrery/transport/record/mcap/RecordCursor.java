package io.orrery.transport.record.mcap;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads little-endian fields from a slice of bytes that came from a file: every length is checked against what is
 * left of the slice before anything is allocated, and every error names the file offset of the field.
 */
final class RecordCursor {

    private final byte[] bytes;
    private final int end;
    private final long fileOffset;
    private final int start;
    private int pos;

    /** {@code fileOffset} is where {@code bytes[start]} lies in the file (or in a chunk's uncompressed records). */
    RecordCursor(byte[] bytes, int start, int length, long fileOffset) {
        this.bytes = bytes;
        this.start = start;
        this.pos = start;
        this.end = start + length;
        this.fileOffset = fileOffset;
    }

    int remaining() {
        return end - pos;
    }

    /** The offset in the file (or chunk) of the next byte. */
    long offset() {
        return fileOffset + (pos - start);
    }

    int position() {
        return pos;
    }

    byte[] array() {
        return bytes;
    }

    McapFormatException error(String problem) {
        return new McapFormatException(offset(), problem);
    }

    private void need(int n, String what) throws McapFormatException {
        if (remaining() < n) {
            throw error(what + " needs " + n + " bytes, " + remaining() + " are left in the record");
        }
    }

    int u8(String what) throws McapFormatException {
        need(1, what);
        return bytes[pos++] & 0xFF;
    }

    int u16(String what) throws McapFormatException {
        need(2, what);
        int v = (bytes[pos] & 0xFF) | (bytes[pos + 1] & 0xFF) << 8;
        pos += 2;
        return v;
    }

    long u32(String what) throws McapFormatException {
        need(4, what);
        long v = 0;
        for (int i = 0; i < 4; i++) {
            v |= (long) (bytes[pos + i] & 0xFF) << (8 * i);
        }
        pos += 4;
        return v;
    }

    /** A uint64 as Java's long: values of 2^63 and more come back negative, and every bound check refuses them. */
    long u64(String what) throws McapFormatException {
        need(8, what);
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v |= (long) (bytes[pos + i] & 0xFF) << (8 * i);
        }
        pos += 8;
        return v;
    }

    /** A length that must fit in what is left of the record (and so in an array). */
    int length(long declared, String what) throws McapFormatException {
        if (declared < 0 || declared > remaining()) {
            throw error(what + " declares " + Long.toUnsignedString(declared) + " bytes, " + remaining()
                    + " are left in the record");
        }
        return (int) declared;
    }

    String string(String what) throws McapFormatException {
        long at = offset();
        int n = length(u32(what + "'s length"), what);
        try {
            String s = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, pos, n))
                    .toString();
            pos += n;
            return s;
        } catch (CharacterCodingException e) {
            throw new McapFormatException(at, what + " is not valid UTF-8", e);
        }
    }

    byte[] bytes(int n, String what) throws McapFormatException {
        need(n, what);
        byte[] b = Arrays.copyOfRange(bytes, pos, pos + n);
        pos += n;
        return b;
    }

    /** Skips {@code n} bytes and returns where they start. */
    int skip(int n, String what) throws McapFormatException {
        need(n, what);
        int at = pos;
        pos += n;
        return at;
    }

    /** A {@code Map<string, string>}, its order kept. */
    Map<String, String> stringMap(String what) throws McapFormatException {
        int n = length(u32(what + "'s length"), what);
        RecordCursor entries = new RecordCursor(bytes, pos, n, offset());
        pos += n;
        Map<String, String> map = new LinkedHashMap<>();
        while (entries.remaining() > 0) {
            String key = entries.string(what + " key");
            map.put(key, entries.string(what + " value"));
        }
        return Collections.unmodifiableMap(map);
    }

    /** A {@code Map<uint16, uint64>}, in key order. */
    Map<Integer, Long> idMap(String what) throws McapFormatException {
        long at = offset();
        int n = length(u32(what + "'s length"), what);
        if (n % 10 != 0) {
            throw new McapFormatException(at, what + " has " + n + " bytes, not a whole number of 10-byte entries");
        }
        Map<Integer, Long> map = new TreeMap<>();
        for (int i = 0; i < n / 10; i++) {
            int key = u16(what + " key");
            map.put(key, u64(what + " value"));
        }
        return Collections.unmodifiableMap(map);
    }
}
