"""Python module costs, medians of --runs runs, in one process so the ratios compare:

1. a 4096^2 table of two-heap Nim: `grundy table ... --out t.npy` (the CLI, a process) against
   grundy.game(...).table(4096) in Python, alone and followed by numpy.save of the same file;
2. the cost per position of Nim written in Python (grundy.Ruleset) against the built-in Nim.

Usage: PYTHONPATH=build/release/python python3 bench/python_bench.py [--grundy build/release/grundy]
"""

import argparse
import os
import statistics
import subprocess
import tempfile
import time

import numpy as np

import grundy


def median_seconds(fn, runs):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


class PyNim(grundy.Ruleset):
    coordinates = ("x", "y")
    options_precede = True

    def options(self, pos):
        x, y = pos
        return [(k, y) for k in range(x)] + [(x, k) for k in range(y)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--grundy", default="build/release/grundy")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--size", type=int, default=4096)
    ap.add_argument("--py-size", type=int, default=256)
    a = ap.parse_args()
    n = a.size
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "t.npy")
        cli = median_seconds(lambda: subprocess.run([a.grundy, "table", "nim", "-p", "heaps=2", "--size", str(n),
                                                     "--out", out], check=True), a.runs)
        g = grundy.game("nim -p heaps=2")
        py = median_seconds(lambda: g.table(n), a.runs)
        py_save = median_seconds(lambda: np.save(out, g.table(n)), a.runs)
    print(f"table nim heaps=2 {n}^2: CLI to npy {cli:.3f} s; Python table() {py:.3f} s ({py / cli:.2f} x CLI); "
          f"table() + numpy.save {py_save:.3f} s ({py_save / cli:.2f} x CLI)")

    m = a.py_size
    cells = m * m
    options = m * m * (m - 1)  # each of the m^2 positions has x + y options; on average m - 1
    py_game = grundy.game(PyNim())
    t_py = median_seconds(lambda: grundy.game(PyNim()).table(m), max(1, a.runs // 2))
    t_builtin = median_seconds(lambda: grundy.game("nim -p heaps=2").table(m), a.runs)
    # Two one-heap Nims added: the same game, through the generic sweep (no fast path).
    generic = grundy.game("nim -p heaps=1") + grundy.game("nim -p heaps=1")
    t_generic = median_seconds(lambda: (grundy.game("nim -p heaps=1") + grundy.game("nim -p heaps=1")).table(m), a.runs)
    assert np.array_equal(generic.table(m), py_game.table(m))
    print(f"Nim {m}^2 ({cells} positions, {options} options): Python-defined {t_py / cells * 1e9:.0f} ns/position "
          f"({t_py / options * 1e9:.0f} ns/option); built-in fast path {t_builtin / cells * 1e9:.1f} ns/position; "
          f"built-in generic sweep (a sum of two one-heap Nims) {t_generic / cells * 1e9:.0f} ns/position; "
          f"Python / generic = {t_py / t_generic:.0f} x")
    assert np.array_equal(py_game.table(32), grundy.game("nim -p heaps=2").table(32))


if __name__ == "__main__":
    main()
