#!/usr/bin/python3
"""Mutation fuzzer of the acausal command line (docs/fuzzing.md).

Usage: cli_mutation_fuzz.py ACAUSAL NETLIST_DIR CASES SEED [--out DIR] [--jobs N] [--timeout S]
                            [--memory-mb MB] [--case K]

Each case takes a netlist of NETLIST_DIR (searched recursively), mutates its JSON (deletes, duplicates
and retypes keys and values; writes huge, tiny and special numbers, long and odd strings, units of the
wrong dimension, deep nesting, huge arrays, subsystems that multiply, subsystem files outside the
netlist's directory, in special files, behind symbolic links) and its command line (--stop, --interval,
--tolerance, --set, -o, --input with odd values), then runs `acausal check` and `acausal simulate` on it
in a directory of its own, under `timeout` and a memory limit. A run is

  OK          exit 0
  USER ERROR  exit 1, 2 or 3 with a message that starts as the CLI's do ("error: ", "solver failure: ",
              a usage message)

or a defect:

  CRASH             ended by a signal
  TIMEOUT           still running after the time limit
  INTERNAL ERROR    exit 4 or "internal error" on stderr, or an exit code the CLI does not document
  BAD MESSAGE       exit 1, 2 or 3 without a message of the CLI's form
  OUTPUT TOO LARGE  stdout or stderr over 64 KB, or a file written over the file size limit
  RESULT DESTROYED  the result file (created beforehand with known content) changed by a failed run
  PARTIAL LEFT      a `<result>.partial` file left behind
  UNCONFINED        a run that read a subsystem file outside the netlist's directory went through

It prints a table of outcomes, and writes each defect's case directory, command and output to
DIR/<defect>/ (default ./cli-fuzz-findings). Cases are reproducible: case K of a seed is the same
whatever CASES is, and `--case K` runs only it and keeps its directory.
"""

import argparse
import functools
import json
import multiprocessing
import os
import random
import resource
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile

KNOWN_RESULT = b"time,known\n0,1\n"  # what a result file holds before each run
OUTPUT_LIMIT = 64 * 1024  # bytes of stdout and of stderr
FILE_LIMIT = 64 * 1024 * 1024  # bytes of any file a run writes (RLIMIT_FSIZE)
SAVED_PER_DEFECT = 25  # cases kept per defect and command


class Raw:
    """JSON text written as it is (invalid JSON, deep nesting, huge arrays)."""

    def __init__(self, text):
        self.text = text


class Obj:
    """A JSON object as a list of [key, value] pairs: keeps their order and allows repeated keys."""

    def __init__(self, pairs):
        self.pairs = [list(p) for p in pairs]


def dump(value):
    if isinstance(value, Raw):
        return value.text
    if isinstance(value, Obj):
        return "{" + ", ".join(json.dumps(k, ensure_ascii=False) + ": " + dump(v) for k, v in value.pairs) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(dump(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def slots(tree):
    """Every (container, index) of the tree: a pair of an Obj or an element of a list."""
    found, pending = [], [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, Obj):
            for i, pair in enumerate(node.pairs):
                found.append((node, i))
                pending.append(pair[1])
        elif isinstance(node, list):
            for i, element in enumerate(node):
                found.append((node, i))
                pending.append(element)
    return found


def get(slot):
    container, i = slot
    return container.pairs[i][1] if isinstance(container, Obj) else container[i]


def put(slot, value):
    container, i = slot
    if isinstance(container, Obj):
        container.pairs[i][1] = value
    else:
        container[i] = value


def member(obj, key):
    if isinstance(obj, Obj):
        for k, v in obj.pairs:
            if k == key:
                return v
    return None


def nested(depth, kind):
    if kind == "array":
        return Raw("[" * depth + "]" * depth)
    return Raw('{"a": ' * depth + "1" + "}" * depth)


SPECIAL_NUMBERS = ["1e308", "-1e308", "1.7976931348623157e308", "-0", "-0.0", "0", "5e-324", "1e-300", "1e400",
                   "-1e400", "NaN", "Infinity", "-Infinity", "nan", "123456789012345678901234567890", "1e-400",
                   "9007199254740993", "-1", "1E+308", "0.000000000000000000000000000001", "2147483648",
                   "-9223372036854775809", "18446744073709551616"]
UNITS = ["kg", "m", "s", "N", "N/m", "rad", "deg", "rpm", "1", "K", "W", "J", "kg*m^2", "N*m/rad", "Hz", "mol",
         "m^64", "m^65", "((m))", "m/", "xyz", "µm", "m^-1", "lbf", "mph", "N*m*s/rad"]
ODD_STRINGS = ["", " ", "\u0000", "é", "\u202e", "NaN", "nan m", "inf N/m", "-inf", "1e308 km", "1e-320 N/m",
               "-0 deg", "1 m^999", "((((m", "1 " + "(" * 60 + "m" + ")" * 60, "5 ft*lbf/(rad/s)", "1 m^64*m",
               "10 " + "m*" * 2000 + "m", "3 kg", "1e400 N", "0x10", "1,5 m", "1.5.5 m", "  2  ", "1e3e3",
               "file:", "a" * 70000, "\\", "/components", "~1", "acausal/1", "acausal/2"]
ODD_NAMES = ["", " ", "a.b", "0", "1abc", "é", "a" * 5000, "~1/", "components", "__proto__", "a b", "-", "\u0000"]
OTHER_TYPES = [None, True, False, 0, 1.5, "", "text", [], [1, 2], Obj([]), Obj([["x", 1]])]


def mutate_delete(rng, tree, case):
    s = slots(tree)
    if not s:
        return "nothing to delete"
    container, i = rng.choice(s)
    key = container.pairs[i][0] if isinstance(container, Obj) else i
    del (container.pairs if isinstance(container, Obj) else container)[i]
    return f"deleted {key!r}"


def mutate_duplicate(rng, tree, case):
    s = slots(tree)
    if not s:
        return "nothing to duplicate"
    container, i = rng.choice(s)
    if isinstance(container, Obj):
        key, value = container.pairs[i]
        replacement = value if rng.random() < 0.5 else rng.choice(OTHER_TYPES)
        container.pairs.insert(i + 1, [key, replacement])
        return f"duplicated key {key!r}"
    container.insert(i, container[i])
    return "duplicated an array element"


def mutate_retype(rng, tree, case):
    s = slots(tree)
    if not s:
        return "nothing to retype"
    slot = rng.choice(s)
    put(slot, rng.choice(OTHER_TYPES))
    return f"retyped to {dump(get(slot))}"


def mutate_number(rng, tree, case):
    s = [x for x in slots(tree) if isinstance(get(x), (int, float)) and not isinstance(get(x), bool)] or slots(tree)
    if not s:
        return "no number"
    text = rng.choice(SPECIAL_NUMBERS)
    put(rng.choice(s), Raw(text))
    return f"number {text}"


def mutate_string(rng, tree, case):
    s = [x for x in slots(tree) if isinstance(get(x), str)] or slots(tree)
    if not s:
        return "no string"
    text = rng.choice(ODD_STRINGS)
    if rng.random() < 0.1:
        text = "x" * rng.choice([10 ** 5, 10 ** 6, 10 ** 7])
    put(rng.choice(s), text)
    return f"string of {len(text)} characters {text[:30]!r}"


def mutate_unit(rng, tree, case):
    s = [x for x in slots(tree) if isinstance(get(x), (int, float)) and not isinstance(get(x), bool)]
    if not s:
        return "no number for a unit"
    slot = rng.choice(s)
    text = f"{get(slot)} {rng.choice(UNITS)}"
    put(slot, text)
    return f"value {text!r}"


def mutate_rename(rng, tree, case):
    s = [x for x in slots(tree) if isinstance(x[0], Obj)]
    if not s:
        return "no key"
    container, i = rng.choice(s)
    old = container.pairs[i][0]
    container.pairs[i][0] = rng.choice(ODD_NAMES)
    return f"renamed {old!r}"


def mutate_deep(rng, tree, case):
    depth = rng.choice([100, 1000, 10_000, 100_000])
    kind = rng.choice(["array", "object"])
    if rng.random() < 0.15:
        case["text_override"] = nested(depth, kind).text
        return f"document nested {depth} deep ({kind}s)"
    s = slots(tree)
    if not s:
        return "nothing to nest"
    put(rng.choice(s), nested(depth, kind))
    return f"value nested {depth} deep ({kind}s)"


def mutate_huge_array(rng, tree, case):
    n = rng.choice([10 ** 4, 10 ** 5, 10 ** 6, 3 * 10 ** 6])
    element = rng.choice(["0", '"a"', "[]", "{}", '["a.b", "c.d"]'])
    targets = [x for x in slots(tree) if isinstance(get(x), list)] or slots(tree)
    if not targets:
        return "nothing for an array"
    put(rng.choice(targets), Raw("[" + ",".join([element] * n) + "]"))
    return f"array of {n} {element}"


def mutate_many_components(rng, tree, case):
    components = member(tree, "components")
    if not isinstance(components, Obj) or not components.pairs:
        return "no components"
    name, value = rng.choice(components.pairs)
    n = rng.choice([10 ** 3, 10 ** 4, 10 ** 5])
    copy = Raw(dump(value))  # a leaf: later mutations do not walk into the copies
    components.pairs.extend([f"{name}_copy{k}", copy] for k in range(n))
    return f"{n} copies of {name}"


def subsystem_levels(levels, width):
    """Subsystems L0 … L<levels>, each holding `width` instances of the next: width^levels masses."""
    pairs = [[f"L{levels}", Obj([["components", Obj([["mass", Obj([["type", "translational.Mass"]])]])]])]]
    for level in range(levels - 1, -1, -1):
        inner = Obj([[f"i{k}", Obj([["type", f"L{level + 1}"]])] for k in range(width)])
        pairs.append([f"L{level}", Obj([["components", inner]])])
    return Obj(pairs)


def mutate_subsystem_bomb(rng, tree, case):
    levels, width = rng.choice([(3, 10), (5, 10), (7, 10), (9, 10), (20, 2), (40, 2), (12, 5)])
    if not isinstance(tree, Obj):
        return "not an object"
    tree.pairs = [p for p in tree.pairs if p[0] != "subsystems"]
    tree.pairs.append(["subsystems", subsystem_levels(levels, width)])
    components = member(tree, "components")
    if isinstance(components, Obj):
        components.pairs.append(["bomb", Obj([["type", "L0"]])])
    return f"subsystem instances {width}^{levels}"


def subsystem_paths(case_dir):
    outside = os.path.join(os.path.dirname(case_dir), "outside", "gearbox.json")
    return {
        "../outside/gearbox.json": "outside",
        "sub/../../outside/gearbox.json": "outside",
        outside: "outside",
        "link_outside.json": "outside",
        "/etc/passwd": "outside",
        "/dev/zero": "special",
        "/proc/self/status": "outside",
        "zero_link.json": "special",
        "fifo.json": "special",
        "dir.json": "special",
        "loop.json": "special",
        "self.json": "inside",
        "netlist.json": "inside",
        "": "inside",
        "missing.json": "inside",
        "a/" * 3000 + "x.json": "inside",
        "inside.json": "inside",
    }


def mutate_subsystem_file(rng, tree, case):
    paths = subsystem_paths(case["dir"])
    path = rng.choice(sorted(paths))
    components = member(tree, "components")
    if not isinstance(components, Obj):
        return "no components"
    if rng.random() < 0.7 or not components.pairs:
        components.pairs.append(["extra_shaft", Obj([["type", "file:" + path]])])  # an unconnected inertia
    else:
        rng.choice(components.pairs)[1] = Obj([["type", "file:" + path]])
    if paths[path] == "outside":
        case["outside"] = True
    return f"subsystem file {path[:60]!r}"


def mutate_experiment(rng, tree, case):
    if not isinstance(tree, Obj):
        return "not an object"
    key = rng.choice(["start", "stop", "interval", "tolerance"])
    value = rng.choice(SPECIAL_NUMBERS + ['"1 s"', '"1 min"', '"1 kg"', "[]"])
    experiment = member(tree, "experiment")
    if not isinstance(experiment, Obj):
        experiment = Obj([])
        tree.pairs.append(["experiment", experiment])
    experiment.pairs.append([key, Raw(value)])
    experiment.pairs = list({k: [k, v] for k, v in experiment.pairs}.values())  # the last value of each key
    return f"experiment {key} {value}"


def mutate_scale(rng, tree, case):
    s = [x for x in slots(tree) if isinstance(get(x), (int, float)) and not isinstance(get(x), bool)]
    if not s:
        return "no number to scale"
    slot = rng.choice(s)
    factor = rng.choice([0, -1, 1e-9, 1e-3, 1e3, 1e9, 1e300, 1.0000001])
    put(slot, get(slot) * factor)
    return f"number times {factor}"


def mutate_text(rng, tree, case):
    case["text_damage"] = rng.choice(["truncate", "flip", "insert"])
    return f"text {case['text_damage']}"


MUTATIONS = [mutate_delete, mutate_duplicate, mutate_retype, mutate_number, mutate_string, mutate_unit,
             mutate_rename, mutate_deep, mutate_huge_array, mutate_many_components, mutate_subsystem_bomb,
             mutate_subsystem_file, mutate_experiment, mutate_scale, mutate_text]
WEIGHTS = [10, 8, 10, 10, 8, 8, 5, 4, 3, 2, 2, 6, 6, 12, 3]


def damage_text(rng, text, how):
    data = bytearray(text.encode("utf-8", "surrogatepass"))
    if not data:
        return bytes(data)
    k = rng.randrange(len(data))
    if how == "truncate":
        return bytes(data[:k])
    if how == "flip":
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    return bytes(data[:k]) + rng.choice([b"\x00", b"\xff", b"{", b"]", b'"', b",", b"//", b"\xc3"]) + bytes(data[k:])


STOPS = ["inf", "-inf", "nan", "1e308", "1e-300", "0", "-1", "1e12", "1e13", "-0", "1e", "0x10", "", "1e400",
         "5e-324", "2"]
INTERVALS = ["1e-300", "0", "-1", "nan", "inf", "1e308", "1e-9", "5e-324", "1e-12", "1e-7", "abc"]
TOLERANCES = ["0", "1", "nan", "1e-300", "0.5", "-1", "inf", "1e-15"]
RESULTS = ["/dev/full", "/dev/null", "result.mat", "result.csv", "missing_dir/result.csv", ".", "dir.json",
           "/proc/version", "", "/dev/full.mat", "zero_link.json", "netlist.json"]
SET_VALUES = ["NaN", "1e308", "-0", "[]", "{}", '"3 kg"', "3 kg", "inf", "", "null", "1e999", "true", "-1", "0",
              '{"param": "x"}', "1 m^999", "[[[[[[1]]]]]]", "[" * 10_000 + "]" * 10_000, '"' + "a" * 100_000 + '"',
              "5e-324", "1e-300 kg", "0 N/m", "2", "0.5", "1e-3", "10"]
ODD_ASSIGNMENTS = ["=", "a=", ".=", "a.b", "..=1", "a.b.c=1", "=1", "a.=1", ".b=1", "a.b=" + "1" * 100_000]


def netlist_instances(tree):
    components = member(tree, "components")
    if not isinstance(components, Obj):
        return []
    found = []
    for name, value in components.pairs:
        params = member(value, "params")
        names = [k for k, _ in params.pairs] if isinstance(params, Obj) else []
        found.append((name, names or ["x"]))
    return found


def set_option(rng, tree):
    instances = netlist_instances(tree)
    if rng.random() < 0.15 or not instances:
        return ["--set", rng.choice(ODD_ASSIGNMENTS)]
    name, params = rng.choice(instances)
    return ["--set", f"{name}.{rng.choice(params)}={rng.choice(SET_VALUES)}"]


def command_lines(rng, tree, netlist_arg):
    """The `check` and `simulate` commands of a case, and the result file simulate writes."""
    check = ["check", netlist_arg]
    simulate = ["simulate", netlist_arg]
    for _ in range(rng.choice([0, 0, 0, 1, 2])):
        check += set_option(rng, tree)
    if rng.random() < 0.2:
        check.append("--json")
    result = None
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        option = rng.choice(["--stop", "--interval", "--tolerance", "-o", "--set", "--energy", "--input", "--stats"])
        if option == "--stop":
            simulate += ["--stop", rng.choice(STOPS)]
        elif option == "--interval":
            simulate += ["--interval", rng.choice(INTERVALS)]
        elif option == "--tolerance":
            simulate += ["--tolerance", rng.choice(TOLERANCES)]
        elif option == "-o" and result is None:
            result = rng.choice(RESULTS)
            simulate += ["-o", result]
        elif option == "--set":
            simulate += set_option(rng, tree)
        elif option == "--input":
            simulate += ["--input", rng.choice(["u=/dev/zero", "u=dir.json", "u=missing.csv", "tau=/dev/null", "=",
                                                "u=fifo.json", "torque=/proc/self/status"])]
        elif option in ("--energy", "--stats"):
            simulate.append(option)
    if result is None:
        result = os.path.splitext(os.path.basename(netlist_arg))[0] + ".csv"
    return check, simulate, result


NETLIST_ARGUMENTS = ["/dev/zero", "/dev/null", ".", "missing.json", "/proc/self/status", "zero_link.json",
                     "dir.json", "/dev/urandom"]
OUTSIDE_GEARBOX = {"format": "acausal/1",
                   "components": {"shaft": {"type": "rotational.Inertia", "params": {"J": 1}}},
                   "ports": {"flange_a": "shaft.flange", "flange_b": "shaft.flange"}}


def make_case(seed, k, netlists, root):
    rng = random.Random(f"{seed}:{k}")
    base = rng.choice(netlists)
    case_root = os.path.join(root, f"case{k}")
    case_dir = os.path.join(case_root, "case")
    case = {"k": k, "base": base, "dir": case_dir, "outside": False, "mutations": []}
    with open(base, encoding="utf-8") as f:
        tree = json.load(f, object_pairs_hook=Obj)
    for _ in range(rng.choice([0, 1, 1, 1, 2, 3])):  # none: the command line's mutations alone
        mutation = rng.choices(MUTATIONS, WEIGHTS)[0]
        case["mutations"].append(mutation(rng, tree, case))
    text = case.get("text_override") or dump(tree)
    data = damage_text(rng, text, case["text_damage"]) if "text_damage" in case else text.encode("utf-8", "surrogatepass")
    netlist_arg = "netlist.json"
    if rng.random() < 0.03:
        netlist_arg = rng.choice(NETLIST_ARGUMENTS)
        case["mutations"].append(f"netlist argument {netlist_arg}")
    check, simulate, result = command_lines(rng, tree, netlist_arg)
    case.update(data=data, commands=[check, simulate], result=result)
    return case


def populate(case):
    """The case's directory: the netlist, a result file with known content, special files and links."""
    d = case["dir"]
    os.makedirs(os.path.join(d, "dir.json"))
    os.makedirs(os.path.join(d, "sub"))
    os.makedirs(os.path.join(os.path.dirname(d), "outside"))
    with open(os.path.join(os.path.dirname(d), "outside", "gearbox.json"), "w", encoding="utf-8") as f:
        json.dump(OUTSIDE_GEARBOX, f)
    with open(os.path.join(d, "inside.json"), "w", encoding="utf-8") as f:
        json.dump(OUTSIDE_GEARBOX, f)
    with open(os.path.join(d, "self.json"), "w", encoding="utf-8") as f:
        json.dump({"format": "acausal/1", "components": {"again": {"type": "file:self.json"}}}, f)
    os.symlink("/dev/zero", os.path.join(d, "zero_link.json"))
    os.symlink("loop.json", os.path.join(d, "loop.json"))
    os.symlink("../outside/gearbox.json", os.path.join(d, "link_outside.json"))
    os.mkfifo(os.path.join(d, "fifo.json"))
    with open(os.path.join(d, "netlist.json"), "wb") as f:
        f.write(case["data"])


def result_file(case):
    """The result file in the case's directory, or None when the run writes elsewhere or nowhere."""
    r = case["result"]
    if not r or os.path.isabs(r) or "/" in r or r in (".", "dir.json", "zero_link.json"):
        return None
    return os.path.join(case["dir"], r)


def limit_resources(memory_mb):
    def apply():
        resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))
        resource.setrlimit(resource.RLIMIT_FSIZE, (FILE_LIMIT, FILE_LIMIT))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        os.setsid()
    return apply


MESSAGE_PREFIXES = {1: ("error: ",), 3: ("solver failure: ",)}


def classify(command, code, out_size, err_size, stderr_head, result_before, result_after, partials, case):
    if code == 124 or code == 128 + signal.SIGKILL:
        return "TIMEOUT"
    if code == 128 + signal.SIGXFSZ or code == -signal.SIGXFSZ:
        return "OUTPUT TOO LARGE"
    if code < 0 or code > 128:
        return "CRASH"
    text = stderr_head.decode("utf-8", "replace")
    if code == 4 or code > 4 or "internal error" in text:
        return "INTERNAL ERROR"
    if out_size > OUTPUT_LIMIT or err_size > OUTPUT_LIMIT:
        return "OUTPUT TOO LARGE"
    if partials:
        return "PARTIAL LEFT"
    written_on_failure = command == "simulate" and code == 3 and "\npartial results: " in text
    if result_before is not None and (command == "check" or (code != 0 and not written_on_failure)):
        if result_after != result_before:
            return "RESULT DESTROYED"
    if code == 0:
        return "UNCONFINED" if case["outside"] else "OK"
    # Under the memory limit the allocator (tcmalloc) logs its failed allocation before the CLI
    # reports std::bad_alloc; the CLI's message is the first line after those.
    lines = [line for line in text.split("\n") if "tcmalloc: allocation failed" not in line]
    first = lines[0] if lines else ""
    if code in MESSAGE_PREFIXES:
        return "USER ERROR" if first.startswith(MESSAGE_PREFIXES[code]) else "BAD MESSAGE"
    return "USER ERROR" if first.strip() else "BAD MESSAGE"  # usage errors: CLI11's or the command's words


def head(path, n=4096):
    with open(path, "rb") as f:
        return f.read(n)


def run_case(args, netlists, root, k):
    case = make_case(args.seed, k, netlists, root)
    populate(case)
    outcomes = []
    result_path = result_file(case)
    for command in case["commands"]:
        if result_path and not os.path.isdir(result_path):
            with open(result_path, "wb") as f:
                f.write(KNOWN_RESULT)
        before = head(result_path, len(KNOWN_RESULT) + 1) if result_path and os.path.isfile(result_path) else None
        out_path = os.path.join(os.path.dirname(case["dir"]), f"{command[0]}.stdout")
        err_path = os.path.join(os.path.dirname(case["dir"]), f"{command[0]}.stderr")
        argv = ["timeout", "-k", "2", str(args.timeout), args.acausal] + command
        with open(out_path, "wb") as out, open(err_path, "wb") as err:
            try:
                code = subprocess.run(argv, cwd=case["dir"], stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                      preexec_fn=limit_resources(args.memory_mb), timeout=args.timeout + 10).returncode
            except subprocess.TimeoutExpired:
                code = 124
        after = head(result_path, len(KNOWN_RESULT) + 1) if result_path and os.path.isfile(result_path) else None
        partials = [os.path.join(p, f) for p, _, files in os.walk(case["dir"]) for f in files if f.endswith(".partial")]
        verdict = classify(command[0], code, os.path.getsize(out_path), os.path.getsize(err_path),
                           head(err_path, OUTPUT_LIMIT + 1), before, after, partials, case)
        outcomes.append({"command": command, "code": code, "verdict": verdict, "stderr": head(err_path, 600),
                         "stdout": head(out_path, 600)})
        if verdict not in ("OK", "USER ERROR"):
            save(args, case, command, outcomes[-1], out_path, err_path)
        for p in partials:
            os.remove(p)
    if args.case is None:
        shutil.rmtree(os.path.dirname(case["dir"]), ignore_errors=True)
    del case["data"]  # the rest goes back to the parent process
    return case, outcomes


def save(args, case, command, outcome, out_path, err_path):
    directory = os.path.join(args.out, outcome["verdict"].replace(" ", "_").lower())
    os.makedirs(directory, exist_ok=True)
    if len(os.listdir(directory)) >= SAVED_PER_DEFECT:
        return
    target = os.path.join(directory, f"case{case['k']}-{command[0]}")
    shutil.rmtree(target, ignore_errors=True)
    os.makedirs(target)
    with open(os.path.join(target, "netlist.json"), "wb") as f:
        f.write(case["data"])
    shutil.copy(out_path, os.path.join(target, "stdout"))
    shutil.copy(err_path, os.path.join(target, "stderr"))
    with open(os.path.join(target, "command.txt"), "w", encoding="utf-8") as f:
        f.write(f"base netlist: {case['base']}\nmutations: {'; '.join(case['mutations'])}\n")
        f.write(f"exit code: {outcome['code']}\nverdict: {outcome['verdict']}\n")
        f.write(f"rerun: {shlex.join([sys.argv[0], args.acausal, args.netlists, '1', str(args.seed)])} "
                f"--case {case['k']}\n")
        f.write(f"command (in the case directory): {shlex.join(['acausal'] + command)[:2000]}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("acausal", help="the acausal executable")
    parser.add_argument("netlists", help="directory of netlists to mutate (searched recursively)")
    parser.add_argument("cases", type=int)
    parser.add_argument("seed", type=int)
    parser.add_argument("--out", default="cli-fuzz-findings", help="where defects are written")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=int, default=20, help="seconds per run")
    parser.add_argument("--memory-mb", type=int, default=2048, help="address space per run")
    parser.add_argument("--case", type=int, help="run only case K and keep its directory")
    args = parser.parse_args()
    args.acausal = os.path.abspath(args.acausal)
    args.out = os.path.abspath(args.out)
    netlists = sorted(os.path.join(p, f) for p, _, files in os.walk(args.netlists) for f in files if f.endswith(".json"))
    if not netlists:
        sys.exit(f"no netlists in {args.netlists}")
    root = tempfile.mkdtemp(prefix="cli-fuzz-")
    ks = [args.case] if args.case is not None else range(args.cases)
    table = {}
    # Worker processes, not threads: each starts its runs with fork and a preexec_fn, which is only
    # safe in a process of one thread.
    with multiprocessing.Pool(args.jobs) as pool:
        for case, outcomes in pool.imap_unordered(functools.partial(run_case, args, netlists, root), ks):
            for o in outcomes:
                table.setdefault(o["verdict"], {}).setdefault(o["command"][0], []).append(case["k"])
                if args.case is not None:
                    print(f"{shlex.join(o['command'])[:200]}\n  exit {o['code']}: {o['verdict']}\n"
                          f"  stdout: {o['stdout'][:300]!r}\n  stderr: {o['stderr'][:300]!r}")
    if args.case is not None:
        print(f"case directory: {os.path.join(root, f'case{args.case}', 'case')}")
    else:
        shutil.rmtree(root, ignore_errors=True)
    defects = 0
    print(f"{'outcome':<18}{'check':>8}{'simulate':>10}  cases (first 8)")
    order = ["OK", "USER ERROR", "CRASH", "TIMEOUT", "INTERNAL ERROR", "BAD MESSAGE", "OUTPUT TOO LARGE",
             "RESULT DESTROYED", "PARTIAL LEFT", "UNCONFINED"]
    for verdict in order:
        by_command = table.get(verdict, {})
        check, simulate = len(by_command.get("check", [])), len(by_command.get("simulate", []))
        if verdict not in ("OK", "USER ERROR"):
            defects += check + simulate
        ks_seen = sorted(set(by_command.get("check", []) + by_command.get("simulate", [])))[:8]
        print(f"{verdict:<18}{check:>8}{simulate:>10}  {' '.join(map(str, ks_seen))}")
    print(f"{len(ks)} cases, {defects} defective runs; defects written to {args.out}" if defects else
          f"{len(ks)} cases, no defect")
    return 1 if defects else 0


if __name__ == "__main__":
    sys.exit(main())
