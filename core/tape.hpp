#pragma once
/// @file
/// Compiled evaluation of many expressions in one pass over their shared subexpressions.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "expr.hpp"

namespace acausal {

class Table1D;

/// Where a tape reads a leaf: the time, the unknowns y, their derivatives y', or the parameters p.
enum class InputKind : std::uint8_t { Time, Y, YP, P };

struct InputSlot {
  InputKind kind = InputKind::Time;
  std::uint32_t index = 0;  ///< position in y, y' or p (unused for Time)
};

/// Tells a tape where each leaf comes from; nullopt for a leaf that has no input (the tape then
/// throws std::invalid_argument naming it).
using InputMap = std::function<std::optional<InputSlot>(const Expr& leaf)>;

/// Input arrays of one evaluation (pointers to the caller's storage, long enough for every index
/// the InputMap produced).
struct TapeInputs {
  double t = 0.0;
  const double* y = nullptr;
  const double* yp = nullptr;
  const double* p = nullptr;
};

/// A flat instruction list computing all outputs; each distinct node is computed once.
class Tape {
 public:
  /// Compiles `outputs`. @throws std::invalid_argument if a leaf has no input slot.
  Tape(std::span<const Expr> outputs, const InputMap& inputs);

  /// Writes output k to out[k]. Uses the tape's own workspace, so one Tape is not to be
  /// evaluated from two threads at once.
  void evaluate(const TapeInputs& inputs, double* out);

  std::size_t output_count() const { return output_slots_.size(); }
  std::size_t instruction_count() const { return code_.size(); }

 private:
  enum class Code : std::uint8_t;
  struct Instruction {
    Code code;
    std::int32_t n;  // integer exponent, table derivative order
    std::uint32_t dst, a, b, c;
    double k;        // scale factor
  };
  struct Load {
    std::uint32_t slot;
    InputKind kind;
    std::uint32_t index;
  };
  class Compiler;

  std::vector<Instruction> code_;
  std::vector<Load> loads_;
  std::vector<std::uint32_t> output_slots_;
  std::vector<std::shared_ptr<const Table1D>> tables_;  // Instruction::c indexes this for tables
  std::vector<double> work_;                            // constants are preloaded and never written
};

}  // namespace acausal
