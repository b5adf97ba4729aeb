// `acausal plot RESULT -s NAME… -o FILE`: a picture of a result file's signals (python/acausal/plot.py).

#include <CLI/CLI.hpp>

#include <memory>

#include "cli/common.hpp"
#include "cli/python_plotter.hpp"

namespace acausal::cli {

Command add_plot_command(CLI::App& app) {
  struct Options {
    std::string result, output;
    std::vector<std::string> signals;
    std::string netlist;
  };
  auto o = std::make_shared<Options>();
  CLI::App* sub = app.add_subcommand(
      "plot", "Plot signals of a result file (CSV, or MAT with units on the axes) to PNG, SVG or PDF (matplotlib)");
  sub->add_option("RESULT", o->result, "A CSV or MAT file written by acausal simulate")->required();
  sub->add_option("-s,--signal", o->signals, "A column to plot (repeatable; default: all)")->type_name("NAME");
  sub->add_option("-o,--output", o->output, "The picture to write (.png, .svg, .pdf)")->required()->type_name("FILE");
  sub->add_option("--netlist", o->netlist, "The netlist of a CSV result: its outputs' units label the axes")
      ->type_name("NETLIST");
  return {sub, [o] {
            std::vector<std::string> args{o->result, "-o", o->output};
            for (const std::string& s : o->signals) args.insert(args.end(), {"-s", s});
            if (!o->netlist.empty()) args.insert(args.end(), {"--netlist", o->netlist});
            const int code = run_python_plotter(args);
            return code == 0 ? kOk : (code == 127 ? kInternalError : kModelError);
          }};
}

}  // namespace acausal::cli
