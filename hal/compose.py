"""The composer: a board with its desk, and a resumed game's card table and
batteries, built in one place for every screen (STYLE.md: composers build,
parts receive). A screen hands in its sinks and, with the card table, what
the table's own package built (sim.hotseat.restore.card_table); it gets
back the desk, whose board has every sink wired in plain sight.

    desk = compose(seed=7, trace=f, sinks=[console], resumed=resumed, millivolts=4500)
    table, due, notes = sim.hotseat.restore.card_table(make, resumed, seats, hints, path)   # the table's half
    desk = compose(seed, sinks=[web.presenter], resumed=resumed, table=table, due=due)
    desk.board, desk.table                               # what was built
    host = serial_host(console, audio="rig", seed=7)     # a rig's host: its desk has no batteries of its own

Used by the window (sim/app.py), the text board (hal/terminal.py), the web
door (hal/cli/web.py), the offline app (hal/web/offline.py) and the serial
host (`serial_host`, here). The Pico's own program builds its
board from its devices (hal/mcu/standalone.py).

Runs under MicroPython as under CPython (the offline app uses it): no
import beyond hal's pure modules (`serial_host` imports the link when called).
"""

from .desk import DEFAULT_MV, Desk
from .runner import Board


def resumed_millivolts(resumed, millivolts=DEFAULT_MV):
    """The batteries a game starts with: a resumed game's last reading (0 mV
    is a reading too), else `millivolts`. The one rule of every screen."""
    if resumed is not None and resumed.millivolts is not None:
        return resumed.millivolts
    return millivolts


def compose(seed=0, *, trace=None, recorder=None, sinks=(), resumed=None, millivolts=DEFAULT_MV, table=None,
            due=(), now=0, gauge=None, speaker=None):  # fmt: skip
    """The Board (its `sinks` first, then the card table's) and its Desk.

    `trace`/`recorder`/`resumed`: hal.runner.Board's. `millivolts`: the
    virtual batteries at start (a resumed game's own win: resumed_millivolts);
    None: this desk sends no readings (a rig reports its own). `table`: the
    card table as its package built it (sim.hotseat.restore.card_table), or
    None: the board's sinks go first, then the table's (`sinks()`: it hears
    the board), and a new table's first line (`setup_line()`) opens the trace.
    `due`: the presses a resumed table had in flight, fed here at the
    screen's time `now` before anything else reaches the board: the same
    way for every screen. `gauge`, `speaker`: the Desk's."""
    board = Board(seed=seed, trace=trace, sinks=sinks, resumed=resumed, recorder=recorder)
    if table is not None:
        if resumed is None:
            board.record(table.setup_line())
        for sink in table.sinks():
            board.attach(sink)
    if millivolts is not None:
        millivolts = resumed_millivolts(resumed, millivolts)
    desk = Desk(board, millivolts=millivolts, gauge=gauge, table=table, speaker=speaker)
    for event in due:  # a bot's press the kill cut short: the trace's next input
        desk.feed(event, now)
    return desk


def serial_host(console, *, audio="none", speaker=None, seed=0, trace=None, resumed=None, **link):
    """The serial host of a rig (`clue-fx serve`, the pytest plugin, the
    tests' harness), built once: its desk with no batteries of its own (the
    rig reports them), the console and the speaker as the board's sinks.
    `audio`: "rig" (the rig's own speaker, built here: PLAY and STOP on
    the line, its DONE heard), "host" (`speaker`: this computer's, e.g.
    hal.audio.AudioOut; None when it could not start) or "none". `link`:
    the Host's (verbose, ping_ms). Imports the link only when called."""
    from .cfx.host import Host

    rig_speaker = None
    if audio == "rig":
        from .cfx.rig_speaker import RigSpeaker

        speaker = rig_speaker = RigSpeaker(news=console.write)
    elif audio != "host":
        speaker = None
    sinks = [console] if speaker is None else [console, speaker]
    desk = compose(seed, trace=trace, sinks=sinks, resumed=resumed, millivolts=None, speaker=speaker)
    return Host(desk, console=console, speaker=rig_speaker, **link)
