// Reads an MCAP file with Foxglove's reference TypeScript readers (@mcap/core, decompression from @mcap/support)
// and prints what they found as one line of JSON; any error they raise ends the script with exit code 1.
//
//   node check.mjs indexed FILE  McapIndexedReader: the Footer, the summary and its CRC, every Chunk Index and the
//                                Message Index records after each chunk, every chunk's CRC as its messages are read,
//                                every attachment's CRC; and here, the data section's CRC against the DataEnd record.
//   node check.mjs stream FILE   McapStreamReader: every record from the magic on, every chunk's CRC; a file a
//                                killed writer left is read up to its last complete chunk, and "done" is false.
import { McapIndexedReader, McapStreamReader } from "@mcap/core";
import { loadDecompressHandlers } from "@mcap/support";
import { crc32 } from "@foxglove/crc";
import { open, readFile } from "node:fs/promises";

const [mode, path] = process.argv.slice(2);
const decompressHandlers = await loadDecompressHandlers();

function count(counts, key) {
  counts[key] = (counts[key] ?? 0) + 1;
}

async function indexed() {
  const handle = await open(path, "r");
  try {
    const readable = {
      size: async () => BigInt((await handle.stat()).size),
      read: async (offset, size) => {
        const buffer = new Uint8Array(Number(size));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, Number(offset));
        if (bytesRead !== buffer.length) {
          throw new Error(`short read at ${offset}: ${bytesRead} of ${size} bytes`);
        }
        return buffer;
      },
    };
    const reader = await McapIndexedReader.Initialize({ readable, decompressHandlers });
    const topics = {};
    let total = 0;
    let ordered = true;
    let last = -1n;
    for await (const message of reader.readMessages()) {
      count(topics, reader.channelsById.get(message.channelId).topic);
      ordered &&= message.logTime >= last;
      last = message.logTime;
      total++;
    }
    const attachments = [];
    for await (const a of reader.readAttachments()) {
      attachments.push({ name: a.name, mediaType: a.mediaType, size: a.data.byteLength });
    }
    const metadata = [];
    for await (const m of reader.readMetadata()) {
      metadata.push({ name: m.name, metadata: Object.fromEntries(m.metadata) });
    }
    const s = reader.statistics;
    const byTopic = {};
    for (const [id, n] of s.channelMessageCounts) {
      byTopic[reader.channelsById.get(id).topic] = Number(n);
    }
    const file = await readFile(path);
    return {
      mode,
      profile: reader.header.profile,
      library: reader.header.library,
      topics,
      total,
      ordered,
      schemas: [...reader.schemasById.values()].map((x) => ({ name: x.name, encoding: x.encoding })),
      chunks: reader.chunkIndexes.length,
      compressions: [...new Set(reader.chunkIndexes.map((c) => c.compression))].sort(),
      statistics: {
        messageCount: Number(s.messageCount),
        schemaCount: s.schemaCount,
        channelCount: s.channelCount,
        attachmentCount: s.attachmentCount,
        metadataCount: s.metadataCount,
        chunkCount: s.chunkCount,
        byTopic,
      },
      attachments,
      metadata,
      dataSectionCrc: {
        recorded: reader.dataSectionCrc ?? 0,
        computed: crc32(file.subarray(0, Number(reader.dataEndOffset))),
      },
    };
  } finally {
    await handle.close();
  }
}

async function stream() {
  const reader = new McapStreamReader({ decompressHandlers });
  const channels = new Map();
  const topics = {};
  const records = {};
  let total = 0;
  const file = await readFile(path);
  for (let at = 0; at < file.length; at += 65536) {
    reader.append(file.subarray(at, Math.min(at + 65536, file.length)));
    for (let record; (record = reader.nextRecord()); ) {
      count(records, record.type);
      if (record.type === "Channel") {
        channels.set(record.id, record.topic);
      } else if (record.type === "Message") {
        count(topics, channels.get(record.channelId));
        total++;
      }
    }
  }
  return { mode, done: reader.done(), bytesRemaining: reader.bytesRemaining(), topics, total, records };
}

try {
  const result = mode === "indexed" ? await indexed() : mode === "stream" ? await stream() : undefined;
  if (!result) {
    throw new Error(`usage: node check.mjs indexed|stream FILE (not ${mode})`);
  }
  console.log(JSON.stringify(result));
} catch (error) {
  console.error(error?.stack ?? String(error));
  process.exit(1);
}
