// `acausal simulate`: load, assemble, analyze, compile, initialize, integrate; CSV out.

#include <unistd.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <chrono>
#include <cstdio>
#include <functional>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/common.hpp"
#include "core/analysis/analysis.hpp"
#include "core/model/model.hpp"
#include "core/model/errors.hpp"
#include "core/analysis/program.hpp"
#include "core/analysis/program_state.hpp"
#include "core/model/result_metadata.hpp"
#include "core/model/units.hpp"
#include "solver/input_table.hpp"
#include "solver/mat_writer.hpp"
#include "cli/python_plotter.hpp"
#include "solver/progress_line.hpp"
#include "solver/simulation.hpp"
#include "solver/solver_error.hpp"

namespace acausal::cli {
namespace {

struct SimulateOptions {
  NetlistArguments netlist;
  std::vector<std::string> inputs;  ///< `--input NAME=FILE.csv`
  std::string output;
  std::string energy_plot;  ///< `--plot FILE`: a picture of the energy account
  std::optional<double> stop, interval, tolerance;
  bool energy = false;
  bool audit = false;
  bool stats = false;
  bool quiet = false;
};

/// Forwards to the CSV writer and counts the rows, so that a failure can say how many were written.
class CountingWriter final : public ResultWriter {
 public:
  explicit CountingWriter(ResultWriter& inner) : inner_(inner) {}
  void begin(const std::vector<std::string>& names) override { inner_.begin(names); }
  void row(double time, const std::vector<double>& values) override {
    inner_.row(time, values);
    if (rows_ == 0) first_ = time;
    last_ = time;
    ++rows_;
  }
  void end() override { inner_.end(); }
  std::size_t rows() const { return rows_; }
  double first() const { return first_; }
  double last() const { return last_; }

 private:
  ResultWriter& inner_;
  std::size_t rows_ = 0;
  double first_ = 0.0, last_ = 0.0;
};

struct Timings {
  double load = 0, assemble = 0, analyze = 0, compile = 0;
  // Resident memory [bytes] after each front-end phase.
  std::size_t resident_load = 0, resident_assemble = 0, resident_analyze = 0, resident_compile = 0;
};

void print_statistics(const Program& program, const SimulationResult& r, const Timings& t) {
  std::size_t differential = 0;
  for (double id : program.id()) differential += id == 1.0 ? 1 : 0;
  auto line = [](const char* name, const std::string& value) { std::cout << "  " << pad(name, 25) << value << "\n"; };
  auto count = [&](const char* name, auto n) { line(name, std::to_string(n)); };
  auto seconds = [&](const char* name, double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6f", s);
    line(name, buf);
  };
  const SolverStatistics& s = r.statistics;
  std::cout << "statistics:\n";
  count("unknowns", program.size());
  count("differential", differential);
  count("equations", program.size());
  count("event indicators", program.indicator_count());
  count("steps", s.steps);
  count("residual evaluations", s.residual_evaluations);
  count("jacobian evaluations", s.jacobian_evaluations);
  count("newton iterations", s.newton_iterations);
  count("newton failures", s.newton_failures);
  count("factorizations", s.factorizations);
  count("refactorizations", s.refactorizations);
  count("error test failures", s.error_test_failures);
  count("events", s.events);
  if (s.state_choices > 0) count("states chosen anew", s.state_choices);
  std::cout << "timing [s]:\n";
  seconds("load", t.load);
  seconds("assemble", t.assemble);
  seconds("analyze", t.analyze);
  seconds("compile", t.compile);
  seconds("initialize", r.initialize_seconds);
  seconds("integrate", r.integrate_seconds);
  seconds("total", t.load + t.assemble + t.analyze + t.compile + r.initialize_seconds + r.integrate_seconds);
  auto megabytes = [&](const char* name, std::size_t bytes) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", static_cast<double>(bytes) / 1e6);
    line(name, buf);
  };
  std::cout << "memory [MB]:\n";
  megabytes("resident after load", t.resident_load);
  megabytes("after assemble", t.resident_assemble);
  megabytes("after analyze", t.resident_analyze);
  megabytes("after compile", t.resident_compile);
  megabytes("at the end", resident_bytes());
  megabytes("peak", peak_resident_bytes());
}

void print_energy(const EnergyReport& e) {
  const std::size_t name_width = [&] {
    std::size_t w = 9;  // "component"
    for (const ComponentEnergy& c : e.components) w = std::max(w, c.instance.size());
    return w + 2;
  }();
  auto cell = [](double v) { return pad(general(v, 6), 14); };
  std::cout << "energy [J] from t = " << general(e.time_start) << " to " << general(e.time_end) << " s:\n";
  std::cout << "  " << pad("component", name_width) << pad("stored(t0)", 14) << pad("stored(end)", 14)
            << pad("work lost", 14) << pad("work in", 14)
            << (e.power_audit ? pad("balance [J] (relative)", 26) + "worst audit [W] (relative)" : "balance [J] (relative)")
            << "\n";
  for (const ComponentEnergy& c : e.components) {
    std::cout << "  " << pad(c.instance, name_width) << cell(c.stored_start) << cell(c.stored_end) << cell(c.work_lost)
              << cell(c.work_injected);
    const std::string balance = general(c.worst_balance, 3) + " (" + general(c.relative_balance(), 3) + ")";
    if (!e.power_audit) {
      std::cout << balance << "\n";
      continue;
    }
    std::cout << pad(balance, 26) << general(c.worst_audit, 3) << " (" << general(c.relative_audit(), 3) << ")\n";
  }
  std::cout << "  " << pad("total", name_width) << cell(e.stored_start) << cell(e.stored_end) << cell(e.work_lost)
            << general(e.work_injected, 6) << "\n";
  const double at_end = e.stored_end + e.work_lost - e.work_injected - e.stored_start;
  std::cout << "balance E_stored + W_loss - W_in - E_stored(t0):\n";
  std::cout << "  at end                   " << general(at_end, 3) << " J\n";
  std::cout << "  worst over time          " << general(e.worst_balance, 3) << " J\n";
  std::cout << "  energy scale             " << general(e.energy_scale, 6) << " J\n";
  std::cout << "  relative (worst/scale)   " << general(e.relative_balance(), 3) << "\n";
}

/// `--input NAME=FILE.csv`, split. @throws UsageError when it is not of that form.
std::pair<std::string, std::string> input_assignment(const std::string& text) {
  const std::size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw UsageError("--input expects NAME=FILE.csv, got \"" + text + "\"");
  return {text.substr(0, eq), text.substr(eq + 1)};
}

/// The netlist's inputs and `--input`: each names an input of the netlist, once, and every input
/// is given. @throws ModelError at the input's place, naming the option that gives it.
void check_inputs_given(const Netlist& netlist, const std::vector<std::string>& given) {
  std::vector<std::string> names, seen;
  for (const NetlistInput& in : netlist.inputs) names.push_back(in.name);
  for (const std::string& text : given) {
    const std::string name = input_assignment(text).first;
    if (std::find(names.begin(), names.end(), name) == names.end())
      throw ModelError("/inputs", "--input " + text + ": the netlist has no input \"" + name + "\"; its inputs: " +
                                      (names.empty() ? "none" : join(names)));
    if (std::find(seen.begin(), seen.end(), name) != seen.end())
      throw ModelError("/inputs", "--input " + text + ": input \"" + name + "\" is given twice");
    seen.push_back(name);
  }
  for (const NetlistInput& in : netlist.inputs)
    if (std::find(seen.begin(), seen.end(), in.name) == seen.end())
      throw ModelError(in.pointer, "input \"" + in.name + "\" has no value: give it with --input " + in.name +
                                       "=FILE.csv (a header row, then rows of time [s] and value [" + in.unit + "])");
}

/// The run's input functions, by Program::input_names(): each `--input` file read and interpolated,
/// covering the run's time span. @throws InputFileError.
std::vector<std::function<double(double)>> read_inputs(const Program& program, const std::vector<std::string>& given,
                                                       double start, double stop) {
  std::vector<std::function<double(double)>> functions(program.input_names().size());
  for (const std::string& text : given) {
    const auto [name, path] = input_assignment(text);
    auto table = std::make_shared<const InputTable>(read_input_csv(path, name));
    // A table held constant beyond its ends would run on silently where the file says nothing.
    if (table->first_time() > start || table->last_time() < stop)
      throw InputFileError(path + ": input " + name + " covers t = " + number(table->first_time()) + " to " +
                           number(table->last_time()) + " s; the run goes from " + number(start) + " to " +
                           number(stop) + " s");
    functions[*program.input_index(name)] = [table](double t) { return (*table)(t); };
  }
  return functions;
}

/// The `instance.param` each `--set` names (the text before its '='; a malformed one names none).
std::vector<std::string> set_names(const std::vector<std::string>& overrides) {
  std::vector<std::string> names;
  for (const std::string& o : overrides)
    if (const auto eq = o.find('='); eq != std::string::npos && o.find('.') < eq) names.push_back(o.substr(0, eq));
  return names;
}

/// The run's tunable parameter values with every `--set` applied on the compiled program (its
/// value as JSON: a number in SI, or "<number> <unit>"); nullopt when one cannot be (the program
/// has it as no tunable parameter — a structural one —, or the value fails its check or would
/// change the equations' structure).
std::optional<std::vector<double>> set_on_program(const Program& program, const std::vector<std::string>& overrides) {
  std::vector<double> values(program.tunable_build_values().begin(), program.tunable_build_values().end());
  for (const std::string& o : overrides) {
    const auto eq = o.find('=');
    if (eq == std::string::npos) return std::nullopt;
    const std::optional<std::size_t> k = program.tunable_index(o.substr(0, eq));
    if (!k) return std::nullopt;
    const nlohmann::json v = nlohmann::json::parse(o.substr(eq + 1), nullptr, false);
    try {
      if (!v.is_discarded() && v.is_number())
        values[*k] = v.get<double>();
      else
        values[*k] = units::to_si(v.is_discarded() ? o.substr(eq + 1) : v.get<std::string>(),
                                  program.tunable_parameters()[*k].unit);
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  try {
    ProgramState(program).set_tunable_values(values);
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
  return values;
}

int run(const SimulateOptions& o) {
  using Clock = std::chrono::steady_clock;
  auto since = [](Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); };
  Timings t;
  if (!o.energy_plot.empty() && !o.energy && !o.audit)
    throw UsageError("--plot " + o.energy_plot + " draws the energy account: add --energy");
  // `--set`: the parameters it names are compiled tunable at the netlist's values, and the run
  // sets the new values on the compiled program. When it cannot (a structural parameter, a value
  // the program cannot take), the values go into the netlist and the model is built with them,
  // which reports a mistyped name, unit or value at its place in the netlist.
  bool on_program = !o.netlist.overrides.empty();
  std::optional<std::vector<double>> tunable_values;
  Program* compiled = nullptr;
  Experiment experiment;
  std::vector<std::string> open_ports;  // the model's unconnected ports, for a note after the run
  // A MAT result file describes its columns and lists the parameters: read off the model.
  const bool mat_output = o.output.ends_with(".mat");
  ResultMetadata metadata;
  for (;;) {
    auto t0 = Clock::now();
    NetlistArguments arguments = o.netlist;
    if (on_program) arguments.overrides.clear();
    auto netlist = std::make_unique<Netlist>(load(arguments));
    if (on_program) netlist->tunable = set_names(o.netlist.overrides);
    check_inputs_given(*netlist, o.inputs);
    t.load += since(t0);
    if (o.stats) t.resident_load = resident_bytes();

    t0 = Clock::now();
    auto model = std::make_unique<Model>(build_model(*netlist, command_registry(o.netlist.libraries)));
    netlist.reset();  // the model has all it needs
    // What a phase freed goes back to the system before the next phase allocates: the next one's
    // sizes differ (the analysis' large arrays after the netlist's small objects), and its
    // allocations would land beside the freed memory and add to the peak (bench/README.md).
    release_free_memory();
    t.assemble += since(t0);
    if (o.stats) t.resident_assemble = resident_bytes();
    t0 = Clock::now();
    ReducedDae dae = analyze(*model);
    t.analyze += since(t0);
    if (o.stats) t.resident_analyze = resident_bytes();
    t0 = Clock::now();
    auto built = std::make_unique<Program>(*model, std::move(dae), ProgramOptions{.energy = o.energy || o.audit, .power_audit = o.audit, .keep_analysis = false});
    experiment = model->experiment;
    open_ports = model->unconnected_ports;
    if (mat_output) metadata = result_metadata(*model);
    // The program has what the run needs (its analysis reads the model no more): the model's memory
    // serves the initialization and the integration.
    model.reset();
    release_free_memory();  // the model's and the analysis': the solver allocates in blocks of its own
    t.compile += since(t0);
    if (o.stats) t.resident_compile = resident_bytes();
    if (on_program) {
      tunable_values = set_on_program(*built, o.netlist.overrides);
      if (!tunable_values) {
        on_program = false;  // build again with the values in the netlist
        continue;
      }
    }
    compiled = &keep_until_exit(std::move(built));
    break;
  }
  const Program& program = *compiled;

  SimulationOptions options = options_from(experiment);
  if (o.stop) options.stop = *o.stop;
  if (o.interval) options.interval = *o.interval;
  else if (o.stop && !experiment.interval) options.interval = (options.stop - options.start) / 500.0;
  if (o.tolerance) options.tolerance = *o.tolerance;
  options.energy = o.energy || o.audit;
  options.power_audit = o.audit;
  if (tunable_values) options.tunable_values = *tunable_values;
  if (!(options.stop > options.start))
    throw UsageError("--stop " + number(options.stop) + " must be after the start time " + number(options.start));
  if (auto problem = time_grid_problem(options.start, options.stop, options.interval)) throw UsageError(*problem);
  try {
    options.inputs = read_inputs(program, o.inputs, options.start, options.stop);
  } catch (const InputFileError& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kModelError;
  }

  const std::string path = o.output.empty()
                               ? std::filesystem::path(o.netlist.path).stem().string() + ".csv"
                               : o.output;
  if (tunable_values)  // the parameters --set gave the compiled program
    for (ResultParameter& p : metadata.parameters)
      if (const std::optional<std::size_t> k = program.tunable_index(p.name)) p.value = (*tunable_values)[*k];
  std::unique_ptr<ResultWriter> csv;
  try {
    if (mat_output)
      csv = std::make_unique<MatWriter>(path, std::move(metadata));
    else
      csv = std::make_unique<CsvWriter>(path);
  } catch (const std::runtime_error& e) {
    std::cerr << "error: " << e.what() << "\n";
    return kModelError;
  }
  CountingWriter writer(*csv);
  // On a terminal, a run that takes more than a second shows where it is (stderr: stdout may be a file).
  std::optional<ProgressLine> progress;
  if (!o.quiet && isatty(fileno(stderr)) != 0) {
    progress.emplace(stderr, options.start, options.stop);
    options.on_step = [&progress](double time, std::size_t steps) { progress->update(time, steps); };
  }
  // --plot: the account's totals at every output point, drawn once the run is over.
  std::vector<std::array<double, 4>> account;
  if (!o.energy_plot.empty())
    options.on_row = [&account](const Simulator& sim) {
      if (const std::optional<EnergyTotals> e = sim.energy_totals_so_far())
        account.push_back({e->time, e->stored, e->work_lost, e->work_injected});
    };
  SimulationResult result;
  try {
    result = simulate(program, options, writer);
    if (progress) progress->finish();
  } catch (const SolverError& e) {
    if (progress) progress->finish();
    csv.reset();  // flush and close
    std::cerr << "solver failure: " << e.what() << "\n";
    if (writer.rows() == 0)
      std::cerr << "no results: the run failed before its first row (" << path << " is left as it was)\n";
    else
      std::cerr << "partial results: " << writer.rows() << (writer.rows() == 1 ? " row" : " rows") << " in " << path
                << "\n";
    return kSolverFailure;
  }
  csv.reset();
  std::cout << "wrote " << writer.rows() << " rows to " << path << " (t = " << general(writer.first()) << " to "
            << general(writer.last()) << " s)\n";
  const InitialParameters& computed = program.initial_parameters();
  for (std::size_t k = computed.defined; k < computed.names.size(); ++k)
    std::cout << "computed at initialization (\"fixed\": false): " << computed.names[k] << " = "
              << general(result.initial.parameters[k], 10) << " " << computed.units[k] << "\n";
  if (!open_ports.empty())
    std::cout << "note: open ports (nothing flows through them; `acausal check` lists them): " << join(open_ports, 8)
              << "\n";
  if (!result.initial.dropped.empty()) {
    std::cout << "note: low-priority initial values not met:";
    for (const std::string& d : result.initial.dropped) std::cout << " " << d;
    std::cout << "\n";
  }
  if (result.energy) print_energy(*result.energy);
  if (!o.energy_plot.empty() && result.energy) {
    const std::string table = o.energy_plot + ".account.csv";
    {
      std::ofstream out(table);
      out.precision(17);
      out << "time,stored,work_lost,work_in,balance\n";
      for (const auto& [time, stored, lost, injected] : account)
        out << time << "," << stored << "," << lost << "," << injected << "," << stored + lost - injected - result.energy->stored_start << "\n";
    }
    const int code = run_python_plotter({"--energy", table, "-o", o.energy_plot});
    std::filesystem::remove(table);
    if (code != 0) return code == 127 ? kInternalError : kModelError;
  }
  if (o.stats) print_statistics(program, result, t);
  return kOk;
}

}  // namespace

Command add_simulate_command(CLI::App& app) {
  auto o = std::make_shared<SimulateOptions>();
  CLI::App* sub = app.add_subcommand("simulate", "Simulate a netlist and write the outputs to CSV");
  add_netlist_arguments(*sub, o->netlist);
  sub->add_option("--input", o->inputs,
                  "Drive the netlist's input NAME from a CSV file: a header row, then rows of time [s] and value "
                  "(the column named NAME, or the second of two), interpolated linearly; repeatable")
      ->type_name("NAME=FILE.csv")
      ->allow_extra_args(false);
  sub->add_option("-o,--output", o->output,
                  "Result file to write: CSV, or a Modelica result file (MAT v4) when it ends in .mat (default: "
                  "<netlist name>.csv in the current directory)")
      ->type_name("FILE");
  sub->add_option("--stop", o->stop, "Stop time [s] (overrides the netlist's experiment)")->type_name("T");
  sub->add_option("--interval", o->interval, "Output interval [s] (overrides the netlist's experiment)")
      ->type_name("DT")
      ->check(CLI::Validator(
          [](std::string& text) {
            double v = 0.0;
            return CLI::detail::lexical_cast(text, v) && v > 0.0 ? std::string() : "interval must be positive";
          },
          "> 0"));
  sub->add_option("--tolerance", o->tolerance, "Relative tolerance (overrides the netlist's experiment)")
      ->type_name("RTOL")
      ->check(CLI::Validator(
          [](std::string& text) {
            double v = 0.0;
            return CLI::detail::lexical_cast(text, v) && v > 0.0 && v < 1.0 ? std::string()
                                                                             : "tolerance must lie in (0, 1)";
          },
          "in (0, 1)"));
  sub->add_flag("--energy", o->energy, "Integrate the energy account and print the balance per component");
  sub->add_flag("--audit", o->audit,
                "With the energy account, also each component's power audit at every step (Σ port power + "
                "injected − dE/dt − loss, zero to rounding for a correct component; several times slower)");
  sub->add_option("--plot", o->energy_plot,
                  "With --energy: draw the energy account over time (stored energy, work lost, work in, the balance) "
                  "to this picture (.png, .svg, .pdf; matplotlib)")
      ->type_name("FILE");
  sub->add_flag("--stats", o->stats, "Print solver statistics and phase timings");
  sub->add_flag("--quiet", o->quiet,
                "No progress line (shown on a terminal when a run takes more than a second: simulated time, "
                "share, steps, wall time, time left)");
  return {sub, [o] { return guarded(o->netlist.path, [&] { return run(*o); }); }};
}

}  // namespace acausal::cli
