// Plays back a recording from Orrery's Foxglove server with Foxglove's own client, as Foxglove's app does, and prints
// what it saw as JSON on stdout: node check.mjs ws://127.0.0.1:PORT/foxglove/playback?file=run.mcap BAD_URL
// Subscribes to /clock and the scene, decodes them with the schemas the server advertised (protobufjs from each
// FileDescriptorSet), plays at speed 1, pauses (and counts what arrives after the pause was answered), seeks to
// 1.5 s, plays to the end at speed 50, tries a speed out of bounds; then opens BAD_URL and records how it is refused.
// Every check waits for an answer, never for a time.
import wsProtocol from "@foxglove/ws-protocol";
import protobuf from "protobufjs";
import descriptor from "protobufjs/ext/descriptor/index.js";
import WebSocket from "ws";

const { FoxgloveClient } = wsProtocol;

const [url, badUrl] = process.argv.slice(2);
const fail = (why) => {
  process.stderr.write(`check.mjs: ${why}\n`);
  process.exit(1);
};
setTimeout(() => fail("gave up after 90 s (a guard, not a measure)"), 90_000).unref();

const out = { channels: {}, status: [], phases: {} };
const ws = new WebSocket(url, [FoxgloveClient.SUPPORTED_SUBPROTOCOL]);
const client = new FoxgloveClient({ ws });
const roots = new Map(); // channel id -> { topic, root, schemaName }
const subs = new Map(); // subscription id -> topic
let phase = "start";
let lastTime = -1n;
const answers = new Map(); // parameter request id -> resolve

function phaseOf(name) {
  return (out.phases[name] ??= { clocks: 0, scenes: 0, firstClock: null, lastClock: null, ordered: true, timed: true });
}

client.on("error", (e) => fail(`client error: ${e}`));
client.on("close", (e) => {
  if (!out.done) fail(`closed: ${e.code} ${e.reason}`);
});
client.on("serverInfo", (info) => {
  out.subprotocol = ws.protocol;
  out.serverInfo = info;
});
client.on("status", (s) => out.status.push(s.message));
client.on("time", (t) => {
  lastTime = t.timestamp;
  (out.times ??= []).length < 5 && out.times.push(t.timestamp.toString());
  if (phase === "sought" && out.timeAfterSeek === undefined) out.timeAfterSeek = t.timestamp.toString();
});
client.on("parameterValues", (p) => {
  const values = Object.fromEntries(p.parameters.map((x) => [x.name, x.value]));
  if (p.id === undefined) {
    (out.unasked ??= []).push(values);
    if (values["playback.playing"] === false && phase === "to-end") answers.get("end")?.(values);
    return;
  }
  answers.get(p.id)?.(values);
});
client.on("message", (m) => {
  const topic = subs.get(m.subscriptionId);
  const c = [...roots.values()].find((r) => r.topic === topic);
  const type = c.root.lookupType(c.schemaName);
  const decoded = type.decode(new Uint8Array(m.data.buffer, m.data.byteOffset, m.data.byteLength));
  const p = phaseOf(phase);
  if (topic === "/foxglove/scene") {
    p.scenes++;
    p.sceneEntities = decoded.entities.map((e) => e.id);
    return;
  }
  const sim = BigInt(decoded.sim.sec) * 1_000_000_000n + BigInt(decoded.sim.nsec);
  if (sim !== m.timestamp) p.timed = false; // the receive time is the recorded log time, the Clock's sim time
  if (p.lastClock !== null && BigInt(p.lastClock) > m.timestamp) p.ordered = false;
  if (lastTime !== m.timestamp) p.timed = false; // a time frame of its time came before it
  p.firstClock ??= m.timestamp.toString();
  p.lastClock = m.timestamp.toString();
  p.clocks++;
});

function ask(id, send) {
  return new Promise((resolve) => {
    answers.set(id, resolve);
    send();
  });
}
const set = (id, parameters) => ask(id, () => client.setParameters(parameters, id));
const get = (id) => ask(id, () => client.getParameters([], id));

client.on("advertise", async (list) => {
  for (const c of list) {
    out.channels[c.topic] = { encoding: c.encoding, schemaName: c.schemaName, schemaEncoding: c.schemaEncoding };
    const set = descriptor.FileDescriptorSet.decode(Buffer.from(c.schema, "base64"));
    roots.set(c.id, { topic: c.topic, schemaName: c.schemaName, root: protobuf.Root.fromDescriptor(set) });
  }
  for (const [id, c] of roots) subs.set(client.subscribe(id), c.topic);
  try {
    await run();
  } catch (e) {
    fail(e.stack ?? String(e));
  }
});

async function run() {
  out.initial = await get("initial");
  phase = "playing";
  out.played = await set("play", [{ name: "playback.playing", value: true }]);
  while (phaseOf("playing").clocks < 20) await new Promise((r) => setTimeout(r, 5));
  out.paused = await set("pause", [{ name: "playback.playing", value: false }]);
  phase = "after-pause";
  out.afterPause = await get("after-pause");
  phaseOf("after-pause");
  phase = "sought";
  out.sought = await set("seek", [{ name: "playback.time", value: 1.5 }]);
  out.badSpeed = await set("bad-speed", [{ name: "playback.speed", value: 1000 }]);
  phase = "to-end";
  const ended = new Promise((resolve) => answers.set("end", resolve));
  await set("fast", [
    { name: "playback.speed", value: 50 },
    { name: "playback.playing", value: true },
  ]);
  out.ended = await ended;
  out.done = true;
  client.close();
  out.refused = await refusal(badUrl);
  process.stdout.write(JSON.stringify(out));
  process.exit(0);
}

function refusal(bad) {
  return new Promise((resolve) => {
    const w = new WebSocket(bad, [FoxgloveClient.SUPPORTED_SUBPROTOCOL]);
    const c = new FoxgloveClient({ ws: w });
    const seen = { status: [] };
    c.on("status", (s) => seen.status.push(s.message));
    c.on("error", () => {});
    c.on("close", (e) => resolve({ ...seen, code: e.code }));
  });
}
