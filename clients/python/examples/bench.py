#!/usr/bin/env python3
"""Steps every world of a server's task with zero actions as fast as one client can: env-steps per second and the
round trip's p50 and p99, for Benchmarks' vector case (docs/performance.md).

    python3 clients/python/examples/bench.py ws://localhost:8080/api/vector --envs 64 --steps 2000
"""

import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import orrery  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", nargs="?", default="ws://localhost:8080/api/vector")
    parser.add_argument("--envs", type=int, default=1)
    parser.add_argument("--steps", type=int, default=2000)
    parser.add_argument("--warmup", type=int, default=200)
    args = parser.parse_args()
    env = orrery.make_vec(args.url, num_envs=args.envs)
    try:
        env.reset(seed=0)
        actions = np.zeros(env.action_space.shape, np.float32)
        for _ in range(args.warmup):
            env.step(actions)
        times = np.empty(args.steps)
        start = time.perf_counter()
        for i in range(args.steps):
            t = time.perf_counter()
            env.step(actions)
            times[i] = time.perf_counter() - t
        elapsed = time.perf_counter() - start
    finally:
        env.close()
    print("RESULT envs=%d steps=%d env_steps_per_s=%.0f round_trips_per_s=%.0f p50_us=%.0f p99_us=%.0f"
          % (args.envs, args.steps, args.envs * args.steps / elapsed, args.steps / elapsed,
             np.percentile(times, 50) * 1e6, np.percentile(times, 99) * 1e6))


if __name__ == "__main__":
    main()
