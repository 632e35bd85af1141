"""A Gymnasium 1.x VectorEnv over worlds held on one or more Orrery servers."""

import numpy as np

from . import spaces
from ._connection import Connection

try:
    import gymnasium as _gym
    from gymnasium.vector import AutoresetMode
    _Base = _gym.vector.VectorEnv
except ImportError:  # pragma: no cover - depends on the machine
    _gym = None
    from ._modes import AutoresetMode
    _Base = object

_WIRE = {"NextStep": "next-step", "SameStep": "same-step", "Disabled": "disabled"}


def _mode(mode):
    if isinstance(mode, str):
        return AutoresetMode(mode)
    return AutoresetMode(mode.value)


class OrreryVectorEnv(_Base):
    """num_envs worlds stepped in one round trip per server, with Gymnasium 1.x's VectorEnv semantics.

    reset(seed, options) -> (obs, infos); step(actions) -> (obs, rewards float64 (n,), terminations bool (n,),
    truncations bool (n,), infos), infos a dict of arrays each with its `_key` mask; metadata["autoreset_mode"]
    says when an ended world is reset: NEXT_STEP (the next step resets it, discarding its action, reward 0 and both
    flags False), SAME_STEP (the ending step resets it, its last observation in infos["final_obs"]) or DISABLED
    (reset(options={"reset_mask": mask}) does).
    """

    def __init__(self, urls, num_envs, autoreset_mode=AutoresetMode.NEXT_STEP, token=None, timeout=60):
        urls = [urls] if isinstance(urls, str) else list(urls)
        if not urls:
            raise ValueError("no server URL")
        if int(num_envs) < 1:
            raise ValueError("num_envs must be at least 1, got %r" % (num_envs,))
        self.num_envs = int(num_envs)
        self.autoreset_mode = _mode(autoreset_mode)
        shares = [self.num_envs // len(urls) + (1 if i < self.num_envs % len(urls) else 0) for i in range(len(urls))]
        self.connections = []
        try:
            for url, share in zip(urls, shares):
                if share:
                    self.connections.append(Connection(url, count=share, autoreset=_WIRE[self.autoreset_mode.value],
                                                       token=token, timeout=timeout))
        except BaseException:
            self.close()
            raise
        task = self.connections[0].task
        for c in self.connections[1:]:
            if c.task["observation"] != task["observation"] or c.task["action"] != task["action"]:
                raise ValueError("%s serves a task with other spaces than %s" % (c.url, self.connections[0].url))
        self.task = task
        self.single_observation_space = spaces.from_json(task["observation"])
        self.single_action_space = spaces.from_json(task["action"])
        self.observation_space = spaces.batched(self.single_observation_space, self.num_envs)
        self.action_space = spaces.batched(self.single_action_space, self.num_envs)
        self.metadata = {"autoreset_mode": self.autoreset_mode, "render_modes": []}
        self.render_mode = None
        self.spec = None
        self.closed = False
        self._obs_shape = tuple(task["observation"]["shape"])
        self._action_width = self.connections[0].action_width
        self._ended = np.zeros(self.num_envs, dtype=np.bool_)  # worlds that ended in the last step
        self._offsets = np.cumsum([0] + [c.n for c in self.connections])

    def reset(self, *, seed=None, options=None):
        if seed is None:
            seeds = [None] * self.num_envs
        elif isinstance(seed, (int, np.integer)):
            seeds = [int(seed) + i for i in range(self.num_envs)]
        else:
            seeds = [None if s is None else int(s) for s in seed]
        if len(seeds) != self.num_envs:
            raise AssertionError("If seeds are passed as a list the length must match num_envs=%d but got length=%d."
                                 % (self.num_envs, len(seeds)))
        mask = None
        if options is not None and "reset_mask" in options:
            options = dict(options)
            mask = options.pop("reset_mask")
            if not isinstance(mask, np.ndarray):
                raise AssertionError("`options['reset_mask': mask]` must be a numpy array, got %s" % type(mask))
            if mask.shape != (self.num_envs,):
                raise AssertionError("`options['reset_mask': mask]` must have shape `(%d,)`, got %s"
                                     % (self.num_envs, mask.shape))
            if mask.dtype != np.bool_:
                raise AssertionError("`options['reset_mask': mask]` must have `dtype=np.bool_`, got %s" % mask.dtype)
            if not np.any(mask):
                raise AssertionError("`options['reset_mask': mask]` must contain a boolean array, got reset_mask=%s"
                                     % mask)
        if options:
            raise ValueError("Orrery's environments take no reset options but reset_mask, got %s" % sorted(options))
        if _gym is not None and seed is not None and isinstance(seed, (int, np.integer)):
            self._np_random, self._np_random_seed = _gym.utils.seeding.np_random(int(seed))
        answers = []
        for c, lo, hi in self._shares():
            part = None if mask is None else mask[lo:hi]
            if part is not None and not part.any():
                answers.append(None)
                continue
            answers.append(c.reset(seeds[lo:hi], part))
        for a, (c, lo, hi) in zip(answers, self._shares()):
            if a is not None:
                self._obs[lo:hi] = a.obs.reshape((hi - lo,) + self._obs_shape)
        if mask is None:
            self._ended[:] = False
        else:
            self._ended[mask] = False
        return self._obs.copy(), {}

    def step(self, actions):
        actions = np.asarray(actions, dtype=np.float32).reshape(self.num_envs, self._action_width)
        if self.autoreset_mode == AutoresetMode.DISABLED and self._ended.any():
            raise AssertionError("self._autoreset_envs=%s" % self._ended)
        for c, lo, hi in self._shares():
            c.send_step(actions[lo:hi])
        rewards = np.zeros(self.num_envs, dtype=np.float64)
        terminations = np.zeros(self.num_envs, dtype=np.bool_)
        truncations = np.zeros(self.num_envs, dtype=np.bool_)
        infos = {}
        final = None
        for c, lo, hi in self._shares():
            a = c.receive_step()
            self._obs[lo:hi] = a.obs.reshape((hi - lo,) + self._obs_shape)
            rewards[lo:hi] = a.rewards
            terminations[lo:hi] = a.terminated
            truncations[lo:hi] = a.truncated
            if a.final_obs is not None and a.final.any():
                if final is None:
                    final = np.zeros(self.num_envs, dtype=np.bool_)
                    final_obs = np.full(self.num_envs, fill_value=None, dtype=object)
                for j in np.flatnonzero(a.final):
                    final[lo + j] = True
                    final_obs[lo + j] = a.final_obs[j].reshape(self._obs_shape).copy()
        if final is not None:
            # as Gymnasium's SyncVectorEnv: final_obs an object array of the ended worlds' observations, final_info
            # their (empty) infos, each with its mask
            infos = {"final_obs": final_obs, "_final_obs": final, "final_info": {}, "_final_info": final.copy()}
        self._ended = np.logical_or(terminations, truncations)
        return self._obs.copy(), rewards, terminations, truncations, infos

    def close(self, **kwargs):
        if getattr(self, "closed", False):
            return
        for c in getattr(self, "connections", []):
            c.close()
        self.closed = True

    def close_extras(self, **kwargs):
        self.close()

    @property
    def _obs(self):
        if not hasattr(self, "_obs_buffer"):
            self._obs_buffer = np.zeros((self.num_envs,) + self._obs_shape, dtype=self.single_observation_space.dtype)
        return self._obs_buffer

    def _shares(self):
        for k, c in enumerate(self.connections):
            yield c, int(self._offsets[k]), int(self._offsets[k + 1])

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def __repr__(self):
        return "OrreryVectorEnv(%s, num_envs=%d)" % (", ".join(c.url for c in self.connections), self.num_envs)
