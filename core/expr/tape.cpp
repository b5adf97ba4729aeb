#include "core/expr/tape.hpp"

#include <algorithm>
#include <atomic>
#include <array>
#include <bit>
#include <cmath>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>

#include <boost/container/small_vector.hpp>

#include "core/expr/expr_map.hpp"
#include "core/expr/expr_node.hpp"
#include "core/expr/expr_walk.hpp"
#include "core/expr/table.hpp"

namespace acausal {

// The lowered instruction set. A sum is one Linear instruction over its terms (a residual of a
// mechanical model is mostly a sum of c·y and c·y' terms, read straight from the solver's arrays);
// products are lowered to binary steps, recognizing scaling and division.
enum class Tape::Code : std::uint8_t {
  LoadT, LoadY, LoadYP, LoadP, LoadU, LoadD,  // a: index into y, y', p, u or d
  Add, Sub, Mul, Div, Neg, Scale,  // Scale: w[c]·a
  Linear,  // Σ c·x over the terms [a, a + b): a sum reads y and y' directly, in one instruction
  PowInt, Pow, Sqrt, Exp, Log, Sin, Cos, Tan, Asin, Acos, Atan, Tanh, Abs, Sign,
  Atan2, Min, Max, Less, LessEqual, Greater, GreaterEqual, And, Or, Select, Table,
};

namespace {

double powi(double x, std::int32_t n) {
  bool invert = n < 0;
  auto m = static_cast<std::uint32_t>(invert ? -static_cast<std::int64_t>(n) : n);
  double r = 1.0;
  while (m) {
    if (m & 1u) r *= x;
    x *= x;
    m >>= 1u;
  }
  return invert ? 1.0 / r : r;
}

/// Two doubles in one SSE2 register (GCC's vector extension): two rows of a shape summed at once.
using Pair = double __attribute__((vector_size(16)));

/// The rows of one shape of Tape::LinearRows with `ny` y terms and `nyp` y' terms known when
/// compiled: the coefficients and offsets stay in registers, and each row is its loads and
/// multiply-adds alone (most of a large linear residual's rows go through these). Rows are taken
/// two at a time, one in each lane: each lane adds the same products in the same order as one row
/// alone would, so the sums are the same to the bit, with half the arithmetic instructions.
template <std::size_t NY, std::size_t NYP, typename Shape, typename Term, typename Row>
void fixed_shape_rows(const Shape& shape, const Term* terms, const Row* rows, const double* y, const double* yp,
                      const double* w, double* out) {
  std::array<double, NY + NYP> c{};
  std::array<std::int64_t, NY + NYP> at{};
  for (std::size_t k = 0; k < NY + NYP; ++k) {
    c[k] = terms[k].coefficient;
    at[k] = terms[k].offset;
  }
  const Term* const constants = terms + NY + NYP;
  const Row* row = rows;
  const Row* const end = rows + shape.row_count;
  for (; end - row >= 2; row += 2) {
    const double* const ys0 = y + row[0].base;
    const double* const ys1 = y + row[1].base;
    const double* const yps0 = yp + row[0].base;
    const double* const yps1 = yp + row[1].base;
    Pair acc = {0.0, 0.0};
    for (std::size_t k = 0; k < NY; ++k) acc += Pair{ys0[at[k]], ys1[at[k]]} * c[k];
    for (std::size_t k = NY; k < NY + NYP; ++k) acc += Pair{yps0[at[k]], yps1[at[k]]} * c[k];
    for (std::uint32_t k = 0; k < shape.constant_terms; ++k) acc += constants[k].coefficient * w[constants[k].offset];
    out[row[0].output] = acc[0];
    out[row[1].output] = acc[1];
  }
  for (; row != end; ++row) {
    const double* const ys = y + row->base;
    const double* const yps = yp + row->base;
    double acc = 0.0;
    for (std::size_t k = 0; k < NY; ++k) acc += c[k] * ys[at[k]];
    for (std::size_t k = NY; k < NY + NYP; ++k) acc += c[k] * yps[at[k]];
    for (std::uint32_t k = 0; k < shape.constant_terms; ++k) acc += constants[k].coefficient * w[constants[k].offset];
    out[row->output] = acc;
  }
}

// During compilation constants and temporaries get separate numberings; temporaries are marked by
// this bit and renumbered after the constants by allocate_slots().
constexpr std::uint32_t kTemporary = 0x80000000u;

}  // namespace

class Tape::Compiler {
 public:
  Compiler(Tape& tape, const InputMap& inputs, const IndicatorIndex* indicators, Unindexed unindexed)
      : tape_(tape), inputs_(inputs), indicators_(indicators), unindexed_(unindexed) {}

  std::uint32_t slot(const Expr& e) {
    if (const std::uint32_t* s = slots_.find(e)) return *s;
    std::uint32_t s = lower(e);
    slots_.emplace(e, s);
    return s;
  }

  /// A residual row (linear_row.hpp) as one Linear instruction: its terms read y and y' by column,
  /// then its constant, then the terms of its remainder.
  std::uint32_t row(const RowView& r) {
    Terms terms;
    for (const LinearRow::Term& t : r.terms) {
      if (t.slot().order > 1) throw std::invalid_argument("tape: a row reads a derivative of order " + std::to_string(t.slot().order));
      if (t.slot().order == 1) tape_.reads_yp_ = true;
      terms.push_back({t.coefficient(), t.slot().column, t.slot().order == 0 ? LinearTerm::Source::Y : LinearTerm::Source::YP});
    }
    if (!r.constant.is_zero() || (terms.empty() && r.rest.is_constant()))
      terms.push_back({1.0, constant(r.constant), LinearTerm::Source::Work});
    if (r.rest.op() == Op::Add) {
      add_terms(r.rest, terms);
    } else if (!r.rest.is_literal(0.0)) {
      terms.push_back(scaled_term(r.rest));
    }
    return linear(terms);
  }

 private:
  std::uint32_t fresh() { return kTemporary | temporaries_++; }

  /// The workspace slot of a number; one computed from tunable parameters is a slot of its own,
  /// which a run's parameterize() rewrites.
  std::uint32_t constant(Coef v) {
    if (v.traced()) {
      if (auto it = traced_.find(v.trace); it != traced_.end()) return it->second;
      tape_.initial_work_.push_back(v.value);
      auto s = static_cast<std::uint32_t>(tape_.initial_work_.size() - 1);
      traced_.emplace(v.trace, s);
      tape_.traced_slots_.push_back({s, v.trace});
      return s;
    }
    if (auto it = constants_.find(v.value); it != constants_.end()) return it->second;
    tape_.initial_work_.push_back(v.value);
    auto s = static_cast<std::uint32_t>(tape_.initial_work_.size() - 1);
    constants_.emplace(v.value, s);
    return s;
  }

  std::uint32_t emit(Code code, std::uint32_t a, std::uint32_t b = 0, std::uint32_t c = 0) {
    std::uint32_t dst = fresh();
    tape_.code_.push_back({code, dst, a, b, c});
    return dst;
  }

  std::uint32_t lower(const Expr& e) {
    auto a = e.args();
    switch (e.op()) {
      case Op::Constant: return constant(e.coef());
      case Op::Variable:
      case Op::Derivative:
      case Op::Parameter:
      case Op::Time: return load(e);
      case Op::Add: return sum(e);
      case Op::Mul: return product(e);
      case Op::Pow: {
        const Expr& n = a[1];
        if (n.is_constant() && !n.coef().traced() && n.constant_value() == std::floor(n.constant_value()) &&
            std::fabs(n.constant_value()) <= 64.0) {
          // A square is a product (powi(x, 2) computes x·x too): no loop over the exponent's bits.
          if (n.constant_value() == 2.0) {
            const std::uint32_t x = slot(a[0]);
            return emit(Code::Mul, x, x);
          }
          return emit(Code::PowInt, slot(a[0]), 0,
                      static_cast<std::uint32_t>(static_cast<std::int32_t>(n.constant_value())));
        }
        return emit(Code::Pow, slot(a[0]), slot(n));
      }
      case Op::Sqrt: return emit(Code::Sqrt, slot(a[0]));
      case Op::Exp: return emit(Code::Exp, slot(a[0]));
      case Op::Log: return emit(Code::Log, slot(a[0]));
      case Op::Sin: return emit(Code::Sin, slot(a[0]));
      case Op::Cos: return emit(Code::Cos, slot(a[0]));
      case Op::Tan: return emit(Code::Tan, slot(a[0]));
      case Op::Asin: return emit(Code::Asin, slot(a[0]));
      case Op::Acos: return emit(Code::Acos, slot(a[0]));
      case Op::Atan: return emit(Code::Atan, slot(a[0]));
      case Op::Tanh: return emit(Code::Tanh, slot(a[0]));
      case Op::Abs: return emit(Code::Abs, slot(a[0]), 0, indicator(e));
      case Op::Sign: return emit(Code::Sign, slot(a[0]), 0, indicator(e));
      case Op::Atan2: return emit(Code::Atan2, slot(a[0]), slot(a[1]));
      case Op::Min: return emit(Code::Min, slot(a[0]), slot(a[1]), indicator(e));
      case Op::Max: return emit(Code::Max, slot(a[0]), slot(a[1]), indicator(e));
      case Op::Less: return emit(Code::Less, slot(a[0]), slot(a[1]), indicator(e));
      case Op::LessEqual: return emit(Code::LessEqual, slot(a[0]), slot(a[1]), indicator(e));
      case Op::Greater: return emit(Code::Greater, slot(a[0]), slot(a[1]), indicator(e));
      case Op::GreaterEqual: return emit(Code::GreaterEqual, slot(a[0]), slot(a[1]), indicator(e));
      case Op::And: return emit(Code::And, slot(a[0]), slot(a[1]));
      case Op::Or: return emit(Code::Or, slot(a[0]), slot(a[1]));
      case Op::IfElse: return emit(Code::Select, slot(a[0]), slot(a[1]), slot(a[2]));
      case Op::Table: {
        const auto first = static_cast<std::uint32_t>(tape_.table_indicators_.size());
        if (indicators_ != nullptr)
          for (const Expr& i : switch_indicators(e)) tape_.table_indicators_.push_back(lookup(i));
        tape_.table_steps_.push_back({e.table(), e.order(), first});
        return emit(Code::Table, slot(a[0]), 0, static_cast<std::uint32_t>(tape_.table_steps_.size() - 1));
      }
    }
    throw std::logic_error("tape: unexpected node " + to_string(e));
  }

  std::uint32_t lookup(const Expr& indicator) const {
    auto it = indicators_->find(indicator);
    if (it == indicators_->end()) {
      if (unindexed_ == Unindexed::Compare) return kLive;
      throw std::invalid_argument("tape: indicator " + to_string(indicator) + " is not indexed");
    }
    return it->second;
  }

  /// The indicator index of a switching node with one indicator (unused without an index).
  std::uint32_t indicator(const Expr& e) const {
    return indicators_ == nullptr ? 0 : lookup(switch_indicators(e).at(0));
  }

  std::uint32_t load(const Expr& leaf) {
    std::optional<InputSlot> in = inputs_(leaf);
    if (!in) throw std::invalid_argument("tape: no input for " + to_string(leaf));
    switch (in->kind) {
      case InputKind::Time: return emit(Code::LoadT, 0);
      case InputKind::Y: return emit(Code::LoadY, in->index);
      case InputKind::YP:
        tape_.reads_yp_ = true;
        return emit(Code::LoadYP, in->index);
      case InputKind::P: return emit(Code::LoadP, in->index);
      case InputKind::U: return emit(Code::LoadU, in->index);
      case InputKind::D: return emit(Code::LoadD, in->index);
    }
    throw std::logic_error("tape: unknown input kind");
  }

  /// A term while compiling: its coefficient may come from tunable parameters (coef.hpp).
  struct Term {
    Coef coefficient;
    std::uint32_t index;
    LinearTerm::Source source;
  };
  using Terms = boost::container::small_vector<Term, 8>;

  /// A sum as one Linear instruction; its terms c·leaf read y and y' directly.
  std::uint32_t sum(const Expr& e) {
    Terms terms;
    add_terms(e, terms);
    return linear(terms);
  }

  void add_terms(const Expr& sum, Terms& terms) {
    for (const Expr& t : sum.args()) terms.push_back(scaled_term(t));
  }

  /// c·x, read from the solver's arrays where x is an unknown or its derivative.
  Term scaled_term(const Expr& t) {
    if (t.op() == Op::Mul && t.args()[0].is_constant()) {
      auto f = t.args();
      return term(f[0].coef(), f.size() == 2 ? f[1] : detail::make_node(Op::Mul, f.subspan(1)));
    }
    return term(1.0, t);
  }

  /// The terms go to the tape's list only after every operand is lowered: lowering an operand may
  /// emit Linear instructions of its own.
  std::uint32_t linear(const Terms& terms) {
    const auto first = static_cast<std::uint32_t>(tape_.linear_terms_.size());
    for (const Term& t : terms) {
      if (t.coefficient.traced())
        tape_.traced_coefficients_.push_back({static_cast<std::uint32_t>(tape_.linear_terms_.size()), t.coefficient.trace});
      tape_.linear_terms_.push_back({t.coefficient.value, t.index, t.source});
    }
    return emit(Code::Linear, first, static_cast<std::uint32_t>(terms.size()));
  }

  Term term(Coef c, const Expr& x) {
    if (x.op() == Op::Variable || x.op() == Op::Derivative) {
      if (const std::uint32_t* s = slots_.find(x)) return {c, *s, LinearTerm::Source::Work};
      std::optional<InputSlot> in = inputs_(x);
      if (!in) throw std::invalid_argument("tape: no input for " + to_string(x));
      if (in->kind == InputKind::Y) return {c, in->index, LinearTerm::Source::Y};
      if (in->kind == InputKind::YP) {
        tape_.reads_yp_ = true;
        return {c, in->index, LinearTerm::Source::YP};
      }
    }
    return {c, slot(x), LinearTerm::Source::Work};
  }

  std::uint32_t chain(Code code, const std::vector<std::uint32_t>& operands) {
    std::uint32_t acc = operands[0];
    for (std::size_t i = 1; i < operands.size(); ++i) acc = emit(code, acc, operands[i]);
    return acc;
  }

  std::uint32_t product(const Expr& e) {
    Coef c = 1.0;
    std::vector<std::uint32_t> num;
    std::vector<std::uint32_t> den;
    for (const Expr& f : e.args()) {
      if (f.is_constant()) {
        c = f.coef();
      } else if (f.op() == Op::Pow && f.args()[1].is_constant() && !f.args()[1].coef().traced() &&
                 f.args()[1].constant_value() < 0) {
        den.push_back(slot(pow(f.args()[0], Expr(-f.args()[1].constant_value()))));
      } else {
        num.push_back(slot(f));
      }
    }
    std::uint32_t r;
    if (num.empty()) {
      r = emit(Code::Div, constant(c), chain(Code::Mul, den));
      return r;
    }
    r = chain(Code::Mul, num);
    if (!den.empty()) r = emit(Code::Div, r, chain(Code::Mul, den));
    if (!c.traced() && c.value == -1.0) return emit(Code::Neg, r);
    if (!c.is_one()) return emit(Code::Scale, r, 0, constant(c));
    return r;
  }

  Tape& tape_;
  const InputMap& inputs_;
  const IndicatorIndex* indicators_;
  Unindexed unindexed_;
  ExprMap<std::uint32_t> slots_;
  std::unordered_map<double, std::uint32_t> constants_;
  std::unordered_map<std::uint32_t, std::uint32_t> traced_;  // trace step → slot
  std::uint32_t temporaries_ = 0;
};

Tape::Tape(std::span<const Expr> outputs, const InputMap& inputs, const IndicatorIndex* indicators,
           Unindexed unindexed)
    : has_indicators_(indicators != nullptr) {
  Compiler compiler(*this, inputs, indicators, unindexed);
  output_slots_.reserve(outputs.size());
  for (const Expr& e : outputs) output_slots_.push_back(compiler.slot(e));
  finish();
}

Tape::Tape(const RowStore& rows, const InputMap& inputs, const IndicatorIndex* indicators,
           Unindexed unindexed)
    : has_indicators_(indicators != nullptr) {
  Compiler compiler(*this, inputs, indicators, unindexed);
  output_slots_.reserve(rows.size());
  for (const RowView r : rows) output_slots_.push_back(compiler.row(r));
  finish();
}

void Tape::finish() {
  static std::atomic<std::uint64_t> tapes{0};
  id_ = ++tapes;
  allocate_slots(initial_work_.size());
  pack_linear_terms();
  build_linear_rows();
}

void Tape::build_linear_rows() {
  linear_rows_ = make_linear_rows(linear_coefficients_);
  if (linear_rows_ && traced_coefficients_.empty()) {
    linear_coefficients_ = decltype(linear_coefficients_)();  // evaluate() reads the rows alone
    linear_reads_ = decltype(linear_reads_)();
  }
}

std::optional<Tape::LinearRows> Tape::make_linear_rows(std::span<const double> coefficients) const {
  if (!std::all_of(code_.begin(), code_.end(), [](const Instruction& i) { return i.code == Code::Linear; }))
    return std::nullopt;
  // Which instruction writes each slot; a slot no instruction writes is a constant.
  std::unordered_map<std::uint32_t, std::size_t> writer;
  for (std::size_t k = 0; k < code_.size(); ++k) writer.emplace(code_[k].dst, k);
  constexpr auto work = static_cast<std::uint32_t>(LinearTerm::Source::Work);
  LinearRows rows;
  // One row's terms by source (y, y', constants), each in the sum's order: (coefficient, index).
  std::array<std::vector<std::pair<double, std::uint32_t>>, 3> by_source;
  auto add_term = [&](double c, std::uint32_t read) { by_source[read >> kSourceShift].emplace_back(c, read & kIndexMask); };
  // Each row's shape, as the words of its key: the counts by source, then (coefficient, offset)
  // of each term; the shapes' rows collected per shape.
  std::unordered_map<std::string, std::uint32_t> shape_of;
  std::vector<std::vector<LinearRows::Row>> shape_rows;
  std::string key;
  auto end_row = [&](std::uint32_t output) {
    std::uint32_t base = 0;
    if (!by_source[0].empty()) base = by_source[0][0].second;
    else if (!by_source[1].empty()) base = by_source[1][0].second;
    key.clear();
    auto put = [&key](auto word) { key.append(reinterpret_cast<const char*>(&word), sizeof word); };
    for (const auto& terms : by_source) put(static_cast<std::uint32_t>(terms.size()));
    for (std::size_t source = 0; source < 3; ++source)
      for (const auto& [c, index] : by_source[source]) {
        put(c);
        put(source == 2 ? static_cast<std::int64_t>(index) : static_cast<std::int64_t>(index) - base);
      }
    auto [it, fresh] = shape_of.emplace(key, static_cast<std::uint32_t>(rows.shapes.size()));
    if (fresh) {
      LinearRows::Shape shape{static_cast<std::uint32_t>(rows.terms.size()), static_cast<std::uint32_t>(by_source[0].size()),
                              static_cast<std::uint32_t>(by_source[1].size()), static_cast<std::uint32_t>(by_source[2].size()),
                              0, 0, 0, 0};
      for (std::size_t source = 0; source < 3; ++source)
        for (const auto& [c, index] : by_source[source])
          rows.terms.push_back({c, source == 2 ? static_cast<std::int64_t>(index) : static_cast<std::int64_t>(index) - base});
      rows.shapes.push_back(shape);
      shape_rows.emplace_back();
    }
    shape_rows[it->second].push_back({output, base});
    for (auto& terms : by_source) terms.clear();
  };
  for (std::size_t r = 0; r < output_slots_.size(); ++r) {
    const std::uint32_t slot = output_slots_[r];
    const auto output = static_cast<std::uint32_t>(r);
    auto w = writer.find(slot);
    if (w == writer.end()) {  // a constant output: 1·constant
      add_term(1.0, work << kSourceShift | slot);
      end_row(output);
      continue;
    }
    const Instruction& i = code_[w->second];
    for (std::uint32_t k = i.a; k < i.a + i.b; ++k) {
      const std::uint32_t read = linear_reads_[k];
      // A sum over another sum's result would need that result first: keep the instructions.
      if (read >> kSourceShift == work && writer.count(read & kIndexMask) != 0) return std::nullopt;
      add_term(coefficients[k], read);
    }
    end_row(output);
  }
  rows.rows.reserve(output_slots_.size());
  for (std::size_t k = 0; k < rows.shapes.size(); ++k) {
    LinearRows::Shape& shape = rows.shapes[k];
    const std::vector<LinearRows::Row>& mine = shape_rows[k];
    shape.first_row = static_cast<std::uint32_t>(rows.rows.size());
    shape.first_run = static_cast<std::uint32_t>(rows.runs.size());
    // Runs of rows (in output order) whose bases and outputs move on by one stride; the rest one by one.
    const bool runs_possible = shape.constant_terms == 0 && detail::has_strided_kernel(shape.y_terms, shape.yp_terms, 1);
    std::size_t i = 0;
    while (i < mine.size()) {
      std::size_t end = i + 1;
      std::uint32_t stride = 0;
      if (runs_possible && i + 1 < mine.size() && mine[i + 1].base > mine[i].base) {
        stride = mine[i + 1].base - mine[i].base;
        while (end < mine.size() && mine[end].base - mine[end - 1].base == stride &&
               mine[end].output - mine[end - 1].output == stride)
          ++end;
      }
      if (end - i >= LinearRows::kMinRun && detail::has_strided_kernel(shape.y_terms, shape.yp_terms, stride)) {
        rows.runs.push_back({mine[i].base, mine[i].output, static_cast<std::uint32_t>(end - i), stride});
        i = end;
      } else {
        rows.rows.push_back(mine[i++]);
      }
    }
    shape.row_count = static_cast<std::uint32_t>(rows.rows.size()) - shape.first_row;
    shape.run_count = static_cast<std::uint32_t>(rows.runs.size()) - shape.first_run;
  }
  return rows;
}

std::vector<std::uint32_t> Tape::columns_read(InputKind kind) const {
  if (kind != InputKind::Y && kind != InputKind::YP) throw std::invalid_argument("tape: columns_read of y or y' only");
  const Code load = kind == InputKind::Y ? Code::LoadY : Code::LoadYP;
  const auto source = static_cast<std::uint32_t>(kind == InputKind::Y ? LinearTerm::Source::Y : LinearTerm::Source::YP);
  std::vector<std::uint32_t> columns;
  for (const Instruction& i : code_)
    if (i.code == load) columns.push_back(i.a);
  for (const std::uint32_t read : linear_reads_)
    if (read >> kSourceShift == source) columns.push_back(read & kIndexMask);
  if (linear_rows_) {
    for (const LinearRows::Shape& shape : linear_rows_->shapes) {
      const std::uint32_t first = shape.first_term + (kind == InputKind::Y ? 0 : shape.y_terms);
      const std::uint32_t count = kind == InputKind::Y ? shape.y_terms : shape.yp_terms;
      for (std::uint32_t r = shape.first_row; r < shape.first_row + shape.row_count; ++r)
        for (std::uint32_t k = first; k < first + count; ++k)
          columns.push_back(static_cast<std::uint32_t>(linear_rows_->rows[r].base + linear_rows_->terms[k].offset));
      for (std::uint32_t u = shape.first_run; u < shape.first_run + shape.run_count; ++u) {
        const detail::StridedRows& run = linear_rows_->runs[u];
        for (std::uint32_t r = 0; r < run.count; ++r)
          for (std::uint32_t k = first; k < first + count; ++k)
            columns.push_back(static_cast<std::uint32_t>(run.base + run.stride * r + linear_rows_->terms[k].offset));
      }
    }
  }
  std::sort(columns.begin(), columns.end());
  columns.erase(std::unique(columns.begin(), columns.end()), columns.end());
  return columns;
}

void Tape::pack_linear_terms() {
  linear_coefficients_.reserve(linear_terms_.size());
  linear_reads_.reserve(linear_terms_.size());
  for (const LinearTerm& t : linear_terms_) {
    if (t.index > kIndexMask) throw std::length_error("tape: more than 2^30 slots");
    linear_coefficients_.push_back(t.coefficient);  // traced_coefficients_ index these, in order
    linear_reads_.push_back(static_cast<std::uint32_t>(t.source) << kSourceShift | t.index);
  }
  linear_terms_ = decltype(linear_terms_)();  // freed (`= {}` would clear it and keep its memory)
}

/// Calls visit(slot) for every workspace slot `i` reads (by reference, so it can be renumbered).
template <typename Visit>
void Tape::for_each_read(Instruction& i, Visit&& visit) {
  switch (i.code) {
    case Code::LoadT:
    case Code::LoadY:
    case Code::LoadYP:
    case Code::LoadP:
    case Code::LoadU:
    case Code::LoadD: return;
    case Code::Linear:
      for (std::uint32_t k = i.a; k < i.a + i.b; ++k)
        if (linear_terms_[k].source == LinearTerm::Source::Work) visit(linear_terms_[k].index);
      return;
    case Code::Scale:
    case Code::PowInt:
    case Code::Table:
    case Code::Neg: visit(i.a); return;
    case Code::Add:
    case Code::Sub:
    case Code::Mul:
    case Code::Div:
    case Code::Pow:
    case Code::Atan2:
    case Code::And:
    case Code::Or:
    case Code::Min:
    case Code::Max:
    case Code::Less:
    case Code::LessEqual:
    case Code::Greater:
    case Code::GreaterEqual:
      visit(i.a);
      visit(i.b);
      return;
    case Code::Select:
      visit(i.a);
      visit(i.b);
      visit(i.c);
      return;
    default: visit(i.a); return;  // unary functions
  }
}

void Tape::allocate_slots(std::size_t first_free) {
  auto is_temporary = [](std::uint32_t s) { return (s & kTemporary) != 0; };
  // Last instruction reading each temporary; outputs are read after the last instruction.
  std::unordered_map<std::uint32_t, std::size_t> last_read;
  const std::size_t end = code_.size();
  for (std::size_t k = 0; k < end; ++k)
    for_each_read(code_[k], [&](std::uint32_t s) {
      if (is_temporary(s)) last_read[s] = k;
    });
  for (std::uint32_t s : output_slots_)
    if (is_temporary(s)) last_read[s] = end;
  // Walk in order, handing out the lowest free slot; a slot is free after its last reader.
  std::unordered_map<std::uint32_t, std::uint32_t> assigned;
  std::vector<std::uint32_t> free_slots;
  std::vector<std::uint32_t> released;
  auto next = static_cast<std::uint32_t>(first_free);
  for (std::size_t k = 0; k < end; ++k) {
    Instruction& i = code_[k];
    released.clear();
    for_each_read(i, [&](std::uint32_t& o) {
      if (!is_temporary(o)) return;
      const std::uint32_t original = o;
      o = assigned.at(original);
      if (last_read[original] == k) released.push_back(original);
    });
    for (std::uint32_t original : released) {  // an operand read twice is released once
      auto it = assigned.find(original);
      if (it == assigned.end()) continue;
      free_slots.push_back(it->second);
      assigned.erase(it);
    }
    const std::uint32_t original_dst = i.dst;
    std::uint32_t slot;
    if (!free_slots.empty()) {
      slot = free_slots.back();
      free_slots.pop_back();
    } else {
      slot = next++;
    }
    i.dst = slot;
    if (last_read.count(original_dst) == 0) {
      free_slots.push_back(slot);  // never read: the slot is free again at once
    } else {
      assigned.emplace(original_dst, slot);
    }
  }
  for (std::uint32_t& s : output_slots_)
    if (is_temporary(s)) s = assigned.at(s);
  initial_work_.resize(next, 0.0);
}

/// The table piece at x with the sides of its kinks held: the branch signs of the kink indicators
/// (x − x_k) fix the stretch between two kinks, and within it (where the table is C¹) the piece is
/// the one holding x. A kink whose indicator is exactly zero admits both of its sides.
std::ptrdiff_t Tape::frozen_piece(const TableStep& step, double x, const double* branch) const {
  const std::size_t kinks = step.table->kinks().size();
  std::size_t left = 0, left_or_at = 0;
  for (std::size_t k = 0; k < kinks; ++k) {
    const std::uint32_t indicator = table_indicators_[step.first_indicator + k];
    const double b = indicator != kLive ? branch[indicator] : x - step.table->x()[step.table->kinks()[k]];
    left += b > 0.0 ? 1 : 0;
    left_or_at += b >= 0.0 ? 1 : 0;
  }
  const std::ptrdiff_t low = step.table->pieces_between_kinks(left).first;
  const std::ptrdiff_t high = step.table->pieces_between_kinks(left_or_at).second;
  return std::clamp(step.table->piece(x), low, high);
}

void Tape::evaluate_shape(const LinearRows& rows, const LinearRows::Shape& shape, const double* y, const double* yp,
                          const double* w, double* out) {
  const LinearRows::Term* const terms = rows.terms.data() + shape.first_term;
  for (std::uint32_t k = shape.first_run; k < shape.first_run + shape.run_count; ++k)
    detail::sum_strided_rows(terms, shape.y_terms, shape.yp_terms, rows.runs[k], y, yp, out);
  const LinearRows::Row* const first = rows.rows.data() + shape.first_row;
  using Kernel = void (*)(const LinearRows::Shape&, const LinearRows::Term*, const LinearRows::Row*, const double*,
                          const double*, const double*, double*);
  // Up to four y and four y' terms: a kernel for each count (a mechanical component's equation
  // reads a few unknowns).
  static constexpr std::size_t kFixed = 5;
  static constexpr auto kernels = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<Kernel, kFixed * kFixed>{
        &fixed_shape_rows<I / kFixed, I % kFixed, LinearRows::Shape, LinearRows::Term, LinearRows::Row>...};
  }(std::make_index_sequence<kFixed * kFixed>{});
  if (shape.y_terms < kFixed && shape.yp_terms < kFixed) {
    kernels[shape.y_terms * kFixed + shape.yp_terms](shape, terms, first, y, yp, w, out);
    return;
  }
  const LinearRows::Term* const yp_terms = terms + shape.y_terms;
  const LinearRows::Term* const constant_terms = yp_terms + shape.yp_terms;
  for (const LinearRows::Row* row = first; row != first + shape.row_count; ++row) {
    const double* const ys = y + row->base;
    const double* const yps = yp + row->base;
    double acc = 0.0;
    for (std::uint32_t k = 0; k < shape.y_terms; ++k) acc += terms[k].coefficient * ys[terms[k].offset];
    for (std::uint32_t k = 0; k < shape.yp_terms; ++k) acc += yp_terms[k].coefficient * yps[yp_terms[k].offset];
    for (std::uint32_t k = 0; k < shape.constant_terms; ++k) acc += constant_terms[k].coefficient * w[constant_terms[k].offset];
    out[row->output] = acc;
  }
}

Tape::Workspace Tape::workspace() const {
  Workspace work;
  work.tape_ = id_;
  work.slots_ = initial_work_;
  return work;
}

void Tape::parameterize(Workspace& work, const std::function<double(std::uint32_t)>& value) const {
  if (work.tape_ != id_) throw std::logic_error("tape: parameterized with a workspace made for another tape");
  for (const TracedNumber& t : traced_slots_) work.slots_[t.index] = value(t.step);
  if (traced_coefficients_.empty()) return;
  work.coefficients_ = linear_coefficients_;
  for (const TracedNumber& t : traced_coefficients_) work.coefficients_[t.index] = value(t.step);
  if (linear_rows_) work.rows_ = std::make_shared<const LinearRows>(*make_linear_rows(work.coefficients_));
}

std::vector<std::uint32_t> Tape::traced_steps() const {
  std::vector<std::uint32_t> steps;
  for (const TracedNumber& t : traced_slots_) steps.push_back(t.step);
  for (const TracedNumber& t : traced_coefficients_) steps.push_back(t.step);
  return steps;
}

void Tape::evaluate(const TapeInputs& in, double* out, const double* branch) const {
  Workspace work = workspace();
  evaluate(in, out, branch, work);
}

void Tape::evaluate(const TapeInputs& in, double* out, const double* branch, Workspace& work) const {
  if (branch != nullptr && !has_indicators_) throw std::logic_error("tape: branch signs given to a tape without indicators");
  if (work.tape_ != id_) throw std::logic_error("tape: evaluated with a workspace made for another tape");
  double* const w = work.slots_.data();
  const double* const y = in.y;
  const double* const yp = in.yp;
  const double* const p = in.p;
  // Whether a switching node holds the branch of its indicator (c), or compares its operands.
  const auto held = [branch](const Instruction& i) { return branch != nullptr && i.c != kLive; };
  // Σ c·x of the terms [first, last), in the sum's order (±1·x is exact: the same value as x or −x).
  // Each read is indexed by its source: no branch per term (their sources follow no pattern).
  const double* const source[3] = {y, yp, w};
  auto sum = [&source](std::uint32_t first, std::uint32_t last, const std::uint32_t* reads, auto coefficient) {
    auto value = [&](std::uint32_t k) { return coefficient(k) * source[reads[k] >> kSourceShift][reads[k] & kIndexMask]; };
    double acc = value(first);
    for (std::uint32_t k = first + 1; k < last; ++k) acc += value(k);
    return acc;
  };
  // A run with its own parameter values has its own coefficients and rows (parameterize()).
  if (const LinearRows* rows = work.rows_ ? work.rows_.get() : (linear_rows_ ? &*linear_rows_ : nullptr)) {
    for (const LinearRows::Shape& shape : rows->shapes) evaluate_shape(*rows, shape, y, yp, w, out);
    return;
  }
  const double* const coefficients = work.coefficients_.empty() ? linear_coefficients_.data() : work.coefficients_.data();
  auto coefficient = [coefficients](std::uint32_t k) { return coefficients[k]; };
  for (const Instruction& i : code_) {
    double& r = w[i.dst];
    switch (i.code) {
      case Code::LoadT: r = in.t; break;
      case Code::LoadY: r = y[i.a]; break;
      case Code::LoadYP: r = yp[i.a]; break;
      case Code::LoadP: r = p[i.a]; break;
      case Code::LoadU: r = in.u[i.a]; break;
      case Code::LoadD: r = in.d[i.a]; break;
      case Code::Add: r = w[i.a] + w[i.b]; break;
      case Code::Sub: r = w[i.a] - w[i.b]; break;
      case Code::Mul: r = w[i.a] * w[i.b]; break;
      case Code::Div: r = w[i.a] / w[i.b]; break;
      case Code::Neg: r = -w[i.a]; break;
      case Code::Scale: r = w[i.c] * w[i.a]; break;
      case Code::Linear: r = sum(i.a, i.a + i.b, linear_reads_.data(), coefficient); break;
      case Code::PowInt: r = powi(w[i.a], static_cast<std::int32_t>(i.c)); break;
      case Code::Pow: r = std::pow(w[i.a], w[i.b]); break;
      case Code::Sqrt: r = std::sqrt(w[i.a]); break;
      case Code::Exp: r = std::exp(w[i.a]); break;
      case Code::Log: r = std::log(w[i.a]); break;
      case Code::Sin: r = std::sin(w[i.a]); break;
      case Code::Cos: r = std::cos(w[i.a]); break;
      case Code::Tan: r = std::tan(w[i.a]); break;
      case Code::Asin: r = std::asin(w[i.a]); break;
      case Code::Acos: r = std::acos(w[i.a]); break;
      case Code::Atan: r = std::atan(w[i.a]); break;
      case Code::Tanh: r = std::tanh(w[i.a]); break;
      // Switching nodes: with branch signs, the sign of the node's indicator (c) decides.
      case Code::Abs: {
        const double a = w[i.a];
        r = (held(i) ? branch[i.c] >= 0.0 : a >= 0.0) ? a : -a;
        break;
      }
      case Code::Sign: {
        const double a = w[i.a];
        r = held(i) ? branch[i.c] : (a > 0.0 ? 1.0 : (a < 0.0 ? -1.0 : 0.0));
        break;
      }
      case Code::Atan2: r = std::atan2(w[i.a], w[i.b]); break;
      case Code::Min: r = (held(i) ? branch[i.c] < 0.0 : w[i.a] < w[i.b]) ? w[i.a] : w[i.b]; break;
      case Code::Max: r = (held(i) ? branch[i.c] > 0.0 : w[i.a] > w[i.b]) ? w[i.a] : w[i.b]; break;
      case Code::Less: r = (held(i) ? branch[i.c] < 0.0 : w[i.a] < w[i.b]) ? 1.0 : 0.0; break;
      case Code::LessEqual: r = (held(i) ? branch[i.c] <= 0.0 : w[i.a] <= w[i.b]) ? 1.0 : 0.0; break;
      case Code::Greater: r = (held(i) ? branch[i.c] > 0.0 : w[i.a] > w[i.b]) ? 1.0 : 0.0; break;
      case Code::GreaterEqual: r = (held(i) ? branch[i.c] >= 0.0 : w[i.a] >= w[i.b]) ? 1.0 : 0.0; break;
      case Code::And: r = (w[i.a] != 0.0 && w[i.b] != 0.0) ? 1.0 : 0.0; break;
      case Code::Or: r = (w[i.a] != 0.0 || w[i.b] != 0.0) ? 1.0 : 0.0; break;
      case Code::Select: r = w[i.a] != 0.0 ? w[i.b] : w[i.c]; break;
      case Code::Table: {
        const TableStep& t = table_steps_[i.c];
        r = branch ? t.table->evaluate_piece(frozen_piece(t, w[i.a], branch), w[i.a], t.order)
                   : t.table->evaluate(w[i.a], t.order);
        break;
      }
    }
  }
  for (std::size_t k = 0; k < output_slots_.size(); ++k) out[k] = w[output_slots_[k]];
}

}  // namespace acausal
