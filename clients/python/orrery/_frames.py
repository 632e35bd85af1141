"""Orrery's binary lockstep frames (docs/vector-lockstep.md): little-endian, a 24-byte header, then arrays."""

import struct

import numpy as np

MAGIC = b"ORV1"
HEADER = struct.Struct("<4sBBHIIII")  # magic, kind, flags, reserved, id, n, width, reserved

STEP_REQUEST = 1
STEP_ANSWER = 2
RESET_ANSWER = 3

FLAG_FINAL = 1  # an answer carries the final observations of the worlds that ended and were reset in it


def step_request(request_id, actions):
    """A step request: actions as float32 (n, width), row per world."""
    actions = np.ascontiguousarray(actions, dtype="<f4")
    n, width = actions.shape
    return HEADER.pack(MAGIC, STEP_REQUEST, 0, 0, request_id, n, width, 0) + actions.tobytes()


class Answer:
    """A decoded step or reset answer: obs (n, width) float32, rewards float64 (n,), flags bool (n,)."""

    __slots__ = ("kind", "id", "obs", "rewards", "terminated", "truncated", "final", "final_obs")

    def __init__(self, payload, width_expected):
        if len(payload) < HEADER.size:
            raise ValueError("a binary answer of %d bytes, shorter than the header" % len(payload))
        magic, kind, flags, _, self.id, n, width, _ = HEADER.unpack_from(payload)
        if magic != MAGIC:
            raise ValueError("not an Orrery lockstep frame (magic %r)" % magic)
        if kind not in (STEP_ANSWER, RESET_ANSWER):
            raise ValueError("a binary frame of kind %d where an answer was expected" % kind)
        if width != width_expected:
            raise ValueError("an answer %d floats wide, the task's observation has %d" % (width, width_expected))
        self.kind = kind
        size = HEADER.size + n * 8 + n * width * 4 + 3 * n + (n * width * 4 if flags & FLAG_FINAL else 0)
        if len(payload) != size:
            raise ValueError("an answer of %d bytes for %d worlds, expected %d" % (len(payload), n, size))
        at = HEADER.size
        self.rewards = np.frombuffer(payload, "<f8", n, at).astype(np.float64)
        at += n * 8
        self.obs = np.frombuffer(payload, "<f4", n * width, at).reshape(n, width)
        at += n * width * 4
        flags_block = np.frombuffer(payload, np.uint8, 3 * n, at).astype(np.bool_)
        self.terminated = flags_block[:n]
        self.truncated = flags_block[n:2 * n]
        self.final = flags_block[2 * n:]
        at += 3 * n
        self.final_obs = (np.frombuffer(payload, "<f4", n * width, at).reshape(n, width)
                          if flags & FLAG_FINAL else None)
