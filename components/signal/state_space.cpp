#include "components/signal/state_space.hpp"

#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "components/signal/control_state.hpp"

namespace acausal::signal_components {

std::string_view StateSpace::details() const {
  return R"(MSL 4.0.0's Continuous.StateSpace block: a linear system with nu inputs, ny outputs and nx
states,

    der(x) = A·x + B·u
    y      = C·x + D·u

with the inputs `u[1]` … `u[nu]`, the outputs `y[1]` … `y[ny]` and the states `x[1]` … `x[nx]`.
The sizes nx, nu, ny are parameters (default 2, 1, 1 as MSL's default matrices); the matrices are
given as rows, A (nx × nx), B (nx × nu), C (ny × nx), D (ny × nu), and default to MSL's
A = [[1, 0], [0, 1]], B = [[1], [1]], C = [[1, 1]], D = [[0]] (for other sizes: A the identity, B and
C all ones, D zero). The entries are numbers for time in s (the equations carry the constant
`time_unit` = 1 s so that every term keeps the unit of u).

Initialization (`init`, MSL's initType; MSL's default NoInit with x_start = 0 is
`"initial_state"`): `"initial_state"`: x[i] starts at the netlist's `"initial"` value (`"x": [ … ]`
or `"x[2]": …`), 0 without one. `"steady_state"`: der(x) = A·x + B·u = 0 at the start (for a
singular A also a condition on u). With it, x[i] is integrated as `x_dev[i]` = x[i] − `x_t0[i]`,
which starts at 0, with `x_t0[i]` a parameter fixed at initialization. `"initial_output"` (MSL's
InitialOutput): the states start where y = `y_start` (ny values, default 0) with der(x) as small
as that allows, x = argmin |A·x + B·u|² subject to C·x + D·u = y_start (MSL's
equalityLeastSquares; A and C must leave that x unique): the conditions are the least-squares
problem's optimality, Aᵀ·(A·x + B·u) + Cᵀ·λ = 0 and the constraint, with the multipliers
`lambda[k]` parameters fixed at initialization beside `x_t0[i]`. A signal block: no energy terms.)";
}

void StateSpace::define(ComponentBuilder& b) const {
  const ParameterCheck size = [](double v) -> std::optional<std::string> {
    if (v >= 1.0 && v == std::floor(v) && v <= 1000.0) return std::nullopt;
    return "must be an integer from 1 to 1000";
  };
  const auto nx = static_cast<std::size_t>(b.parameter_value("nx", "1", 2.0, "Number of states", size));
  const auto nu = static_cast<std::size_t>(b.parameter_value("nu", "1", 1.0, "Number of inputs", size));
  const auto ny = static_cast<std::size_t>(b.parameter_value("ny", "1", 1.0, "Number of outputs", size));
  std::vector<std::string> x_names, u_names;
  for (std::size_t j = 0; j < nx; ++j) x_names.push_back("x[" + std::to_string(j + 1) + "]");
  for (std::size_t j = 0; j < nu; ++j) u_names.push_back("u[" + std::to_string(j + 1) + "]");
  std::vector<ComponentBuilder::RowColumn> x_columns, u_columns;
  for (const std::string& name : x_names) x_columns.push_back({name, "1"});
  for (const std::string& name : u_names) u_columns.push_back({name, "1"});
  const auto filled = [](std::size_t rows, std::size_t columns, double value, bool identity) {
    std::vector<std::vector<double>> m(rows, std::vector<double>(columns, identity ? 0.0 : value));
    if (identity)
      for (std::size_t i = 0; i < rows && i < columns; ++i) m[i][i] = 1.0;
    return m;
  };
  const auto A = b.rows_parameter("A", x_columns, filled(nx, nx, 0.0, true), "System matrix (nx rows of nx)");
  const auto B = b.rows_parameter("B", u_columns, filled(nx, nu, 1.0, false), "Input matrix (nx rows of nu)");
  const auto C = b.rows_parameter("C", x_columns, filled(ny, nx, 1.0, false), "Output matrix (ny rows of nx)");
  const auto D = b.rows_parameter("D", u_columns, filled(ny, nu, 0.0, false), "Feedthrough matrix (ny rows of nu)");
  const BlockInit init = control_init(b, true);
  const std::vector<double> y_start =
      b.vector_parameter("y_start", "1", std::vector<double>(ny, 0.0), "Outputs at the start time (initial_output)", ny);
  for (const auto& [name, rows, wanted, size_name] :
       {std::tuple{"A", &A, nx, "nx"}, std::tuple{"B", &B, nx, "nx"}, std::tuple{"C", &C, ny, "ny"}, std::tuple{"D", &D, ny, "ny"}})
    if (rows->size() != wanted)
      b.fail(name, std::string(name) + " must have " + size_name + " = " + std::to_string(wanted) + " rows, got " +
                       std::to_string(rows->size()));

  std::vector<Expr> u, y, x;
  for (std::size_t j = 0; j < nu; ++j) u.push_back(b.input(u_names[j], "1", "Input signal " + std::to_string(j + 1)));
  for (std::size_t i = 0; i < ny; ++i)
    y.push_back(b.output("y[" + std::to_string(i + 1) + "]", "1", "Output signal " + std::to_string(i + 1)));
  for (std::size_t i = 0; i < nx; ++i) x.push_back(b.variable(x_names[i], "1", "State " + std::to_string(i + 1)));
  const Expr time_unit = b.constant("time_unit", "s", 1.0, "The unit of time the matrices' entries are numbers for");
  const auto row = [&](const std::vector<double>& m_x, const std::vector<double>& m_u) {
    Expr sum = 0.0;
    for (std::size_t j = 0; j < nx && !m_x.empty(); ++j) sum = sum + m_x[j] * x[j];
    for (std::size_t j = 0; j < nu; ++j) sum = sum + m_u[j] * u[j];
    return sum;
  };
  std::vector<Expr> rates;  // time_unit·der(x[i])
  for (std::size_t i = 0; i < nx; ++i) rates.push_back(row(A[i], B[i]));
  // initial_output: the multipliers of the constraints C·x + D·u = y_start, each fixed by its
  // constraint (λ_k = λ_k + constraint: the sum leaves the constraint alone).
  std::vector<Expr> lambda;
  if (init == BlockInit::InitialOutput)
    for (std::size_t k = 0; k < ny; ++k) {
      const std::string local = "lambda[" + std::to_string(k + 1) + "]";
      lambda.push_back(b.initial_parameter(local, "1", "Multiplier of output " + std::to_string(k + 1) +
                                                           "'s start in the least-squares fit (initial_output)",
                                           own_parameter_symbol(b, local) + row(C[k], D[k]) - y_start[k]));
    }
  for (std::size_t i = 0; i < nx; ++i) {
    const std::string index = "[" + std::to_string(i + 1) + "]";
    const Expr& rate = rates[i];
    std::optional<Expr> condition;
    if (init == BlockInit::SteadyState) condition = rate;
    if (init == BlockInit::InitialOutput) {  // row i of Aᵀ·(A·x + B·u) + Cᵀ·λ
      Expr optimality = 0.0;
      for (std::size_t j = 0; j < nx; ++j) optimality = optimality + A[j][i] * rates[j];
      for (std::size_t k = 0; k < ny; ++k) optimality = optimality + C[k][i] * lambda[k];
      condition = optimality;
    }
    const Expr state = conditioned_state(b, x[i], "x", "1", condition, index);
    b.equation(time_unit * der(state) - rate, "state equation, row " + std::to_string(i + 1));
  }
  for (std::size_t i = 0; i < ny; ++i) b.equation(y[i] - row(C[i], D[i]), "output equation, row " + std::to_string(i + 1));
}

}  // namespace acausal::signal_components
