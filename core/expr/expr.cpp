#include "core/expr/expr.hpp"

#include <stdexcept>

#include "core/expr/expr_node.hpp"
#include "core/expr/expr_store.hpp"

namespace acausal {

using detail::Node;
using detail::NodeKey;

Expr Expr::variable(std::string_view name) {
  NodeKey k;
  k.op = Op::Variable;
  k.name = name;
  return detail::intern(k);
}

Expr Expr::parameter(std::string_view name) {
  NodeKey k;
  k.op = Op::Parameter;
  k.name = name;
  return detail::intern(k);
}

Expr Expr::time() {
  NodeKey k;
  k.op = Op::Time;
  return detail::intern(k);
}

Expr der(const Expr& x) {
  Expr base = x;
  int order = 1;
  if (x.op() == Op::Derivative) {
    base = x.args()[0];
    order = x.order() + 1;
  } else if (x.op() != Op::Variable) {
    throw std::invalid_argument("der() takes a variable, not " + to_string(x));
  }
  NodeKey k;
  k.op = Op::Derivative;
  k.order = order;
  k.args = std::span<const Expr>(&base, 1);
  return detail::intern(k);
}


bool Expr::is_leaf() const {
  switch (node_->op) {
    case Op::Constant:
    case Op::Variable:
    case Op::Derivative:
    case Op::Parameter:
    case Op::Time:
      return true;
    default:
      return false;
  }
}

double Expr::constant_value() const {
  if (node_->op != Op::Constant) throw std::logic_error("constant_value() of " + to_string(*this));
  if (node_->order != 0) node_->store->trace().guard(static_cast<std::uint32_t>(node_->order), GuardKind::Exact);
  return node_->value;
}

Coef Expr::coef() const {
  if (node_->op != Op::Constant) throw std::logic_error("coef() of " + to_string(*this));
  return Coef(node_->value, static_cast<std::uint32_t>(node_->order));
}

const std::string& Expr::name() const {
  if (node_->op == Op::Derivative) return node_->args()[0].name();
  if (node_->op != Op::Variable && node_->op != Op::Parameter)
    throw std::logic_error("name() of " + to_string(*this));
  return node_->extra->name;
}


const std::shared_ptr<const Table1D>& Expr::table() const {
  if (node_->op != Op::Table) throw std::logic_error("table() of " + to_string(*this));
  return node_->extra->table;
}



bool is_condition(Op op) {
  switch (op) {
    case Op::Less:
    case Op::LessEqual:
    case Op::Greater:
    case Op::GreaterEqual:
    case Op::And:
    case Op::Or:
      return true;
    default:
      return false;
  }
}

}  // namespace acausal
