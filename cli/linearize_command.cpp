// `acausal linearize NETLIST [--at T] [--inputs …] [--outputs …] [-o FILE.json]`: the linear model
// A, B, C, D of the reduced system in its chosen states at an operating point (solver/linearization.hpp).

#include <cerrno>
#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/common.hpp"
#include "core/analysis/analysis.hpp"
#include "core/analysis/program.hpp"
#include "core/model/model.hpp"
#include "solver/linearization.hpp"
#include "solver/mat_writer.hpp"
#include "solver/simulation.hpp"

namespace acausal::cli {
namespace {

struct LinearizeOptions {
  NetlistArguments netlist;
  std::optional<double> at;
  std::vector<std::string> inputs, outputs;
  std::vector<std::string> input_values;  ///< `--u NAME=VALUE`: the inputs' operating values
  std::string output;
};

nlohmann::json rows_of(const Eigen::MatrixXd& m) {
  nlohmann::json rows = nlohmann::json::array();
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    nlohmann::json row = nlohmann::json::array();
    for (Eigen::Index c = 0; c < m.cols(); ++c) row.push_back(m(r, c));
    rows.push_back(row);
  }
  return rows;
}

int run(const LinearizeOptions& o) {
  const Netlist netlist = load(o.netlist);
  const Model model = build_model(netlist, command_registry(o.netlist.libraries));
  const Program program(model, analyze(model));
  SimulationOptions options = options_from(model.experiment);
  if (o.at) {
    if (!(*o.at >= options.start)) throw UsageError("--at " + number(*o.at) + " is before the start time " + number(options.start));
    options.stop = std::max(options.stop, *o.at);
  }
  Simulator sim(program, options);
  // The operating point's inputs: 0 unless given.
  for (std::size_t k = 0; k < program.input_names().size(); ++k) sim.set_input(k, 0.0);
  for (const std::string& a : o.input_values) {
    const std::size_t eq = a.find('=');
    double value = 0.0;
    if (eq == std::string::npos || !CLI::detail::lexical_cast(a.substr(eq + 1), value))
      throw UsageError("--u expects NAME=VALUE, got \"" + a + "\"");
    try {
      sim.set_input(a.substr(0, eq), value);
    } catch (const std::invalid_argument& e) {
      throw UsageError(std::string("--u ") + a + ": " + e.what());
    }
  }
  if (o.at && *o.at > options.start) sim.step_to(*o.at);
  Linearization lin;
  try {
    lin = linearize(sim, o.inputs, o.outputs);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  auto written = [&] {
    std::cout << "wrote " << o.output << " (" << lin.states.size() << " states, " << lin.inputs.size() << " inputs, "
              << lin.outputs.size() << " outputs, t = " << general(lin.time) << " s)\n";
    return kOk;
  };
  if (o.output.ends_with(".mat")) {
    write_linearization_mat(o.output, lin);
    return written();
  }
  const nlohmann::json j = {{"time", lin.time}, {"states", lin.states}, {"inputs", lin.inputs}, {"outputs", lin.outputs},
                            {"A", rows_of(lin.A)},  {"B", rows_of(lin.B)},    {"C", rows_of(lin.C)},   {"D", rows_of(lin.D)}};
  const std::string text = j.dump(1) + "\n";
  if (o.output.empty()) {
    std::cout << text;
  } else {
    errno = 0;
    std::ofstream file(o.output);
    file << text;
    file.close();  // the last of the text reaches the file here, or fails (a full disk)
    if (!file) throw OutputError(output_problem("cannot write", o.output));
    return written();
  }
  return kOk;
}

}  // namespace

Command add_linearize_command(CLI::App& app) {
  auto o = std::make_shared<LinearizeOptions>();
  CLI::App* sub = app.add_subcommand(
      "linearize", "The linear model dx/dt = A x + B u, y = C x + D u in the chosen states at an operating point (JSON)");
  add_netlist_arguments(*sub, o->netlist);
  sub->add_option("--at", o->at, "Simulate to this time first and linearize there (default: the start, initialized)")
      ->type_name("T");
  sub->add_option("--inputs", o->inputs, "The netlist's inputs to keep, by name (default: all)")->delimiter(',')->type_name("NAME,...");
  sub->add_option("--outputs", o->outputs, "The outputs to keep, by name (default: all the netlist's outputs)")
      ->delimiter(',')
      ->type_name("NAME,...");
  sub->add_option("--u", o->input_values, "An input's value at the operating point, in its unit (default 0); repeatable")
      ->type_name("NAME=VALUE");
  sub->add_option("-o,--output", o->output,
                  "Write to this file: JSON, or a MAT file (A, B, C, D, states, inputs, outputs) when it ends in .mat "
                  "(default: JSON on standard output)")
      ->type_name("FILE");
  return {sub, [o] { return guarded(o->netlist.path, [&] { return run(*o); }); }};
}

}  // namespace acausal::cli
