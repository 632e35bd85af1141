"""The task's spaces as Gymnasium's Box, or a stand-in with the same fields when Gymnasium is not installed."""

import numpy as np

try:  # Gymnasium is optional: with it, the spaces are its own
    import gymnasium as _gym
except ImportError:  # pragma: no cover - depends on the machine
    _gym = None


class Box:
    """A box in R^shape, as gymnasium.spaces.Box: shape, dtype, low, high, seed(), sample(), contains()."""

    def __init__(self, low, high, shape=None, dtype=np.float32, seed=None):
        self.dtype = np.dtype(dtype)
        shape = tuple(shape) if shape is not None else np.shape(low)
        self.shape = shape
        self.low = np.broadcast_to(np.asarray(low, dtype=self.dtype), shape).copy()
        self.high = np.broadcast_to(np.asarray(high, dtype=self.dtype), shape).copy()
        self.np_random = np.random.default_rng(seed)

    def seed(self, seed=None):
        self.np_random = np.random.default_rng(seed)
        return [seed]

    def sample(self):
        low = np.where(np.isfinite(self.low), self.low, -1.0)
        high = np.where(np.isfinite(self.high), self.high, 1.0)
        return self.np_random.uniform(low, high, self.shape).astype(self.dtype)

    def contains(self, x):
        x = np.asarray(x)
        return x.shape == self.shape and bool(np.all(x >= self.low) and np.all(x <= self.high))

    def __contains__(self, x):
        return self.contains(x)

    def __repr__(self):
        return "Box(%s, %s, %s, %s)" % (self.low.min(), self.high.max(), self.shape, self.dtype)


def box(low, high, shape, dtype):
    """Gymnasium's Box when Gymnasium is installed, else the stand-in."""
    if _gym is not None:
        return _gym.spaces.Box(low=np.asarray(low, dtype), high=np.asarray(high, dtype), shape=tuple(shape),
                               dtype=dtype)
    return Box(low, high, shape, dtype)


def from_json(space):
    """A space from the server's description: {"shape", "dtype", "low", "high"}, null bounds unbounded."""
    shape = tuple(space["shape"])
    low = np.array([-np.inf if v is None else v for v in space["low"]], dtype=np.float64).reshape(shape)
    high = np.array([np.inf if v is None else v for v in space["high"]], dtype=np.float64).reshape(shape)
    return box(low, high, shape, np.dtype(space["dtype"]))


def batched(space, n):
    """n copies of a Box stacked on a leading axis, as gymnasium.vector.utils.batch_space does."""
    low = np.repeat(space.low[np.newaxis], n, axis=0)
    high = np.repeat(space.high[np.newaxis], n, axis=0)
    return box(low, high, (n,) + tuple(space.shape), space.dtype)
