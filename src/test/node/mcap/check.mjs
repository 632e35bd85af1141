// Reads an MCAP file with Foxglove's reference TypeScript readers (@mcap/core, decompression from @mcap/support)
// and prints what they found as one line of JSON; any error they raise ends the script with exit code 1.
//
//   node check.mjs indexed FILE  McapIndexedReader: the Footer, the summary and its CRC, every Chunk Index and the
//                                Message Index records after each chunk, every chunk's CRC as its messages are read,
//                                every attachment's CRC; and here, the data section's CRC against the DataEnd record.
//   node check.mjs stream FILE   McapStreamReader: every record from the magic on, every chunk's CRC; a file a
//                                killed writer left is read up to its last complete chunk, and "done" is false.
//   node check.mjs recording FILE [AFTER BEFORE]
//                                McapIndexedReader as above, and every message decoded with protobufjs from the
//                                FileDescriptorSet its channel's schema holds (as Foxglove decodes it): per topic the
//                                count (and the count logged strictly between AFTER and BEFORE ns), the first and
//                                last log time, whether each message's own stamp (a gz-msgs header's, a Foxglove
//                                timestamp) equals its log time, and the last message as JSON.
import { McapIndexedReader, McapStreamReader } from "@mcap/core";
import { loadDecompressHandlers } from "@mcap/support";
import { crc32 } from "@foxglove/crc";
import { open, readFile } from "node:fs/promises";
import protobuf from "protobufjs";
import descriptor from "protobufjs/ext/descriptor/index.js";

const [mode, path, after, before] = process.argv.slice(2);
const decompressHandlers = await loadDecompressHandlers();

function count(counts, key) {
  counts[key] = (counts[key] ?? 0) + 1;
}

async function openIndexed(handle) {
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
  return McapIndexedReader.Initialize({ readable, decompressHandlers });
}

// A message's own time, in nanoseconds as a BigInt: a gz-msgs header's stamp {sec, nsec}, or the first Foxglove
// timestamp {seconds, nanos} it carries (a FrameTransforms' first transform, a SceneUpdate's first entity).
function stampOf(m) {
  const t =
    m.header?.stamp ?? m.timestamp ?? m.transforms?.[0]?.timestamp ?? m.entities?.[0]?.timestamp ?? m.stamp;
  if (!t) return undefined;
  const sec = BigInt(t.sec ?? t.seconds ?? 0);
  const nsec = BigInt(t.nsec ?? t.nanos ?? 0);
  return sec * 1_000_000_000n + nsec;
}

async function recording() {
  const handle = await open(path, "r");
  try {
    const reader = await openIndexed(handle);
    const types = new Map(); // schema id -> protobufjs Type
    for (const [id, schema] of reader.schemasById) {
      if (schema.encoding !== "protobuf") throw new Error(`schema ${schema.name}: encoding ${schema.encoding}`);
      const root = protobuf.Root.fromDescriptor(descriptor.FileDescriptorSet.decode(schema.data));
      types.set(id, root.lookupType(schema.name));
    }
    const topics = {};
    let total = 0;
    for await (const message of reader.readMessages()) {
      const channel = reader.channelsById.get(message.channelId);
      let decoded;
      let schema;
      if (channel.messageEncoding === "json" && channel.schemaId === 0) {
        // Orrery's replay journal: schemaless JSON, each message one object
        decoded = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(message.data));
        if (decoded === null || typeof decoded !== "object") throw new Error(`${channel.topic}: not a JSON object`);
        schema = "";
      } else if (channel.messageEncoding === "protobuf") {
        const type = types.get(channel.schemaId);
        decoded = type.toObject(type.decode(message.data), { longs: String, defaults: false });
        schema = type.fullName.replace(/^\./, "");
      } else {
        throw new Error(`${channel.topic}: ${channel.messageEncoding}`);
      }
      const t = (topics[channel.topic] ??= {
        schema,
        count: 0,
        countBetween: 0,
        firstLogTime: String(message.logTime),
        stampedAsLogged: 0,
        stampedOtherwise: [],
        unstamped: 0,
        publishTimeIsLogTime: true,
      });
      t.count++;
      if (after !== undefined && message.logTime > BigInt(after) && message.logTime < BigInt(before)) {
        t.countBetween++;
      }
      t.lastLogTime = String(message.logTime);
      t.publishTimeIsLogTime &&= message.publishTime === message.logTime;
      const stamp = stampOf(decoded);
      if (stamp === undefined) t.unstamped++;
      else if (stamp === message.logTime) t.stampedAsLogged++;
      else if (t.stampedOtherwise.length < 5) t.stampedOtherwise.push([String(message.logTime), String(stamp)]);
      t.last = decoded;
      total++;
    }
    const metadata = {};
    for await (const m of reader.readMetadata()) metadata[m.name] = Object.fromEntries(m.metadata);
    return {
      mode,
      topics,
      total,
      chunks: reader.chunkIndexes.length,
      compressions: [...new Set(reader.chunkIndexes.map((c) => c.compression))].sort(),
      messageCount: Number(reader.statistics.messageCount),
      start: String(reader.statistics.messageStartTime),
      end: String(reader.statistics.messageEndTime),
      metadata,
      dataEndOffset: Number(reader.dataEndOffset),
      size: (await handle.stat()).size,
    };
  } finally {
    await handle.close();
  }
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
  const modes = { indexed, stream, recording };
  const result = modes[mode] ? await modes[mode]() : undefined;
  if (!result) {
    throw new Error(`usage: node check.mjs indexed|stream|recording FILE (not ${mode})`);
  }
  console.log(JSON.stringify(result));
} catch (error) {
  console.error(error?.stack ?? String(error));
  process.exit(1);
}
