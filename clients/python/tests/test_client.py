"""The orrery client against a real server on worlds/cartpole.sdf with 8 worlds (ORRERY_URL names its /api/vector).

Runs with the standard library's unittest and NumPy only; PythonClientTests starts the server and runs it.
"""

import os
import sys
import unittest

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import orrery  # noqa: E402
from orrery import AutoresetMode  # noqa: E402

URL = os.environ.get("ORRERY_URL")


def setUpModule():
    if not URL:
        raise RuntimeError("ORRERY_URL must name a server's /api/vector (ws://host:port/api/vector)")


def push(obs):
    """A controller that depends on the state, so any difference shows in every later step.

    Element by element, not `obs @ gains`: NumPy's matrix product sums a row in an order that depends on how many rows
    there are (one row and eight take different kernels), so its last bits would differ between N=1 and N=8 before
    the server saw an action. Products and sums of float32 elements are correctly rounded whatever the array's size.
    """
    o = obs.astype(np.float32)
    u = o[:, 0] * np.float32(1) + o[:, 1] * np.float32(2) + o[:, 2] * np.float32(30) + o[:, 3] * np.float32(5)
    return np.clip(u, -10, 10).astype(np.float32).reshape(-1, 1)


class VectorEnvTests(unittest.TestCase):

    def test_spaces_come_from_the_servers_task(self):
        with_env = orrery.make_vec(URL, num_envs=4)
        try:
            space = with_env.single_observation_space
            self.assertEqual(space.shape, (4,))
            self.assertEqual(space.dtype, np.float32)
            self.assertAlmostEqual(float(space.low[0]), -4.8, places=6)
            self.assertEqual(space.high[1], np.inf)
            self.assertEqual(with_env.single_action_space.shape, (1,))
            self.assertEqual(float(with_env.single_action_space.high[0]), 10.0)
            self.assertEqual(with_env.observation_space.shape, (4, 4))
            self.assertEqual(with_env.action_space.shape, (4, 1))
            self.assertEqual(with_env.metadata["autoreset_mode"], AutoresetMode.NEXT_STEP)
            self.assertEqual(with_env.num_envs, 4)
        finally:
            with_env.close()

    def test_reset_and_step_have_gymnasiums_shapes_and_dtypes(self):
        env = orrery.make_vec(URL, num_envs=3)
        try:
            obs, infos = env.reset(seed=11)
            self.assertEqual(obs.shape, (3, 4))
            self.assertEqual(obs.dtype, np.float32)
            self.assertEqual(infos, {})
            self.assertTrue(np.all(np.abs(obs[:, [0, 2]]) < 0.05), obs)
            again, _ = env.reset(seed=[11, 12, 13])
            np.testing.assert_array_equal(again, obs, "an int seed is seed + i per world")
            obs, rewards, terminations, truncations, infos = env.step(np.zeros((3, 1), np.float32))
            self.assertEqual(rewards.dtype, np.float64)
            self.assertEqual(rewards.shape, (3,))
            self.assertEqual(terminations.dtype, np.bool_)
            self.assertEqual(truncations.dtype, np.bool_)
            self.assertEqual(terminations.shape, (3,))
            np.testing.assert_array_equal(rewards, [1.0, 1.0, 1.0])
            self.assertEqual(infos, {})
        finally:
            env.close()

    def test_a_worlds_episode_is_the_same_bits_alone_or_among_eight(self):
        def episode(n):
            env = orrery.make_vec(URL, num_envs=n)
            try:
                obs, _ = env.reset(seed=[7] + [100 + i for i in range(n - 1)])
                trace = [obs[0].tobytes()]
                for _ in range(120):
                    obs, rewards, _, _, _ = env.step(push(obs))
                    trace.append(obs[0].tobytes() + rewards[0].tobytes())
                return trace
            finally:
                env.close()
        self.assertEqual(episode(1), episode(8))

    def test_next_step_resets_on_the_step_after_the_end(self):
        env = orrery.make_vec(URL, num_envs=2)
        try:
            env.reset(seed=1)
            for _ in range(500):
                obs, rewards, terminations, truncations, _ = env.step(np.array([[10], [0]], np.float32))
                if terminations[0]:
                    break
            self.assertTrue(terminations[0], "pushed right all along, the pole falls")
            self.assertEqual(rewards[0], 1.0)
            obs, rewards, terminations, truncations, infos = env.step(np.array([[10], [0]], np.float32))
            self.assertEqual(rewards[0], 0.0)
            self.assertFalse(terminations[0] or truncations[0])
            self.assertLess(abs(obs[0, 2]), 0.05, "the reset's observation")
            self.assertEqual(rewards[1], 1.0)
            self.assertEqual(infos, {})
        finally:
            env.close()

    def test_same_step_puts_the_final_observation_in_the_infos(self):
        env = orrery.make_vec(URL, num_envs=2, autoreset_mode=AutoresetMode.SAME_STEP)
        try:
            self.assertEqual(env.metadata["autoreset_mode"], AutoresetMode.SAME_STEP)
            env.reset(seed=1)
            for _ in range(500):
                obs, rewards, terminations, truncations, infos = env.step(np.array([[10], [0]], np.float32))
                if terminations[0]:
                    break
            self.assertTrue(terminations[0])
            self.assertEqual(sorted(infos), ["_final_info", "_final_obs", "final_info", "final_obs"])
            np.testing.assert_array_equal(infos["_final_obs"], [True, False])
            np.testing.assert_array_equal(infos["_final_info"], [True, False])
            self.assertEqual(infos["final_obs"].dtype, object)
            self.assertIsNone(infos["final_obs"][1])
            final = infos["final_obs"][0]
            self.assertEqual(final.shape, (4,))
            self.assertTrue(abs(final[2]) > 0.2094 or abs(final[0]) > 2.4, final)
            self.assertLess(abs(obs[0, 2]), 0.05, "the observation is the reset's")
        finally:
            env.close()

    def test_disabled_waits_for_a_reset_by_mask(self):
        env = orrery.make_vec(URL, num_envs=2, autoreset_mode=AutoresetMode.DISABLED)
        try:
            before, _ = env.reset(seed=1)
            for _ in range(500):
                obs, _, terminations, _, _ = env.step(np.array([[10], [0]], np.float32))
                if terminations[0]:
                    break
            self.assertTrue(terminations[0])
            with self.assertRaises(AssertionError):
                env.step(np.zeros((2, 1), np.float32))
            with self.assertRaises(AssertionError):
                env.reset(options={"reset_mask": [True, False]})
            with self.assertRaises(AssertionError):
                env.reset(options={"reset_mask": np.array([False, False])})
            after, _ = env.reset(options={"reset_mask": np.array([True, False])})
            np.testing.assert_array_equal(after[1], obs[1], "the world left out keeps its state")
            self.assertLess(abs(after[0, 2]), 0.05)
            _, rewards, _, _, _ = env.step(np.zeros((2, 1), np.float32))
            np.testing.assert_array_equal(rewards, [1.0, 1.0])
        finally:
            env.close()

    def test_worlds_spread_over_several_urls_step_as_one(self):
        spread = orrery.make_vec([URL, URL], num_envs=3)
        whole = orrery.make_vec(URL, num_envs=3)
        try:
            self.assertEqual([c.n for c in spread.connections], [2, 1])
            a, _ = spread.reset(seed=5)
            b, _ = whole.reset(seed=5)
            np.testing.assert_array_equal(a, b)
            for _ in range(50):
                a, ra, _, _, _ = spread.step(push(a))
                b, rb, _, _, _ = whole.step(push(b))
            np.testing.assert_array_equal(a, b)
            np.testing.assert_array_equal(ra, rb)
        finally:
            spread.close()
            whole.close()

    def test_more_worlds_than_free_is_refused(self):
        with self.assertRaises(orrery.OrreryError) as refused:
            orrery.make_vec(URL, num_envs=9)
        self.assertEqual(refused.exception.status, 409)


class EnvTests(unittest.TestCase):

    def test_one_world_as_a_gymnasium_env(self):
        env = orrery.make(URL)
        try:
            obs, info = env.reset(seed=3)
            self.assertEqual(obs.shape, (4,))
            self.assertEqual(obs.dtype, np.float32)
            self.assertEqual(info, {})
            obs, reward, terminated, truncated, info = env.step(np.array([1.0], np.float32))
            self.assertIsInstance(reward, float)
            self.assertIsInstance(terminated, bool)
            self.assertIsInstance(truncated, bool)
            self.assertEqual(reward, 1.0)
            same, _ = env.reset(seed=3)
            other = orrery.make_vec(URL, num_envs=1)
            try:
                vec, _ = other.reset(seed=3)
                np.testing.assert_array_equal(same, vec[0])
            finally:
                other.close()
        finally:
            env.close()


class ExampleTests(unittest.TestCase):

    def test_the_cartpole_example_balances_for_whole_episodes(self):
        sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples"))
        import cartpole
        finished = cartpole.run(URL, envs=8, steps=600, seed=0)
        self.assertEqual(len(finished), 8, "every world truncated once at 500 steps")
        self.assertEqual(finished, [500.0] * 8)


if __name__ == "__main__":
    unittest.main()
