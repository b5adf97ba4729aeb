"""The Python package against the CLI of the same build and against closed forms: the same
trajectories and energy account, parameters without a rebuild, inputs from Python, stepping."""

import csv
import json
import math
import subprocess

import numpy as np
import pytest

import acausal


def read_csv(path):
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], np.array([[float(x) for x in row] for row in rows[1:]])


def cli_run(cli, netlist, tmp_path, *args):
    out = tmp_path / "cli.csv"
    printed = subprocess.run([cli, "simulate", str(netlist), "-o", str(out), *args], check=True,
                             capture_output=True, text=True).stdout
    header, values = read_csv(out)
    return header, values, printed


def test_a_netlist_loads_from_a_path_a_json_text_and_a_dict(netlists):
    path = netlists / "oscillator.json"
    text = path.read_text()
    runs = [acausal.load(path).simulate(), acausal.load(text).simulate(), acausal.load(json.loads(text)).simulate()]
    for r in runs[1:]:
        assert r.names == runs[0].names
        assert np.array_equal(r.values, runs[0].values)
    frame = runs[0].to_pandas()
    assert list(frame.columns) == ["time"] + runs[0].names
    # The oscillator: 1 kg on 100 N/m from 0.1 m at rest, s = 0.1·cos(10 t).
    assert np.max(np.abs(frame["mass.s"] - 0.1 * np.cos(10 * frame["time"]))) < 1e-5


def test_a_run_equals_the_cli_csv_and_its_energy_account_equals_the_cli_one(netlists, cli, tmp_path):
    netlist = netlists / "two_masses.json"
    header, expected, printed = cli_run(cli, netlist, tmp_path, "--set", "link.c=800", "--energy")
    r = acausal.load(netlist).simulate(params={"link.c": 800}, energy=True)
    assert header == ["time"] + r.names
    got = np.column_stack([r.time, r.values])
    assert got.shape == expected.shape
    assert np.all(np.abs(got - expected) <= 1e-12 * np.maximum(1.0, np.abs(expected)))
    # The CLI's table prints each component's works with 6 significant digits: the same numbers.
    lines = printed.splitlines()
    first = next(k for k, line in enumerate(lines) if line.strip().startswith("component")) + 1
    components = r.energy.components
    for line in lines[first:first + len(components)]:
        name, stored_start, stored_end, lost, injected = line.split()[:5]
        row = components.loc[name]
        assert [f"{row[k]:.6g}" for k in ("stored_start", "stored_end", "work_lost", "work_injected")] == \
            [stored_start, stored_end, lost, injected]
    assert r.energy.relative_balance < 1e-5
    balance = r.energy.balance
    assert abs(balance["balance"]).max() <= r.energy.report["worst_balance"] * (1 + 1e-12)
    assert balance["time"].iloc[-1] == pytest.approx(r.time[-1])


def test_a_tunable_parameter_runs_as_a_fresh_build_with_its_value(netlists):
    m = acausal.load(netlists / "two_masses.json")
    for c in (300.0, 800.0, 1500.0):
        tuned = m.simulate(params={"link.c": c})
        written = json.loads((netlists / "two_masses.json").read_text())
        written["components"]["link"]["params"]["c"] = c  # folded into the equations, not tunable
        fresh = acausal.load(written).simulate()
        assert np.array_equal(tuned.values, fresh.values)
    assert len(m._compiled) == 1  # one program for the three values


def test_a_parameter_that_must_be_rebuilt_or_is_wrong(netlists):
    m = acausal.load(netlists / "two_masses.json")
    with pytest.raises(acausal.ModelError) as e:
        m.simulate(params={"mass1.m": -3})
    assert e.value.pointer == "/components/mass1/params/m"
    assert e.value.message == "m must be positive, got -3"
    with pytest.raises(acausal.ModelError) as e:
        m.simulate(params={"mass1.q": 3})
    assert str(e.value) == '/components/mass1/params/q: unknown parameter "q" of translational.Mass; valid: m'


def test_an_external_input_from_python_reproduces_the_sine_source(netlists):
    source = acausal.load(netlists / "rotational_chain.json").simulate()
    fed = acausal.load(netlists / "rotational_chain_input.json").simulate(
        inputs={"torque_cmd": lambda t: 10 * math.sin(2 * math.pi * 2 * t)})
    for name in fed.names:
        if name in source:
            scale = max(1.0, np.max(np.abs(source[name])))
            assert np.max(np.abs(fed[name] - source[name])) < 1e-6 * scale, name


def test_errors_carry_the_cli_messages_and_places(netlists):
    with pytest.raises(acausal.ModelError) as e:
        acausal.load({"format": "acausal/1", "components": {"m": {"type": "translational.Mas"}}}).simulate()
    assert e.value.pointer == "/components/m/type"
    assert "did you mean translational.Mass?" in e.value.message
    # Links too short to close the four-bar: the initialization fails at t = 0 naming the loop.
    netlist = json.loads((netlists / "reference" / "MB_PlanarFourbar.json").read_text())
    netlist["components"]["body2"]["params"]["r"] = [0.05, 0, 0]
    netlist["components"]["body4"]["params"]["r"] = [0.1, 0, 0]
    with pytest.raises(acausal.SolverError) as e:
        acausal.load(netlist).simulate()
    assert e.value.time == 0.0
    assert "the kinematic loop closed at revolute4cut cannot be assembled" in e.value.message


def test_a_stepped_run_goes_where_it_is_sent_and_matches_the_whole_run(netlists):
    m = acausal.load(netlists / "two_masses.json")
    whole = m.simulate(interval=0.25)
    sim = m.simulator()
    for k, t in enumerate(whole.time):
        sim.step_to(t)
        assert sim.time == t
        outputs = sim.outputs()
        for name in whole.names:
            assert outputs[name] == pytest.approx(whole[name][k], rel=1e-12, abs=1e-15)
    assert sim.statistics["steps"] > 0
    assert len(sim.y) == len(sim.unknown_names)


def test_a_parameter_computed_at_initialization_is_reported(netlists):
    r = acausal.load(netlists / "msl" / "MB_Fourbar2.json").simulate(stop=0.1)
    assert r.initial_parameters == {"universalSpherical.rod_length": pytest.approx(math.sqrt(1.1), rel=1e-14)}


def test_check_reports_as_the_cli_json(netlists, cli):
    path = netlists / "two_masses.json"
    printed = json.loads(subprocess.run([cli, "check", "--json", "--all", str(path)], check=True, capture_output=True,
                                        text=True).stdout)
    assert acausal.load(path).check() == printed
    with pytest.raises(acausal.ModelError) as e:
        acausal.load({"format": "acausal/1", "components": {
            "a": {"type": "translational.Fixed"}, "b": {"type": "translational.Fixed"}},
            "connections": [["a.flange", "b.flange"]]}).check()
    # Two fixed points joined: nothing determines the force between them.
    assert e.value.message.startswith("the model is structurally singular")
    assert [u["variable"] for u in e.value.parts["under_determined"]["unknowns"]] == ["a.flange.f"]


def test_a_component_library_is_loaded_as_the_cli_library_option(cli, tmp_path):
    import os

    library = os.environ.get("ACAUSAL_TEST_MAGLEV")
    if library is None:
        pytest.skip("the tests' component library (CTest sets ACAUSAL_TEST_MAGLEV)")
    from conftest import SOURCE

    netlist = SOURCE / "examples" / "maglev" / "maglev.json"
    header, expected, _ = cli_run(cli, netlist, tmp_path, "--library", library)
    r = acausal.load(netlist, libraries=[library]).simulate()
    assert np.array_equal(np.column_stack([r.time, r.values]), expected)
    with pytest.raises(acausal.ModelError, match="unknown component type"):
        acausal.load(netlist).simulate()


def test_runs_in_python_threads_at_once_equal_runs_one_after_the_other(netlists):
    from concurrent.futures import ThreadPoolExecutor

    m = acausal.load(netlists / "two_masses.json")
    values = [300.0, 500.0, 800.0, 1200.0]
    alone = [m.simulate(params={"link.c": c}).values for c in values]
    with ThreadPoolExecutor(4) as pool:  # a run releases the GIL
        together = list(pool.map(lambda c: m.simulate(params={"link.c": c}).values, values))
    for a, b in zip(alone, together):
        assert np.array_equal(a, b)


def test_parameters_are_listed_with_their_values_as_written_and_in_si(netlists):
    p = acausal.load(netlists / "two_masses.json").parameters
    assert p.loc["link.c", "value"] == "500 N/m" and p.loc["link.c", "si"] == 500.0
    assert p.loc["mass1.m", "unit"] == "kg" and p.loc["mass1.m", "si"] == 2.0
    assert p.loc["mount.use_heat_port", "value"] == "false" and np.isnan(p.loc["mount.use_heat_port", "si"])
