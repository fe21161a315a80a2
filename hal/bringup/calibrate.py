"""Touch thresholds from a board's own electrodes (`clue-fx calibrate`; the
user's page is hal/cli/calibrate.py): read through mpremote with the board's
program stopped, then suggested for hal/mcu/config.py.

    rest = survey(port)                 # {electrode: Reading}, nothing on the board
    print(report(rest, None, suggest(rest)))
"""

from . import flash as deploy

PROBE = "from hal.mcu import probe\nprobe.survey(%d)\n"


class Reading:
    __slots__ = ("pad", "controller", "electrode", "baseline", "low", "high", "mean")

    def __init__(self, words):
        self.pad = words[1]
        self.controller, self.electrode, self.baseline, self.low, self.high, self.mean = (int(w) for w in words[2:8])

    @property
    def noise(self):
        return self.high - self.low


def parse(text):
    """[Reading] from probe.survey's lines; ValueError if there are none."""
    out = [Reading(line.split()) for line in text.splitlines() if line.startswith("PAD ") and len(line.split()) == 8]
    if not out:
        raise ValueError("the board printed no electrode readings:\n%s" % text.strip())
    return out


def survey(port, resume=False, samples=40):
    deploy._mpremote(port, resume, [["exec", "print(1)"]], first=True)  # no answer: said in one line, soon
    return parse(deploy._mpremote(port, resume, [["exec", PROBE % samples]]))


def suggest(rest, pawns=None):
    """(touch, release, baselines per controller, warnings)."""
    noise = max(r.noise for r in rest)
    touch = max(6, 3 * noise + 4)
    warnings = []
    if pawns is not None:
        drops = {p.pad: r.mean - p.mean for r, p in zip(rest, pawns, strict=True)}
        weakest = min(drops.values())
        if weakest <= touch:
            weak = ", ".join(sorted(p for p, d in drops.items() if d <= touch))
            warnings.append(
                "a pawn barely moves %s (drop %d <= threshold %d): bigger electrodes, "
                "or a thinner board over them" % (weak, weakest, touch)
            )
        else:
            touch = max(touch, weakest // 2)
    for r in rest:
        if abs(r.baseline - r.mean) > 16:
            warnings.append("%s reads %d against a baseline of %d: was something on it?" % (r.pad, r.mean, r.baseline))
    release = max(2, touch // 2)
    controllers = {}
    for r in rest:
        controllers.setdefault(r.controller, {})[r.electrode] = r.mean & ~3
    baselines = tuple(
        tuple(controllers[c].get(e, 0) for e in range(max(controllers[c]) + 1)) for c in sorted(controllers)
    )
    return min(touch, 255), min(release, 255), baselines, warnings


def report(rest, pawns, suggestion):
    touch, release, baselines, warnings = suggestion
    lines = ["pad             ctl el  baseline  filtered  noise" + ("  pawn drop" if pawns else "")]
    for i, r in enumerate(rest):
        line = "%-15s %3d %2d  %8d  %8d  %5d" % (
            r.pad,
            r.controller,
            r.electrode,
            r.baseline,
            r.mean,
            r.noise,
        )
        if pawns:
            line += "  %9d" % (r.mean - pawns[i].mean)
        lines.append(line)
    lines.append("")
    lines.append("# for hal/mcu/config.py")
    lines.append("TOUCH_THRESHOLD = %d" % touch)
    lines.append("RELEASE_THRESHOLD = %d" % release)
    lines.append("BASELINES = %r" % (baselines,))
    lines.extend("warning: " + w for w in warnings)
    return "\n".join(lines)
