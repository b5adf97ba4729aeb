#include "tests/support/malformed_netlist.hpp"

#include <doctest/doctest.h>

#include <exception>
#include <memory>

#include "components/registry.hpp"
#include "core/analysis/analysis.hpp"
#include "core/analysis/program.hpp"
#include "core/model/errors.hpp"
#include "core/model/model.hpp"
#include "core/model/netlist.hpp"
#include "solver/initialization.hpp"

namespace acausal::testing {

Outcome run_pipeline(std::string_view text, const std::string& source) {
  Outcome o;
  std::string stage = "parse";
  try {
    Netlist n = parse_netlist(text, source);
    stage = "build";
    Model m = build_model(n, builtin_registry());
    stage = "analyze";
    analyze(m);
    stage = "compile";
    std::unique_ptr<Program> p = compile(m);
    stage = "initialize";
    ProgramState state(*p);
    initialize(state, m.experiment.start);
  } catch (const ModelError& e) {
    o.stage = stage;
    o.pointer = e.pointer();
    o.message = e.message();
    o.what = e.what();
  } catch (const std::exception& e) {
    o.stage = stage + ", not as a ModelError: " + e.what();
  }
  return o;
}

void check_error(std::string_view text, const std::string& stage, const std::string& pointer,
                 const std::string& message, const std::string& source) {
  const Outcome o = run_pipeline(text, source);
  CHECK(o.stage == stage);
  CHECK(o.pointer == pointer);
  CHECK(o.message == message);
  CHECK(o.what == (pointer.empty() ? message : pointer + ": " + message));
}

}  // namespace acausal::testing
