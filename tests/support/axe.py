"""axe-core (npm, installed by tools/setup_tests.py) run inside a page in
Chromium: the WCAG 2.0-2.2 A and AA rules, and what they find.

    found = violations(driver)          # [{"id", "impact", "help", "nodes": [target, ...]}, ...]
    assert found == [], describe(found)
"""

import os
import pathlib

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
# axe's best practices a screen reader's user leans on: a main landmark, everything in a landmark, a
# level-one heading (run apart from the WCAG rules: best_practices(driver))
LANDMARKS = ["landmark-one-main", "region", "page-has-heading-one", "landmark-unique", "landmark-no-duplicate-main",
             "heading-order", "empty-heading"]  # fmt: skip


def axe_script():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return pathlib.Path(base) / "clue-fx" / "axe" / "node_modules" / "axe-core" / "axe.min.js"


def available():
    return axe_script().is_file()


def violations(driver, context="document", rules=None):
    """The page's violations of the WCAG 2.x A/AA rules (or of the `rules` named), as axe-core reports them."""
    if not driver.execute_script("return !!window.axe"):
        driver.execute_script(axe_script().read_text(encoding="utf-8"))
    found = driver.execute_async_script(
        """
        const done = arguments[arguments.length - 1];
        axe.run(%s, {runOnly: {type: %r, values: %r}, resultTypes: ["violations"]})
          .then((r) => done(r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map((n) => n.target.join(" "))}))))
          .catch((e) => done([{id: "axe-error", impact: "critical", help: String(e), nodes: []}]));
        """
        % (context, "rule" if rules else "tag", list(rules or TAGS))
    )
    return found


def best_practices(driver):
    """The page's violations of LANDMARKS."""
    return violations(driver, rules=LANDMARKS)


def describe(found):
    return "; ".join("%s (%s, %d): %s at %s" % (v["id"], v["impact"], len(v["nodes"]), v["help"],
                                                ", ".join(v["nodes"][:3])) for v in found)  # fmt: skip
