"""A Gymnasium 1.x Env over one world of an Orrery server."""

import numpy as np

from . import spaces
from ._connection import Connection

try:
    import gymnasium as _gym
    _Base = _gym.Env
except ImportError:  # pragma: no cover - depends on the machine
    _gym = None
    _Base = object


class OrreryEnv(_Base):
    """One world: reset(seed, options) -> (obs, info); step(action) -> (obs, reward float, terminated bool,
    truncated bool, info). An episode that ended is not reset until reset() is called (the server refuses a step)."""

    def __init__(self, url, world=None, token=None, timeout=60):
        worlds = None if world is None else [world]
        self.connection = Connection(url, count=1, worlds=worlds, autoreset="disabled", token=token, timeout=timeout)
        self.task = self.connection.task
        self.world = self.connection.worlds[0]
        self.observation_space = spaces.from_json(self.task["observation"])
        self.action_space = spaces.from_json(self.task["action"])
        self.metadata = {"render_modes": [], "render_fps": round(1 / self.task["stepSeconds"])}
        self.render_mode = None
        self.spec = None
        self._shape = tuple(self.task["observation"]["shape"])

    def reset(self, *, seed=None, options=None):
        if _gym is not None:
            super().reset(seed=seed)
        if options:
            raise ValueError("Orrery's environments take no reset options, got %s" % sorted(options))
        if seed is not None and not isinstance(seed, (int, np.integer)):
            raise TypeError("seed must be an int or None, got %r" % (seed,))
        answer = self.connection.reset([None if seed is None else int(seed)], None)
        return answer.obs[0].reshape(self._shape).copy(), {}

    def step(self, action):
        actions = np.asarray(action, dtype=np.float32).reshape(1, self.connection.action_width)
        self.connection.send_step(actions)
        a = self.connection.receive_step()
        return (a.obs[0].reshape(self._shape).copy(), float(a.rewards[0]), bool(a.terminated[0]),
                bool(a.truncated[0]), {})

    def close(self):
        self.connection.close()
