#!/usr/bin/env python3
"""A sweep of `points` parameter sets of a netlist through the Python package, timed (wall) on 1 and
on 2 local worker processes, and on a Dask LocalCluster with 1 and with 2 worker processes, back to
back in this process; prints each time and the speed-ups 1 → 2. Every point is compared with the
1-process sweep (they must be equal).

    PYTHONPATH=build/python /usr/bin/python3 bench/python_sweep_bench.py [--points 400] [--netlist F]

Default: netlists/rotational_chain.json, coupling1.c ∈ [250, 1420] N·m/rad × coupling1.d ∈ [0.1, 2.5]
N·m·s/rad (20 × 20), the final speeds and the peak of inertia3.w kept.
"""

import argparse
import math
import pathlib
import time

import numpy as np

import acausal

ROOT = pathlib.Path(__file__).resolve().parents[1]


def peak(r):
    return float(np.max(np.abs(r["inertia3.w"])))


def timed(f):
    start = time.perf_counter()
    out = f()
    return time.perf_counter() - start, out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--points", type=int, default=400)
    parser.add_argument("--netlist", default=str(ROOT / "netlists" / "rotational_chain.json"))
    args = parser.parse_args()
    side = max(1, round(math.sqrt(args.points)))
    grid = {"coupling1.c": np.linspace(250, 1420, side).tolist(),
            "coupling1.d": np.linspace(0.1, 2.5, args.points // side).tolist()}
    model = acausal.load(args.netlist)
    kept = dict(outputs=["inertia1.w", "inertia3.w"], metrics={"peak_w3": peak})
    points = len(acausal.points_of(grid))
    print(f"{points} points of {args.netlist}")
    rows = []
    t1, base = timed(lambda: acausal.sweep(model, grid, processes=1, **kept))
    t2, two = timed(lambda: acausal.sweep(model, grid, processes=2, **kept))
    rows.append(("local processes", t1, t2))
    assert base.equals(two), "2 processes differ from 1"
    from distributed import Client, LocalCluster

    def on_cluster(workers):
        # The cluster is up before the clock starts; its workers load and compile the model in it.
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            return timed(lambda: acausal.sweep(model, grid, client=client, **kept))

    d1, on1 = on_cluster(1)
    d2, on2 = on_cluster(2)
    assert base.equals(on1) and base.equals(on2), "the cluster's points differ from the local ones"
    rows.append(("Dask LocalCluster workers", d1, d2))
    # Points as the CLI computes them: a process each with --set, its last row against the sweep's.
    cli = ROOT / "build" / "cli" / "acausal"
    checked = 0
    if cli.exists():
        import subprocess
        import tempfile

        with tempfile.TemporaryDirectory() as work:
            for k in range(0, points, max(1, points // 10)):
                row = base.iloc[k]
                out = pathlib.Path(work) / "p.csv"
                subprocess.run([str(cli), "simulate", args.netlist, "--set", f"coupling1.c={row['coupling1.c']!r}",
                                "--set", f"coupling1.d={row['coupling1.d']!r}", "-o", str(out)], check=True,
                               capture_output=True)
                lines = out.read_text().splitlines()
                header, last = lines[0].split(","), [float(x) for x in lines[-1].split(",")]
                for name in kept["outputs"]:
                    assert row[name] == last[header.index(name)], f"point {k}: {name} differs from the CLI's"
                checked += 1
    print(f"{checked} points equal their CLI runs (acausal simulate --set …), the last row's outputs")
    print(f"{'':28s} {'1 [s]':>8s} {'2 [s]':>8s} {'speed-up':>9s}")
    for name, a, b in rows:
        print(f"{name:28s} {a:8.3f} {b:8.3f} {a / b:9.2f}")
    print(f"per point, 1 process: {1e3 * t1 / points:.2f} ms")


if __name__ == "__main__":
    main()
