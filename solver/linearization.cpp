#include "solver/linearization.hpp"

#include <Eigen/SparseCore>
#include <Eigen/SparseLU>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/analysis/program.hpp"
#include "core/analysis/program_state.hpp"
#include "solver/simulator.hpp"

namespace acausal {
namespace {

/// The positions of `wanted` among `all` (all of them when `wanted` is empty).
std::vector<std::size_t> positions(const std::vector<std::string>& all, const std::vector<std::string>& wanted,
                                   const char* what) {
  std::vector<std::size_t> out;
  if (wanted.empty()) {
    for (std::size_t k = 0; k < all.size(); ++k) out.push_back(k);
    return out;
  }
  for (const std::string& name : wanted) {
    const auto it = std::find(all.begin(), all.end(), name);
    if (it == all.end()) {
      std::string list;
      for (const std::string& a : all) list += (list.empty() ? "" : ", ") + a;
      throw std::invalid_argument(std::string("linearize: no ") + what + " \"" + name + "\"; the model's: " +
                                  (list.empty() ? "none" : list));
    }
    out.push_back(static_cast<std::size_t>(it - all.begin()));
  }
  return out;
}

double max_abs(const std::vector<double>& v) {
  double m = 0.0;
  for (double x : v) m = std::max(m, std::fabs(x));
  return m;
}

}  // namespace

Linearization linearize(Simulator& sim, const std::vector<std::string>& input_names,
                        const std::vector<std::string>& output_names) {
  const Program& p = sim.program();
  const TapeInputs at = sim.tape_inputs();
  const ProgramState& state = sim.state();
  const std::size_t n = p.size();
  const std::vector<std::size_t> in = positions(p.input_names(), input_names, "input");
  const std::vector<std::size_t> out = positions(p.output_names(), output_names, "output");
  Linearization lin;
  lin.time = sim.time();
  std::vector<std::size_t> x;  // the states: differential unknowns
  for (std::size_t j = 0; j < n; ++j)
    if (p.id()[j] == 1.0) x.push_back(j);
  for (std::size_t j : x) lin.states.push_back(p.name(j));
  for (std::size_t k : in) lin.inputs.push_back(p.input_names()[k]);
  for (std::size_t k : out) lin.outputs.push_back(p.output_names()[k]);

  // M = [∂F/∂x' ∂F/∂z] (column j: y'_j for a state, y_j for an algebraic unknown) and ∂F/∂x.
  const JacobianTape& jacobian = p.jacobian();
  JacobianTape::Workspace jw = state.workspace(jacobian);
  const std::span<const double> parts = jacobian.partials(at, state.branch.data(), jw);
  const SparsityPattern& pattern = jacobian.pattern();
  const std::size_t nnz = pattern.nonzeros();
  std::vector<Eigen::Triplet<double>> m_entries;
  Eigen::MatrixXd rhs = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(x.size() + in.size()));
  std::vector<Eigen::Index> state_column(n, -1);
  for (std::size_t s = 0; s < x.size(); ++s) state_column[x[s]] = static_cast<Eigen::Index>(s);
  for (std::size_t c = 0; c < pattern.cols; ++c)
    for (auto k = static_cast<std::size_t>(pattern.col_start[c]); k < static_cast<std::size_t>(pattern.col_start[c + 1]); ++k) {
      const auto r = static_cast<Eigen::Index>(pattern.row_index[k]);
      if (p.id()[c] == 1.0) {
        m_entries.emplace_back(r, static_cast<Eigen::Index>(c), parts[nnz + k]);
        rhs(r, state_column[c]) -= parts[k];
      } else {
        m_entries.emplace_back(r, static_cast<Eigen::Index>(c), parts[k]);
      }
    }
  // −∂F/∂u by central differences (F is linear in most inputs: exact to rounding there).
  std::vector<double> u(at.u, at.u + p.input_names().size()), plus(n), minus(n);
  Tape::Workspace rw = state.workspace(p.residual());
  for (std::size_t k = 0; k < in.size(); ++k) {
    const double u0 = u[in[k]], h = 1e-6 * (1.0 + std::fabs(u0));
    TapeInputs shifted = at;
    shifted.u = u.data();
    u[in[k]] = u0 + h;
    p.residual().evaluate(shifted, plus.data(), state.branch.data(), rw);
    u[in[k]] = u0 - h;
    p.residual().evaluate(shifted, minus.data(), state.branch.data(), rw);
    u[in[k]] = u0;
    for (std::size_t r = 0; r < n; ++r)
      rhs(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(x.size() + k)) = -(plus[r] - minus[r]) / (2.0 * h);
  }
  Eigen::SparseMatrix<double> m(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n));
  m.setFromTriplets(m_entries.begin(), m_entries.end());
  Eigen::SparseLU<Eigen::SparseMatrix<double>> lu;
  lu.compute(m);
  if (lu.info() != Eigen::Success)
    throw std::invalid_argument("linearize: the system is singular at t = " + std::to_string(lin.time) +
                                " ([∂F/∂x' ∂F/∂z] has no inverse there)");
  const Eigen::MatrixXd w = lu.solve(rhs);  // rows: δx' of the states, δz of the algebraic unknowns

  const auto nx = static_cast<Eigen::Index>(x.size()), nu = static_cast<Eigen::Index>(in.size());
  lin.A.resize(nx, nx);
  lin.B.resize(nx, nu);
  for (Eigen::Index a = 0; a < nx; ++a) {
    lin.A.row(a) = w.row(static_cast<Eigen::Index>(x[static_cast<std::size_t>(a)])).head(nx);
    lin.B.row(a) = w.row(static_cast<Eigen::Index>(x[static_cast<std::size_t>(a)])).tail(nu);
  }
  // C and D: the outputs along each column's (δy, δy', δu), by central differences.
  const auto ny = static_cast<Eigen::Index>(out.size());
  lin.C.resize(ny, nx);
  lin.D.resize(ny, nu);
  const std::size_t outputs = p.output_names().size();
  std::vector<double> y(at.y, at.y + n), yp(at.yp, at.yp + n), h_plus(outputs), h_minus(outputs);
  Tape::Workspace ow = state.workspace(p.outputs());
  for (Eigen::Index col = 0; col < nx + nu; ++col) {
    std::vector<double> dy(n, 0.0), dyp(n, 0.0), du(u.size(), 0.0);
    for (std::size_t j = 0; j < n; ++j) {
      if (p.id()[j] == 1.0)
        dyp[j] = w(static_cast<Eigen::Index>(j), col);
      else
        dy[j] = w(static_cast<Eigen::Index>(j), col);
    }
    if (col < nx)
      dy[x[static_cast<std::size_t>(col)]] = 1.0;
    else
      du[in[static_cast<std::size_t>(col - nx)]] = 1.0;
    const double size = std::max({max_abs(dy), max_abs(dyp), max_abs(du), 1e-300});
    const double h = 1e-6 * (1.0 + std::max({max_abs(y), max_abs(yp), max_abs(u)})) / size;
    auto evaluate = [&](double sign, std::vector<double>& result) {
      std::vector<double> ys(n), yps(n), us(u.size());
      for (std::size_t j = 0; j < n; ++j) {
        ys[j] = y[j] + sign * h * dy[j];
        yps[j] = yp[j] + sign * h * dyp[j];
      }
      for (std::size_t k = 0; k < u.size(); ++k) us[k] = u[k] + sign * h * du[k];
      p.outputs().evaluate({at.t, ys.data(), yps.data(), at.p, us.data(), at.d}, result.data(), state.branch.data(), ow);
    };
    evaluate(1.0, h_plus);
    evaluate(-1.0, h_minus);
    for (Eigen::Index r = 0; r < ny; ++r) {
      const std::size_t o = out[static_cast<std::size_t>(r)];
      const double derivative = (h_plus[o] - h_minus[o]) / (2.0 * h);
      if (col < nx)
        lin.C(r, col) = derivative;
      else
        lin.D(r, col - nx) = derivative;
    }
  }
  return lin;
}

}  // namespace acausal
