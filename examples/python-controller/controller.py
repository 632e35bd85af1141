#!/usr/bin/env python3
"""A controller in the loop for Orrery with nothing but Python's standard library.

Two ways to drive a paused world in lockstep, as docs/controller.md describes them:

* ControlSocket: the control WebSocket /api/control (RFC 6455 framing by hand over one blocking socket), with a
  hold on the simulation: acquire, reset, step, observe, release.
* HttpStepper: POST /api/simulation/step over one keep-alive HTTP/1.1 connection (http.client).

Run against a server on diff_drive.sdf (paused):

    python3 controller.py drive [ws://localhost:8080/api/control]   # 1 s forward, then prints the odometry
    python3 controller.py bench [ws://localhost:8080/api/control] [--trips N] [--warmup N] [--http]

bench steps one step per round trip, publishing vehicle_blue's cmd_vel and observing both vehicles' odometry, and
prints round trips per second and the round trip's percentiles (the figures in docs/performance.md).
"""

import argparse
import base64
import hashlib
import http.client
import json
import os
import socket
import struct
import sys
import time
import urllib.parse

GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
MAX_FRAME = 1 << 24  # the longest answer this client accepts, bytes

CMD_VEL = "/model/vehicle_blue/cmd_vel"
ODOMETRY = ["/model/vehicle_blue/odometry", "/model/vehicle_green/odometry"]


class ControlError(Exception):
    """An answer of op 'error': its status (400, 404, 409, 503) and detail."""

    def __init__(self, answer):
        super().__init__("%s %s" % (answer.get("status"), answer.get("detail")))
        self.answer = answer


class ControlSocket:
    """The control WebSocket, one request at a time: call() sends a request and returns its answer."""

    def __init__(self, url="ws://localhost:8080/api/control", token=None, timeout=30):
        u = urllib.parse.urlsplit(url)
        if u.scheme != "ws":
            raise ValueError("expected a ws:// URL, got " + url)
        self.sock = socket.create_connection((u.hostname, u.port or 80), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.reader = self.sock.makefile("rb")
        self.next_id = 0
        key = base64.b64encode(os.urandom(16))
        path = (u.path or "/") + ("?" + u.query if u.query else "")
        lines = ["GET %s HTTP/1.1" % path, "Host: %s" % u.netloc, "Upgrade: websocket", "Connection: Upgrade",
                 "Sec-WebSocket-Key: " + key.decode(), "Sec-WebSocket-Version: 13"]
        if token:
            lines.append("Authorization: Bearer " + token)
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        status = self.reader.readline()
        headers = {}
        while True:
            line = self.reader.readline()
            if line in (b"\r\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if b" 101 " not in status:
            raise ConnectionError("the handshake was refused: " + status.decode("latin-1").strip())
        expected = base64.b64encode(hashlib.sha1(key + GUID).digest()).decode()
        if headers.get("sec-websocket-accept") != expected:
            raise ConnectionError("the server answered the handshake with the wrong key")

    def call(self, op, **fields):
        """Sends {"op": op, "id": n, **fields} and returns its answer; an answer of op 'error' raises."""
        self.next_id += 1
        request = {"op": op, "id": self.next_id}
        request.update(fields)
        self.send_text(json.dumps(request, separators=(",", ":")))
        answer = json.loads(self.receive_text())
        if answer.get("op") == "error":
            raise ControlError(answer)
        return answer

    def send_text(self, text):
        self._send(0x1, text.encode())

    def receive_text(self):
        """The next text message; pings are answered, fragments joined, a close raises."""
        parts = []
        while True:
            fin, opcode, payload = self._frame()
            if opcode == 0x9:  # ping: pong with the same payload
                self._send(0xA, payload)
            elif opcode == 0xA:  # an unasked pong
                continue
            elif opcode == 0x8:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                raise ConnectionError("the server closed the connection: %d %s"
                                      % (code, payload[2:].decode(errors="replace")))
            else:
                parts.append(payload)
                if fin:
                    return b"".join(parts).decode()

    def close(self):
        try:
            self._send(0x8, struct.pack("!H", 1000))
        finally:
            self.sock.close()

    def _send(self, opcode, payload):
        n = len(payload)
        if n < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 1 << 16:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        mask = os.urandom(4)
        # XOR with the repeated mask as one big integer: done in C, not a Python loop over the bytes
        masked = (int.from_bytes(payload, "big") ^ int.from_bytes((mask * (n // 4 + 1))[:n], "big")).to_bytes(n, "big")
        self.sock.sendall(header + mask + masked)

    def _frame(self):
        head = self._read(2)
        fin, opcode, n = head[0] & 0x80, head[0] & 0x0F, head[1] & 0x7F
        if n == 126:
            n = struct.unpack("!H", self._read(2))[0]
        elif n == 127:
            n = struct.unpack("!Q", self._read(8))[0]
        if n > MAX_FRAME:
            raise ConnectionError("a frame of %d bytes, more than this client takes" % n)
        return fin, opcode, self._read(n)

    def _read(self, n):
        data = self.reader.read(n)
        if len(data) < n:
            raise ConnectionError("the server closed the connection")
        return data


class _NoDelayConnection(http.client.HTTPConnection):
    """http.client's connection, with Nagle off on every socket it opens (Tomcat closes one every 100 requests)."""

    def connect(self):
        super().connect()
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class HttpStepper:
    """POST /api/simulation/step on one keep-alive connection; refused (409) while a controller holds the world."""

    def __init__(self, base="http://localhost:8080", token=None, timeout=30):
        u = urllib.parse.urlsplit(base)
        self.conn = _NoDelayConnection(u.hostname, u.port or 80, timeout=timeout)
        self.headers = {"Content-Type": "application/json"}
        if token:
            self.headers["Authorization"] = "Bearer " + token

    def step(self, **body):
        self.conn.request("POST", "/api/simulation/step", json.dumps(body, separators=(",", ":")), self.headers)
        r = self.conn.getresponse()
        text = r.read()
        if r.status != 200:
            raise ControlError({"status": r.status, "detail": text.decode(errors="replace")})
        return json.loads(text)

    def close(self):
        self.conn.close()


def twist(x, yaw_rate):
    return {"linear": {"x": x}, "angular": {"z": yaw_rate}}


def drive(url):
    """Drives vehicle_blue forward at 0.5 m/s for 1 s of sim time and prints where its odometry says it is."""
    control = ControlSocket(url)
    try:
        control.call("acquire")
        control.call("reset")
        answer = control.call("step", count=1000, publish={CMD_VEL: twist(0.5, 0)}, observe=[ODOMETRY[0]])
        control.call("release")
    finally:
        control.close()
    pose = answer["observations"][ODOMETRY[0]]["message"]["pose"]["position"]
    print("sim time %.3f s, vehicle_blue's odometry x %.4f y %.4f" % (answer["simTime"], pose.get("x", 0.0),
                                                                        pose.get("y", 0.0)))


def check(answer, steps):
    """Each answer is the world one step further than the last, from the reset."""
    if answer["iterations"] != steps:
        raise AssertionError("expected %d steps, the world made %d" % (steps, answer["iterations"]))


def bench(url, trips, warmup, over_http):
    """One step per round trip; prints RESULT kind=... rate=... p50_us=... p90_us=... p99_us=... cpu_us=..."""
    control = ControlSocket(url)
    control.call("acquire")
    control.call("reset")
    body = {"count": 1, "publish": {CMD_VEL: twist(0.5, 0.2)}, "observe": ODOMETRY}
    if over_http:
        # the hold would refuse HTTP steps (409); the socket is closed, not left idle for the server's pings
        control.call("release")
        control.close()
        u = urllib.parse.urlsplit(url)
        stepper = HttpStepper("http://%s" % u.netloc)
        step = lambda: stepper.step(**body)
    else:
        step = lambda: control.call("step", **body)
    for n in range(1, warmup + 1):
        check(step(), n)
    times = []
    cpu0 = time.process_time()
    start = time.perf_counter()
    for n in range(warmup + 1, warmup + trips + 1):
        t0 = time.perf_counter_ns()
        answer = step()
        times.append(time.perf_counter_ns() - t0)
        check(answer, n)
    elapsed = time.perf_counter() - start
    cpu = (time.process_time() - cpu0) / trips * 1e6
    if over_http:
        stepper.close()
    else:
        control.call("release")
        control.close()
    times.sort()
    at = lambda q: times[min(len(times) - 1, int(q * len(times)))] / 1e3
    print("RESULT kind=%s trips=%d rate=%.1f p50_us=%.0f p90_us=%.0f p99_us=%.0f max_us=%.0f client_cpu_us=%.1f"
          % ("http" if over_http else "websocket", trips, trips / elapsed, at(0.5), at(0.9), at(0.99), times[-1] / 1e3,
             cpu))


def main(argv):
    parser = argparse.ArgumentParser(description="A controller in the loop for Orrery (standard library only).")
    parser.add_argument("what", choices=["drive", "bench"])
    parser.add_argument("url", nargs="?", default="ws://localhost:8080/api/control")
    parser.add_argument("--trips", type=int, default=20000, help="bench: measured round trips")
    parser.add_argument("--warmup", type=int, default=5000, help="bench: round trips before measuring")
    parser.add_argument("--http", action="store_true", help="bench: step over HTTP instead of the WebSocket")
    a = parser.parse_args(argv)
    if a.what == "drive":
        drive(a.url)
    else:
        bench(a.url, a.trips, a.warmup, a.http)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
