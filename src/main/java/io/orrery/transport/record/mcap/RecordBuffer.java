package io.orrery.transport.record.mcap;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;

/** A growable little-endian byte buffer that records are built in, reused from one record or chunk to the next. */
final class RecordBuffer {

    private byte[] bytes;
    private int size;

    RecordBuffer(int capacity) {
        bytes = new byte[Math.max(16, capacity)];
    }

    int size() {
        return size;
    }

    byte[] array() {
        return bytes;
    }

    RecordBuffer reset() {
        size = 0;
        return this;
    }

    RecordBuffer u8(int v) {
        ensure(1);
        bytes[size++] = (byte) v;
        return this;
    }

    RecordBuffer u16(int v) {
        ensure(2);
        bytes[size++] = (byte) v;
        bytes[size++] = (byte) (v >>> 8);
        return this;
    }

    RecordBuffer u32(long v) {
        ensure(4);
        for (int i = 0; i < 4; i++) {
            bytes[size++] = (byte) (v >>> (8 * i));
        }
        return this;
    }

    RecordBuffer u64(long v) {
        ensure(8);
        putU64(size, v);
        size += 8;
        return this;
    }

    /** Overwrites eight bytes at {@code at}: a length known only once what it measures is written. */
    void putU64(int at, long v) {
        for (int i = 0; i < 8; i++) {
            bytes[at + i] = (byte) (v >>> (8 * i));
        }
    }

    /** A record's opcode and a length to be filled in by {@link #endRecord}; returns where the content starts. */
    int beginRecord(int opcode) {
        u8(opcode).u64(0);
        return size;
    }

    /** Fills in the length of the record whose content started at {@code contentStart}. */
    void endRecord(int contentStart) {
        putU64(contentStart - 8, size - contentStart);
    }

    RecordBuffer string(String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        return u32(utf8.length).raw(utf8, 0, utf8.length);
    }

    RecordBuffer raw(byte[] b, int offset, int length) {
        ensure(length);
        System.arraycopy(b, offset, bytes, size, length);
        size += length;
        return this;
    }

    /** A {@code Map<string, string>}: its byte length, then keys and values. */
    RecordBuffer stringMap(Map<String, String> map) {
        int lengthAt = size;
        u32(0);
        for (Map.Entry<String, String> e : map.entrySet()) {
            string(e.getKey()).string(e.getValue());
        }
        putU32(lengthAt, size - lengthAt - 4);
        return this;
    }

    /** A {@code Map<uint16, uint64>}. */
    RecordBuffer idMap(Map<Integer, Long> map) {
        u32(map.size() * 10L);
        for (Map.Entry<Integer, Long> e : map.entrySet()) {
            u16(e.getKey()).u64(e.getValue());
        }
        return this;
    }

    private void putU32(int at, long v) {
        for (int i = 0; i < 4; i++) {
            bytes[at + i] = (byte) (v >>> (8 * i));
        }
    }

    void writeTo(OutputStream out) throws IOException {
        out.write(bytes, 0, size);
    }

    private void ensure(int more) {
        long needed = (long) size + more;
        if (needed > bytes.length) {
            if (needed > McapLimits.CEILING) {
                throw new IllegalStateException("an MCAP record of more than " + McapLimits.CEILING + " bytes");
            }
            bytes = Arrays.copyOf(bytes, (int) Math.min(McapLimits.CEILING, Math.max(needed, 2L * bytes.length)));
        }
    }
}
