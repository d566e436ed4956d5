"""Take-and-break (octal) sweeps: grundy against peer solvers, CPU time per heap size.

Programs, run interleaved (A B C D A B C D ...) so that drift in the machine hits all alike:
  grundy   `grundy seq octal --size N --search N --format npy` (GRUNDY_THREADS=--threads);
  kernel   bench/peers/octal_kernel.cpp, our plain scalar sparse-space reference (no '!' codes);
  ogs      P. Beling's Rust library (impartial-games, folder ogs/), RC2 solver, through
           bench/peers/ogs_driver.rs (no '!' codes);
  Czajka   T. Czajka's analyze_exec (octal-games, folder old/src/), built per N from a copy of
           its sources with the sweep length set to N, its stop at a proven period removed (every
           program sweeps exactly N) and a checksum printed at the end; it knows 4!.0 as "grundy".
Each run's values are checked by FNV-1a-64 (every value as 4 little-endian bytes); a mismatch is
reported and makes the exit code 1. Times are user+sys CPU seconds of the child process, so they
include start-up and output; cells are medians over --reps.

Usage: /usr/bin/python3 bench/octal_peers.py --grundy build/release/grundy
         [--ogs IMPARTIAL_GAMES_DIR] [--czajka OCTAL_GAMES_DIR] [--codes 0.77,0.137,0.6,0.16,4!.0]
         [--sizes 16,18,20] [--reps 3] [--threads 1] [--timeout 600] [--peer-limit S]
         [--repeat-under 60] [--work DIR]
"""

import argparse
import hashlib
import math
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OCTAL = re.compile(r"[04]\.[0-7]*")  # what the kernel, ogs and Czajka's parser all read
FNV_LINE = re.compile(r"fnv=([0-9a-f]{16})")
_fnv_cache = {}


def fnv1a64(values):
    data = np.ascontiguousarray(values, dtype="<u4").tobytes()
    key = hashlib.blake2b(data).digest()  # the repeated runs give the same values: hash them once
    if key not in _fnv_cache:
        h = 0xCBF29CE484222325
        for b in data:
            h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
        _fnv_cache[key] = h
    return _fnv_cache[key]


def sh(cmd, **kw):
    print("  $ " + " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True, **kw)


def run(cmd, timeout, env=None):
    """(cpu seconds, stdout) of one run, or None when it ran past the timeout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({p.returncode}): {p.stderr.strip()[-500:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, p.stdout


def find(root, *candidates):
    for c in candidates:
        if os.path.exists(os.path.join(root, c)):
            return os.path.join(root, c)
    raise RuntimeError(f"none of {candidates} under {root}")


class Tool:  # is_peer: ogs and Czajka may be dropped by --peer-limit, grundy and the kernel not
    def __init__(self, name, supports, command, checksum, is_peer=True):
        self.name, self.supports, self.command, self.checksum, self.is_peer = name, supports, command, checksum, is_peer


def grundy_tool(path, work, threads):
    out = os.path.join(work, "grundy.npy")
    env = dict(os.environ, GRUNDY_THREADS=str(threads))

    def command(code, n):
        return [path, "seq", "octal", "-p", f"code={code}", "--size", str(n), "--search", str(n),
                "--format", "npy", "--out", out], env

    def checksum(stdout, n):
        values = np.load(out)
        return fnv1a64(values) if len(values) == n else None
    return Tool("grundy", lambda code: True, command, checksum, is_peer=False)


def parsed_checksum(stdout, n):
    m = FNV_LINE.search(stdout)
    return int(m.group(1), 16) if m and f"n={n} " in stdout else None


def kernel_tool(work):
    exe = os.path.join(work, "octal_kernel")
    sh(["g++", "-O2", "-std=c++20", "-o", exe, os.path.join(HERE, "peers", "octal_kernel.cpp")])
    return Tool("kernel", OCTAL.fullmatch, lambda code, n: ([exe, code, str(n)], None), parsed_checksum,
                is_peer=False)


def ogs_tool(checkout, work):
    lib = find(checkout, "ogs/src/lib.rs", "src/lib.rs")
    # opt-level 3, as `cargo build --release` would build it
    flags = ["rustc", "--edition", "2021", "-C", "opt-level=3"]
    sh(flags + ["--crate-type", "rlib", "--crate-name", "ogs", "--out-dir", work, lib])
    exe = os.path.join(work, "ogs_driver")
    sh(flags + ["--extern", f"ogs={os.path.join(work, 'libogs.rlib')}", "-o", exe,
                os.path.join(HERE, "peers", "ogs_driver.rs")])
    return Tool("ogs", OCTAL.fullmatch, lambda code, n: ([exe, code, str(n), "rc2"], None), parsed_checksum)


CZAJKA_FNV = r"""  analyze_game();
  uint64_t fnv = 0xcbf29ce484222325ull;
  for (uint32_t v : nimbers)
    for (int i = 0; i < 4; ++i) fnv = (fnv ^ ((v >> (8 * i)) & 0xffu)) * 0x100000001b3ull;
  std::printf("n=%llu fnv=%016llx\n", (unsigned long long)nimbers.size(), (unsigned long long)fnv);
}"""


def czajka_tool(checkout, work):
    src = os.path.dirname(find(checkout, "old/src/analyze_exec.cc", "src/analyze_exec.cc"))
    built = {}

    def build(n):
        d = os.path.join(work, f"czajka-{n}")
        shutil.rmtree(d, ignore_errors=True)
        shutil.copytree(src, d)
        path = os.path.join(d, "analyze_exec.cc")
        text = open(path).read()
        for old, new in [("constexpr uint64_t maxn = 1<<28;", f"constexpr uint64_t maxn = {n}ull;"),
                         ("if(check_period()) break;", "check_period();"),
                         ("  analyze_game();\n}", CZAJKA_FNV),
                         ("#include <iostream>", "#include <cstdio>\n#include <iostream>")]:
            if text.count(old) != 1:
                raise RuntimeError(f"Czajka's analyze_exec.cc changed: cannot patch {old!r}")
            text = text.replace(old, new)
        open(path, "w").write(text)
        exe = os.path.join(d, "analyze")
        sh(["g++", "-O2", "-std=c++11", "-pthread", "-o", exe] +
           [os.path.join(d, f) for f in ("analyze_exec.cc", "game.cc", "game_util.cc", "hadamard.cc")])
        return exe

    def command(code, n):
        if n not in built:
            built[n] = build(n)
        return [built[n], "grundy" if code in ("4!.0", "grundy") else code], None

    def supports(code):
        return code in ("4!.0", "grundy") or (OCTAL.fullmatch(code) and len(code) <= 33)

    return Tool("Czajka", supports, command, parsed_checksum)


def fmt(x):
    return "–" if x is None else f"{x:.3g}" if x < 100 else f"{x:.0f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--grundy", default="build/release/grundy")
    ap.add_argument("--ogs", help="a checkout of beling/impartial-games (skipped if not given)")
    ap.add_argument("--czajka", help="a checkout of tczajka/octal-games (skipped if not given)")
    ap.add_argument("--codes", default="0.77,0.137,0.6,0.16,4!.0")
    ap.add_argument("--sizes", default="16,18,20", help="log2 of the heap counts swept")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--threads", type=int, default=1, help="GRUNDY_THREADS for grundy")
    ap.add_argument("--timeout", type=float, default=600, help="seconds a run may take")
    ap.add_argument("--peer-limit", type=float, default=None,
                    help="skip ogs or Czajka at a size when their time, projected from the smaller "
                         "sizes, is over this many seconds (default: --timeout)")
    ap.add_argument("--repeat-under", type=float, default=60,
                    help="a run over this many CPU seconds is not repeated at that size")
    ap.add_argument("--work", help="build and scratch directory (default: a temporary one)")
    a = ap.parse_args()
    codes = a.codes.split(",")
    sizes = sorted(int(s) for s in a.sizes.split(","))
    peer_limit = a.timeout if a.peer_limit is None else a.peer_limit

    with tempfile.TemporaryDirectory() as tmp:
        work = os.path.abspath(a.work or tmp)
        os.makedirs(work, exist_ok=True)
        print("building in " + work, file=sys.stderr)
        tools = [grundy_tool(os.path.abspath(a.grundy), work, a.threads), kernel_tool(work)]
        for name, checkout, make in (("ogs", a.ogs, ogs_tool), ("Czajka", a.czajka, czajka_tool)):
            if checkout:
                try:
                    tools.append(make(os.path.abspath(checkout), work))
                except (subprocess.CalledProcessError, RuntimeError) as e:
                    print(f"!! {name} did not build, left out: {e}", file=sys.stderr)
        return sweep(a, codes, sizes, tools, peer_limit)


def sweep(a, codes, sizes, tools, peer_limit):
    cells = {}  # (code, s, tool name) -> list of CPU seconds, or a note for the table
    mismatches = []
    for code in codes:
        stopped = set()  # tools that failed or ran past the timeout at a smaller size of this code
        for s in sizes:
            n = 1 << s
            live, sums = [], {}
            for t in tools:
                key = (code, s, t.name)
                if not t.supports(code):
                    cells[key] = "n/a"
                elif t.name in stopped:
                    cells[key] = f"> {a.timeout:g} s"
                else:
                    guess = projected(cells, code, sizes, s, t.name)
                    if t.is_peer and guess is not None and guess > peer_limit:
                        cells[key] = f"dropped (~{guess:.3g} s)"
                        print(f"  {t.name} {code} 2^{s}: dropped, ~{guess:.3g} s projected", file=sys.stderr)
                    else:
                        cells[key] = []
                        live.append(t)
            for rep in range(a.reps):
                for t in list(live):
                    key = (code, s, t.name)
                    try:
                        cmd, env = t.command(code, n)
                        r = run(cmd, a.timeout, env)
                    except (subprocess.CalledProcessError, RuntimeError) as e:
                        cells[key] = "failed"
                        stopped.add(t.name)
                        live.remove(t)
                        mismatches.append(f"{t.name} failed on {code} N=2^{s}: {e}")
                        print(f"!! {mismatches[-1]}", file=sys.stderr)
                        continue
                    if r is None:
                        cells[key] = f"> {a.timeout:g} s"
                        stopped.add(t.name)
                        live.remove(t)
                        print(f"  {t.name} {code} 2^{s}: over {a.timeout:g} s", file=sys.stderr)
                        continue
                    cpu, stdout = r
                    cells[key].append(cpu)
                    h = t.checksum(stdout, n)
                    sums.setdefault(t.name, set()).add(h)
                    shown = "no checksum" if h is None else f"fnv {h:016x}"
                    print(f"  {t.name} {code} 2^{s} rep {rep + 1}: {cpu:.3f} s, {shown}", file=sys.stderr)
                    if cpu > a.repeat_under:
                        live.remove(t)
            distinct = {frozenset(v) for v in sums.values()}
            if len(distinct) > 1 or any(len(v) != 1 or None in v for v in sums.values()):
                shown = ", ".join(f"{k}={' '.join('none' if x is None else f'{x:016x}' for x in v)}"
                                  for k, v in sums.items())
                mismatches.append(f"checksums differ on {code} N=2^{s}: {shown}")
                print(f"!! CHECKSUM MISMATCH {code} N=2^{s}: {shown}", file=sys.stderr)
    print_table(a, codes, sizes, tools, cells)
    for m in mismatches:
        print(f"\n**FAILED** {m}")
    return 1 if mismatches else 0


def median(cells, key):
    v = cells.get(key)
    return statistics.median(v) if isinstance(v, list) and v else None


def projected(cells, code, sizes, s, name):
    """Seconds at 2^s from the two sizes below, growing as they did (quadratic from just one)."""
    done = [(p, median(cells, (code, p, name))) for p in sizes if p < s]
    done = [(p, t) for p, t in done if t]
    if not done:
        return None
    p1, t1 = done[-1]
    e = 2.0
    if len(done) >= 2:
        p0, t0 = done[-2]
        e = min(2.0, max(1.0, math.log2(t1 / t0) / (p1 - p0)))
    return t1 * 2 ** (e * (s - p1))


def print_table(a, codes, sizes, tools, cells):
    names = [t.name for t in tools]
    peers = [x for x in names if x in ("ogs", "Czajka")]
    print(f"\nCPU ns per heap size (user+sys, median of up to {a.reps}; grundy on {a.threads} thread(s)); "
          "ratios below 1 mean grundy is faster; best peer = the faster of ogs and Czajka\n")
    head = ["code", "N", "grundy ns/heap", "kernel ns/heap"] + peers + ["grundy / kernel", "grundy / best peer"]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    singles = False
    for code in codes:
        for s in sizes:
            n = 1 << s
            row, ns = [code, f"2^{s}"], {}
            for name in ["grundy", "kernel"] + peers:
                v = cells.get((code, s, name))
                if isinstance(v, list) and v:
                    ns[name] = median(cells, (code, s, name)) * 1e9 / n
                    mark = "*" if len(v) < a.reps else ""
                    singles |= bool(mark)
                    row.append(fmt(ns[name]) + mark)
                else:
                    row.append(v if isinstance(v, str) else "–")
            g = ns.get("grundy")
            best = min((ns[p] for p in peers if p in ns), default=None)
            row.append(fmt(g / ns["kernel"]) if g and "kernel" in ns else "–")
            row.append(fmt(g / best) if g and best else "–")
            print("| " + " | ".join(row) + " |")
    if singles:
        print(f"\n\\* fewer runs than --reps: a run over {a.repeat_under:g} s is not repeated")
    lo, hi = sizes[0], sizes[-1]
    if hi > lo:
        print(f"\nGrowth exponent of the cost, log(t(2^{hi}) / t(2^{lo})) / log(2^{hi} / 2^{lo}):")
        for code in codes:
            parts = []
            for name in names:
                t1, t2 = median(cells, (code, lo, name)), median(cells, (code, hi, name))
                if t1 and t2:
                    parts.append(f"{name} {math.log(t2 / t1) / math.log(2 ** (hi - lo)):.2f}")
            print(f"- {code}: " + (", ".join(parts) if parts else "–"))


if __name__ == "__main__":
    sys.exit(main())
