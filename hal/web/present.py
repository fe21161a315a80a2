"""What the board's actions look like on the wire to a web page: a Sink
that turns each burst into public messages (every page may see them: they
are what the board says aloud to the whole table).

    hub = Broadcast(captions, send)     # send(message) to every page
    Board(seed, sinks=[hub, ...])

Messages (JSON objects, "t" is the kind):
    {"t": "say", "speaker": "Edmond", "text": "Edmond: ...", "clips": [12, 7]}
    {"t": "sfx", "clip": 43, "text": "♪ ..."}
    {"t": "stop"}                         cut whatever is playing
    {"t": "off", "reason": "idle", "text": "[the board has gone to sleep]"}
"""

from ..sink import Sink

HISTORY = 200  # captions a page that joins late (or reloads) is given back


class Broadcast(Sink):
    def __init__(self, captions, send):
        self.captions = captions
        self.send = send
        self.history = []  # the last HISTORY caption messages, for a page that joins

    def _caption(self, message):
        self.history.append(message)
        del self.history[:-HISTORY]
        self.send(message)

    def say(self, say, now_ms):
        self._caption(
            {
                "t": "say",
                "speaker": self.captions.speaker(say.speaker),
                "text": self.captions.line(say),
                "clips": list(say.clips),
                "at": now_ms,
            }
        )

    def sfx(self, sfx, now_ms):
        self._caption({"t": "sfx", "clip": sfx.clip, "text": self.captions.clip(sfx.clip), "at": now_ms})

    def stop_audio(self, now_ms):
        self.send({"t": "stop"})

    def power_off(self, reason, now_ms):
        self._caption({"t": "off", "reason": reason, "text": self.captions.power_off(reason), "at": now_ms})
