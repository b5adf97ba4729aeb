"""acausal from Python: load a netlist, simulate it, read its trajectories and its energy account.

    >>> import acausal
    >>> m = acausal.load("netlists/two_masses.json")
    >>> r = m.simulate(stop=2, params={"link.c": 800}, energy=True)
    >>> r["mass2.s"], r.time                 # NumPy arrays
    >>> r.to_pandas().tail()
    >>> r.energy.components, r.energy.balance  # pandas DataFrames

A model compiles once for each set of parameters a run changes (``params``) and runs again with
new values without a rebuild; a parameter that changes the equations' structure is written into
the netlist and compiled anew, as ``acausal simulate --set`` does. Errors are ``ModelError`` (a bad
netlist: ``.pointer`` is the JSON pointer of the place, ``.message`` the message without it) and
``SolverError`` (``.time``), with the CLI's messages. A run releases the GIL. See docs/python.md.
"""

from __future__ import annotations

import json
import os
from typing import Callable, Iterable, Mapping

import numpy as np

from . import _acausal
from ._acausal import ModelError, SolverError
from .sweep import points_of, sweep

__all__ = ["load", "sweep", "points_of", "Model", "Result", "Energy", "Simulator", "Linearization", "ModelError",
           "SolverError"]

Number = float | int
Inputs = Mapping[str, Number | Callable[[float], float]]


def load(netlist: str | os.PathLike | Mapping, libraries: Iterable[str] = ()) -> Model:
    """A netlist from a file path, a JSON text or a dict, with the component types of the built-in
    library and of ``libraries`` (shared libraries, as ``acausal --library``; ``ACAUSAL_LIBRARIES``
    is read too)."""
    libraries = tuple(os.fspath(p) for p in libraries)
    if isinstance(netlist, Mapping):
        text = json.dumps(netlist)
        return Model(_acausal.Netlist.from_text(text, "<dict>", list(libraries)), ("text", text, libraries))
    text = os.fspath(netlist)
    if text.lstrip().startswith("{"):
        return Model(_acausal.Netlist.from_text(text, "<string>", list(libraries)), ("text", text, libraries))
    path = os.path.abspath(text)
    return Model(_acausal.Netlist.from_file(path, list(libraries)), ("file", path, libraries))


class Model:
    """A netlist ready to simulate. Compiled programs are kept, one per kind of run."""

    def __init__(self, handle: _acausal.Netlist, source: tuple):
        self._netlist = handle
        #: where it came from, ("file", path, libraries) or ("text", json, libraries): a sweep's
        #: workers load it from there
        self.source = source
        self._compiled: dict[tuple[bool, tuple[str, ...]], _acausal.Compiled] = {}

    @property
    def name(self) -> str:
        return self._netlist.name

    @property
    def experiment(self) -> dict:
        """start, stop, interval (None: (stop − start)/500) and tolerance as the netlist gives them."""
        return self._netlist.experiment

    @property
    def parameters(self):
        """Every component's parameters as a pandas DataFrame: name (``instance.param``), unit (SI),
        description, the value as the netlist writes it (or the default), and ``si``: a real
        parameter's value in SI (NaN for the others: flags, choices, arrays, tables)."""
        import pandas as pd

        rows = [row[:4] + [float(row[4]) if row[4] else float("nan")] for row in self._netlist.parameters()]
        return pd.DataFrame(rows, columns=["name", "unit", "description", "value", "si"]).set_index("name")

    def check(self) -> dict:
        """What ``acausal check --json --all`` reports: size, structural index, states, dummy derivatives,
        inputs, where each unknown's initial value comes from, nominals, notes. A model that cannot be
        built raises ModelError (a structurally singular one with ``.parts``: its over- and
        under-determined equations and unknowns)."""
        report = json.loads(self._netlist.check())
        if not report["ok"]:
            error = report["error"]
            e = ModelError(f"{error['pointer']}: {error['message']}" if error["pointer"] else error["message"])
            e.pointer, e.message, e.parts = error["pointer"], error["message"], error.get("parts")
            raise e
        return report

    def compiled(self, energy: bool = False, tunable: Iterable[str] = ()) -> _acausal.Compiled:
        """The program for runs with (or without) the energy account whose ``tunable`` parameters
        may change, compiled on first use."""
        key = (bool(energy), tuple(sorted(set(tunable))))
        if key not in self._compiled:
            self._compiled[key] = self._netlist.compile(key[0], list(key[1]))
        return self._compiled[key]

    def simulate(self, *, start: Number | None = None, stop: Number | None = None,
                 interval: Number | None = None, tolerance: Number | None = None,
                 params: Mapping[str, Number] | None = None, initial: Mapping[str, Number] | None = None,
                 inputs: Inputs | None = None, energy: bool = False) -> Result:
        """Runs the model from start to stop (the netlist's experiment where not given), with
        parameter values (SI, ``{"link.c": 800}``), initial values of unknowns (high priority, SI)
        and external inputs (a number held, or a function of time), with the energy account on
        request."""
        settings = self._settings(start, stop, interval, tolerance, initial, inputs, energy)
        params = dict(params or {})
        result = self._on_program(energy, params, settings, lambda c, s: Result(c.run(s), c.output_units))
        result._source = (self._netlist, {k: float(v) for k, v in params.items()})
        return result

    def simulator(self, *, start: Number | None = None, stop: Number | None = None,
                  tolerance: Number | None = None, params: Mapping[str, Number] | None = None,
                  initial: Mapping[str, Number] | None = None, inputs: Inputs | None = None,
                  energy: bool = False) -> Simulator:
        """A run to step through (co-simulation): ``step_to(t)``, outputs, states, inputs."""
        settings = self._settings(start, stop, None, tolerance, initial, inputs, energy)
        return self._on_program(energy, dict(params or {}), settings, Simulator)

    def linearize(self, *, at: Number | None = None, inputs: Iterable[str] | None = None,
                  outputs: Iterable[str] | None = None, params: Mapping[str, Number] | None = None,
                  initial: Mapping[str, Number] | None = None, u: Inputs | None = None) -> Linearization:
        """The linear model δx' = A δx + B δu, δy = C δx + D δu in the states the analysis chose, at
        time ``at`` (simulated to it; default: the start, initialized), for the netlist's ``inputs``
        and the ``outputs`` named (default: all). ``u``: the inputs' values (default 0)."""
        settings = self._settings(None, None, None, None, initial, u, False)
        at = settings["start"] if at is None else float(at)
        ins, outs = list(inputs or []), list(outputs or [])
        return self._on_program(False, dict(params or {}), settings,
                                lambda c, s: Linearization(c.linearize(s, at, ins, outs)))

    def _settings(self, start, stop, interval, tolerance, initial, inputs, energy) -> dict:
        e = self.experiment
        start = e["start"] if start is None else float(start)
        stop = e["stop"] if stop is None else float(stop)
        if interval is None:  # the netlist's, else 500 intervals (as the CLI)
            interval = e["interval"] if e["interval"] is not None else (stop - start) / 500.0
        return {
            "start": start, "stop": stop, "interval": float(interval),
            "tolerance": e["tolerance"] if tolerance is None else float(tolerance),
            "energy": bool(energy),
            "initial": {k: float(v) for k, v in (initial or {}).items()},
            "inputs": {k: (v if callable(v) else float(v)) for k, v in (inputs or {}).items()},
        }

    def _on_program(self, energy: bool, params: dict, settings: dict, use):
        """``use(compiled, settings)`` on the program compiled with ``params`` tunable and given their
        values; where that cannot be (a value that changes the equations' structure, a parameter a
        component reads as a plain number), on a program compiled with the values written into the
        netlist, as ``acausal simulate --set``."""
        compiled = self.compiled(energy, params.keys())
        if all(name in compiled.tunable_names for name in params):
            try:
                return use(compiled, dict(settings, params={k: float(v) for k, v in params.items()}))
            except ModelError:
                raise
            except ValueError:
                if not params:
                    raise
        written = self._netlist.with_values([f"{k}={json.dumps(float(v))}" for k, v in params.items()])
        return use(written.compile(bool(energy), []), dict(settings, params={}))


class Linearization:
    """A linear model at an operating point: ``A``, ``B``, ``C``, ``D`` (NumPy arrays) with the names of
    its ``states``, ``inputs`` and ``outputs``, and the ``time`` it was taken at."""

    def __init__(self, d: dict):
        self.time: float = d["time"]
        self.states: list[str] = d["states"]
        self.inputs: list[str] = d["inputs"]
        self.outputs: list[str] = d["outputs"]
        self.A, self.B, self.C, self.D = d["A"], d["B"], d["C"], d["D"]

    def eigenvalues(self) -> np.ndarray:
        return np.linalg.eigvals(self.A)


class Energy:
    """The energy account of a run: per component (``components``) and over time (``balance``)."""

    def __init__(self, report: dict, series: np.ndarray):
        self.report = report
        self._series = series

    @property
    def relative_balance(self) -> float:
        """The worst |E(t) + W_loss − W_in − E(t0)| over the run, relative to the energy scale."""
        return self.report["relative_balance"]

    @property
    def components(self):
        """Per component: stored energy at start and end, work lost, work injected, work through its
        ports, its own worst balance (J) and that relative to its energy scale."""
        import pandas as pd

        return pd.DataFrame(self.report["components"]).set_index("instance")

    def plot(self, path: str | os.PathLike | None = None, title: str | None = "energy account"):
        """Stored energy, work lost, work in and the balance over the run (the balance on its own
        axis, it is small); saved to ``path`` when given; returns the Figure."""
        from .plot import plot_energy

        b = self.balance
        return plot_energy(b["time"].to_numpy(), b["stored"].to_numpy(), b["work_lost"].to_numpy(),
                           b["work_in"].to_numpy(), b["balance"].to_numpy(), path, title)

    @property
    def balance(self):
        """Over the run, at each output point (the account's time, which is the integrator's): stored
        energy, work lost, work in and the balance E + W_loss − W_in − E(t0), in J."""
        import pandas as pd

        t, stored, lost, injected = (self._series[:, k] for k in range(4))
        return pd.DataFrame({"time": t, "stored": stored, "work_lost": lost, "work_in": injected,
                             "balance": stored + lost - injected - self.report["stored_start"]})


class Result:
    """A run's outputs: ``time`` and one column per output (``r["mass.s"]``), an event's two rows
    (left and right limits) at its time, as the CSV."""

    def __init__(self, run: dict, units: list[str]):
        self.names: list[str] = run["names"]
        #: each output's SI unit ("" for a discrete variable)
        self.units: dict[str, str] = dict(zip(self.names, units))
        self.time: np.ndarray = run["time"]
        self.values: np.ndarray = run["values"]
        self.events: np.ndarray = run["events"]
        self.statistics: dict = run["statistics"]
        self.initial_parameters: dict = dict(run["initial_parameters"])
        self.energy: Energy | None = Energy(run["energy"], run["energy_series"]) if run["energy"] else None
        self._index = {n: k for k, n in enumerate(self.names)}
        self._source = None  # (the netlist, the run's parameter values): Model.simulate sets it

    def __getitem__(self, name: str) -> np.ndarray:
        if name == "time":
            return self.time
        try:
            return self.values[:, self._index[name]]
        except KeyError:
            raise KeyError(f"no output {name!r}; the outputs: {', '.join(self.names)}") from None

    def __contains__(self, name: str) -> bool:
        return name == "time" or name in self._index

    def to_pandas(self):
        """The rows as a pandas DataFrame: ``time``, then the outputs (the CSV's columns)."""
        import pandas as pd

        frame = pd.DataFrame(self.values, columns=self.names)
        frame.insert(0, "time", self.time)
        return frame

    def to_mat(self, path: str | os.PathLike) -> None:
        """Writes the rows as a Modelica result file (MAT v4, as ``acausal simulate -o x.mat``): the
        outputs with their units, and the netlist's parameters with this run's values in data_1."""
        netlist, params = self._source
        netlist.write_mat(os.fspath(path), self.names, self.time, self.values, list(params.items()))

    def plot(self, names: Iterable[str] | None = None, path: str | os.PathLike | None = None, title: str | None = None):
        """Plots outputs over time (all when ``names`` is None), one panel per unit, events marked;
        an event's two rows draw its jump. Saved to ``path`` (PNG, SVG, PDF: by its suffix) when
        given; returns the matplotlib Figure."""
        from .plot import plot_series

        names = list(self.names if names is None else names)
        for n in names:
            self[n]  # a name that is no output: KeyError listing the outputs
        return plot_series(self.time, {n: self[n] for n in names}, {n: self.units.get(n, "") for n in names},
                           self.events, path, title)


class Simulator:
    """A run advanced by its caller: ``step_to(t)``, then read ``outputs()``, ``y``; set inputs
    between steps."""

    def __init__(self, compiled: _acausal.Compiled, settings: dict):
        self._compiled = compiled  # the run reads it
        self._run = compiled.simulator(settings)
        self.unknown_names: list[str] = compiled.unknown_names
        self.output_names: list[str] = compiled.output_names

    def initialize(self) -> None:
        self._run.initialize()

    def step_to(self, t: Number) -> None:
        self._run.step_to(float(t))

    @property
    def time(self) -> float:
        return self._run.time

    @property
    def y(self) -> np.ndarray:
        """The unknowns at ``time`` (``unknown_names``)."""
        return self._run.y

    @property
    def yp(self) -> np.ndarray:
        return self._run.yp

    def outputs(self) -> dict[str, float]:
        return dict(zip(self.output_names, self._run.outputs()))

    def set_input(self, name: str, value: Number) -> None:
        self._run.set_input(name, float(value))

    def set_state(self, y) -> None:
        self._run.set_state([float(v) for v in y])

    def energy(self) -> dict | None:
        return self._run.energy()

    @property
    def statistics(self) -> dict:
        return self._run.statistics()
