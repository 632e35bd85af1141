"""One server's share of the worlds: the JSON ops and the binary step over one WebSocket."""

import json

import numpy as np

from . import _frames
from ._websocket import BINARY, TEXT, WebSocket


class OrreryError(RuntimeError):
    """The server refused a request: its status (400, 404, 409, 503) and detail."""

    def __init__(self, url, answer):
        super().__init__("%s: %s %s" % (url, answer.get("status"), answer.get("detail")))
        self.status = answer.get("status")
        self.detail = answer.get("detail")


class Connection:
    """Holds `count` worlds of one server (or the worlds named) in one autoreset mode until closed."""

    def __init__(self, url, count=None, worlds=None, autoreset="next-step", token=None, timeout=60):
        self.url = url
        self.socket = WebSocket(url, token=token, timeout=timeout)
        self.next_id = 0
        request = {"autoreset": autoreset}
        if worlds is not None:
            request["worlds"] = list(worlds)
        else:
            request["count"] = count
        opened = self.call("open", **request)
        self.worlds = opened["worlds"]
        self.task = opened["task"]
        self.n = len(self.worlds)
        self.width = int(np.prod(self.task["observation"]["shape"]))
        self.action_width = int(np.prod(self.task["action"]["shape"]))

    def call(self, op, **fields):
        """Sends a JSON request and returns its JSON answer; an error answer raises OrreryError."""
        self.next_id += 1
        request = {"op": op, "id": self.next_id}
        request.update(fields)
        self.socket.send_text(json.dumps(request, separators=(",", ":")))
        return self._json(self._receive(TEXT))

    def reset(self, seeds, mask):
        """Resets the worlds mask selects (all when None), each with its seed (None continues its generator)."""
        self.next_id += 1
        request = {"op": "reset", "id": self.next_id, "seeds": seeds, "binary": True}
        if mask is not None:
            request["mask"] = [bool(m) for m in mask]
        self.socket.send_text(json.dumps(request, separators=(",", ":")))
        return self._answer(_frames.RESET_ANSWER)

    def send_step(self, actions):
        """Sends a binary step of actions (n, action width); receive_step() reads its answer."""
        self.next_id += 1
        self.socket.send_binary(_frames.step_request(self.next_id, actions))

    def receive_step(self):
        return self._answer(_frames.STEP_ANSWER)

    def close(self):
        self.socket.close()

    def _answer(self, kind):
        answer = _frames.Answer(self._receive(BINARY), self.width)
        if answer.kind != kind or answer.id != self.next_id:
            raise ConnectionError("%s answered request %d of kind %d, expected %d of kind %d"
                                  % (self.url, answer.id, answer.kind, self.next_id, kind))
        if len(answer.rewards) != self.n:
            raise ConnectionError("%s answered for %d worlds, %d held" % (self.url, len(answer.rewards), self.n))
        return answer

    def _receive(self, expected):
        opcode, payload = self.socket.receive()
        if opcode == TEXT and expected == BINARY:
            self._json(payload)  # an error answer raises
            raise ConnectionError("%s answered in JSON where a binary frame was expected" % self.url)
        if opcode != expected:
            raise ConnectionError("%s answered with a binary frame where JSON was expected" % self.url)
        return payload

    def _json(self, payload):
        answer = json.loads(payload)
        if answer.get("op") == "error":
            raise OrreryError(self.url, answer)
        return answer
