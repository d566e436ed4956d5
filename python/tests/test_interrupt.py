"""Ctrl-C and deadlines during long solves, for built-in games (solved on a worker thread, the
GIL released) and games written in Python (solved on the calling thread)."""

import os
import signal
import threading
import time

import pytest

import grundy
from conftest import PyNim


def interrupt_after(seconds):
    """Sends SIGINT to this process after `seconds`, as Ctrl-C does."""
    t = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    t.start()
    return t


SlowNim = PyNim  # a Python callback per position: a 3000^2 table takes minutes


# Each takes far longer than the test waits (minutes at least), and fits in memory. Misere
# play of the queen goes through the generic sweep (its Grundy values take the fast line sweep).
LONG = [
    ("built-in", lambda: grundy.game("queen", misere=True).table(3000)),
    ("python", lambda: grundy.game(SlowNim()).table(3000)),
]


@pytest.mark.parametrize("what,call", LONG, ids=[w for w, _ in LONG])
def test_ctrl_c_stops_a_long_solve(what, call):
    start = time.monotonic()
    timer = interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        call()
    timer.join()
    assert time.monotonic() - start < 30
    # The engine is ready for the next call.
    assert grundy.game("nim -p heaps=2").value((3, 5)) == 6


@pytest.mark.parametrize("what,call", LONG, ids=[w for w, _ in LONG])
def test_deadline_raises_timeout_error(what, call):
    g = grundy.game("queen", misere=True) if what == "built-in" else grundy.game(SlowNim())
    start = time.monotonic()
    with pytest.raises(TimeoutError, match="max_seconds=0.3"):
        g.table(3000, max_seconds=0.3)
    assert time.monotonic() - start < 30
    if what == "built-in":
        assert g.outcome((3, 5)) == g.outcome((5, 3))
    else:
        assert g.value((3, 5)) == 6


def test_other_threads_run_while_the_engine_solves():
    ticks = []
    stop = threading.Event()

    def ticker():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.01)

    t = threading.Thread(target=ticker)
    t.start()
    try:
        with pytest.raises(TimeoutError):
            grundy.game("queen", misere=True).table(3000, max_seconds=0.5)
    finally:
        stop.set()
        t.join()
    assert len(ticks) >= 10  # the GIL was released during the solve
