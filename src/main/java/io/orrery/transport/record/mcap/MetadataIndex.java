package io.orrery.transport.record.mcap;

/** Where a Metadata record lies: {@code length} includes its opcode and length. */
record MetadataIndex(long offset, long length, String name) {}
