"""DFPlayer Mini over a UART handed in (9600 8N1).

Every command and reply is a 10-byte frame:
    7E FF 06 CMD FEEDBACK PARAM_H PARAM_L CHK_H CHK_L EF
with CHK = -(FF + 06 + CMD + FEEDBACK + PARAM_H + PARAM_L) as 16 bits.
Some clones answer in 8 bytes, without the checksum (7E FF 06 CMD FB PH PL
EF): those are read too (a checksum's high byte is never EF).

Clips are played by folder and number (command 0x0F), so the order in which
files were copied onto the SD card does not matter. `track_of` is the one
place that maps a clip number to its folder and file: `clue-fx sdcard`
writes the card with it.
"""

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


_PLAY_FOLDER_FILE = const(0x0F)  # param: folder (01..99) << 8 | file (001..255)
_STOP = const(0x16)
_VOLUME = const(0x06)  # 0..30
_RESET = const(0x0C)
_SLEEP = const(0x0A)
FINISHED_USB = const(0x3C)
_FINISHED_SD = const(0x3D)  # "track finished": param is the track's index on the card
FINISHED_FLASH = const(0x3E)
READY = const(0x3F)
ACK = const(0x41)  # a command with its feedback byte set was taken
ERROR = const(0x40)  # param: 1 busy, 2 asleep, 3 serial, 4 checksum, 5/6 no such track, ...

_FILES_PER_FOLDER = const(255)
_FOLDERS = const(99)
MAX_CLIP = _FILES_PER_FOLDER * _FOLDERS


def track_of(clip):
    """(folder, file) of a clip number: clips 1..255 are 01/001..01/255, then 02/..."""
    if not 1 <= clip <= MAX_CLIP:
        raise ValueError("clip %r: a DFPlayer card holds clips 1..%d" % (clip, MAX_CLIP))
    return 1 + (clip - 1) // _FILES_PER_FOLDER, 1 + (clip - 1) % _FILES_PER_FOLDER


def path_of(clip, ext="wav"):
    """The clip's file on the card, e.g. "01/007.wav"."""
    folder, number = track_of(clip)
    return "%02d/%03d.%s" % (folder, number, ext)


def checksum(frame):
    """The 16-bit checksum of a frame: minus the sum of bytes 1..6."""
    total = 0
    for i in range(1, 7):
        total += frame[i]
    return -total & 0xFFFF


def fill(frame, cmd, param=0, feedback=0):
    """Write a command into a 10-byte buffer (no allocation)."""
    frame[0] = 0x7E
    frame[1] = 0xFF
    frame[2] = 0x06
    frame[3] = cmd
    frame[4] = feedback
    frame[5] = (param >> 8) & 0xFF
    frame[6] = param & 0xFF
    c = checksum(frame)
    frame[7] = c >> 8
    frame[8] = c & 0xFF
    frame[9] = 0xEF
    return frame


class DFPlayer:
    def __init__(self, uart):
        self._uart = uart
        self._tx = bytearray(10)
        self._rx = bytearray(10)  # the reply being assembled
        self._n = 0
        self._chunk = bytearray(16)
        self._at = 0  # bytes of _chunk not yet parsed start here
        self._have = 0
        self.bad_frames = 0
        self.replies = 0  # every reply read: the module answers (the self-test says so)

    # -- commands --------------------------------------------------------

    def command(self, cmd, param=0, feedback=0):
        self._uart.write(fill(self._tx, cmd, param, feedback))

    def play(self, clip, ack=0):
        """Play track `clip` (folder, file of track_of); `ack` 1: the module acknowledges it (ACK) once taken."""
        folder, number = track_of(clip)
        self.command(_PLAY_FOLDER_FILE, folder << 8 | number, ack)

    def stop(self):
        self.command(_STOP)

    def volume(self, level):
        if not 0 <= level <= 30:
            raise ValueError("DFPlayer volume is 0..30, got %r" % (level,))
        self.command(_VOLUME, level)

    # -- replies ------------------------------------------------------------

    def reply(self):
        """The next complete, valid reply as (cmd, param), or None for now.
        Noise and broken frames are skipped (and counted in bad_frames)."""
        rx = self._rx
        while True:
            if self._at >= self._have:
                waiting = self._uart.any()
                if not waiting:
                    return None
                got = self._uart.readinto(self._chunk, min(waiting, len(self._chunk)))
                if not got:
                    return None
                self._at = 0
                self._have = got
            b = self._chunk[self._at]
            self._at += 1
            if self._n == 0 and b != 0x7E:
                continue  # between frames: noise
            rx[self._n] = b
            self._n += 1
            if self._n == 8 and b == 0xEF and rx[1] == 0xFF and rx[2] == 0x06:
                self._n = 0  # a clone's 8-byte reply: no checksum
                self.replies += 1
                return rx[3], rx[5] << 8 | rx[6]
            if self._n < 10:
                continue
            self._n = 0
            if rx[1] == 0xFF and rx[2] == 0x06 and rx[9] == 0xEF and (rx[7] << 8 | rx[8]) == checksum(rx):
                self.replies += 1
                return rx[3], rx[5] << 8 | rx[6]
            self.bad_frames += 1
