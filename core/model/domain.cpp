#include "core/model/domain.hpp"

#include <stdexcept>

namespace acausal {

std::string PortQuantity::element_name(int i) const {
  if (size() == 1) return name;
  if (cols == 1) return name + "[" + std::to_string(i + 1) + "]";
  return name + "[" + std::to_string(i / cols + 1) + "," + std::to_string(i % cols + 1) + "]";
}

Domain::Domain(std::string name, std::vector<PortQuantity> across, std::vector<PortQuantity> through, bool causal,
               PowerRule power, std::optional<CompliantNames> compliant, std::optional<LoopClosure> loop_closure)
    : name_(std::move(name)), across_(std::move(across)), through_(std::move(through)), causal_(causal),
      power_(std::move(power)), compliant_(std::move(compliant)), loop_closure_(std::move(loop_closure)) {}

namespace {

/// 1D mechanical power: the through variable times the rate of the across variable.
Expr flow_times_rate(const Port& port) { return port.flow() * der(port.potential()); }

}  // namespace

const Expr& Port::potential() const {
  if (across.size() != 1)
    throw std::logic_error("port " + name + " of domain " + domain->name() + " has " + std::to_string(across.size()) +
                           " across variables, not one");
  return across[0];
}

const Expr& Port::flow() const {
  if (through.size() != 1)
    throw std::logic_error("port " + name + " of domain " + domain->name() + " has " + std::to_string(through.size()) +
                           " through variables, not one");
  return through[0];
}

const Domain& rotational() {
  static const Domain d("rotational", {{"phi", "rad"}}, {{"tau", "N*m"}}, false, flow_times_rate,
                        CompliantNames{{"phi_rel", "rad"},
                                       {"w_rel", "rad/s"},
                                       {"tau", "N*m"},
                                       "Relative angle R − C",
                                       "Relative angular velocity R − C",
                                       "Torque through the element (into R, out of C)"});
  return d;
}

const Domain& translational() {
  static const Domain d("translational", {{"s", "m"}}, {{"f", "N"}}, false, flow_times_rate,
                        CompliantNames{{"s_rel", "m"},
                                       {"v_rel", "m/s"},
                                       {"f", "N"},
                                       "Relative position R − C",
                                       "Relative velocity R − C",
                                       "Force through the element (into R, out of C)"});
  return d;
}

const Domain& thermal() {
  static const Domain d("thermal", {{"T", "K"}}, {{"Q_flow", "W"}}, false, [](const Port& port) { return port.flow(); });
  return d;
}

const Domain& signal() {
  static const Domain d("signal", {{"", "1"}}, {}, true, [](const Port&) { return Expr(0.0); });
  return d;
}

namespace {

// The frame's variables in the order of frame()'s quantities: r_0[1..3], R[1,1..3,3] row by row, w[1..3];
// f[1..3], t[1..3].
constexpr std::size_t kR = 3, kW = 12;

/// f·v + t·ω with v = R·der(r_0), the origin's velocity resolved in the frame.
Expr frame_power(const Port& p) {
  Expr power = 0.0;
  for (std::size_t i = 0; i < 3; ++i) {
    Expr v = 0.0;
    for (std::size_t j = 0; j < 3; ++j) v += p.across[kR + 3 * i + j] * der(p.across[j]);
    power += p.through[i] * v + p.through[3 + i] * p.across[kW + i];
  }
  return power;
}

/// The orientations of two frames agree: the rotation between them, R_rel = R_cut·R_nodeᵀ, has a
/// zero rotation vector (its skew part; Modelica's Frames.Orientation.equalityConstraint). Three
/// residuals for the nine entries, whose other six relations orthonormality already implies.
std::vector<Expr> frame_orientations_agree(const Port& node, const Port& cut) {
  const auto rel = [&](std::size_t i, std::size_t j) {
    Expr sum = 0.0;
    for (std::size_t k = 0; k < 3; ++k) sum += cut.across[kR + 3 * i + k] * node.across[kR + 3 * j + k];
    return sum;
  };
  return {rel(1, 2) - rel(2, 1), rel(2, 0) - rel(0, 2), rel(0, 1) - rel(1, 0)};
}

/// The cut quantity of a released closure row: rows 0–2 the origins' equality along world axis k
/// (its force, Rᵀ·f, along that axis), rows 3–5 the orientation residuals about frame axis k (the
/// torque t about it).
std::pair<Expr, std::string> frame_released(const Port& cut, std::size_t row) {
  const std::string axis = std::to_string(row % 3 + 1);
  if (row < 3) {
    Expr force = 0.0;
    for (std::size_t j = 0; j < 3; ++j) force += cut.across[kR + 3 * j + row] * cut.through[j];
    return {force, "no cut force along world axis " + axis};
  }
  return {cut.through[row], "no cut torque about axis " + axis};
}

}  // namespace

const Domain& frame() {
  static const Domain d("frame",
                        {{"r_0", "m", 3, 1}, {"R", "1", 3, 3, StatePriority::Never, {1, 0, 0, 0, 1, 0, 0, 0, 1}}, {"w", "rad/s", 3, 1}},
                        {{"f", "N", 3, 1}, {"t", "N*m", 3, 1}}, false, frame_power, std::nullopt,
                        LoopClosure{{"R", "w"}, frame_orientations_agree, 3, frame_released});
  return d;
}

}  // namespace acausal
