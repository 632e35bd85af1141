// Connects to Orrery's Foxglove server with Foxglove's own client, as Foxglove's app does, and prints what it saw as
// JSON on stdout: node check.mjs ws://127.0.0.1:PORT/foxglove
// Subscribes to the robot's odometry and the scene, decodes them with the schemas the server advertised
// (protobufjs from each FileDescriptorSet), publishes a Twist on cmd_vel, calls the step service, and reads the
// odometry at the end of the steps.
import wsProtocol from "@foxglove/ws-protocol";
import protobuf from "protobufjs";
import descriptor from "protobufjs/ext/descriptor/index.js";
import WebSocket from "ws";

const { FoxgloveClient } = wsProtocol;

const url = process.argv[2];
const CMD = "/model/vehicle_blue/cmd_vel";
const ODOM = "/model/vehicle_blue/odometry";
const SCENE = "/foxglove/scene";
const STEPS = 2000;

const fail = (why) => {
  process.stderr.write(`check.mjs: ${why}\n`);
  process.exit(1);
};
setTimeout(() => fail("gave up after 60 s (a guard, not a measure)"), 60_000).unref();

const ws = new WebSocket(url, [FoxgloveClient.SUPPORTED_SUBPROTOCOL]);
const client = new FoxgloveClient({ ws });
const out = { channels: {}, services: [] };
const channels = new Map(); // id -> { topic, type }
const subscriptions = new Map(); // subscription id -> channel id
let publisher;
let called = false;

function typeOf(channel) {
  const set = descriptor.FileDescriptorSet.decode(Buffer.from(channel.schema, "base64"));
  return protobuf.Root.fromDescriptor(set);
}

client.on("error", (e) => fail(`client error: ${e}`));
client.on("close", (e) => {
  if (!out.done) fail(`closed: ${e.code} ${e.reason}`);
});
client.on("serverInfo", (info) => {
  out.subprotocol = ws.protocol;
  out.serverInfo = info;
});
client.on("status", (s) => {
  (out.status ??= []).push(s.message);
});
client.on("advertiseServices", (services) => {
  for (const s of services) out.services.push({ id: s.id, name: s.name });
  maybeStart();
});
client.on("advertise", (list) => {
  for (const c of list) {
    out.channels[c.topic] = { encoding: c.encoding, schemaName: c.schemaName, schemaEncoding: c.schemaEncoding };
    channels.set(c.id, { topic: c.topic, schemaName: c.schemaName, root: typeOf(c) });
  }
  maybeStart();
});

function channelOf(topic) {
  for (const [id, c] of channels) if (c.topic === topic) return [id, c];
  return [undefined, undefined];
}

function maybeStart() {
  const [odomId, odom] = channelOf(ODOM);
  const [sceneId] = channelOf(SCENE);
  const step = out.services.find((s) => s.name === "/orrery/step");
  if (called || odomId === undefined || sceneId === undefined || !step) return;
  called = true;
  subscriptions.set(client.subscribe(odomId), odomId);
  subscriptions.set(client.subscribe(sceneId), sceneId);
  publisher = client.advertise({ topic: CMD, encoding: "protobuf", schemaName: "gz.msgs.Twist" });
  // gz.msgs.Twist is in the odometry's schema (odometry.proto imports twist.proto)
  const Twist = odom.root.lookupType("gz.msgs.Twist");
  client.sendMessage(publisher, Twist.encode(Twist.fromObject({ linear: { x: 0.5 } })).finish());
  client.sendServiceCallRequest({
    serviceId: step.id,
    callId: 7,
    encoding: "json",
    data: new TextEncoder().encode(JSON.stringify({ count: STEPS })),
  });
}

client.on("serviceCallResponse", (r) => {
  out.serviceResponse = {
    serviceId: r.serviceId,
    callId: r.callId,
    encoding: r.encoding,
    body: JSON.parse(new TextDecoder().decode(r.data)),
  };
  finishIfDone();
});
client.on("serviceCallFailure", (f) => fail(`service call failed: ${f.message}`));
client.on("time", (t) => {
  out.latestTime = String(t.timestamp);
});
client.on("message", (m) => {
  const channel = channels.get(subscriptions.get(m.subscriptionId));
  const type = channel.root.lookupType(channel.schemaName);
  const bytes = new Uint8Array(m.data.buffer, m.data.byteOffset, m.data.byteLength);
  const message = type.toObject(type.decode(bytes), { longs: String, defaults: true });
  if (channel.topic === ODOM) {
    out.odometry = { receiveTime: String(m.timestamp), x: message.pose.position.x };
  } else if (channel.topic === SCENE) {
    // fields keep their .proto names (frame_id) in a Root built from descriptors
    out.scene = { entities: message.entities.map((e) => e.frame_id ?? e.frameId) };
  }
  finishIfDone();
});

function finishIfDone() {
  if (out.serviceResponse && out.scene && out.odometry && BigInt(out.odometry.receiveTime) >= 2_000_000_000n) {
    out.done = true;
    process.stdout.write(JSON.stringify(out));
    client.close();
    process.exit(0);
  }
}
