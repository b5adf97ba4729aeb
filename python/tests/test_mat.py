"""`acausal simulate -o result.mat`: a Modelica result file (Dymola's MAT v4 format) with the CSV's
names and values, the units in the descriptions and the parameters in data_1, as scipy.io and
Octave read it."""

import json
import shutil
import subprocess

import numpy as np
import pytest

scipy_io = pytest.importorskip("scipy.io")


def strings(matrix):
    """The columns of a char matrix (binTrans: one name per column)."""
    return ["".join(column).rstrip() for column in zip(*matrix)]


@pytest.fixture
def two_masses(netlists, cli, tmp_path):
    """two_masses with link.c = 800, as a MAT file and as a CSV."""
    mat, csv = tmp_path / "r.mat", tmp_path / "r.csv"
    for out in (mat, csv):
        subprocess.run([cli, "simulate", str(netlists / "two_masses.json"), "--set", "link.c=800", "-o", str(out)],
                       check=True, capture_output=True)
    lines = csv.read_text().splitlines()
    return mat, lines[0].split(","), np.array([[float(x) for x in line.split(",")] for line in lines[1:]])


def test_the_mat_file_has_the_csv_names_values_units_and_parameters(two_masses):
    path, header, rows = two_masses
    m = scipy_io.loadmat(path, chars_as_strings=False)
    assert ["".join(r).rstrip() for r in m["Aclass"]] == ["Atrajectory", "1.1", "", "binTrans"]
    names, descriptions = strings(m["name"]), strings(m["description"])
    info = m["dataInfo"]
    assert names[:len(header)] == header
    assert descriptions[0] == "Time [s]"
    assert descriptions[names.index("mass1.s")] == "Absolute position [m]"
    data_2 = m["data_2"]
    assert data_2.shape[1] == len(rows)
    for k, name in enumerate(header):
        assert info[0, k] in (0, 2)
        assert np.array_equal(np.sign(info[1, k]) * data_2[abs(info[1, k]) - 1], rows[:, k]), name
    # The parameters, in SI, at the start and the end; link.c as --set gave it.
    parameters = {names[k]: m["data_1"][info[1, k] - 1] for k in range(len(names)) if info[0, k] == 1}
    assert parameters["link.c"].tolist() == [800.0, 800.0]
    assert parameters["mass1.m"].tolist() == [2.0, 2.0]
    assert descriptions[names.index("mount.d")] == "Damping constant [N*s/m]"
    assert m["data_1"][0].tolist() == [rows[0, 0], rows[-1, 0]]


@pytest.mark.skipif(shutil.which("octave-cli") is None, reason="Octave is not installed (Debian: octave)")
def test_octave_reads_the_mat_file(two_masses):
    path, header, rows = two_masses
    script = (f"x = load('{path}'); names = cellstr(x.name'); k = find(strcmp(names, 'mass2.s')); "
              "printf('%d %d %s\\n', rows(x.data_2), columns(x.data_2), names{2}); "
              "printf('%.17g\\n', x.data_2(k, end)); "
              "p = find(strcmp(names, 'link.c')); printf('%.17g\\n', x.data_1(x.dataInfo(2, p), 1));")
    out = subprocess.run(["octave-cli", "--no-gui", "--quiet", "--eval", script], check=True, capture_output=True,
                         text=True).stdout.split()
    assert out[:3] == [str(len(header)), str(len(rows)), header[1]]
    assert float(out[3]) == rows[-1, header.index("mass2.s")]
    assert float(out[4]) == 800.0


def test_aliases_share_a_column_with_their_sign(netlists, cli, tmp_path):
    # The oscillator's position, its flange's (an alias), the spring's force and its two flanges'
    # forces (f into R, −f at C... as the spring's port variables say).
    netlist = json.loads((netlists / "oscillator.json").read_text())
    netlist["outputs"] = ["mass.s", "mass.flange.s", "spring.f", "spring.R.f", "spring.C.f"]
    path = tmp_path / "o.json"
    path.write_text(json.dumps(netlist))
    out = tmp_path / "o.mat"
    subprocess.run([cli, "simulate", str(path), "-o", str(out)], check=True, capture_output=True)
    m = scipy_io.loadmat(out, chars_as_strings=False)
    names, info, data_2 = strings(m["name"]), m["dataInfo"], m["data_2"]
    column = {n: int(info[1, k]) for k, n in enumerate(names) if info[0, k] == 2}
    assert column["mass.flange.s"] == column["mass.s"]
    assert abs(column["spring.R.f"]) == abs(column["spring.f"]) == abs(column["spring.C.f"])
    assert column["spring.R.f"] == -column["spring.C.f"]
    assert data_2.shape[0] == 3  # time, the position, the force
    assert np.max(np.abs(data_2[abs(column["mass.s"]) - 1] - 0.1 * np.cos(10 * data_2[0]))) < 1e-5


def test_a_python_run_writes_the_same_mat_file_as_the_cli(netlists, two_masses, tmp_path):
    import acausal

    cli_path, _, _ = two_masses
    r = acausal.load(netlists / "two_masses.json").simulate(params={"link.c": 800})
    r.to_mat(tmp_path / "p.mat")
    ours, theirs = scipy_io.loadmat(tmp_path / "p.mat"), scipy_io.loadmat(cli_path)
    for key in ("name", "description", "dataInfo", "data_1", "data_2"):
        assert np.array_equal(ours[key], theirs[key]), key
