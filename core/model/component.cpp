#include "core/model/component.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <tuple>
#include <utility>

#include "core/expr/parameter_trace.hpp"
#include "core/model/errors.hpp"
#include "core/model/json_checks.hpp"
#include "core/model/tunable_names.hpp"
#include "core/model/kept_text.hpp"
#include "core/model/netlist.hpp"
#include "core/model/units.hpp"

namespace acausal {

using nlohmann::json;

std::string json_pointer_token(const std::string& token) {
  std::string out;
  for (char ch : token) {
    if (ch == '~')
      out += "~0";
    else if (ch == '/')
      out += "~1";
    else
      out += ch;
  }
  return out;
}

ParameterCheck positive() {
  return [](double v) -> std::optional<std::string> {
    if (v > 0) return std::nullopt;
    return "must be positive";
  };
}

ParameterCheck non_negative() {
  return [](double v) -> std::optional<std::string> {
    if (v >= 0) return std::nullopt;
    return "must not be negative";
  };
}

ParameterCheck at_least(double low) {
  return [low](double v) -> std::optional<std::string> {
    if (v >= low) return std::nullopt;
    std::ostringstream os;
    os << "must be at least " << low;
    return os.str();
  };
}

ParameterCheck in_range(double low, double high) {
  return [low, high](double v) -> std::optional<std::string> {
    if (v >= low && v <= high) return std::nullopt;
    std::ostringstream os;
    os << "must lie in [" << low << ", " << high << "]";
    return os.str();
  };
}

const Definition::Variable* Definition::find_variable(std::string_view local_name) const {
  for (const Variable& v : variables)
    if (v.local_name == local_name) return &v;
  return nullptr;
}

const Definition::Discrete* Definition::find_discrete(std::string_view local_name) const {
  for (const Discrete& d : discretes)
    if (d.local_name == local_name) return &d;
  return nullptr;
}

const Port* Definition::find_port(std::string_view name) const {
  for (const PortInfo& p : ports)
    if (p.port.name == name) return &p.port;
  return nullptr;
}

namespace {

std::string format_vector(const std::vector<double>& v) {
  std::string s = "[";
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + number_text(v[i]);
  return s + "]";
}

}  // namespace

ComponentBuilder::ComponentBuilder(Mode mode, std::string instance, std::string type, std::string pointer,
                                   const json* params)
    : mode_(mode), params_(params) {
  def_.instance = std::move(instance);
  def_.type = std::move(type);
  def_.pointer = std::move(pointer);
}

ComponentBuilder::~ComponentBuilder() = default;

std::string ComponentBuilder::qualified(std::string_view local) const {
  return def_.instance.empty() ? std::string(local) : def_.instance + "." + std::string(local);
}

std::string ComponentBuilder::param_pointer(std::string_view name) const {
  if (param_pointers_ != nullptr)
    if (const std::string* moved = param_pointers_->find(std::string(name))) return *moved;
  return def_.pointer + "/params/" + json_pointer_token(std::string(name));
}

const json* ComponentBuilder::given(std::string_view name) {
  if (used_.empty()) used_.reserve(8);
  used_.emplace_back(name);
  if (mode_ != Mode::Instance || params_ == nullptr) return nullptr;
  auto it = params_->find(std::string(name));
  return it == params_->end() ? nullptr : &*it;
}

void ComponentBuilder::declare(std::string_view name, std::string_view unit, std::string_view description,
                               std::string_view default_text, bool is_given) {
  def_.parameters.push_back(
      {keep_text(name), keep_text(unit), keep_text(description), keep_text(default_text), is_given});
}

void ComponentBuilder::fail(std::string_view parameter, const std::string& message) const {
  throw ModelError(param_pointer(parameter), message);
}

void ComponentBuilder::fail(std::string_view parameter, std::initializer_list<std::size_t> path,
                            const std::string& message) const {
  std::string pointer = param_pointer(parameter);
  for (std::size_t index : path) pointer += "/" + std::to_string(index);
  throw ModelError(pointer, message);
}

double ComponentBuilder::scalar_value(std::string_view name, std::string_view unit, double default_value,
                                      std::string_view description, const ParameterCheck& check, bool& computed) {
  const json* j = given(name);
  declare(name, unit, description, number_text(default_value), j != nullptr);
  computed = false;
  double value = default_value;
  if (j != nullptr && j->is_object()) {
    // { "value": <guess or value>, "fixed": false|true }
    for (const auto& [key, item] : j->items())
      if (key != "value" && key != "fixed")
        fail(name, "unknown key \"" + key + "\" in " + std::string(name) + " (allowed: value, fixed)");
    if (const auto f = j->find("fixed"); f != j->end()) {
      if (!f->is_boolean()) fail(name, "\"fixed\" of " + std::string(name) + " must be true or false");
      computed = !f->get<bool>();
    }
    const auto v = j->find("value");
    if (v == j->end())
      fail(name, std::string(name) + " needs a \"value\"" +
                     (computed ? " (the guess the initialization starts from)" : std::string()));
    j = &*v;
  }
  if (j != nullptr) {
    if (j->is_number()) {
      value = j->get<double>();
    } else if (j->is_string()) {
      try {
        value = units::to_si(j->get<std::string>(), unit);
      } catch (const std::invalid_argument& e) {
        fail(name, e.what());
      }
    } else {
      fail(name, "expected a number, a \"<number> <unit>\" string in " + std::string(unit) +
                     " or { \"value\": …, \"fixed\": false }, got " + json_checks::json_excerpt(*j));
    }
    if (!std::isfinite(value)) fail(name, std::string(name) + " is not a finite number");
  }
  if (check)
    if (auto problem = check(value)) fail(name, std::string(name) + " " + *problem + ", got " + number_text(value));
  def_.parameters.back().value = value;
  return value;
}

double ComponentBuilder::parameter_value(std::string_view name, std::string_view unit, double default_value,
                                         std::string_view description, const ParameterCheck& check) {
  bool computed = false;
  const double value = scalar_value(name, unit, default_value, description, check, computed);
  if (computed)
    fail(name, std::string(name) + " cannot be computed at initialization (\"fixed\": false): " + def_.type +
                   " builds its equations from its value");
  return value;
}

Expr ComponentBuilder::constant(std::string_view name, std::string_view unit, double value,
                                std::string_view description) {
  def_.constants.push_back({keep_text(name), keep_text(unit), keep_text(description), value});
  if (mode_ == Mode::Describe) return Expr::parameter(name);
  return unit_conversion_ ? value * unit_conversion_(unit) : value;
}

Expr ComponentBuilder::parameter(std::string_view name, std::string_view unit, double default_value,
                                 std::string_view description, const ParameterCheck& check) {
  bool computed = false;
  double value = scalar_value(name, unit, default_value, description, check, computed);
  if (mode_ == Mode::Describe) return Expr::parameter(name);
  if (computed) {
    const Expr symbol = computed_parameter(name, unit, description, value);
    def_.initial_parameters.back().pointer = param_pointer(name);
    return symbol;
  }
  if (tunable_ != nullptr) {
    const std::string full = qualified(name);
    if (tunable_->contains(full)) {
      has_tunable_ = true;
      return Expr(current_trace().parameter(full, value, std::string(unit), check));
    }
  }
  return Expr(value);
}

std::vector<double> ComponentBuilder::vector_parameter(std::string_view name, std::string_view unit,
                                                       std::vector<double> default_value,
                                                       std::string_view description, std::size_t size) {
  const json* j = given(name);
  declare(name, unit, description, format_vector(default_value), j != nullptr);
  if (j == nullptr) return default_value;
  if (!j->is_array()) fail(name, "expected an array of numbers, got " + json_checks::json_excerpt(*j));
  if (size != 0 && j->size() != size)
    fail(name, "expected " + std::to_string(size) + " values, got " + std::to_string(j->size()));
  if (j->empty()) fail(name, "expected at least one value");
  std::vector<double> out;
  for (std::size_t i = 0; i < j->size(); ++i) {
    const json& e = (*j)[i];
    double v = 0.0;
    if (e.is_number()) {
      v = e.get<double>();
    } else if (e.is_string()) {
      try {
        v = units::to_si(e.get<std::string>(), unit);
      } catch (const std::invalid_argument& ex) {
        throw ModelError(param_pointer(name) + "/" + std::to_string(i), ex.what());
      }
    } else {
      throw ModelError(param_pointer(name) + "/" + std::to_string(i), "expected a number, got " + json_checks::json_excerpt(e));
    }
    if (!std::isfinite(v)) throw ModelError(param_pointer(name) + "/" + std::to_string(i), "not a finite number");
    out.push_back(v);
  }
  return out;
}

std::vector<std::pair<std::string, std::vector<double>>> ComponentBuilder::named_vectors(std::string_view name,
                                                                                        std::string_view unit,
                                                                                        std::size_t size,
                                                                                        std::string_view description) {
  const json* j = given(name);
  declare(name, unit, description, "{}", j != nullptr);
  std::vector<std::pair<std::string, std::vector<double>>> out;
  if (j == nullptr) return out;
  if (!j->is_object()) fail(name, "expected an object { \"<name>\": [" + std::to_string(size) + " values], … }, got " + json_checks::json_excerpt(*j));
  for (auto it = j->begin(); it != j->end(); ++it) {
    const std::string here = param_pointer(name) + "/" + json_pointer_token(it.key());
    const std::string& key = it.key();
    const bool identifier = !key.empty() && (std::isalpha(static_cast<unsigned char>(key[0])) || key[0] == '_') &&
                            std::all_of(key.begin(), key.end(), [](char c) {
                              return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
                            });
    if (!identifier) throw ModelError(here, "\"" + key + "\" is not a valid name (letters, digits, _; not a digit first)");
    if (!it->is_array() || it->size() != size)
      throw ModelError(here, key + " must be an array of " + std::to_string(size) + " values, got " + json_checks::json_excerpt(*it));
    std::vector<double> values;
    for (std::size_t i = 0; i < size; ++i) {
      const json& e = (*it)[i];
      double v = 0.0;
      try {
        if (e.is_number())
          v = e.get<double>();
        else if (e.is_string())
          v = units::to_si(e.get<std::string>(), unit);
        else
          throw ModelError(here + "/" + std::to_string(i), "expected a number, got " + json_checks::json_excerpt(e));
      } catch (const std::invalid_argument& ex) {
        throw ModelError(here + "/" + std::to_string(i), ex.what());
      }
      if (!std::isfinite(v)) throw ModelError(here + "/" + std::to_string(i), "not a finite number");
      values.push_back(v);
    }
    out.emplace_back(key, std::move(values));
  }
  return out;
}

std::vector<double> ComponentBuilder::coefficients(std::string_view name, const std::vector<std::string>& units,
                                                   std::string_view unit_text, std::vector<double> default_value,
                                                   std::string_view description) {
  const json* j = given(name);
  declare(name, unit_text, description, format_vector(default_value), j != nullptr);
  if (j == nullptr) return default_value;
  const std::string n = std::to_string(units.size());
  const std::string label = std::string(name) + "1.." + std::string(name) + n;
  if (!j->is_array())
    fail(name, std::string(name) + " must be an array of " + n + " coefficients (" + label + "), got " + json_checks::json_excerpt(*j));
  if (j->size() != units.size())
    fail(name, std::string(name) + " must have " + n + " coefficients (" + label + "), got " + std::to_string(j->size()));
  std::vector<double> out;
  for (std::size_t i = 0; i < units.size(); ++i) {
    const json& e = (*j)[i];
    const std::string here = param_pointer(name) + "/" + std::to_string(i);
    const std::string element = std::string(name) + std::to_string(i + 1);
    double v = 0.0;
    if (e.is_number()) {
      v = e.get<double>();
    } else if (e.is_string()) {
      try {
        v = units::to_si(e.get<std::string>(), units[i]);
      } catch (const std::invalid_argument& ex) {
        throw ModelError(here, element + ": " + ex.what());
      }
    } else {
      throw ModelError(here, element + ": expected a number or a \"<number> <unit>\" string in " + units[i] +
                                 ", got " + json_checks::json_excerpt(e));
    }
    if (!std::isfinite(v)) throw ModelError(here, element + " is not a finite number");
    out.push_back(v);
  }
  return out;
}

std::vector<std::vector<double>> ComponentBuilder::rows_parameter(std::string_view name,
                                                                  const std::vector<RowColumn>& columns,
                                                                  std::vector<std::vector<double>> default_rows,
                                                                  std::string_view description) {
  const json* j = given(name);
  std::string names, units_text;
  for (const RowColumn& c : columns) {
    names += (names.empty() ? "" : ", ") + std::string(c.name);
    units_text += (units_text.empty() ? "" : ", ") + std::string(c.unit);
  }
  std::string default_text = "[";
  for (std::size_t i = 0; i < default_rows.size(); ++i) default_text += (i ? ", " : "") + format_vector(default_rows[i]);
  declare(name, "[" + units_text + "]", std::string(description) + ": rows [" + names + "]", default_text + "]",
          j != nullptr);
  if (j == nullptr) return default_rows;
  const std::string n = std::to_string(columns.size());
  if (!j->is_array())
    fail(name, std::string(name) + " must be an array of rows [" + names + "], got " + json_checks::json_excerpt(*j));
  if (j->empty()) fail(name, std::string(name) + " needs at least one row [" + names + "]");
  std::vector<std::vector<double>> out;
  for (std::size_t r = 0; r < j->size(); ++r) {
    const json& row = (*j)[r];
    if (!row.is_array() || row.size() != columns.size())
      fail(name, {r}, "row " + std::to_string(r) + " must have " + n + " values [" + names + "], got " + json_checks::json_excerpt(row));
    std::vector<double> values;
    for (std::size_t c = 0; c < columns.size(); ++c) {
      const json& e = row[c];
      const std::string element(columns[c].name);
      double v = 0.0;
      if (e.is_number()) {
        v = e.get<double>();
      } else if (e.is_string()) {
        try {
          v = units::to_si(e.get<std::string>(), columns[c].unit);
        } catch (const std::invalid_argument& ex) {
          fail(name, {r, c}, element + ": " + ex.what());
        }
      } else {
        fail(name, {r, c}, element + ": expected a number or a \"<number> <unit>\" string in " +
                               std::string(columns[c].unit) + ", got " + json_checks::json_excerpt(e));
      }
      if (!std::isfinite(v)) fail(name, {r, c}, element + " is not a finite number");
      values.push_back(v);
    }
    out.push_back(std::move(values));
  }
  return out;
}

std::string ComponentBuilder::value_unit(std::initializer_list<std::string_view> names) const {
  if (mode_ != Mode::Instance || params_ == nullptr) return "1";
  std::string unit = "1";
  std::string_view first;
  for (std::string_view name : names) {
    const auto it = params_->find(std::string(name));
    if (it == params_->end() || !it->is_string()) continue;
    const std::string text = it->get<std::string>();
    const std::size_t space = text.find(' ');
    if (space == std::string::npos) continue;
    std::string dimension;
    try {
      dimension = units::parse_unit(std::string_view(text).substr(space + 1)).dimension.to_string();
    } catch (const std::invalid_argument& e) {
      fail(name, std::string(name) + ": " + e.what());
    }
    if (first.empty()) {
      first = name;
      unit = dimension;
    } else if (dimension != unit) {
      fail(name, std::string(name) + " is in " + dimension + " but " + std::string(first) + " in " + unit +
                     ": the values of one signal have one dimension");
    }
  }
  return unit;
}

bool ComponentBuilder::is_given(std::string_view name) const {
  return mode_ == Mode::Instance && params_ != nullptr && params_->contains(std::string(name));
}

std::string ComponentBuilder::choice(std::string_view name, const std::vector<std::string>& options,
                                     std::string_view default_value, std::string_view description) {
  const json* j = given(name);
  std::string list;
  for (const std::string& o : options) list += (list.empty() ? "" : ", ") + ("\"" + o + "\"");
  declare(name, "", std::string(description) + " (one of " + list + ")", "\"" + std::string(default_value) + "\"",
          j != nullptr);
  if (j == nullptr) return std::string(default_value);
  if (!j->is_string() || std::find(options.begin(), options.end(), j->get<std::string>()) == options.end())
    fail(name, std::string(name) + " must be one of " + list + ", got " + json_checks::json_excerpt(*j));
  return j->get<std::string>();
}

bool ComponentBuilder::flag(std::string_view name, bool default_value, std::string_view description) {
  const json* j = given(name);
  declare(name, "", description, default_value ? "true" : "false", j != nullptr);
  if (j == nullptr) return default_value;
  if (!j->is_boolean()) fail(name, "expected true or false, got " + json_checks::json_excerpt(*j));
  return j->get<bool>();
}

std::optional<std::shared_ptr<const Table1D>> ComponentBuilder::table_parameter(
    std::string_view name, std::string_view x_name, std::string_view x_unit, std::string_view y_name,
    std::string_view y_unit, std::string_view description) {
  return read_table(name, x_name, x_unit, y_name, y_unit, description, std::nullopt);
}

std::optional<std::shared_ptr<const Table1D>> ComponentBuilder::table_parameter(
    std::string_view name, std::string_view x_name, std::string_view x_unit, std::string_view y_name,
    std::string_view y_unit, std::string_view description, Interpolation interpolation, Extrapolation extrapolation) {
  return read_table(name, x_name, x_unit, y_name, y_unit, description, std::pair{interpolation, extrapolation});
}

std::optional<std::shared_ptr<const Table1D>> ComponentBuilder::read_table(
    std::string_view name, std::string_view x_name, std::string_view x_unit, std::string_view y_name,
    std::string_view y_unit, std::string_view description,
    const std::optional<std::pair<Interpolation, Extrapolation>>& fixed) {
  const json* j = given(name);
  const std::string columns = "\"" + std::string(x_name) + "\": [...] (" + std::string(x_unit) + "), \"" +
                              std::string(y_name) + "\": [...] (" + std::string(y_unit) + ")";
  declare(name, "",
          std::string(description) + ": { " + columns +
              (fixed ? "" : ", \"interpolation\": \"linear\"|\"smooth\", \"extrapolation\": \"linear\"|\"nearest\"") +
              " }",
          "none", j != nullptr);
  if (j == nullptr) return std::nullopt;
  const std::string pointer = param_pointer(name);
  if (!j->is_object()) throw ModelError(pointer, "expected a table object, got " + json_checks::json_excerpt(*j));
  for (auto it = j->begin(); it != j->end(); ++it) {
    const std::string& key = it.key();
    if (key == x_name || key == y_name || (!fixed && (key == "interpolation" || key == "extrapolation"))) continue;
    throw ModelError(pointer + "/" + json_pointer_token(key),
                     "unknown key \"" + key + "\" in \"" + std::string(name) + "\"; valid: \"" + std::string(x_name) +
                         "\", \"" + std::string(y_name) + "\"" +
                         (fixed ? std::string(" (interpolation and extrapolation are parameters of their own)")
                                : std::string(", \"interpolation\", \"extrapolation\"")));
  }
  auto column = [&](std::string_view key, std::string_view unit) {
    auto it = j->find(std::string(key));
    if (it == j->end()) throw ModelError(pointer, "\"" + std::string(name) + "\" needs a column \"" + std::string(key) + "\"");
    if (!it->is_array()) throw ModelError(pointer + "/" + std::string(key), "expected an array of numbers");
    std::vector<double> out;
    for (std::size_t i = 0; i < it->size(); ++i) {
      const json& e = (*it)[i];
      std::string here = pointer + "/" + std::string(key) + "/" + std::to_string(i);
      try {
        if (e.is_number())
          out.push_back(e.get<double>());
        else if (e.is_string())
          out.push_back(units::to_si(e.get<std::string>(), unit));
        else
          throw ModelError(here, "expected a number, got " + json_checks::json_excerpt(e));
      } catch (const std::invalid_argument& ex) {
        throw ModelError(here, ex.what());
      }
    }
    return out;
  };
  std::vector<double> x = column(x_name, x_unit);
  std::vector<double> y = column(y_name, y_unit);
  auto option = [&](const char* key, const std::vector<std::string>& options) -> std::size_t {
    auto it = j->find(key);
    if (it == j->end()) return 0;
    for (std::size_t i = 0; i < options.size(); ++i)
      if (it->is_string() && it->get<std::string>() == options[i]) return i;
    throw ModelError(pointer + "/" + key, std::string("expected \"") + options[0] + "\" or \"" + options[1] +
                                              "\", got " + json_checks::json_excerpt(*it));
  };
  Interpolation interpolation = Interpolation::Linear;
  Extrapolation extrapolation = Extrapolation::Linear;
  if (fixed) {
    std::tie(interpolation, extrapolation) = *fixed;
  } else {
    interpolation = option("interpolation", {"linear", "smooth"}) == 0 ? Interpolation::Linear : Interpolation::Smooth;
    extrapolation = option("extrapolation", {"linear", "nearest"}) == 0 ? Extrapolation::Linear : Extrapolation::Nearest;
  }
  depends_on_name_ = true;
  try {
    return std::make_shared<const Table1D>(qualified(name), std::move(x), std::move(y), interpolation, extrapolation);
  } catch (const std::invalid_argument& e) {
    throw ModelError(pointer, e.what());
  }
}

void ComponentBuilder::annotation(std::string_view name, std::string_view description) {
  const json* j = given(name);
  declare(name, "", description, "none", j != nullptr);
}

Expr ComponentBuilder::initial_parameter(std::string_view name, std::string_view unit, std::string_view description,
                                        const Expr& value) {
  // The symbol carries the instance name, which a copied instance would have to rename.
  depends_on_name_ = true;
  const Expr symbol = Expr::parameter(qualified(name));
  def_.initial_parameters.push_back({keep_text(name), symbol, value, keep_text(unit), keep_text(description), 0.0, {}});
  return symbol;
}

Expr ComponentBuilder::computed_parameter(std::string_view name, std::string_view unit, std::string_view description,
                                         double guess) {
  // Named after the instance, as initial_parameter's symbols.
  depends_on_name_ = true;
  const Expr symbol = Expr::parameter(qualified(name));
  def_.initial_parameters.push_back(
      {keep_text(name), symbol, std::nullopt, keep_text(unit), keep_text(description), guess, {}});
  return symbol;
}

Expr ComponentBuilder::add_discrete(std::string_view name, std::string_view description, double start, bool boolean) {
  // The symbols carry the instance name, which a copied instance would have to rename.
  depends_on_name_ = true;
  const std::string full = qualified(name);
  def_.discretes.push_back({keep_text(name), keep_text(description), Expr::parameter(full),
                            Expr::parameter("pre(" + full + ")"), start, boolean, std::nullopt});
  return def_.discretes.back().symbol;
}

Expr ComponentBuilder::boolean(std::string_view name, std::string_view description, bool start) {
  return add_discrete(name, description, start ? 1.0 : 0.0, true);
}

Expr ComponentBuilder::integer(std::string_view name, std::string_view description, int start) {
  return add_discrete(name, description, start, false);
}

const Definition::Discrete& ComponentBuilder::discrete_of(const Expr& symbol, const char* who) const {
  for (const Definition::Discrete& d : def_.discretes)
    if (d.symbol == symbol) return d;
  throw std::logic_error(std::string(who) + ": " + to_string(symbol) + " is not a discrete variable of " + def_.type);
}

Definition::Discrete& ComponentBuilder::discrete_of(const Expr& symbol, const char* who) {
  return const_cast<Definition::Discrete&>(std::as_const(*this).discrete_of(symbol, who));
}

Expr ComponentBuilder::pre(const Expr& discrete) const { return discrete_of(discrete, "pre").pre_symbol; }

Expr ComponentBuilder::initial() { return Expr::parameter("initial()"); }

void ComponentBuilder::discrete_equation(const Expr& discrete, const Expr& value) {
  Definition::Discrete& d = discrete_of(discrete, "discrete_equation");
  if (d.value) throw std::logic_error("discrete_equation: " + def_.type + " writes a second equation for " + std::string(d.local_name));
  d.value = value;
}

void ComponentBuilder::reinit(const Expr& trigger, const Expr& variable, const Expr& value) {
  if (!discrete_of(trigger, "reinit").boolean)
    throw std::logic_error("reinit: the trigger of " + def_.type + " must be a Boolean discrete variable");
  def_.reinits.push_back({trigger, variable, value});
}

void ComponentBuilder::note(std::string text) {
  if (mode_ == Mode::Instance) def_.notes.push_back(std::move(text));
}

Expr ComponentBuilder::add_variable(std::string_view local, std::string_view unit, std::string_view description,
                                    const VariableOptions& options, bool is_port) {
  // The qualified name in a reused buffer: the symbol keeps its own copy.
  name_buffer_.assign(def_.instance);
  if (!name_buffer_.empty()) name_buffer_ += '.';
  name_buffer_ += local;
  Expr symbol = Expr::variable(name_buffer_);
  def_.variables.push_back(
      {keep_text(local), symbol, keep_text(unit), keep_text(description), options, TargetPriority::None, is_port});
  return symbol;
}

const Gravity& ComponentBuilder::gravity() const {
  static const Gravity world_default;
  if (mode_ == Mode::Describe) return world_default;
  if (environment_ == nullptr || !environment_->gravity)
    throw ModelError(def_.pointer, def_.type + " " + def_.instance +
                                       " needs a multibody.World in the netlist (it sets gravity and the inertial frame)");
  return *environment_->gravity;
}

bool ComponentBuilder::is_root(std::string_view port) const { return roles_ == nullptr || roles_->is_root(port); }

bool ComponentBuilder::rooted(std::string_view port) const { return roles_ == nullptr || roles_->rooted(port); }

Port ComponentBuilder::port(std::string_view name, const Domain& domain, std::string_view description) {
  Port p;
  p.name = std::string(name);
  p.domain = &domain;
  auto add = [&](const std::vector<PortQuantity>& quantities, std::vector<Expr>& out) {
    for (const PortQuantity& q : quantities)
      for (int i = 0; i < q.size(); ++i)
        out.push_back(add_variable(std::string(name) + "." + q.element_name(i), q.unit, description,
                                   {.start = q.start.empty() ? 0.0 : q.start[static_cast<std::size_t>(i)], .priority = q.priority},
                                   true));
  };
  add(domain.across(), p.across);
  add(domain.through(), p.through);
  def_.ports.push_back({p, keep_text(description)});
  return p;
}

Expr ComponentBuilder::input(std::string_view name, std::string_view unit, std::string_view description) {
  Expr v = add_variable(name, unit, description, {}, true);
  def_.ports.push_back({Port{std::string(name), &signal(), SignalDirection::Input, {v}, {}}, keep_text(description)});
  return v;
}

Expr ComponentBuilder::output(std::string_view name, std::string_view unit, std::string_view description,
                              const VariableOptions& options) {
  Expr v = add_variable(name, unit, description, options, true);
  def_.ports.push_back({Port{std::string(name), &signal(), SignalDirection::Output, {v}, {}}, keep_text(description)});
  return v;
}

Expr ComponentBuilder::variable(std::string_view name, std::string_view unit, std::string_view description,
                                const VariableOptions& options) {
  return add_variable(name, unit, description, options, false);
}

void ComponentBuilder::equation(const Expr& residual, std::string_view description) {
  def_.equations.push_back({residual, keep_text(description)});
}

void ComponentBuilder::stored_energy(const Expr& energy) { def_.stored_energy += energy; }
void ComponentBuilder::loss_power(const Expr& power) { def_.loss_power += power; }
void ComponentBuilder::injected_power(const Expr& power) { def_.injected_power += power; }

Definition ComponentBuilder::finish() {
  if (mode_ == Mode::Instance && params_ != nullptr) {
    for (auto it = params_->begin(); it != params_->end(); ++it) {
      if (std::find(used_.begin(), used_.end(), it.key()) != used_.end()) continue;
      std::string valid;
      for (const std::string& u : used_) valid += (valid.empty() ? "" : ", ") + u;
      throw ModelError(param_pointer(it.key()), "unknown parameter \"" + it.key() + "\" of " + def_.type +
                                                    (valid.empty() ? " (it has no parameters)" : "; valid: " + valid));
    }
  }
  for (const Definition::Discrete& d : def_.discretes)
    if (!d.value) throw std::logic_error(def_.type + ": discrete variable " + std::string(d.local_name) + " has no discrete_equation");
  return std::move(def_);
}

Definition describe_type(const Component& component) {
  ComponentBuilder b(ComponentBuilder::Mode::Describe, "", std::string(component.type()), "", nullptr);
  component.define(b);
  return b.finish();
}

namespace {

Compliant declare_compliant(ComponentBuilder& b, const Domain& domain, const VariableOptions& rel_options) {
  if (!domain.compliant()) throw std::logic_error("define_compliant: domain " + domain.name() + " is not 1D");
  const CompliantNames& n = *domain.compliant();
  Compliant c;
  c.R = b.port("R", domain, "Port R (the element's flow enters here)");
  c.C = b.port("C", domain, "Port C (the element's flow leaves here)");
  c.rel = b.variable(n.rel.name, n.rel.unit, n.rel_description, rel_options);
  Expr rate = b.variable(n.rate.name, n.rate.unit, n.rate_description);
  c.flow = b.variable(n.flow.name, n.flow.unit, n.flow_description);
  b.equation(c.rel - (c.R.potential() - c.C.potential()), "relative position");
  // The rate is written on the port positions, not as der(rel), so that rel stays algebraic and two
  // rigidly coupled terminals do not make the system high-index.
  b.equation(rate - (der(c.R.potential()) - der(c.C.potential())), "relative rate");
  b.equation(c.R.flow() - c.flow, "flow enters at R");
  b.equation(c.C.flow() + c.flow, "flow leaves at C");
  c.rate = rate;
  return c;
}

}  // namespace

Compliant define_compliant(ComponentBuilder& b, const Domain& domain) { return declare_compliant(b, domain, {}); }

Compliant define_compliant_with_relative_states(ComponentBuilder& b, const Domain& domain) {
  if (!domain.compliant()) throw std::logic_error("define_compliant: domain " + domain.name() + " is not 1D");
  const PortQuantity& rel = domain.compliant()->rel;
  const PortQuantity& across = domain.across().front();
  const double nominal = b.parameter_value(across.name + "_nominal", rel.unit, 1e-4,
                                           "Nominal of " + rel.name + " (scales its absolute tolerance); 0: none",
                                           non_negative());
  VariableOptions options;
  // As Modelica's `nominal = if phi_nominal >= Modelica.Constants.eps then phi_nominal else 1`:
  // below eps rel keeps the default magnitude (max(1, |start|), core/analysis/program.hpp).
  if (nominal >= std::numeric_limits<double>::epsilon()) options.nominal = nominal;
  return declare_compliant(b, domain, options);
}

FlangeAndSupport define_flange_and_support(ComponentBuilder& b, const Domain& domain,
                                           std::string_view flange_description) {
  const bool use_support =
      b.flag("use_support", false, "true: a support port takes the reaction; false: the housing is grounded");
  FlangeAndSupport h;
  h.flange = b.port("flange", domain, flange_description);
  h.rel = h.flange.potential();
  h.rate = der(h.flange.potential());
  if (use_support) {
    h.support = b.port("support", domain, "Support (housing): takes the reaction");
    h.rel = h.rel - h.support->potential();
    h.rate = h.rate - der(h.support->potential());
    b.equation(h.support->flow() + h.flange.flow(), "the support takes the reaction");
  }
  return h;
}

std::optional<Port> define_heat_port(ComponentBuilder& b, const Expr& loss_power) {
  const bool use_heat_port = b.flag("use_heat_port", false,
                                    "true: the loss leaves as heat through heat_port (heat_port.Q_flow = −loss power); "
                                    "false: it leaves the model (booked as lost)");
  if (!use_heat_port) {
    b.loss_power(loss_power);
    return std::nullopt;
  }
  Port port = b.port("heat_port", thermal(), "Heat port: the element's loss power leaves through it as heat");
  b.equation(port.flow() + loss_power, "the loss power leaves through the heat port");
  return port;
}

}  // namespace acausal

namespace acausal {

std::ptrdiff_t local_balance(const Definition& d) {
  std::size_t inputs = 0, through = 0;
  for (const auto& p : d.ports) {
    if (p.port.direction == SignalDirection::Input) ++inputs;
    through += p.port.through.size();
  }
  // A frame's R and w (12 variables) count as the 3 residuals that close a loop through it.
  const LoopClosure& closure = *frame().loop_closure();
  std::size_t replaced = 0;
  for (const PortQuantity& q : frame().across())
    if (std::find(closure.replaced.begin(), closure.replaced.end(), q.name) != closure.replaced.end())
      replaced += static_cast<std::size_t>(q.size());
  const std::size_t orientations = d.frame_parts_without_root * (replaced - closure.constraint_size);
  return static_cast<std::ptrdiff_t>(d.equations.size() + inputs + through + orientations) -
         static_cast<std::ptrdiff_t>(d.variables.size());
}

std::size_t frame_parts_without_root(const Component& type, const Definition& d, const nlohmann::json* params,
                                     const FrameRoles* roles) {
  std::vector<std::string> frame_ports;
  for (const auto& p : d.ports)
    if (p.port.domain == &frame()) frame_ports.push_back(p.port.name);
  if (frame_ports.empty()) return 0;
  FrameDeclaration declared(params);
  type.declare_frames(declared);
  return parts_without_root(declared, frame_ports, roles);
}

}  // namespace acausal
