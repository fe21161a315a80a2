"""Whole sentences as single tracks: the table the board reads to play a
sentence's clips as its one track on the DFPlayer's card, where the card
holds it (`clue-fx sdcard` writes the tracks, `clue-fx flash` the table:
hal/bringup/sentences.py). A sentence not in the table plays clip by clip,
as before.

The table is a file on the board's own flash (SENTENCES_FILE), read in
place: a binary search of a few seeks per sentence, so its thousands of
sentences cost the heap two small buffers, not a dict.

    HEADER  b"CFXS", WIDTH (1 byte: clips per record), 0, COUNT (2 bytes), BASE (2 bytes)
    COUNT records of WIDTH clip numbers, 2 bytes each big-endian, 0-padded,
    sorted: record i is the clips of track BASE + 1 + i.
"""

SENTENCES_FILE = "sentences.bin"
MAGIC = b"CFXS"
HEADER = 10


class Sentences:
    def __init__(self, f, speaker=None):
        """`f`: the table opened in binary (kept open: each lookup reads from
        it); `speaker`: the hal.mcu.speaker.Speaker its tracks are queued on."""
        self.speaker = speaker
        self.sink = None
        self._one = [0]  # a sentence's track, queued without a new tuple each time
        head = bytearray(HEADER)
        if f.readinto(head) != HEADER or bytes(head[:4]) != MAGIC:
            raise ValueError("not a clue-fx sentence table")
        self._f = f
        self.width = head[4]
        self.count = head[6] << 8 | head[7]
        self.base = head[8] << 8 | head[9]
        self._rec = bytearray(2 * self.width)

    def track(self, clips):
        """The track that says `clips` (a sequence of clip numbers) whole, or 0."""
        n = len(clips)
        if n < 2 or n > self.width:
            return 0  # one clip is its own track already
        lo = 0
        hi = self.count
        rec = self._rec
        f = self._f
        size = 2 * self.width
        while lo < hi:
            mid = (lo + hi) >> 1
            f.seek(HEADER + mid * size)
            f.readinto(rec)
            d = 0
            for i in range(self.width):  # against the clips, 0-padded (no key buffer: the heap)
                d = (rec[2 * i] << 8 | rec[2 * i + 1]) - (clips[i] if i < n else 0)
                if d:
                    break
            if d == 0:
                return self.base + 1 + mid
            if d < 0:
                lo = mid + 1
            else:
                hi = mid
        return 0

    def clips(self, track, out):
        """Append the clips of sentence `track` to `out` (a card without the
        track: the sentence is said clip by clip after all); `out`."""
        i = track - self.base - 1
        if 0 <= i < self.count:
            self._f.seek(HEADER + i * 2 * self.width)
            self._f.readinto(self._rec)
            rec = self._rec
            for j in range(self.width):
                c = rec[2 * j] << 8 | rec[2 * j + 1]
                if c:
                    out.append(c)
        return out

    def say(self, clips):
        """Queue `clips` as one track: with the track queued before it, not
        started yet, where the table has the two back to back (a pawn's
        arrival: its place's sound, then the place), else as their
        sentence's own track, if the table has it; True if it did."""
        sp = self.speaker
        if sp._len:
            at = (sp._head + sp._len - 1) % len(sp._ring)
            last = sp._ring[at]
            both = self.clips(last, []) if last > self.base else [last]
            if len(both) + len(clips) <= self.width:
                for c in clips:
                    both.append(c)
                track = self.track(both)
                if track:
                    sp._ring[at] = track
                    return True
        track = self.track(clips)
        if track:
            self._one[0] = track
            sp.queue(self._one)
        return track != 0

    def expand(self, track):
        """A track the card lacks (the speaker asks): a sentence's is said clip
        by clip, first in the queue, and every later sentence too (the table
        is set aside: a card of clips only, or of another version)."""
        if track <= self.base or self.sink is None:
            return
        self.sink.sentences = None
        sp = self.speaker
        clips = self.clips(track, [])
        cap = len(sp._ring)
        n = min(len(clips), cap - sp._len)
        sp._head = (sp._head - n) % cap
        for i in range(n):
            sp._ring[(sp._head + i) % cap] = clips[i]
        sp._len += n


def attach(sink, path=SENTENCES_FILE):
    """The table at `path` to the standalone program's speaker sink (hal.mcu.standalone.SpeakerSink)."""
    table = load(path)
    if table is not None:
        table.speaker = sink.speaker
        table.sink = sink
        sink.sentences = table
        sink.speaker.expand = table.expand


def load(path=SENTENCES_FILE):
    """The board's table, or None when it has none (then every sentence plays clip by clip)."""
    try:
        f = open(path, "rb")
    except OSError:
        return None
    try:
        return Sentences(f)
    except ValueError:
        f.close()
        return None
