"""Sweeps: every point equals its own run (and the CLI's), on local processes and on a Dask
LocalCluster; a failed point is a row with its error."""

import subprocess

import numpy as np
import pytest

import acausal

GRID = {"link.c": [300.0, 800.0, 1500.0], "mount.d": [1.0, 5.0]}


def test_a_grid_is_every_combination_the_last_name_fastest():
    assert acausal.points_of({"a": [1, 2], "b": [3, 4, 5]}) == [
        {"a": 1.0, "b": 3.0}, {"a": 1.0, "b": 4.0}, {"a": 1.0, "b": 5.0},
        {"a": 2.0, "b": 3.0}, {"a": 2.0, "b": 4.0}, {"a": 2.0, "b": 5.0}]
    assert acausal.points_of([{"a": 1}, {"a": 2, "b": 0}]) == [{"a": 1.0}, {"a": 2.0, "b": 0.0}]


def check_points(frame, model):
    assert list(frame["link.c"]) == [300.0, 300.0, 800.0, 800.0, 1500.0, 1500.0]
    assert list(frame["mount.d"]) == [1.0, 5.0] * 3
    assert frame["error"].isna().all()
    for _, row in frame.iterrows():
        alone = model.simulate(params={"link.c": row["link.c"], "mount.d": row["mount.d"]})
        assert row["mass2.s"] == alone["mass2.s"][-1]
        assert row["peak"] == np.max(np.abs(alone["mass1.s"]))


def peak(r):
    return float(np.max(np.abs(r["mass1.s"])))


def test_a_sweep_on_two_processes_gives_each_point_its_own_run(netlists, cli, tmp_path):
    m = acausal.load(netlists / "two_masses.json")
    frame = acausal.sweep(m, GRID, outputs=["mass2.s"], metrics={"peak": peak}, processes=2)
    check_points(frame, m)
    # And as the CLI computes it.
    out = tmp_path / "p.csv"
    subprocess.run([cli, "simulate", str(netlists / "two_masses.json"), "--set", "link.c=800", "--set",
                    "mount.d=5", "-o", str(out)], check=True, capture_output=True)
    header = out.read_text().splitlines()[0].split(",")
    last = [float(x) for x in out.read_text().splitlines()[-1].split(",")]
    assert frame.loc[3, "mass2.s"] == last[header.index("mass2.s")]


def test_a_failed_point_is_a_row_with_its_error(netlists):
    m = acausal.load(netlists / "two_masses.json")
    frame = acausal.sweep(m, [{"mass1.m": 2.0}, {"mass1.m": -1.0}], outputs=["mass2.s"], processes=2,
                          trajectories=True)
    assert frame.loc[0, "error"] is None
    assert list(frame.loc[0, "trajectory"].columns) == ["time"] + m.simulate().names
    assert frame.loc[1, "error"] == "ModelError: /components/mass1/params/m: m must be positive, got -1"
    assert np.isnan(frame.loc[1, "mass2.s"])


def test_a_sweep_on_a_dask_cluster_gives_each_point_its_own_run(netlists):
    distributed = pytest.importorskip("distributed")
    m = acausal.load(netlists / "two_masses.json")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        frame = acausal.sweep(m, GRID, outputs=["mass2.s"], metrics={"peak": peak}, client=client)
    check_points(frame, m)
