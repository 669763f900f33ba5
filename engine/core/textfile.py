"""Card files as text: the encodings the importers of every family read (UTF-8, or UTF-16
with a byte-order mark), and a clear reason for any other."""

from __future__ import annotations

import codecs

UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
_UTF32_BOMS = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)  # checked first: LE starts as UTF-16's
SAVE_AS_UTF8 = "save the file as UTF-8"


def encoding_problem(data: bytes) -> str | None:
    """Why `data` is not text in an encoding we read (UTF-8, or UTF-16 with a BOM)."""
    if data.startswith(_UTF32_BOMS):
        return f"UTF-32 text: {SAVE_AS_UTF8}"
    if data.startswith(UTF16_BOMS):
        return None
    head = data[:64]
    # ASCII text written as UTF-16 has a NUL in every other byte
    if len(head) >= 4 and (set(head[1::2]) == {0} or set(head[0::2]) == {0}):
        return f"UTF-16 without a byte-order mark: {SAVE_AS_UTF8}"
    return None


def decode_text(data: bytes) -> tuple[str | None, str | None]:
    """(the text, None), or (None, why it cannot be read)."""
    problem = encoding_problem(data)
    codec = "utf-16" if data.startswith(UTF16_BOMS) else "utf-8-sig"
    if problem is None:
        try:
            return data.decode(codec), None
        except UnicodeDecodeError as exc:
            bad = f"byte 0x{exc.object[exc.start]:02x} at offset {exc.start}"
            problem = f"not {'UTF-16' if codec == 'utf-16' else 'UTF-8'} text ({bad}): "
            problem += SAVE_AS_UTF8
    return None, problem
