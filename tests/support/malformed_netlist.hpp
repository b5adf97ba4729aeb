#pragma once
/// @file
/// The malformed-netlist catalog's runner: a netlist through the whole pipeline (parse, build,
/// analyze, compile, initialize), and the check that it is rejected at one stage with an exact JSON
/// pointer and message.

#include <string>
#include <string_view>

namespace acausal::testing {

/// Where the pipeline stopped: "parse", "build", "analyze", "compile", "initialize", or "none"
/// when the netlist went through; an exception other than ModelError is recorded in `stage`, so
/// that the check names it.
struct Outcome {
  std::string stage = "none";
  std::string pointer;
  std::string message;
  std::string what;
};

/// `source`: the netlist's file name, for messages and for finding the subsystem files it includes.
Outcome run_pipeline(std::string_view text, const std::string& source = "netlist");

/// The netlist is rejected at `stage` with exactly this pointer and message (doctest checks).
void check_error(std::string_view text, const std::string& stage, const std::string& pointer,
                 const std::string& message, const std::string& source = "netlist");

}  // namespace acausal::testing
