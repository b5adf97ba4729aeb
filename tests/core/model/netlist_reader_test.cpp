// parse_netlist reads the JSON in one pass but reports problems in a fixed order, whatever their
// order in the text: a syntax error anywhere, then the first repeated key, then the top-level
// keys, "format", "name", "description", "components" (by component name), "connections" (in
// order), "experiment", "outputs". The catalog of malformed netlists checks each message alone;
// these cases combine problems and check which one wins, and check what a valid netlist reads as.

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/errors.hpp"
#include "core/model/netlist.hpp"

using namespace acausal;

namespace {

/// "pointer: message" of the error parse_netlist reports, or "none".
std::string error_of(std::string_view text) {
  try {
    parse_netlist(text);
  } catch (const ModelError& e) {
    return e.what();
  }
  return "none";
}

/// A netlist of `n` masses m0 … m<n-1>, with `extra` appended inside "components".
std::string many_components(int n, const std::string& extra = "") {
  std::string text = R"({ "format": "acausal/1", "components": {)";
  for (int i = 0; i < n; ++i)
    text += (i == 0 ? "" : ",") + ("\"m" + std::to_string(i) + "\": { \"type\": \"translational.Mass\" }");
  return text + extra + "} }";
}

}  // namespace

TEST_CASE("netlist reader: members in any order read the same") {
  const Netlist a = parse_netlist(R"json({
    "format": "acausal/1", "name": "n", "description": "d",
    "components": {
      "mass": { "type": "translational.Mass", "params": { "m": 2 }, "initial": { "s": { "value": 0.1, "priority": "low" } } },
      "ground": { "type": "translational.Fixed" }
    },
    "connections": [["mass.flange", "ground.flange"]],
    "experiment": { "start": 0, "stop": 2, "interval": 0.5, "tolerance": 1e-4 },
    "outputs": ["mass.s"]
  })json");
  const Netlist b = parse_netlist(R"json({
    "outputs": ["mass.s"],
    "experiment": { "tolerance": 1e-4, "interval": 0.5, "stop": 2, "start": 0 },
    "connections": [["mass.flange", "ground.flange"]],
    "components": {
      "ground": { "type": "translational.Fixed" },
      "mass": { "initial": { "s": { "priority": "low", "value": 0.1 } }, "params": { "m": 2 }, "type": "translational.Mass" }
    },
    "description": "d", "name": "n", "format": "acausal/1"
  })json");
  for (const Netlist* n : {&a, &b}) {
    CHECK(n->name == "n");
    CHECK(n->description == "d");
    REQUIRE(n->components.size() == 2);
    // By name, as a JSON object's keys are sorted, not in the order of the text.
    CHECK(n->components[0].name == "ground");
    CHECK(n->components[0].type == "translational.Fixed");
    CHECK(n->components[0].params == nlohmann::json::object());
    CHECK(n->components[0].initial.empty());  // none given: null, read as empty
    CHECK(n->components[0].pointer == "/components/ground");
    CHECK(n->components[1].name == "mass");
    CHECK(n->components[1].params == nlohmann::json{{"m", 2}});
    CHECK(n->components[1].initial == nlohmann::json{{"s", {{"value", 0.1}, {"priority", "low"}}}});
    REQUIRE(n->connections.size() == 1);
    CHECK(n->connections[0].ports == std::vector<std::string>{"mass.flange", "ground.flange"});
    CHECK(n->connections[0].pointer == "/connections/0");
    CHECK(n->experiment.start == 0);
    CHECK(n->experiment.stop == 2);
    CHECK(n->experiment.interval == 0.5);
    CHECK(n->experiment.tolerance == 1e-4);
    CHECK(n->outputs == std::vector<std::string>{"mass.s"});
  }
}

TEST_CASE("netlist reader: parameter values keep their JSON types") {
  const Netlist n = parse_netlist(R"json({ "format": "acausal/1", "components": { "c": { "type": "t", "params": {
    "i": -3, "u": 18446744073709551615, "f": 1.5, "s": "2 kg", "b": true, "z": null,
    "a": [1, [2], {"k": "v"}], "o": { "p": { "q": [] } } } } } })json");
  const nlohmann::json& p = n.components.at(0).params;
  CHECK(p.at("i").is_number_integer());
  CHECK(p.at("i").get<std::int64_t>() == -3);
  CHECK(p.at("u").is_number_unsigned());
  CHECK(p.at("u").get<std::uint64_t>() == 18446744073709551615ULL);
  CHECK(p.at("f").is_number_float());
  CHECK(p.dump() == R"({"a":[1,[2],{"k":"v"}],"b":true,"f":1.5,"i":-3,"o":{"p":{"q":[]}},"s":"2 kg","u":18446744073709551615,"z":null})");
}

TEST_CASE("netlist reader: a syntax error comes before a repeated key and every other problem") {
  CHECK(error_of(R"({ "format": "acausal/1", "format": 1, "components": { "a": 1 } ])") ==
        "netlist: JSON syntax error at line 1, column 64: error while parsing object - unexpected ']'; expected '}'");
  CHECK(error_of(R"({ "a": 1, "a": 2, "components": { "m": { "type": "t", "params": { "x": 1e400 } } } })") ==
        "netlist: JSON number out of range: 1e400");
}

TEST_CASE("netlist reader: the first repeated key in the text wins, before any other problem") {
  // A repeated parameter before a repeated component name.
  CHECK(error_of(R"({ "bad": 1, "components": { "b": { "type": "t", "params": { "x": 1, "x": 2 } },
                    "a": {}, "b": { "type": "t" } } })") ==
        "/components/b/params/x: duplicate key \"x\"");
  // A repeated component name before a repeated key in "experiment", and a repeated key inside an
  // array inside a document that is not an object.
  CHECK(error_of(R"({ "experiment": [], "components": { "a": 1, "a": 2 }, "experiment": { "stop": 1, "stop": 2 } })") ==
        "/components/a: duplicate key \"a\"");
  CHECK(error_of(R"([0, { "k": [{ "x~/": 1, "x~/": 2 }] }])") == "/1/k/0/x~0~1: duplicate key \"x~/\"");
  // Among many components (they are looked up in a table, not scanned).
  CHECK(error_of(many_components(100, R"(, "m37": { "type": "translational.Mass" })")) ==
        "/components/m37: duplicate key \"m37\"");
  CHECK(error_of(many_components(17, R"(, "m16": { "type": "translational.Mass" })")) ==
        "/components/m16: duplicate key \"m16\"");
  CHECK(error_of(many_components(1000)) == "none");
}

TEST_CASE("netlist reader: the top level is checked before the components") {
  CHECK(error_of(R"({ "components": { "2a": {} }, "zz": 1, "format": 2 })") ==
        "/zz: unknown key \"zz\"; valid keys: \"format\", \"name\", \"description\", \"components\", "
        "\"connections\", \"experiment\", \"outputs\", \"inputs\", \"subsystems\", \"loop_cuts\"");
  CHECK(error_of(R"({ "components": { "2a": {} }, "connections": 1, "format": "acausal/1", "description": 1 })") ==
        "/description: \"description\" must be a string, got number");
  CHECK(error_of(R"({ "connections": [[1]], "components": [], "format": "acausal/1" })") ==
        "/components: \"components\" must be an object, got array");
}

TEST_CASE("netlist reader: components are checked in the order of their names") {
  // "b" comes first in the text, "a" first by name: the problem of "a" (in its params) is reported,
  // not the missing type of "b".
  CHECK(error_of(R"({ "format": "acausal/1", "components": { "b": { "params": {} }, "a": { "type": "t", "params": 1 } } })") ==
        "/components/a/params: \"params\" must be an object, got number");
  // An invalid name sorts first ("2" < "a").
  CHECK(error_of(R"({ "format": "acausal/1", "components": { "a": 7, "2a": { "type": "t" } } })") ==
        "/components/2a: invalid instance name \"2a\": use letters, digits and _, not starting with a digit");
  CHECK(error_of(R"({ "format": "acausal/1", "components": { "b": 7, "a": { "type": "t", "initial": [] } } })") ==
        "/components/a/initial: \"initial\" must be an object, got array");
}

TEST_CASE("netlist reader: component names in order with their numbers compared as numbers") {
  CHECK(name_less("mass2", "mass10"));
  CHECK_FALSE(name_less("mass10", "mass2"));
  CHECK(name_less("mass9", "mass10"));
  CHECK(name_less("a", "a1"));
  CHECK(name_less("a1", "a1b"));
  CHECK(name_less("a1_2", "a1_10"));
  CHECK(name_less("g1.shaft", "g10"));
  CHECK(name_less("b01", "b1"));  // equal as numbers: leading zeros decide, as bytes
  CHECK_FALSE(name_less("b1", "b01"));
  CHECK(name_less("b1", "b02"));
  CHECK(name_less("Z9", "a1"));  // other characters as bytes
  CHECK_FALSE(name_less("mass3", "mass3"));
  const Netlist n = parse_netlist(R"({ "format": "acausal/1", "components": {
    "sd10": { "type": "t" }, "mass2": { "type": "t" }, "sd9": { "type": "t" }, "mass10": { "type": "t" },
    "mass1": { "type": "t" }, "wall": { "type": "t" } } })");
  std::vector<std::string> names;
  for (const NetlistComponent& c : n.components) names.push_back(c.name);
  CHECK(names == std::vector<std::string>{"mass1", "mass2", "mass10", "sd9", "sd10", "wall"});
  // The problem of the first component in that order is the one reported.
  CHECK(error_of(R"({ "format": "acausal/1", "components": { "m10": { "type": "t", "params": 1 }, "m9": { "type": "t", "initial": 1 } } })") ==
        "/components/m9/initial: \"initial\" must be an object, got number");
}

TEST_CASE("netlist reader: the order of names agrees with comparing them chunk by chunk, on random names") {
  // Written apart: a name as its chunks, a run of digits as (its length without leading zeros, those
  // digits), any other character as itself; chunks compared in turn, a name that runs out first is
  // smaller, and names with equal chunks compare as bytes.
  struct Chunk {
    bool number;
    std::size_t length;
    std::string text;
    bool operator<(const Chunk& o) const {
      if (number && o.number) return length != o.length ? length < o.length : text < o.text;
      if (number != o.number) return text.front() < o.text.front();  // a digit against another character
      return text < o.text;
    }
    bool operator==(const Chunk& o) const { return !(*this < o) && !(o < *this); }
  };
  auto chunks = [](const std::string& s) {
    std::vector<Chunk> out;
    for (std::size_t i = 0; i < s.size();) {
      if (s[i] >= '0' && s[i] <= '9') {
        std::size_t e = i;
        while (e < s.size() && s[e] >= '0' && s[e] <= '9') ++e;
        std::size_t z = i;
        while (z + 1 < e && s[z] == '0') ++z;
        out.push_back({true, e - z, s.substr(z, e - z)});
        i = e;
      } else {
        out.push_back({false, 1, s.substr(i++, 1)});
      }
    }
    return out;
  };
  auto reference = [&](const std::string& a, const std::string& b) {
    const std::vector<Chunk> x = chunks(a), y = chunks(b);
    for (std::size_t k = 0; k < x.size() && k < y.size(); ++k)
      if (!(x[k] == y[k])) return x[k] < y[k];
    if (x.size() != y.size()) return x.size() < y.size();
    return a < b;
  };
  std::uint64_t state = 12345;
  auto next = [&state] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::size_t>(state >> 33);
  };
  const std::string alphabet = "ab_009";
  auto random_name = [&] {
    std::string s = "m";
    for (std::size_t n = next() % 7; n > 0; --n) s += alphabet[next() % alphabet.size()];
    return s;
  };
  for (int k = 0; k < 5000; ++k) {
    const std::string a = random_name(), b = random_name();
    CAPTURE(a);
    CAPTURE(b);
    CHECK(name_less(a, b) == reference(a, b));
  }
}

TEST_CASE("netlist reader: within a component, unknown keys, then the type, then params and initial") {
  // The first unknown key by sorted order, "" included.
  CHECK(error_of(R"({ "format": "acausal/1", "components": { "a": { "zz": 1, "params": 1, "aa": 2 } } })") ==
        "/components/a/aa: unknown key \"aa\"; valid keys: \"type\", \"params\", \"initial\", \"nominal\", \"state_select\"");
  CHECK(error_of(R"({ "format": "acausal/1", "components": { "a": { "type": "t", "zz": 1, "": 2 } } })") ==
        "/components/a/: unknown key \"\"; valid keys: \"type\", \"params\", \"initial\", \"nominal\", \"state_select\"");
  CHECK(error_of(R"({ "format": "acausal/1", "components": { "a": { "params": 1 } } })") ==
        "/components/a: missing \"type\"");
  CHECK(error_of(R"({ "format": "acausal/1", "components": { "a": { "initial": 1, "type": { "x": [] }, "params": 1 } } })") ==
        "/components/a/type: \"type\" must be a string, got object");
  CHECK(error_of(R"({ "format": "acausal/1", "components": { "a": { "initial": 1, "type": "t", "params": null } } })") ==
        "/components/a/params: \"params\" must be an object, got null");
}

TEST_CASE("netlist reader: connections after the components, in their order") {
  CHECK(error_of(R"({ "format": "acausal/1", "connections": [[1]], "components": { "a": {} } })") ==
        "/components/a: missing \"type\"");
  // One end that is not a string: the connection is too short before its end is wrong.
  CHECK(error_of(R"({ "format": "acausal/1", "components": { "a": { "type": "t" } }, "connections": [[1]] })") ==
        "/connections/0: a connection is an array of two or more \"instance.port\" strings");
  // The first problem of the first bad connection.
  CHECK(error_of(R"({ "format": "acausal/1", "components": { "a": { "type": "t" } },
                    "connections": [["a.x", "a.y"], ["a.x", "ax", 3], "a.x", ["a.x"]] })") ==
        "/connections/1/1: \"ax\" is not of the form \"instance.port\"");
  CHECK(error_of(R"({ "format": "acausal/1", "components": { "a": { "type": "t" } },
                    "connections": [["a.x", "a.y"], ["a.x", ["a.y"], "a.x"], {}] })") ==
        "/connections/1/1: a connection end must be a string, got array");
  CHECK(error_of(R"({ "format": "acausal/1", "components": { "a": { "type": "t" } },
                    "connections": [["a.x", "a.y", "a.x", 3]] })") ==
        "/connections/0/2: a.x appears twice in this connection");
  CHECK(error_of(R"({ "format": "acausal/1", "components": { "a": { "type": "t" } },
                    "connections": [["a.x", "a.y"], 5, ["a.x"]] })") ==
        "/connections/1: a connection is an array of two or more \"instance.port\" strings");
}

TEST_CASE("netlist reader: the experiment after the connections, the outputs last") {
  CHECK(error_of(R"({ "outputs": 1, "experiment": { "stop": -1 }, "format": "acausal/1",
                    "components": { "a": { "type": "t" } }, "connections": [["a.x"]] })") ==
        "/connections/0: a connection joins two or more ports, this one has only \"a.x\" (a port left out of every "
        "connection is open)");
  CHECK(error_of(R"({ "outputs": 1, "experiment": { "stop": -1 }, "format": "acausal/1",
                    "components": { "a": { "type": "t" } } })") ==
        "/experiment/stop: stop must be after start");
  CHECK(error_of(R"({ "outputs": [1], "format": "acausal/1", "components": { "a": { "type": "t" } } })") ==
        "/outputs/0: an output must be a string, got number");
}
