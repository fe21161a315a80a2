"""The hard bot of 2026 (level `hard-2026`), frozen with copies of what it
used: its mind (hard2026), the propagation engine (propagation) and the
whereabouts (whereabouts). Nothing here imports the evolving minds or
engines; only changes that keep every decision are allowed (the tests
replay games recorded before issue 15)."""
