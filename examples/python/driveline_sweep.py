#!/usr/bin/env python3
"""A driveline study from Python: how stiff and how damped should the first coupling be?

netlists/rotational_chain.json is a motor torque (10 N·m at 2 Hz) driving three inertias through
two spring–damper couplings onto a shaft. This sweeps the first coupling's stiffness and damping on
local worker processes, keeps the peak torque it transmits and the work the driveline loses, plots
the peak torque against the stiffness for each damping, and draws the trajectories and energy
account of the stiffest, least damped variant.

    python3 examples/python/driveline_sweep.py [OUTPUT_DIR]
"""

import pathlib
import sys

import numpy as np

import acausal

ROOT = pathlib.Path(__file__).resolve().parents[2]


def main(out: pathlib.Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    model = acausal.load(ROOT / "netlists" / "rotational_chain.json")
    grid = {"coupling1.d": [0.1, 0.5, 2.0], "coupling1.c": np.linspace(200, 1400, 7).tolist()}
    frame = acausal.sweep(
        model, grid, processes=2, energy=True,
        metrics={"peak torque [N*m]": lambda r: float(np.max(np.abs(r["coupling1.tau"]))),
                 "work lost [J]": lambda r: r.energy.report["work_lost"]})
    assert frame["error"].isna().all(), frame["error"].dropna().tolist()
    print(frame.drop(columns="error").to_string(index=False))
    frame.to_csv(out / "driveline_sweep.csv", index=False)

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    for d, rows in frame.groupby("coupling1.d"):
        ax.plot(rows["coupling1.c"], rows["peak torque [N*m]"], marker="o", label=f"d = {d} N·m·s/rad")
    ax.set_xlabel("coupling1.c [N·m/rad]")
    ax.set_ylabel("peak coupling torque [N·m]")
    ax.grid(True, linewidth=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(out / "driveline_sweep.png")

    stiff = model.simulate(params={"coupling1.c": 1400, "coupling1.d": 0.1}, energy=True)
    stiff.plot(["inertia1.w", "inertia2.w", "inertia3.w", "coupling1.tau"], path=out / "driveline_stiff.png",
               title="coupling1: c = 1400 N·m/rad, d = 0.1 N·m·s/rad")
    stiff.energy.plot(out / "driveline_stiff_energy.png")
    print(f"balance of the stiff variant: {stiff.energy.relative_balance:.2e} of its energy scale")
    print(f"wrote {out}/driveline_sweep.csv, driveline_sweep.png, driveline_stiff.png, driveline_stiff_energy.png")


if __name__ == "__main__":
    main(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else pathlib.Path("results"))
