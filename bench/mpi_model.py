#!/usr/bin/env python3
"""The scaling model of the distributed 2-D line sweep (core/solve/band_sweep.hpp).

Time and memory per rank of `mpirun -np R grundy table ... --save FILE` for an N x N table of
L layers, from the sweep's own layout: bands of B rows, K bands dealt to the ranks in turn, the
column sets of a block handed from band to band. Two constants are measured on this machine and
passed in: the time a core takes per swept cell, and the rate at which a rank's messages move.
`--check` prints the model next to runs measured here (README, Performance).

    python3 bench/mpi_model.py --n 32768 --layers 2           # R = 4 .. 1024
    python3 bench/mpi_model.py --fit-nodes 64 --node-gib 24   # the largest table that fits
"""
import argparse
import math

BLOCK = 256  # columns a message carries (BandLayout::kBlock)
GROUP = 4    # words a group of a line's bitset (LineRef::kGroup)


def layout(n, ranks, symmetric, band_rows=None):
    """Rows a band and bands, as BandLayout::make chooses them."""
    per = 8 if symmetric else 4
    b = band_rows or max(64, math.ceil(n / (per * ranks)))
    b = min(b, n)
    return b, math.ceil(n / b)


def model(n, layers, ranks, ns_per_cell, rate, symmetric=True, diagonal=False, band_rows=None):
    bound = 2 * n + 2 + (n if diagonal else 0)
    words = (bound // 64 + GROUP) // GROUP * GROUP
    summary = (words + 63) // 64
    width = 1 if bound <= 0xfc else 2 if bound <= 0xfffc else 4
    line = layers * (words + summary + 1) * 8 + 1  # bytes of one line's sets, every layer
    b, k = layout(n, ranks, symmetric, band_rows)
    # Cells each rank sweeps (a symmetric sweep only y <= x): the busiest rank's bands.
    def band_cells(j):
        first, end = j * b, min(n, (j + 1) * b)
        return sum((x + 1) if symmetric else n for x in range(first, end)) * layers
    busiest = max(sum(band_cells(j) for j in range(r, k, ranks)) for r in range(min(ranks, k)))
    compute = busiest * ns_per_cell * 1e-9
    # Hand-offs: after band j, the sets of the columns it swept (symmetric: those below its end)
    # and, with diagonals, as many diagonals.
    sent = 0
    for j in range(k - 1):
        end = min(n, (j + 1) * b)
        sent += (end if symmetric else n) * line * (2 if diagonal else 1)
    sent_per_rank = sent / ranks if ranks > 1 else 0
    comm = sent_per_rank / rate
    # Fill: rank r starts when the r bands above it have swept their first block.
    fill = (min(ranks, k) - 1) * b * BLOCK * layers * ns_per_cell * 1e-9
    time = max(compute, comm) + fill
    # Memory of rank 0 (the most bands, and the stream of rows to the file).
    my_rows = sum(min(n, (j + 1) * b) - j * b for j in range(0, k, ranks))
    table = my_rows * n * layers * width
    sets = n * line + ((2 * n - 1) * line if diagonal else 0)
    rows = b * line
    outbox = (math.ceil(n / BLOCK) + 1) * BLOCK * line * (2 if diagonal else 1) if ranks > 1 else 0
    stream = min(b, 256) * n * layers * (4 + 2 * width)
    memory = table + sets + rows + outbox + stream
    return dict(ranks=ranks, bands=k, band_rows=b, time=time, compute=compute, comm=comm, fill=fill,
                memory=memory, table=table, sets=sets, sent=sent_per_rank, width=width)


def gib(x):
    return x / 2**30


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--n", type=int, default=32768, help="N: an N x N table")
    p.add_argument("--layers", type=int, default=2, help="L: 1 + passes (2: Nim with a pass; 1: an f grid)")
    p.add_argument("--ns", type=float, default=14.5, help="ns a core takes per swept cell (measured: README)")
    p.add_argument("--rate", type=float, default=10e9, help="bytes/s a rank's messages move (10e9: 100 Gb/s)")
    p.add_argument("--ranks", default="4,16,64,256,1024")
    p.add_argument("--fit-nodes", type=int, help="print the largest N whose table fits this many nodes")
    p.add_argument("--node-gib", type=float, default=24.0)
    p.add_argument("--ranks-per-node", type=int, default=1)
    a = p.parse_args()
    if a.fit_nodes:
        ranks = a.fit_nodes * a.ranks_per_node
        lo, hi = 1024, 1 << 22
        while hi - lo > 256:
            mid = (lo + hi) // 2
            m = model(mid, a.layers, ranks, a.ns, a.rate)
            ok = m["memory"] * a.ranks_per_node <= 0.9 * a.node_gib * 2**30
            lo, hi = (mid, hi) if ok else (lo, mid)
        m = model(lo, a.layers, ranks, a.ns, a.rate)
        print(f"largest N on {a.fit_nodes} nodes of {a.node_gib:g} GiB, {a.ranks_per_node} rank(s) a node, "
              f"L = {a.layers}: N = {lo} ({lo * lo * a.layers / 1e9:.1f} G cells, {m['width']} bytes a cell; "
              f"rank 0: {gib(m['memory']):.1f} GiB, of which sets {gib(m['sets']):.1f}; time {m['time']:.0f} s)")
        return
    print(f"N = {a.n}, L = {a.layers}, {a.ns} ns a cell, messages at {a.rate / 1e9:g} GB/s")
    print("| R | bands x rows | compute s | messages s | fill s | time s | memory/rank GiB (table + sets) "
          "| sent/rank GiB |")
    print("|---|---|---|---|---|---|---|---|")
    for r in [int(x) for x in a.ranks.split(",")]:
        m = model(a.n, a.layers, r, a.ns, a.rate)
        print(f"| {r} | {m['bands']} x {m['band_rows']} | {m['compute']:.2f} | {m['comm']:.2f} | {m['fill']:.2f} "
              f"| {m['time']:.2f} | {gib(m['memory']):.2f} ({gib(m['table']):.2f} + {gib(m['sets']):.2f}) "
              f"| {gib(m['sent']):.2f} |")


if __name__ == "__main__":
    main()
