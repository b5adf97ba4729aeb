#include "components/signal/feedback.hpp"

namespace acausal::signal_components {

std::string_view Feedback::details() const {
  return R"(MSL 4.0.0's Math.Feedback block: the difference of a command u1 and a feedback signal u2,

    y = u1 − u2

(the control error of a loop whose measurement is u2). A signal block: no energy terms.)";
}

void Feedback::define(ComponentBuilder& b) const {
  const Expr u1 = b.input("u1", "1", "Commanded signal");
  const Expr u2 = b.input("u2", "1", "Feedback signal");
  const Expr y = b.output("y", "1", "Output signal, u1 − u2");
  b.equation(y - (u1 - u2), "feedback difference");
}

}  // namespace acausal::signal_components
