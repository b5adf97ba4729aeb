#pragma once
/// @file
/// What the netlist fuzz targets run on: netlist text that the reader can parse without opening a
/// file. A component type `"file:<path>"` makes parse_netlist read a subsystem file from the disk;
/// a fuzz target must not depend on the disk, so such inputs are skipped (the CLI mutation fuzzer,
/// tests/fuzz/cli_mutation_fuzz.py, covers subsystem files).

#include <string_view>

namespace acausal::fuzz {

/// True when `text` is JSON holding a string value that starts with "file:" anywhere (however it is
/// escaped). Text that is not JSON names no file: the reader refuses it before reading any.
bool names_a_file(std::string_view text);

}  // namespace acausal::fuzz
