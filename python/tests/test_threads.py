"""Games written in Python, solved from several threads at once; a ruleset that calls the engine
back; limits that hold however slow options() is; Ctrl-C that stops one call only."""

import os
import signal
import threading
import time

import numpy as np
import pytest

import grundy
from conftest import PyNim, SANITIZED


class GeneratorNim(grundy.Ruleset):
    """Two-heap Nim whose options() is a generator: it runs, one option at a time, while the
    engine reads it, so another thread may get the GIL in the middle."""
    coordinates = ("x", "y")
    options_precede = True

    def options(self, pos):
        x, y = pos
        for k in range(x):
            yield (k, y)
        for k in range(y):
            yield (x, k)


def run_threads(count, target):
    """Runs target(i) on `count` threads; their results (an exception where one was raised),
    after every thread has ended within two minutes."""
    results = [None] * count

    def body(i):
        try:
            results[i] = target(i)
        except BaseException as e:  # noqa: B036 (reported to the test)
            results[i] = e

    threads = [threading.Thread(target=body, args=(i,), daemon=True) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
        assert not t.is_alive(), "a thread still runs after two minutes: the calls wait on each other"
    return results


def test_one_python_game_solved_from_four_threads_gives_the_right_tables():
    g = grundy.game(GeneratorNim())
    want = grundy.game("nim -p heaps=2").table(24)
    results = run_threads(4, lambda i: [g.table(24) for _ in range(6)])
    for r in results:
        assert not isinstance(r, BaseException), repr(r)
        for t in r:
            np.testing.assert_array_equal(t, want)


def test_every_call_of_a_python_game_from_several_threads_agrees_with_the_built_in_game():
    g = grundy.game(GeneratorNim()).with_pass()
    nim = grundy.game("nim -p heaps=2 --pass")
    calls = [
        lambda: g.solve(12),
        lambda: g.ppos(12),
        lambda: g.values([(3, 5, 1), (7, 7, 0), (11, 2, 1)]),
        lambda: g.value((9, 6, 1)),
        lambda: [m["grundy"] for m in g.moves((5, 4, 1))],
    ]
    want = [nim.solve(12), nim.ppos(12), nim.values([(3, 5, 1), (7, 7, 0), (11, 2, 1)]), nim.value((9, 6, 1)),
            [m["grundy"] for m in nim.moves((5, 4, 1))]]
    results = run_threads(8, lambda i: [calls[(i + k) % len(calls)]() for k in range(10)])
    for i, r in enumerate(results):
        assert not isinstance(r, BaseException), repr(r)
        for k, got in enumerate(r):
            np.testing.assert_array_equal(np.asarray(got), np.asarray(want[(i + k) % len(calls)]))


class CallsBack(grundy.Ruleset):
    """options() asks the engine for a value of the game being solved."""
    coordinates = ("x",)
    options_precede = True

    def options(self, pos):
        if pos[0] > 0:
            self.game.value((pos[0] - 1,))
        return [(k,) for k in range(pos[0])]


def test_a_ruleset_that_calls_the_engine_back_is_refused_not_deadlocked():
    r = CallsBack()
    r.game = grundy.game(r)
    results = run_threads(1, lambda i: r.game.value((5,)))
    assert isinstance(results[0], ValueError), repr(results[0])
    assert "called grundy back" in str(results[0])
    assert len(str(results[0]).splitlines()) == 1


class SlowOptions(grundy.Ruleset):
    """Half a second an options() call."""
    coordinates = ("x",)
    options_precede = True

    def options(self, pos):
        time.sleep(0.5)
        return [(k,) for k in range(pos[0])]


@pytest.mark.parametrize("call", ["value", "table"])
def test_the_deadline_holds_between_slow_options_calls(call):
    g = grundy.game(SlowOptions())
    start = time.monotonic()
    with pytest.raises(TimeoutError, match="max_seconds=1"):
        if call == "value":
            g.value((100,), max_seconds=1)
        else:
            g.table(100, max_seconds=1)
    # One call of options() may be under way at the deadline: 1 s, plus half a second, plus slack.
    assert time.monotonic() - start < (6 if SANITIZED else 3)


def test_ctrl_c_in_one_thread_stops_that_call_and_no_other():
    other = {}

    def background():
        # A solve of a few seconds on a worker thread of its own, with no deadline.
        try:
            other["table"] = grundy.game("nim -p heaps=2 --forbid 'total % 7 == 3'").table(1500)
        except BaseException as e:  # noqa: B036
            other["error"] = e

    t = threading.Thread(target=background)
    t.start()
    time.sleep(0.2)
    timer = threading.Timer(0.3, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        grundy.game("queen", misere=True).table(3000)
    timer.join()
    t.join(300)
    assert "error" not in other, repr(other.get("error"))
    want = grundy.game("nim -p heaps=2 --forbid 'total % 7 == 3'").table(1500)
    np.testing.assert_array_equal(other["table"], want)


def test_a_memory_limit_past_the_range_is_a_value_error():
    g = grundy.game("nim -p heaps=2")
    for bad in (2**70, 2**51, 0, -5):
        with pytest.raises(ValueError, match="max_memory"):
            g.table(4, max_memory=bad)


class Stateful(grundy.Ruleset):
    """A position's options lose one the second time they are asked for: no game."""
    coordinates = ("x",)

    def __init__(self):
        self.asked = {}

    def options(self, pos):
        self.asked[pos] = self.asked.get(pos, 0) + 1
        return [(k,) for k in range(self.asked[pos] - 1, pos[0])]


def test_options_that_change_between_calls_are_named_in_one_line():
    with pytest.raises(ValueError) as e:
        grundy.game(Stateful()).value((30,))
    text = str(e.value)
    assert "changed between two calls" in text and "Stateful" in text
    assert len(text.splitlines()) == 1
