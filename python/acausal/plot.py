"""Plots of results and of the energy account (matplotlib, without a display: the Agg backend
unless one is chosen already). Also ``python3 -m acausal.plot RESULT -s NAME… -o FILE``, which the
``acausal plot`` command runs."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Mapping, Sequence

import numpy as np


def _pyplot():
    import matplotlib

    if "matplotlib.pyplot" not in sys.modules:
        matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_series(time: np.ndarray, series: Mapping[str, np.ndarray], units: Mapping[str, str],
                events: Sequence[float] = (), path=None, title: str | None = None):
    """One panel per unit (the unit on its axis; a series whose unit is not in ``units`` goes to an
    unlabelled panel), each series a line over time; each event a dotted vertical line. Rows that
    share a time (an event's two limits) draw its jump as a vertical step."""
    plt = _pyplot()
    by_unit: dict[str | None, list[str]] = {}
    for name in series:
        by_unit.setdefault(units.get(name), []).append(name)  # None: not known
    fig, axes = plt.subplots(len(by_unit), 1, sharex=True, squeeze=False, figsize=(8, 2.6 * len(by_unit) + 0.8))
    for ax, (unit, names) in zip(axes[:, 0], by_unit.items()):
        for name in names:
            ax.plot(time, series[name], label=name, linewidth=1.2)
        for t in events:
            ax.axvline(t, color="0.6", linestyle=":", linewidth=0.8)
        if unit is not None:
            ax.set_ylabel(f"[{unit}]" if unit not in ("", "1") else "[1]")
        ax.grid(True, linewidth=0.3)
        ax.legend(loc="best", fontsize="small")
    axes[-1, 0].set_xlabel("time [s]")
    return _finished(fig, title, path)


def plot_energy(time, stored, lost, injected, balance, path=None, title: str | None = "energy account"):
    """The energy account over time: stored energy, work lost and work in [J] above, the balance
    E + W_loss − W_in − E(t0) [J] below (it is small: its own scale)."""
    plt = _pyplot()
    fig, (top, bottom) = plt.subplots(2, 1, sharex=True, figsize=(8, 6), gridspec_kw={"height_ratios": [2, 1]})
    top.plot(time, stored, label="stored energy")
    top.plot(time, lost, label="work lost")
    top.plot(time, injected, label="work in")
    top.set_ylabel("[J]")
    top.legend(loc="best", fontsize="small")
    top.grid(True, linewidth=0.3)
    bottom.plot(time, balance, color="C3", label="balance E + W_loss − W_in − E(t0)")
    bottom.set_ylabel("[J]")
    bottom.set_xlabel("time [s]")
    bottom.legend(loc="best", fontsize="small")
    bottom.grid(True, linewidth=0.3)
    return _finished(fig, title, path)


def _finished(fig, title: str | None, path):
    """The figure titled, laid out and saved to ``path`` (when given)."""
    if title:
        fig.suptitle(title)
    fig.tight_layout()
    if path is not None:
        fig.savefig(os.fspath(path))
    return fig


def read_result(path: str):
    """A result file's time, columns by name, units by name and event times: a CSV of `acausal
    simulate` (no units: it has none) or a Modelica result file (MAT: units from the descriptions)."""
    if path.endswith(".mat"):
        import scipy.io

        m = scipy.io.loadmat(path, chars_as_strings=False)
        names = ["".join(c).rstrip() for c in zip(*m["name"])]
        descriptions = ["".join(c).rstrip() for c in zip(*m["description"])]
        info, data = m["dataInfo"], m["data_2"]
        columns, units = {}, {}
        for k, name in enumerate(names):
            if info[0, k] != 2:
                continue
            columns[name] = data[info[1, k] - 1]
            d = descriptions[k]
            units[name] = d[d.rfind("[") + 1:-1] if d.endswith("]") and "[" in d else ""
        time = data[0]
    else:
        import csv

        with open(path, newline="") as f:
            rows = list(csv.reader(f))
        header, values = rows[0], np.array([[float(x) for x in r] for r in rows[1:]])
        time = values[:, 0]
        columns = {name: values[:, k] for k, name in enumerate(header) if k > 0}
        units = {}
    events = sorted({float(time[k]) for k in range(1, len(time)) if time[k] == time[k - 1]})
    return time, columns, units, events


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="acausal plot", description="Plots signals of a result file (CSV or MAT).")
    parser.add_argument("result", help="a CSV or MAT file written by acausal simulate")
    parser.add_argument("-s", "--signal", action="append", default=[], help="a column to plot (repeat; default: all)")
    parser.add_argument("-o", "--output", required=True, help="the picture to write: .png, .svg or .pdf")
    parser.add_argument("--title", default=None)
    parser.add_argument("--netlist", default=None,
                        help="the netlist the result came from: its outputs' units label the axes of a CSV's plot")
    parser.add_argument("--energy", action="store_true",
                        help="RESULT is an energy account: columns time, stored, work_lost, work_in, balance")
    args = parser.parse_args(argv)
    if args.energy:
        time, columns, _, _ = read_result(args.result)
        plot_energy(time, columns["stored"], columns["work_lost"], columns["work_in"], columns["balance"], args.output,
                    args.title or "energy account")
        print(f"wrote {args.output}")
        return 0
    time, columns, units, events = read_result(args.result)
    if args.netlist and not units:
        from . import load

        compiled = load(args.netlist).compiled()
        units = dict(zip(compiled.output_names, compiled.output_units))
    names = args.signal or list(columns)
    missing = [n for n in names if n not in columns]
    if missing:
        print(f"error: {args.result} has no column {', '.join(missing)}; its columns: {', '.join(columns)}",
              file=sys.stderr)
        return 1
    plot_series(time, {n: columns[n] for n in names}, units, events, args.output, args.title)
    print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
