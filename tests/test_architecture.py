"""The rooms of the house and the arrows between them (docs/architecture.md,
DESIGN.md "Where things go"), read from the code's own imports.

Every import counts, the lazy ones inside functions included: a circle
hidden in a function body is still a circle. The rules:

- no circle between modules of firmware/, hal/, sim/;
- arrows point down only: firmware/ imports nothing of ours; hal/ imports
  firmware/ (never sim/); sim/ imports hal/ and firmware/; hal/cli/, the
  front door, imports any board and nothing imports it; no product module
  imports tests/, tools/ or bench/;
- hal/mcu/ (the MicroPython board) imports only firmware/, hal/mcu/, the
  desk every screen shares with what it needs (hal/desk.py, runner, sink,
  edges, schedule: hal.bringup.flash.DESK) and the wire (hal/cfx/wire.py),
  and the wire imports nothing of ours;
- no screen keeps a switch, batteries or a schedule of its own: the desk
  (hal/desk.py) does, for all (the serial host's included);
- each screen is built by the composer (hal/compose.py): its builder makes
  no Board, Desk or Host and attaches no sink itself;
- argparse only in hal/cli/ and tools/;
- no module over about 400 lines of code outside tests/ (docstrings and
  comments do not count: prose is not cut to fit), but the few in LONG.
"""

import ast
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PRODUCT = ("firmware", "hal", "sim")
OURS = PRODUCT + ("tests", "tools", "bench")
MAX_LINES = 400  # lines of code
LONG = {}  # a cohesive module allowed longer, with why (h11's _connection.py is 659 lines)
DESK = ("hal.desk", "hal.runner", "hal.sink", "hal.edges", "hal.schedule")  # what the board's program takes of hal/


def module_name(path):
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(rooms=PRODUCT):
    out = {}
    for room in rooms:
        for path in sorted((ROOT / room).rglob("*.py")):
            out[module_name(path)] = path
    return out


def _exists(name):
    base = ROOT.joinpath(*name.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def imports_of(name, path):
    """[(module imported, line)] of one file, relative imports resolved; only
    modules of ours (the top folders in OURS), each the deepest that exists."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((alias.name, node.lineno))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                if node.level > 1:
                    base = base[: -(node.level - 1)]
                base = ".".join(base)
                mod = base + ("." + node.module if node.module else "")
            else:
                mod = node.module or ""
            for alias in node.names:
                sub = mod + "." + alias.name
                found.append((sub if _exists(sub) else mod, node.lineno))
    return [(m, line) for m, line in found if m.split(".")[0] in OURS and _exists(m)]


def all_std_imports(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            out.add(node.module.split(".")[0])
    return out


GRAPH = {name: imports_of(name, path) for name, path in modules().items()}


def within(name, prefix):
    return name == prefix or name.startswith(prefix + ".")


def test_the_graph_is_read():
    # a reader that finds nothing would pass every rule below
    assert len(GRAPH) > 60
    assert any(m == "firmware.narrator" for m, _ in GRAPH["firmware"])
    assert any(m == "hal.compose" for m, _ in GRAPH["hal.terminal"])


def strongly_connected(graph):
    """Tarjan's algorithm: the components of more than one module."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w, _ in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or any(w == v for w, _ in graph.get(v, ())):
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_strongly_connected_finds_a_circle():
    assert strongly_connected({"a": [("b", 1)], "b": [("a", 2)], "c": [("a", 3)]}) == [["a", "b"]]
    assert strongly_connected({"a": [("b", 1)], "b": []}) == []


def test_no_circles():
    circles = strongly_connected(GRAPH)
    assert circles == [], "import circles: %s" % circles


def test_firmware_imports_nothing_of_ours():
    bad = [
        "%s:%d imports %s" % (n, line, d)
        for n, deps in GRAPH.items()
        if within(n, "firmware")
        for d, line in deps
        if not within(d, "firmware")
    ]
    assert bad == []


def test_hal_points_down_only():
    bad = []
    for n, deps in GRAPH.items():
        if not within(n, "hal") or within(n, "hal.cli"):
            continue
        for d, line in deps:
            if not (within(d, "hal") or within(d, "firmware")) or within(d, "hal.cli"):
                bad.append("%s:%d imports %s" % (n, line, d))
    assert bad == []


def test_sim_imports_hal_and_firmware_only():
    bad = []
    for n, deps in GRAPH.items():
        if not within(n, "sim"):
            continue
        for d, line in deps:
            if within(d, "hal.cli") or not any(within(d, r) for r in ("sim", "hal", "firmware")):
                bad.append("%s:%d imports %s" % (n, line, d))
    assert bad == []


def test_nothing_imports_the_front_door():
    bad = [
        "%s:%d imports %s" % (n, line, d)
        for n, deps in GRAPH.items()
        if not within(n, "hal.cli")
        for d, line in deps
        if within(d, "hal.cli")
    ]
    assert bad == []


def test_the_product_imports_no_tests_tools_or_benches():
    bad = [
        "%s:%d imports %s" % (n, line, d)
        for n, deps in GRAPH.items()
        for d, line in deps
        if d.split(".")[0] in ("tests", "tools", "bench")
    ]
    assert bad == []


def test_no_test_module_imports_another():
    """What tests share lives in tests/support or a conftest.py, never in a test module (issue 30)."""
    tests = modules(("tests",))
    bad = [
        "%s:%d imports %s" % (n, line, d)
        for n, path in tests.items()
        for d, line in imports_of(n, path)
        if d.rpartition(".")[2].startswith("test_") and d in tests
    ]
    assert bad == []


def test_the_board_program_imports_firmware_its_devices_and_the_wire_only():
    bad = []
    for n, deps in GRAPH.items():
        if not within(n, "hal.mcu"):
            continue
        for d, line in deps:
            if not (within(d, "firmware") or within(d, "hal.mcu") or d in ("hal", "hal.cfx", "hal.cfx.wire") + DESK):
                bad.append("%s:%d imports %s" % (n, line, d))
    assert bad == []
    # the rig program (no firmware flashed) does not reach the firmware, however indirectly
    reach, todo = set(), ["hal.mcu.rig"]
    while todo:
        m = todo.pop()
        for d, _ in GRAPH.get(m, ()):
            if d not in reach:
                reach.add(d)
                todo.append(d)
    assert not [m for m in reach if within(m, "firmware")], sorted(reach)


def test_the_wire_knows_no_firmware():
    assert [d for d, _ in GRAPH["hal.cfx.wire"]] == []


@pytest.mark.parametrize("name", sorted(n for n in modules() if not n.startswith(("hal.cli", "tools"))))
def test_argparse_only_at_the_front_door_and_in_tools(name):
    assert "argparse" not in all_std_imports(modules()[name]), "%s imports argparse: options belong in hal/cli/" % name


def test_no_module_over_about_400_lines_of_code():
    long = []
    for top in ("firmware", "hal", "sim", "tools", "bench"):
        for path in sorted((ROOT / top).rglob("*.py")):
            n = len(_code_lines(path))
            if n > LONG.get(str(path.relative_to(ROOT)), (MAX_LINES,))[0]:
                long.append("%s: %d lines of code" % (path.relative_to(ROOT), n))
    assert long == []


def test_the_size_rule_counts_code_not_prose(tmp_path):
    f = tmp_path / "m.py"
    f.write_text('"""A docstring\nof three lines\n"""\n# a comment\n\nx = 1  # kept\ny = """a\nb"""\n')
    assert [i for i, _ in _code_lines(f)] == [6, 7]


# -- the desk: what every screen keeps beside the Board, written once (hal/desk.py) ----------------

SCREENS = {  # a screen -> its modules: the adapter of input and output, and what it hands the desk
    "the window": ("sim/app.py",),
    "the text board": ("hal/terminal.py",),
    "the web board": ("hal/web/server.py", "hal/web/hub.py"),  # the host, and the hub both transports share
    "the board's program": ("hal/mcu/standalone.py",),
    "the serial host": ("hal/cfx/host.py",),  # a rig's: its batteries reported, its desk stepped while the link is up
}
DESK_STATE = ("switch_on", "millivolts", "schedule", "next_tick", "next_battery")


@pytest.mark.parametrize("screen", list(SCREENS))
def test_no_screen_keeps_a_switch_batteries_or_a_schedule_of_its_own(screen):
    """A screen turns input into the desk's calls and actions into pixels and
    sound: it assigns none of the desk's state and builds no Schedule (the
    copies of main ddbe224 had drifted: 0-5000 mV, 0-5200, unbounded)."""
    bad, uses = [], set()
    for path in SCREENS[screen]:
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
                node, (ast.AugAssign, ast.AnnAssign)) else []  # fmt: skip
            for t in targets:  # the screen's own (self.x), not a scene's or a desk's
                if isinstance(t, ast.Attribute) and t.attr in DESK_STATE and getattr(t.value, "id", "") == "self":
                    bad.append("%s:%d assigns .%s" % (path, node.lineno, t.attr))
            if isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "Schedule":
                if path != "hal/mcu/standalone.py":  # the board's own timings, handed to its desk
                    bad.append("%s:%d builds a Schedule" % (path, node.lineno))
        uses |= {
            n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and getattr(n.value, "attr", "") == "desk"
        }
    assert {"feed", "step"} & uses, "%s does not use the desk (built here or handed in)" % screen
    assert bad == []


# -- one composer: each screen's board, desk and card table built in one place (hal/compose.py) -------

BUILT_BY = {  # a screen -> the modules that build it (its front door, and the harnesses that stand in for one)
    "the window": ("sim/app.py",),
    "the text board": ("hal/terminal.py",),
    "the web board": ("hal/cli/web.py",),
    "the offline app": ("hal/web/offline.py",),
    "the serial host": ("hal/cli/serve.py", "hal/hil/plugin.py", "tests/support/link.py"),
}
COMPOSERS = ("compose", "serial_host")  # hal.compose's
BUILT_HERE = ("Board", "Desk", "Host", "RigSpeaker", "attach", "restore", "seats", "tokens")  # the composers' work
WITH_A_TABLE = ("sim/app.py", "hal/cli/web.py")  # their card table: sim.hotseat.restore.card_table, new or resumed


def _calls(tree):
    return [(getattr(n.func, "id", getattr(n.func, "attr", "")), n.lineno) for n in ast.walk(tree)
            if isinstance(n, ast.Call)]  # fmt: skip


def _imports_from(tree, module):
    return {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
            and (n.module or "").endswith(module.rpartition(".")[2]) for a in n.names}  # fmt: skip


@pytest.mark.parametrize("screen", list(BUILT_BY))
def test_each_screen_is_built_by_the_composer(screen):
    """The board, its desk and the resumed game (batteries, card table,
    presses in flight) are composed once, in hal/compose.py (and the
    table's half in sim/hotseat/restore.py): a screen's builder calls the
    composer and builds none of it itself (on main 567fd85 five builders
    each wired their own, with two battery rules)."""
    for path in BUILT_BY[screen]:
        tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
        calls = _calls(tree)
        composers = _imports_from(tree, "hal.compose") & set(COMPOSERS)
        assert composers and any(name in composers for name, _ in calls), "%s does not call hal.compose" % path
        built = ["%s:%d calls %s" % (path, line, name) for name, line in calls if name in BUILT_HERE]
        assert built == []
        if path in WITH_A_TABLE:
            assert "card_table" in {name for name, _ in calls}, "%s builds its card table by hand" % path


def test_only_the_composer_builds_a_desk():
    bad = []
    for top in ("hal", "sim"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = str(path.relative_to(ROOT))
            if rel in ("hal/compose.py", "hal/mcu/standalone.py"):  # the Pico builds its own, from its devices
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            bad += ["%s:%d" % (rel, line) for name, line in _calls(tree) if name == "Desk"]
    assert bad == [], "a Desk built outside hal/compose.py: %s" % bad


# -- one of each service (docs/architecture.md, "One of each") ------------------------------------
#
# Outside firmware/ (which makes them) and hal/mcu/ (the MicroPython board,
# whose heap cannot carry another module), each kind of service has one home.

SERVICES = {
    "the Tick schedule (hal/schedule.py)": ("hal/schedule.py", r"\b(events\.)?Tick\("),
    "the edge <-> event conversion (hal/edges.py)": (
        "hal/edges.py",
        r"\b(events\.)?(PadDown|PadUp|ButtonDown|ButtonUp|Switch|Battery)\(",
    ),
    "the reader of the firmware's actions (hal/sink.py)": (
        "hal/sink.py",
        r"(type\(\w+\) is|isinstance\(\w+, *|cls is|kind is) *\(?(Say|Sfx|StopAudio|PowerOff)\b",
    ),
}


def _code_lines(path):
    """The lines of a file outside docstrings and comments."""
    import io
    import tokenize

    src = path.read_text(encoding="utf-8")
    keep = set()
    for tok in tokenize.generate_tokens(io.StringIO(src).readline):
        if tok.type not in (tokenize.STRING, tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE):
            keep.add(tok.start[0])
    lines = src.splitlines()
    return [(i, lines[i - 1]) for i in sorted(keep) if i <= len(lines)]


@pytest.mark.parametrize("service", sorted(SERVICES))
def test_one_home_for_each_service(service):
    import re

    home, pattern = SERVICES[service]
    rx = re.compile(pattern)
    found = []
    for top in ("hal", "sim"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = str(path.relative_to(ROOT))
            if rel == home or rel.startswith("hal/mcu/"):
                continue
            found += ["%s:%d: %s" % (rel, i, line.strip()) for i, line in _code_lines(path) if rx.search(line)]
    assert found == [], "%s written again:\n%s" % (service, "\n".join(found))
    assert any(rx.search(line) for _, line in _code_lines(ROOT / home)), "the pattern finds nothing at home"


def test_every_presenter_is_a_sink():
    bad = []
    for top in ("hal", "sim"):
        for path in sorted((ROOT / top).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and any(
                    isinstance(f, ast.FunctionDef) and f.name == "present" for f in node.body
                ):
                    bases = [getattr(b, "id", getattr(b, "attr", "")) for b in node.bases]
                    if node.name != "Sink" and "Sink" not in bases:
                        bad.append("%s: %s" % (path.relative_to(ROOT), node.name))
    assert bad == []


# -- the pages that describe the house match the tree ---------------------------------------------


def _rooms_on_disk():
    out = set()
    for top in PRODUCT:
        for init in (ROOT / top).rglob("__init__.py"):
            out.add(str(init.parent.relative_to(ROOT)) + "/")
    return out


def _table_paths(text):
    """The `folder/` names in the first column of a markdown table."""
    import re

    out = set()
    for line in text.splitlines():
        if line.startswith("| `"):
            first = line.split("|")[1]
            out.update(p for p in re.findall(r"`([a-z_/]+/)`", first))
    return out


def test_the_architecture_page_names_every_room_and_only_rooms_that_exist():
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    named = _table_paths(page)
    missing = sorted(_rooms_on_disk() - named)
    assert missing == [], "rooms on disk that docs/architecture.md does not name: %s" % missing
    gone = sorted(p for p in named if not (ROOT / p).is_dir())
    assert gone == [], "docs/architecture.md names rooms that are not in the tree: %s" % gone
    import re

    for module in re.findall(r"`(hal/[a-z_/]+\.py|sim/[a-z_/]+\.py)`", page):
        assert (ROOT / module).is_file(), "docs/architecture.md names %s, which is not in the tree" % module


def test_the_readme_layout_table_matches_the_tree():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    layout = readme[readme.index("## Layout") :]
    named = _table_paths(layout)
    gone = sorted(p for p in named if not (ROOT / p).is_dir())
    assert gone == [], "the README's layout names folders that are not in the tree: %s" % gone
    tops = {p.name + "/" for p in ROOT.iterdir() if p.is_dir() and not p.name.startswith(".")}
    tops -= {"build/", "dist/", "out/"} | {p for p in tops if p.endswith(".egg-info/") or p == "__pycache__/"}
    missing = sorted(tops - named)
    assert missing == [], "top folders the README's layout does not name: %s" % missing
    rooms = sorted(r for r in _rooms_on_disk() if r.count("/") == 2)
    assert [r for r in rooms if r not in named] == [], "rooms the README's layout does not name"
