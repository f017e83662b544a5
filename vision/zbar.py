"""zbar, asked for QR codes only and for the bytes as they are.

pyzbar's ``decode`` builds a new scanner for every call and lets zbar guess
the text encoding, which mangles UTF-8 that zbar takes for Shift_JIS or
Latin-1. Here one scanner is reused and set to binary mode, and
:func:`text_of` turns the bytes into text. The C calls go through pyzbar's
own ctypes bindings, so this works wherever pyzbar does.
"""

from __future__ import annotations

import ctypes
import threading
from typing import Any

import numpy as np
from numpy.typing import NDArray
from pyzbar import wrapper as zbar

# ZBAR_CFG_BINARY in zbar.h (0.23 on); pyzbar's ZBarConfig predates it. It makes
# zbar hand back the payload's bytes instead of its guess at their text.
_CFG_BINARY = 4
_Y800 = 0x30303859  # fourcc "Y800": 8-bit grey

Corners = tuple[tuple[int, int], ...]


class ZbarScanner:
    """One reusable zbar image scanner for QR codes. Not thread-safe: one per thread.

    ``density`` n scans every n-th row and column: n = 2 halves the time and
    still reads upright codes of 3 or more pixels per module.

    >>> ZbarScanner().scan(np.full((40, 40), 255, np.uint8))
    []
    """

    def __init__(self, density: int = 1) -> None:
        self._scanner: Any = zbar.zbar_image_scanner_create()
        if not self._scanner:
            raise MemoryError("zbar could not create an image scanner")
        qr = zbar.ZBarSymbol.QRCODE
        zbar.zbar_image_scanner_set_config(self._scanner, 0, zbar.ZBarConfig.CFG_ENABLE, 0)
        zbar.zbar_image_scanner_set_config(self._scanner, qr, zbar.ZBarConfig.CFG_ENABLE, 1)
        zbar.zbar_image_scanner_set_config(self._scanner, qr, _CFG_BINARY, 1)
        for axis in (zbar.ZBarConfig.CFG_X_DENSITY, zbar.ZBarConfig.CFG_Y_DENSITY):
            zbar.zbar_image_scanner_set_config(self._scanner, 0, axis, density)

    def scan(self, gray: NDArray[np.uint8]) -> list[tuple[bytes, Corners]]:
        """Every QR code zbar finds in ``gray`` (HxW uint8): its bytes and corners."""
        if gray.ndim != 2 or gray.dtype != np.uint8:
            raise ValueError(f"zbar takes one 8-bit channel, not {gray.dtype} {gray.shape}")
        pixels = np.ascontiguousarray(gray)
        height, width = pixels.shape
        image = zbar.zbar_image_create()
        if not image:
            raise MemoryError("zbar could not create an image")
        try:
            zbar.zbar_image_set_format(image, _Y800)
            zbar.zbar_image_set_size(image, width, height)
            # zbar only borrows the buffer (no cleanup handler); ``pixels`` outlives the scan
            zbar.zbar_image_set_data(
                image, pixels.ctypes.data_as(ctypes.c_void_p), width * height, None
            )
            if zbar.zbar_scan_image(self._scanner, image) < 0:
                raise RuntimeError("zbar refused the image")
            found = []
            symbol = zbar.zbar_image_first_symbol(image)
            while symbol:
                data = ctypes.string_at(
                    zbar.zbar_symbol_get_data(symbol), zbar.zbar_symbol_get_data_length(symbol)
                )
                corners = tuple(
                    (
                        int(zbar.zbar_symbol_get_loc_x(symbol, i)),
                        int(zbar.zbar_symbol_get_loc_y(symbol, i)),
                    )
                    for i in range(zbar.zbar_symbol_get_loc_size(symbol))
                )
                found.append((data, corners))
                symbol = zbar.zbar_symbol_next(symbol)
            return found
        finally:
            zbar.zbar_image_destroy(image)

    def close(self) -> None:
        if self._scanner:
            zbar.zbar_image_scanner_destroy(self._scanner)
            self._scanner = None

    def __del__(self) -> None:
        self.close()


_local = threading.local()


def thread_scanner(density: int = 1) -> ZbarScanner:
    """This thread's scanner of that density, made on first use (a scanner keeps
    state between scans, so threads cannot share one)."""
    scanners: dict[int, ZbarScanner] | None = getattr(_local, "scanners", None)
    if scanners is None:
        scanners = _local.scanners = {}
    if density not in scanners:
        scanners[density] = ZbarScanner(density)
    return scanners[density]


def text_of(data: bytes) -> str:
    """The text of a QR payload's bytes.

    QR byte mode carries no encoding of its own: in practice it is UTF-8, or
    Shift_JIS from Japanese phones, or Latin-1 (the standard's default). Valid
    UTF-8 is almost never anything else, so it wins; Shift_JIS is taken only
    when it decodes cleanly and uses its two-byte or katakana range.

    >>> text_of("三国杀".encode())
    '三国杀'
    >>> text_of("モバイル".encode("shift_jis"))
    'モバイル'
    >>> text_of(b"caf\\xe9")
    'café'
    """
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("cp932")
    except UnicodeDecodeError:
        return data.decode("latin-1")
    if any(b >= 0x80 for b in data) and not any("\x80" <= c <= "\xff" for c in text):
        return text
    return data.decode("latin-1")
