#include "core/model/domain.hpp"

namespace acausal {

std::string PortQuantity::element_name(int i) const {
  if (size() == 1) return name;
  if (cols == 1) return name + "[" + std::to_string(i + 1) + "]";
  return name + "[" + std::to_string(i / cols + 1) + "," + std::to_string(i % cols + 1) + "]";
}

Domain::Domain(std::string name, std::vector<PortQuantity> across, std::vector<PortQuantity> through, bool causal,
               PowerRule power)
    : name_(std::move(name)), across_(std::move(across)), through_(std::move(through)), causal_(causal),
      power_(std::move(power)) {}

namespace {
/// 1D mechanical power: the through variable times the rate of the across variable.
Expr flow_times_rate(const Port& port) { return port.flow() * der(port.potential()); }
}  // namespace

const Domain& rotational() {
  static const Domain d("rotational", {{"phi", "rad"}}, {{"tau", "N*m"}}, false, flow_times_rate);
  return d;
}

const Domain& translational() {
  static const Domain d("translational", {{"s", "m"}}, {{"f", "N"}}, false, flow_times_rate);
  return d;
}

const Domain& signal() {
  static const Domain d("signal", {{"", "1"}}, {}, true, [](const Port&) { return Expr(0.0); });
  return d;
}

}  // namespace acausal
