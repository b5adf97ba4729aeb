"""Linearization against closed forms and against finite differences of the model's own initial
derivatives (an independent path: the initialization, not the linearization's LU)."""

import json
import math
import subprocess

import numpy as np
import pytest

import acausal

MSD = {
    "format": "acausal/1",
    "components": {
        "ground": {"type": "translational.Fixed"},
        "spring": {"type": "translational.SpringDamper", "params": {"c": 100, "d": 2}},
        "mass": {"type": "translational.Mass", "params": {"m": 1}, "initial": {"s": 0.1, "v": 0}},
        "push": {"type": "translational.Force"},
    },
    "inputs": {"f": {"unit": "N", "feeds": ["push.f"]}},
    "connections": [["ground.flange", "spring.C"], ["spring.R", "mass.flange", "push.flange"]],
    "outputs": ["mass.s", "spring.f"],
}


def test_a_mass_spring_damper_linearizes_to_its_exact_matrices(cli, tmp_path):
    lin = acausal.load(MSD).linearize()
    assert lin.states == ["mass.s", "mass.v"] and lin.inputs == ["f"] and lin.outputs == ["mass.s", "spring.f"]
    assert np.array_equal(lin.A, [[0.0, 1.0], [-100.0, -2.0]])
    assert np.array_equal(lin.B, [[0.0], [1.0]])
    # m s'' + d s' + c s = f: eigenvalues −1 ± i·√99, exact to 1e-10.
    eig = sorted(lin.eigenvalues(), key=lambda z: z.imag)
    assert abs(eig[0] - complex(-1, -math.sqrt(99))) < 1e-10 and abs(eig[1] - complex(-1, math.sqrt(99))) < 1e-10
    # The outputs: s itself, and the spring-damper's force c·s + d·v (central differences).
    assert np.allclose(lin.C, [[1.0, 0.0], [100.0, 2.0]], rtol=1e-9, atol=1e-12)
    assert np.allclose(lin.D, [[0.0], [0.0]], atol=1e-12)
    # The CLI prints the same.
    path = tmp_path / "msd.json"
    path.write_text(json.dumps(MSD))
    printed = json.loads(subprocess.run([cli, "linearize", str(path)], check=True, capture_output=True, text=True).stdout)
    assert printed["states"] == lin.states and np.array_equal(printed["A"], lin.A) and np.array_equal(printed["B"], lin.B)
    # And as a MAT file.
    scipy_io = pytest.importorskip("scipy.io")
    subprocess.run([cli, "linearize", str(path), "-o", str(tmp_path / "lin.mat")], check=True, capture_output=True)
    mat = scipy_io.loadmat(tmp_path / "lin.mat")
    assert [s.rstrip() for s in mat["states"]] == lin.states and [s.rstrip() for s in mat["outputs"]] == lin.outputs
    for key in "ABCD":
        assert np.array_equal(mat[key], np.array(printed[key])), key


def double_pendulum(netlists, **initial):
    """netlists/double_pendulum.json with these joints' initial values (none: no targets)."""
    netlist = json.loads((netlists / "double_pendulum.json").read_text())
    for joint in ("joint1", "joint2"):
        netlist["components"][joint]["initial"] = initial.get(joint, {})
    return acausal.load(netlist)


# A state of the planar double pendulum as a combination of q = (φ1, ω1, φ2, ω2): the analysis may
# choose the second link's absolute angular velocity (about z, the joints' axis) as a state.
STATE_ROWS = {"joint1.phi": [1, 0, 0, 0], "joint1.w": [0, 1, 0, 0], "joint2.phi": [0, 0, 1, 0],
              "joint2.w": [0, 0, 0, 1], "link1.w_a[3]": [0, 1, 0, 0], "link2.w_a[3]": [0, 1, 0, 1]}


def box(length=0.5, width=0.06, density=7700.0):
    m = density * length * width * width
    return m, m * (length ** 2 + width ** 2) / 12.0  # mass, inertia about the centre (z)


def test_the_double_pendulum_at_its_lower_rest_point_matches_the_small_angle_model(netlists):
    # netlists/double_pendulum.json hung down: θ1 = φ1 + π/2, θ2 = θ1 + φ2 from the vertical; each link a
    # box of mass m, centre at c = 0.25 m, joints l = 0.5 m apart; a damper d = 0.1 on joint 1.
    lin = double_pendulum(netlists, joint1={"phi": -math.pi / 2, "w": 0}, joint2={"phi": 0, "w": 0}).linearize()
    m, J = box()
    c, l, g, d = 0.25, 0.5, 9.80665, 0.1
    M = np.array([[J + m * c * c + m * l * l, m * l * c], [m * l * c, J + m * c * c]])
    K = np.diag([m * g * (c + l), m * g * c])
    T = np.array([[1.0, 0.0], [1.0, 1.0]])  # θ = T·φ
    M_phi, K_phi, D_phi = T.T @ M @ T, T.T @ K @ T, np.diag([d, 0.0])
    # In q = (φ1, ω1, φ2, ω2), then in the chosen states s = P·q.
    accel = -np.linalg.solve(M_phi, np.hstack([K_phi, D_phi]))  # rows φ1'', φ2''; columns φ1, φ2, ω1, ω2
    A_q = np.zeros((4, 4))
    A_q[0, 1] = A_q[2, 3] = 1.0
    A_q[1, [0, 2, 1, 3]] = accel[0]
    A_q[3, [0, 2, 1, 3]] = accel[1]
    P = np.array([STATE_ROWS[s] for s in lin.states], dtype=float)
    expected = P @ A_q @ np.linalg.inv(P)
    assert np.max(np.abs(lin.A - expected)) < 1e-9 * np.max(np.abs(expected))


def test_a_moving_3d_pendulum_s_matrix_equals_finite_differences_of_its_initial_derivatives(netlists):
    moving = double_pendulum(netlists, joint1={"phi": 0.3, "w": 1.0}, joint2={"phi": 0.5, "w": -0.7})
    sim = moving.simulator()
    sim.initialize()
    free = double_pendulum(netlists)  # no targets: the states' values are given by name
    states = free.linearize(initial={"joint1.phi": 0, "joint1.w": 0, "joint2.phi": 0}).states
    point = {s: float(sim.y[sim.unknown_names.index(s)]) for s in states}
    lin = free.linearize(initial=point)
    assert lin.states == states

    def rates(values):
        run = free.simulator(initial=values)
        run.initialize()
        return np.array([run.yp[run.unknown_names.index(s)] for s in states])

    eps = 1e-6
    fd = np.column_stack([(rates({**point, s: point[s] + eps}) - rates({**point, s: point[s] - eps})) / (2 * eps)
                          for s in states])
    assert np.max(np.abs(lin.A - fd)) < 1e-6 * np.max(np.abs(fd))
