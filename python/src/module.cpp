// The `acausal._acausal` extension: netlists loaded with their component types, compiled models,
// whole runs into NumPy arrays, and a Simulator for stepping. The Python package `acausal`
// (python/acausal/__init__.py) is the interface users see; this module is its engine.

#include <pybind11/functional.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "core/analysis/program.hpp"
#include "python/src/runs.hpp"
#include "solver/check_report.hpp"

namespace py = pybind11;
using namespace acausal;
using namespace acausal::python;

namespace {

/// A copy of `values` as a NumPy array of shape `shape` (the arrays own their memory).
py::array_t<double> to_array(const std::vector<double>& values, std::vector<py::ssize_t> shape) {
  py::array_t<double> out(shape);
  std::copy(values.begin(), values.end(), out.mutable_data());
  return out;
}

py::dict energy_dict(const EnergyReport& e) {
  py::list components;
  for (const ComponentEnergy& c : e.components) {
    py::dict d;
    d["instance"] = c.instance;
    d["stored_start"] = c.stored_start;
    d["stored_end"] = c.stored_end;
    d["work_lost"] = c.work_lost;
    d["lost_at_events"] = c.lost_at_events;
    d["work_injected"] = c.work_injected;
    d["work_ports"] = c.work_ports;
    d["worst_balance"] = c.worst_balance;
    d["worst_balance_time"] = c.worst_balance_time;
    d["energy_scale"] = c.energy_scale;
    d["relative_balance"] = c.relative_balance();
    components.append(d);
  }
  py::dict d;
  d["time_start"] = e.time_start;
  d["time_end"] = e.time_end;
  d["stored_start"] = e.stored_start;
  d["stored_end"] = e.stored_end;
  d["work_lost"] = e.work_lost;
  d["work_injected"] = e.work_injected;
  d["worst_balance"] = e.worst_balance;
  d["worst_balance_time"] = e.worst_balance_time;
  d["energy_scale"] = e.energy_scale;
  d["relative_balance"] = e.relative_balance();
  d["components"] = components;
  return d;
}

py::dict statistics_dict(const SolverStatistics& s) {
  py::dict d;
  d["steps"] = s.steps;
  d["residual_evaluations"] = s.residual_evaluations;
  d["jacobian_evaluations"] = s.jacobian_evaluations;
  d["newton_iterations"] = s.newton_iterations;
  d["newton_failures"] = s.newton_failures;
  d["error_test_failures"] = s.error_test_failures;
  d["state_choices"] = s.state_choices;
  d["events"] = s.events;
  return d;
}

/// A Python callable as an input's function of time, called with the GIL held (runs release it).
std::function<double(double)> input_function(py::function f) {
  auto held = std::make_shared<py::function>(std::move(f));
  return [held](double t) {
    py::gil_scoped_acquire gil;
    return (*held)(t).cast<double>();
  };
}

RunSettings settings_from(py::dict d) {
  RunSettings s;
  s.options.start = d["start"].cast<double>();
  s.options.stop = d["stop"].cast<double>();
  s.options.interval = d["interval"].cast<double>();
  s.options.tolerance = d["tolerance"].cast<double>();
  s.options.energy = d["energy"].cast<bool>();
  for (auto [name, value] : d["params"].cast<py::dict>()) s.parameters.emplace_back(name.cast<std::string>(), value.cast<double>());
  for (auto [name, value] : d["initial"].cast<py::dict>()) s.initial.emplace_back(name.cast<std::string>(), value.cast<double>());
  for (auto [name, value] : d["inputs"].cast<py::dict>()) {
    if (py::isinstance<py::function>(value))
      s.input_functions.emplace_back(name.cast<std::string>(), input_function(value.cast<py::function>()));
    else
      s.input_values.emplace_back(name.cast<std::string>(), value.cast<double>());
  }
  return s;
}

py::dict run_dict(RunResult&& r) {
  py::dict d;
  const auto rows = static_cast<py::ssize_t>(r.times.size());
  const auto columns = static_cast<py::ssize_t>(r.names.size());
  d["names"] = r.names;
  d["time"] = to_array(r.times, {rows});
  d["values"] = to_array(r.values, {rows, columns});
  d["events"] = to_array(r.event_times, {static_cast<py::ssize_t>(r.event_times.size())});
  d["statistics"] = statistics_dict(r.statistics);
  d["initial_parameters"] = r.initial_parameters;
  if (r.energy) {
    d["energy"] = energy_dict(*r.energy);
    d["energy_series"] = to_array(r.energy_series, {static_cast<py::ssize_t>(r.energy_series.size() / 4), 4});
  } else {
    d["energy"] = py::none();
  }
  return d;
}

}  // namespace

PYBIND11_MODULE(_acausal, m) {
  m.doc() = "acausal's engine: netlists, compiled models and runs (use the package `acausal`)";

  // Errors carry the CLI's messages; the package's exception classes add the pointer and time.
  static py::exception<ModelError> model_error(m, "ModelError", PyExc_ValueError);
  static py::exception<SolverError> solver_error(m, "SolverError", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ModelError& e) {
      py::object error = py::reinterpret_borrow<py::object>(model_error)(e.what());
      error.attr("pointer") = e.pointer();
      error.attr("message") = e.message();
      PyErr_SetObject(model_error.ptr(), error.ptr());
    } catch (const SolverError& e) {
      py::object error = py::reinterpret_borrow<py::object>(solver_error)(e.what());
      error.attr("time") = e.time();
      error.attr("message") = e.message();
      PyErr_SetObject(solver_error.ptr(), error.ptr());
    }
  });

  py::class_<LoadedNetlist, std::shared_ptr<LoadedNetlist>>(m, "Netlist")
      .def_static("from_file", &LoadedNetlist::from_file, py::arg("path"), py::arg("libraries"))
      .def_static("from_text", &LoadedNetlist::from_text, py::arg("text"), py::arg("source"), py::arg("libraries"))
      .def("with_values", &LoadedNetlist::with_values, py::arg("assignments"),
           "A copy with `instance.param=value` assignments written into the netlist (as --set)")
      .def_property_readonly("name", &LoadedNetlist::name)
      .def_property_readonly("experiment", [](const LoadedNetlist& n) {
        const Experiment& e = n.netlist().experiment;
        py::dict d;
        d["start"] = e.start;
        d["stop"] = e.stop;
        d["interval"] = e.interval ? py::cast(*e.interval) : py::none();
        d["tolerance"] = e.tolerance;
        return d;
      })
      .def(
          "check",
          [](const LoadedNetlist& n) {
            std::string report;
            {
              py::gil_scoped_release release;
              report = check_netlist(n.netlist(), n.registry()).dump();
            }
            return report;
          },
          "`acausal check --json --all`'s report, as JSON text")
      .def(
          "write_mat",
          [](const LoadedNetlist& n, const std::string& path, const std::vector<std::string>& names,
             py::array_t<double, py::array::c_style | py::array::forcecast> time,
             py::array_t<double, py::array::c_style | py::array::forcecast> values,
             const std::vector<std::pair<std::string, double>>& changed) {
            const std::vector<double> t(time.data(), time.data() + time.size());
            const std::vector<double> v(values.data(), values.data() + values.size());
            py::gil_scoped_release release;
            n.write_mat(path, names, t, v, changed);
          },
          py::arg("path"), py::arg("names"), py::arg("time"), py::arg("values"), py::arg("changed"))
      .def("parameters", &LoadedNetlist::parameters,
           "Every component's parameters: (name, unit, description, value or default as given)")
      .def(
          "compile",
          [](const std::shared_ptr<LoadedNetlist>& n, bool energy, std::vector<std::string> tunable) {
            py::gil_scoped_release release;
            return std::make_shared<CompiledRun>(n, energy, std::move(tunable));
          },
          py::arg("energy"), py::arg("tunable"));

  py::class_<CompiledRun, std::shared_ptr<CompiledRun>>(m, "Compiled")
      .def_property_readonly("output_names", [](const CompiledRun& c) { return c.model().output_names(); })
      .def_property_readonly("output_units", [](const CompiledRun& c) { return c.model().program().output_units(); })
      .def_property_readonly("input_names", [](const CompiledRun& c) { return c.model().input_names(); })
      .def_property_readonly("tunable_names", [](const CompiledRun& c) { return c.model().tunable_names(); })
      .def_property_readonly("tunable_values", [](const CompiledRun& c) { return c.model().tunable_values(); })
      .def_property_readonly("unknown_names", &CompiledRun::unknown_names)
      .def_property_readonly("has_energy", &CompiledRun::has_energy)
      .def(
          "run",
          [](const CompiledRun& c, py::dict settings) {
            RunSettings s = settings_from(settings);
            RunResult r;
            {
              py::gil_scoped_release release;
              r = c.run(s);
            }
            return run_dict(std::move(r));
          },
          py::arg("settings"))
      .def(
          "linearize",
          [](const CompiledRun& c, py::dict settings, double at, std::vector<std::string> inputs,
             std::vector<std::string> outputs) {
            RunSettings s = settings_from(settings);
            Linearization lin;
            {
              py::gil_scoped_release release;
              lin = c.linearize(s, at, inputs, outputs);
            }
            py::dict d;
            d["time"] = lin.time;
            d["states"] = lin.states;
            d["inputs"] = lin.inputs;
            d["outputs"] = lin.outputs;
            for (const auto& [name, matrix] : {std::pair<const char*, const Eigen::MatrixXd*>{"A", &lin.A}, {"B", &lin.B},
                                          {"C", &lin.C}, {"D", &lin.D}}) {
              py::array_t<double> a({static_cast<py::ssize_t>(matrix->rows()), static_cast<py::ssize_t>(matrix->cols())});
              for (Eigen::Index r = 0; r < matrix->rows(); ++r)
                for (Eigen::Index col = 0; col < matrix->cols(); ++col) a.mutable_at(r, col) = (*matrix)(r, col);
              d[name] = a;
            }
            return d;
          },
          py::arg("settings"), py::arg("at"), py::arg("inputs"), py::arg("outputs"))
      .def("simulator", [](const std::shared_ptr<CompiledRun>& c, py::dict settings) {
        return std::make_shared<SteppedRun>(c, settings_from(settings));
      });

  py::class_<SteppedRun, std::shared_ptr<SteppedRun>>(m, "Simulator")
      .def("initialize", [](SteppedRun& s) {
        py::gil_scoped_release release;
        s.initialize();
      })
      .def(
          "step_to",
          [](SteppedRun& s, double t) {
            py::gil_scoped_release release;
            s.step_to(t);
          },
          py::arg("t"))
      .def_property_readonly("time", &SteppedRun::time)
      .def_property_readonly("y", [](const SteppedRun& s) { return to_array(s.y(), {static_cast<py::ssize_t>(s.y().size())}); })
      .def_property_readonly("yp", [](const SteppedRun& s) { return to_array(s.yp(), {static_cast<py::ssize_t>(s.yp().size())}); })
      .def("outputs", [](SteppedRun& s) {
        const std::vector<double> v = s.outputs();
        return to_array(v, {static_cast<py::ssize_t>(v.size())});
      })
      .def("set_state", [](SteppedRun& s, std::vector<double> y) {
        py::gil_scoped_release release;
        s.set_state(y);
      })
      .def("set_input", &SteppedRun::set_input, py::arg("name"), py::arg("value"))
      .def("energy", [](const SteppedRun& s) -> py::object {
        const EnergyReport* e = s.energy();
        return e ? py::object(energy_dict(*e)) : py::object(py::none());
      })
      .def("statistics", [](const SteppedRun& s) { return statistics_dict(s.statistics()); });
}
