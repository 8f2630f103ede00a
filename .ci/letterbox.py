"""Checks a window screenshot (an RGB PNG) shows the picture letterboxed at 4:3.

Usage: letterbox.py FILE WIDTH HEIGHT. The 4:3 rectangle that fits WIDTH×HEIGHT, centred,
must hold the picture (no black column in it) and everything outside it must be black.
"""
import struct
import sys
import zlib


def read_rgb_png(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, color = struct.unpack(">IIBB", body[:10])
            assert (depth, color) == (8, 2), "an 8-bit RGB PNG"
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride, rows, prev = zlib.decompress(idat), w * 3, [], bytearray(w * 3)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 3] if i >= 3 else 0
            b, c = prev[i], prev[i - 3] if i >= 3 else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return w, h, rows


path, want_w, want_h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
w, h, rows = read_rgb_png(path)
assert (w, h) == (want_w, want_h), f"the window is {w}x{h}, not {want_w}x{want_h}"
pw, ph = (w, w * 3 // 4) if w * 3 <= h * 4 else (h * 4 // 3, h)
x0, y0 = (w - pw) // 2, (h - ph) // 2
black = lambda x, y: rows[y][3 * x : 3 * x + 3] == b"\0\0\0"
outside = [(x, y) for y in range(h) for x in range(w) if not (x0 <= x < x0 + pw and y0 <= y < y0 + ph)]
assert all(black(x, y) for x, y in outside), "the bars are black"
assert not any(all(black(x, y) for y in range(y0, y0 + ph)) for x in range(x0, x0 + pw)), "the picture fills its rectangle"
print(f"window {w}x{h}: the picture {pw}x{ph} at ({x0}, {y0}), black bars around it")
