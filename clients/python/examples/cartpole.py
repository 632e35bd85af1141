#!/usr/bin/env python3
"""Balances worlds/cartpole.sdf's pole with a hand-written controller over Orrery's vector WebSocket.

Start a server with N cart-poles, then run this with as many:

    ./mvnw spring-boot:run -Dspring-boot.run.arguments="--orrery.world=worlds/cartpole.sdf --orrery.worlds.count=64"
    python3 clients/python/examples/cartpole.py ws://localhost:8080/api/vector --envs 64 --steps 2000

The controller is a fixed linear state feedback (the push grows with the pole's lean and its rate, and with the
cart's distance and speed from the centre), clipped to the task's ±10 N. It prints the episodes that ended, their
mean return (CartPole-v1 counts 500 as solved) and env-steps per second.
"""

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import orrery  # noqa: E402

GAINS = np.array([1.0, 2.0, 30.0, 5.0], dtype=np.float32)  # x, x', theta, theta': N per m, m/s, rad, rad/s


def run(url, envs, steps, seed):
    env = orrery.make_vec(url, num_envs=envs)
    try:
        obs, _ = env.reset(seed=seed)
        returns = np.zeros(envs)
        finished = []
        start = time.perf_counter()
        for _ in range(steps):
            actions = np.clip(obs @ GAINS, -10, 10).reshape(envs, 1)
            obs, rewards, terminated, truncated, _ = env.step(actions)
            returns += rewards
            for i in np.flatnonzero(terminated | truncated):
                finished.append(returns[i])
                returns[i] = 0
        elapsed = time.perf_counter() - start
    finally:
        env.close()
    mean = float(np.mean(finished)) if finished else float("nan")
    print("RESULT envs=%d steps=%d episodes=%d mean_return=%.1f env_steps_per_s=%.0f"
          % (envs, steps, len(finished), mean, envs * steps / elapsed))
    return finished


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", nargs="?", default="ws://localhost:8080/api/vector")
    parser.add_argument("--envs", type=int, default=1)
    parser.add_argument("--steps", type=int, default=1000, help="batched steps (each steps every env once)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    run(args.url, args.envs, args.steps, args.seed)


if __name__ == "__main__":
    main()
