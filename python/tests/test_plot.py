"""Plots rendered, not looked at here: each picture exists and has its curves in it (pixels of the
lines' colours), from Python and from the acausal program."""

import subprocess

import numpy as np
import pytest

import acausal

image = pytest.importorskip("matplotlib.image")

BLUE, ORANGE, RED = (0x1f, 0x77, 0xb4), (0xff, 0x7f, 0x0e), (0xd6, 0x27, 0x28)  # matplotlib's C0, C1, C3


def pixels_of(path, colour):
    """How many pixels of the PNG at `path` have `colour` (anti-aliasing aside)."""
    rgb = (image.imread(path)[:, :, :3] * 255).round()
    return int(np.sum(np.all(np.abs(rgb - np.array(colour)) <= 8, axis=2)))


def test_a_result_and_its_energy_account_are_drawn(netlists, tmp_path):
    r = acausal.load(netlists / "msl" / "Rot_Friction.json").simulate(energy=True)
    assert len(r.events) > 0
    r.plot(["inertia1.w", "inertia2.w", "inertia1.phi"], path=tmp_path / "r.png")
    fig = r.plot(["inertia1.w", "inertia2.w", "inertia1.phi"])
    assert [ax.get_ylabel() for ax in fig.axes] == ["[rad/s]", "[rad]"]  # a panel per unit
    assert len(fig.axes[0].lines) == 2 + len(r.events)  # the two curves and a line per event
    assert pixels_of(tmp_path / "r.png", BLUE) > 500 and pixels_of(tmp_path / "r.png", ORANGE) > 500
    r.energy.plot(tmp_path / "e.png")
    assert pixels_of(tmp_path / "e.png", BLUE) > 500 and pixels_of(tmp_path / "e.png", RED) > 200
    with pytest.raises(KeyError, match="no output 'inertia9.w'"):
        r.plot(["inertia9.w"])


def test_the_acausal_program_draws_a_result_file_and_an_energy_account(netlists, cli, tmp_path):
    mat, csv = tmp_path / "r.mat", tmp_path / "r.csv"
    subprocess.run([cli, "simulate", str(netlists / "two_masses.json"), "-o", str(mat)], check=True, capture_output=True)
    subprocess.run([cli, "simulate", str(netlists / "two_masses.json"), "-o", str(csv), "--energy", "--plot",
                    str(tmp_path / "energy.png")], check=True, capture_output=True)
    assert pixels_of(tmp_path / "energy.png", BLUE) > 500
    for source in (mat, csv):
        picture = tmp_path / (source.name + ".png")
        out = subprocess.run([cli, "plot", str(source), "-s", "mass1.s", "-s", "mass2.s", "-o", str(picture)],
                             check=True, capture_output=True, text=True).stdout
        assert out.strip() == f"wrote {picture}"
        assert pixels_of(picture, BLUE) > 500 and pixels_of(picture, ORANGE) > 500
    # A CSV has no units: its axes get them from the netlist when it is named.
    import matplotlib.pyplot as plt  # noqa: F401 (the figures below are read back through pyplot's state)
    from acausal.plot import main as plot_main, read_result, plot_series

    time, columns, units, events = read_result(str(csv))
    assert units == {}
    fig = plot_series(time, {"mass1.s": columns["mass1.s"]}, units, events)
    assert fig.axes[0].get_ylabel() == ""
    compiled = acausal.load(netlists / "two_masses.json").compiled()
    units = dict(zip(compiled.output_names, compiled.output_units))
    fig = plot_series(time, {n: columns[n] for n in ("mass1.s", "mass1.v")}, units, events)
    assert [ax.get_ylabel() for ax in fig.axes] == ["[m]", "[m/s]"]
    assert plot_main([str(csv), "-s", "mass1.s", "-s", "mass1.v", "--netlist", str(netlists / "two_masses.json"),
                      "-o", str(tmp_path / "units.png")]) == 0
    subprocess.run([cli, "plot", str(csv), "-s", "mass1.s", "--netlist", str(netlists / "two_masses.json"), "-o",
                    str(tmp_path / "units2.png")], check=True, capture_output=True)
    failed = subprocess.run([cli, "plot", str(csv), "-s", "mass3.s", "-o", str(tmp_path / "x.png")], capture_output=True,
                            text=True)
    assert failed.returncode == 1
    assert failed.stderr.startswith(f"error: {csv} has no column mass3.s; its columns: mass1.s")
