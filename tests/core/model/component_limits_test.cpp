// A component's variables are numbered in 16 bits in the flat model (ModelVariable::local): one with
// more is refused, naming it, before anything is assembled.
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "core/model/component.hpp"
#include "core/model/errors.hpp"
#include "core/model/model.hpp"
#include "core/model/netlist.hpp"
#include "core/model/registry.hpp"

using namespace acausal;

namespace {

/// x_k = 0 for `count` variables.
class ManyVariables final : public Component {
 public:
  explicit ManyVariables(std::size_t count) : count_(count) {}
  std::string_view type() const override { return "test.ManyVariables"; }
  std::string_view summary() const override { return "test: many variables, each zero"; }
  void define(ComponentBuilder& b) const override {
    for (std::size_t k = 0; k < count_; ++k) b.equation(b.variable("x" + std::to_string(k), "1", "a variable"), "zero");
  }

 private:
  std::size_t count_;
};

std::string message_for(std::size_t count) {
  Registry registry;
  registry.add(std::make_unique<ManyVariables>(count));
  try {
    build_model(parse_netlist(R"({"format": "acausal/1", "components": {"big": {"type": "test.ManyVariables"}}})"), registry);
  } catch (const ModelError& e) {
    return e.pointer() + ": " + e.message();
  }
  return "";
}

}  // namespace

TEST_SUITE("slow") {  // a definition of 65536 variables takes seconds to build
TEST_CASE("a component with more than 65536 variables is refused, naming it, and one with 65536 is built") {
  CHECK(message_for(ModelVariable::kMaxLocals + 1) ==
        "/components/big: big (test.ManyVariables) has 65537 variables; a component has at most 65536");
  CHECK(message_for(ModelVariable::kMaxLocals) == "");
}
}
