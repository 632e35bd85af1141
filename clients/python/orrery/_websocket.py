"""A blocking RFC 6455 WebSocket client on one socket, standard library only.

Frames from the client are masked as the RFC requires; pings are answered while waiting for a message.
"""

import base64
import hashlib
import os
import socket
import struct
import urllib.parse

_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
MAX_MESSAGE = 1 << 26  # the longest message this client accepts, bytes (64 MiB)

TEXT = 0x1
BINARY = 0x2


class WebSocket:
    """One connection: send_text, send_binary, receive (opcode, payload) of the next data message."""

    def __init__(self, url, token=None, timeout=60):
        u = urllib.parse.urlsplit(url)
        if u.scheme != "ws":
            raise ValueError("expected a ws:// URL, got %r" % url)
        self.url = url
        self.sock = socket.create_connection((u.hostname, u.port or 80), timeout=timeout)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.reader = self.sock.makefile("rb", buffering=1 << 16)
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
            raise ConnectionError("%s refused the WebSocket handshake: %s"
                                  % (url, status.decode("latin-1").strip()))
        expected = base64.b64encode(hashlib.sha1(key + _GUID).digest()).decode()
        if headers.get("sec-websocket-accept") != expected:
            raise ConnectionError("%s answered the handshake with the wrong key" % url)

    def send_text(self, text):
        self._send(TEXT, text.encode())

    def send_binary(self, payload):
        self._send(BINARY, payload)

    def receive(self):
        """The next data message as (opcode, bytes); pings answered, fragments joined, a close raises."""
        parts = []
        first = None
        size = 0
        while True:
            fin, opcode, payload = self._frame()
            if opcode == 0x9:
                self._send(0xA, payload)
            elif opcode == 0xA:
                continue
            elif opcode == 0x8:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                raise ConnectionError("%s closed the connection: %d %s"
                                      % (self.url, code, payload[2:].decode(errors="replace")))
            else:
                if first is None:
                    first = opcode
                size += len(payload)
                if size > MAX_MESSAGE:
                    raise ConnectionError("a message longer than %d bytes" % MAX_MESSAGE)
                parts.append(payload)
                if fin:
                    return first, parts[0] if len(parts) == 1 else b"".join(parts)

    def close(self):
        try:
            self._send(0x8, struct.pack("!H", 1000))
        except OSError:
            pass
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
        self.sock.sendall(header + mask + _masked(payload, mask))

    def _frame(self):
        head = self._read(2)
        fin = head[0] & 0x80
        opcode = head[0] & 0x0F
        n = head[1] & 0x7F
        if n == 126:
            n = struct.unpack("!H", self._read(2))[0]
        elif n == 127:
            n = struct.unpack("!Q", self._read(8))[0]
        if n > MAX_MESSAGE:
            raise ConnectionError("a frame longer than %d bytes" % MAX_MESSAGE)
        if head[1] & 0x80:
            raise ConnectionError("the server masked a frame")
        return fin, opcode, self._read(n)

    def _read(self, n):
        data = self.reader.read(n)
        if len(data) != n:
            raise ConnectionError("%s closed the connection mid-frame" % self.url)
        return data


def _masked(payload, mask):
    """payload XOR the repeated 4-byte mask, with Python's big integers (fast for any length)."""
    n = len(payload)
    if n == 0:
        return b""
    key = (mask * ((n + 3) // 4))[:n]
    return (int.from_bytes(payload, "little") ^ int.from_bytes(key, "little")).to_bytes(n, "little")
