"""Parameter sweeps: one model run at many parameter values, on local worker processes or on a Dask
cluster, into one tidy DataFrame (a row per point: its parameters, the chosen outputs' final values
and metrics, optionally its trajectory, and the error of a point that failed).

Each worker loads the netlist once and compiles it once, with the swept parameters tunable, then
runs every point it is given on that program (docs/python.md, "Sweeps").
"""

from __future__ import annotations

import concurrent.futures
import functools
import itertools
import multiprocessing
import os
from typing import Callable, Iterable, Mapping, Sequence

Metric = Callable[["Result"], float]  # noqa: F821 (acausal.Result)


def points_of(grid: Mapping[str, Sequence[float]] | Iterable[Mapping[str, float]]) -> list[dict[str, float]]:
    """A grid ``{"link.c": [...], "link.d": [...]}`` as the list of its points (every combination,
    the last name varying fastest), or a list of parameter sets as given."""
    if isinstance(grid, Mapping):
        names = list(grid)
        return [dict(zip(names, map(float, values))) for values in itertools.product(*(grid[n] for n in names))]
    return [{k: float(v) for k, v in point.items()} for point in grid]


@functools.lru_cache(maxsize=4)
def _loaded(source: tuple) -> "Model":  # noqa: F821 (acausal.Model)
    """The model of ``source`` (Model.source), loaded once per worker process."""
    from . import load

    kind, data, libraries = source
    return load(data if kind == "text" else os.fspath(data), libraries)


class _Job:
    """What every point of a sweep shares: the model, the run's settings, what to keep of a run."""

    def __init__(self, source: tuple, settings: dict, outputs: Sequence[str], metrics: Mapping[str, Metric],
                 trajectories: bool):
        self.source, self.settings, self.outputs = source, settings, list(outputs)
        self.metrics, self.trajectories = dict(metrics), trajectories

    def run(self, points: list[dict[str, float]]) -> list[dict]:
        from . import ModelError, SolverError

        model = _loaded(self.source)
        rows = []
        for point in points:
            row: dict = dict(point)
            try:
                r = model.simulate(params=point, **self.settings)
                for name in self.outputs:
                    row[name] = float(r[name][-1])
                for name, metric in self.metrics.items():
                    row[name] = float(metric(r))
                if self.trajectories:
                    row["trajectory"] = r.to_pandas()
                row["error"] = None
            except (ModelError, SolverError, ValueError, KeyError) as e:
                row["error"] = f"{type(e).__name__}: {e}"
            rows.append(row)
        return rows


_job: _Job | None = None  # a local worker process's job (set by its initializer)


def _start_worker(job: _Job) -> None:
    global _job
    _job = job


def _run_in_worker(points: list[dict[str, float]]) -> list[dict]:
    assert _job is not None
    return _job.run(points)


def _chunks(points: list, count: int) -> list[list]:
    size = max(1, -(-len(points) // count))
    return [points[k:k + size] for k in range(0, len(points), size)]


def sweep(model, grid, *, outputs: Sequence[str] = (), metrics: Mapping[str, Metric] | None = None,
          trajectories: bool = False, processes: int | None = None, client=None,
          chunks_per_worker: int = 4, **settings):
    """Runs ``model`` at every point of ``grid`` and returns a pandas DataFrame, a row per point in the
    grid's order: the parameters, the final value of each of ``outputs``, each metric
    (``{"name": f}``, ``f(result) -> float``), the trajectory (a DataFrame, with ``trajectories``)
    and ``error`` (None, or the message of the point's ModelError or SolverError: a failed point is
    a row, not a lost sweep). ``settings`` are Model.simulate's (stop, tolerance, energy, …).

    Where: ``client`` (a ``dask.distributed.Client``) runs chunks of points on its workers;
    otherwise ``processes`` local worker processes (default: one per CPU; 1 runs in this process).
    """
    import pandas as pd

    points = points_of(grid)
    job = _Job(model.source, settings, outputs, metrics or {}, trajectories)
    if client is not None:
        workers = max(1, len(client.scheduler_info()["workers"]))
        futures = [client.submit(job.run, chunk, pure=False) for chunk in _chunks(points, workers * chunks_per_worker)]
        rows = [row for chunk in client.gather(futures) for row in chunk]
    else:
        processes = processes or os.cpu_count() or 1
        if processes == 1:
            rows = job.run(points)
        else:
            rows = _run_on_processes(job, points, processes, chunks_per_worker)
    return pd.DataFrame(rows)


def _run_on_processes(job: _Job, points: list, processes: int, chunks_per_worker: int) -> list[dict]:
    # fork: the workers inherit the job (metrics may be lambdas) instead of unpickling it
    context = multiprocessing.get_context("fork")
    chunks = _chunks(points, processes * chunks_per_worker)
    rows: list[dict] = []
    with concurrent.futures.ProcessPoolExecutor(processes, mp_context=context, initializer=_start_worker,
                                                initargs=(job,)) as pool:
        futures = [pool.submit(_run_in_worker, chunk) for chunk in chunks]
        for chunk, future in zip(chunks, futures):
            try:
                rows.extend(future.result())
            except concurrent.futures.process.BrokenProcessPool as e:
                rows.extend(dict(point, error=f"worker process died: {e}") for point in chunk)
    return rows
