"""Print the narrator's transition table (firmware/table.py) as a diagram.

    python tools/diagram.py               # Mermaid (renders on GitHub, in docs/firmware.md)
    python tools/diagram.py --format dot  # Graphviz: ... | dot -Tsvg > docs/states.svg

Each arrow is a press that a state answers, labelled press/rule; a rule that
can end in several states gives one arrow to each.
"""

import argparse
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from firmware import table  # noqa: E402


def edges():
    """(from, to, label) for every transition, grouped: same ends share one label."""
    merged = {}
    order = []
    for state in table.STATES:
        for press, (rule, targets) in sorted(table.TABLE.get(state, {}).items()):
            for target in targets:
                key = (state, target)
                if key not in merged:
                    merged[key] = []
                    order.append(key)
                label = press if press == rule else "%s/%s" % (press, rule)
                merged[key].append(label)
    out = [(a, b, ", ".join(merged[(a, b)])) for a, b in order]
    for sources, what, value, target in table.POWER:
        label = power_words(what, value)
        if len(sources) > 2:
            out.append(("awake" if table.ASLEEP not in sources else "on", target, label))
        else:
            for s in sources:
                out.append((s, target, label))
    return out


def power_words(what, value):
    """A POWER row's label, from the firmware's own number."""
    if what == "switch":
        return "Switch ON" if value else "Switch OFF"
    if what == "idle":
        return "%d min without a press" % (value // 60000)
    if what == "battery":
        return "Battery < %d mV" % value
    raise ValueError("no words for a POWER row %r" % (what,))


def mermaid():
    lines = ["stateDiagram-v2", "    [*] --> off"]
    for a, b, label in edges():
        if a == b:  # answered without leaving: listed inside the state
            lines.append("    %s: %s<br/>stays on %s" % (a, a, label))
        else:
            lines.append("    %s --> %s: %s" % (a, b, label))
    lines.append("    note right of awake: awake = %s" % ", ".join(table.AWAKE))
    return "\n".join(lines)


def dot():
    lines = ["digraph narrator {", "  rankdir=LR;", '  node [shape=box, style=rounded, fontname="Helvetica"];']
    lines.append('  awake [shape=note, label="awake:\\n%s"];' % "\\n".join(table.AWAKE))
    lines.append('  on [shape=note, label="awake or asleep"];')
    for a, b, label in edges():
        lines.append('  "%s" -> "%s" [label="%s"];' % (a, b, label))
    lines.append("}")
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--format", choices=("mermaid", "dot"), default="mermaid")
    args = parser.parse_args(argv)
    print(mermaid() if args.format == "mermaid" else dot())
    return 0


if __name__ == "__main__":
    sys.exit(main())
