"""Gymnasium 1.x environments stepped by an Orrery server (docs/vector-lockstep.md).

    import orrery
    env = orrery.make("ws://localhost:8080/api/vector")                 # one world, a gymnasium.Env
    envs = orrery.make_vec("ws://localhost:8080/api/vector", num_envs=64)  # a gymnasium.vector.VectorEnv

Both read their observation and action spaces from the server's task. Standard library and NumPy only; with
Gymnasium installed they subclass its Env and VectorEnv and their spaces are its Box.
"""

from ._connection import OrreryError
from .env import OrreryEnv
from .vector import AutoresetMode, OrreryVectorEnv

__all__ = ["AutoresetMode", "OrreryEnv", "OrreryError", "OrreryVectorEnv", "make", "make_vec"]
__version__ = "0.1.0"


def make(url, world=None, token=None, timeout=60):
    """One world of the server at url (ws://host:port/api/vector): a free one, or the one whose id is given."""
    return OrreryEnv(url, world=world, token=token, timeout=timeout)


def make_vec(url_or_urls, num_envs=1, autoreset_mode=AutoresetMode.NEXT_STEP, token=None, timeout=60):
    """num_envs worlds, spread evenly over one server URL or a list of them, stepped in one round trip per server."""
    return OrreryVectorEnv(url_or_urls, num_envs, autoreset_mode=autoreset_mode, token=token, timeout=timeout)
