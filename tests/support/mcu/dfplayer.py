"""The DFPlayer Mini's serial frames, written from its datasheet, apart from hal/mcu."""


def df_frame(cmd, param, feedback=0):
    """A DFPlayer command frame, written from the datasheet, apart from hal/mcu."""
    body = [0xFF, 0x06, cmd, feedback, param >> 8, param & 0xFF]
    chk = (0x10000 - sum(body)) & 0xFFFF
    return bytes([0x7E] + body + [chk >> 8, chk & 0xFF, 0xEF])


def checksum_ok(frame):
    return (sum(frame[1:7]) + (frame[7] << 8 | frame[8])) & 0xFFFF == 0
