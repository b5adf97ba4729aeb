#!/usr/bin/python3
"""Writes the fuzz targets' deeply nested regression inputs, which are too large to keep in the
repository: OUTDIR/<target>/<name>. Usage: deep_inputs.py OUTDIR

Each nests 100 000 levels (40 000 parentheses for the unit parser): the depth at which a recursive
reader or printer runs out of stack.
"""
import os
import sys

DEPTH = 100_000


def netlist_with(value: str) -> str:
    return ('{"format": "acausal/1", "components": {"mass": {"type": "translational.Mass", "params": '
            '{"m": ' + value + '}}}}')


INPUTS = {
    "netlist": {
        "deep_array_document.json": "[" * DEPTH + "]" * DEPTH,
        "deep_array_parameter.json": netlist_with("[" * DEPTH + "]" * DEPTH),
        "deep_object_unknown_key.json": '{"format": "acausal/1", "components": {}, "extra": '
                                        + '{"a":' * DEPTH + "1" + "}" * DEPTH + "}",
    },
    "unit": {
        "deep_parentheses.txt": "1 " + "(" * 40_000 + "m" + ")" * 40_000 + "\nm",
    },
}
INPUTS["subsystem"] = {
    "deep_array_subsystem_parameter.json": '{"format": "acausal/1", "subsystems": {"s": {"components": '
                                           '{"m": {"type": "translational.Mass", "params": {"m": '
                                           + "[" * DEPTH + "]" * DEPTH + '}}}}}, "components": {"i": {"type": "s"}}}',
}
INPUTS["netlist"].update(INPUTS["subsystem"])
INPUTS["model"] = INPUTS["netlist"]


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    for target, inputs in INPUTS.items():
        directory = os.path.join(sys.argv[1], target)
        os.makedirs(directory, exist_ok=True)
        for name, text in inputs.items():
            with open(os.path.join(directory, name), "w", encoding="utf-8") as f:
                f.write(text)


if __name__ == "__main__":
    main()
