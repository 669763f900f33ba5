"""Request bodies as Discord reads them: ``Content-Type`` parameters and multipart/form-data
(payload_json plus files[n]).

A reader of its own, because aiohttp's general one parses every header with the email
package (each upload's boundary makes its Content-Type new, so nothing is cached) and was
most of the fake's cost per message. It still refuses what a form parser must: no
boundary, a part without a form-data name, a body that never closes, an encoding it does
not know."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import unquote

from .errors import ApiError

CRLF = b"\r\n"
PLAIN_ENCODINGS = ("", "7bit", "8bit", "binary")


@dataclass(frozen=True)
class FormPart:
    """One part of a multipart/form-data body."""

    name: str
    filename: str | None  # None: a plain field (payload_json), not a file
    content_type: str | None
    data: bytes


def bad_form(why: str) -> ApiError:
    return ApiError(400, 50035, f"Invalid Form Body: {why}")


def header_params(value: str) -> tuple[str, dict[str, str]]:
    """``type; key=value; key="quoted \\"value\\""`` -> (type lower-cased, params): the
    grammar of Content-Type and Content-Disposition (RFC 9110 5.6.6, RFC 7578 4.2; a
    ``key*=charset''percent-encoded`` value, RFC 8187, wins over its plain twin)."""
    main, _, rest = value.partition(";")
    params: dict[str, str] = {}
    extended: dict[str, str] = {}
    index, size = 0, len(rest)
    while index < size:
        while index < size and rest[index] in " \t;":
            index += 1
        equals = rest.find("=", index)
        if equals < 0:
            break
        key = rest[index:equals].strip().lower()
        index = equals + 1
        if index < size and rest[index] == '"':
            chars: list[str] = []
            index += 1
            while index < size and rest[index] != '"':
                if rest[index] == "\\" and index + 1 < size:
                    index += 1
                chars.append(rest[index])
                index += 1
            if index >= size:
                raise bad_form(f"unterminated quoted {key!r} in header")
            index += 1
            param = "".join(chars)
        else:
            end = rest.find(";", index)
            end = size if end < 0 else end
            param = rest[index:end].strip()
            index = end
        if key.endswith("*"):
            charset, _, encoded = param.partition("''")
            extended[key[:-1]] = unquote(encoded, encoding=charset or "utf-8", errors="strict")
        elif key:
            params[key] = param
    params.update(extended)
    return main.strip().lower(), params


def _part_headers(raw: bytes) -> dict[str, str]:
    headers: dict[str, str] = {}
    for line in raw.split(CRLF):
        if not line:
            continue
        name, colon, value = line.partition(b":")
        if not colon:
            raise bad_form("a part header without a colon")
        try:
            text = value.decode()
        except UnicodeDecodeError:  # 8-bit file names in another charset
            text = value.decode("latin-1")
        headers[name.decode("latin-1").strip().lower()] = text.strip()
    return headers


def parse_form(body: bytes, boundary: str) -> list[FormPart]:
    """The parts of a multipart/form-data `body` (RFC 7578, RFC 2046 5.1.1)."""
    if not 1 <= len(boundary) <= 70:
        raise bad_form("multipart boundary missing or longer than 70 characters")
    delimiter = b"--" + boundary.encode("latin-1")
    start = body.find(delimiter)
    if start < 0 or (start > 0 and body[start - 2:start] != CRLF):
        raise bad_form("multipart body without its boundary")
    parts: list[FormPart] = []
    position = start + len(delimiter)
    while True:
        if body.startswith(b"--", position):
            return parts  # the close delimiter; what follows is the epilogue
        line_end = body.find(CRLF, position)
        if line_end < 0 or body[position:line_end].strip(b" \t"):
            raise bad_form("multipart boundary not followed by a line break")
        head_start = line_end + 2
        next_delimiter = body.find(CRLF + delimiter, head_start)
        if next_delimiter < 0:
            raise bad_form("multipart body does not close")
        content = body[head_start:next_delimiter]
        head, separator, data = content.partition(CRLF + CRLF)
        if not separator:
            if not content.startswith(CRLF):
                raise bad_form("a multipart part without the blank line after its headers")
            head, data = b"", content[2:]
        parts.append(_part(_part_headers(head), data))
        position = next_delimiter + 2 + len(delimiter)


def _part(headers: dict[str, str], data: bytes) -> FormPart:
    disposition, params = header_params(headers.get("content-disposition", ""))
    if disposition != "form-data" or not params.get("name"):
        raise bad_form("a multipart part without a form-data name")
    encoding = headers.get("content-transfer-encoding", "").lower()
    if encoding not in PLAIN_ENCODINGS or "content-encoding" in headers:
        raise bad_form(f"multipart part {params['name']!r} in an encoding not accepted")
    filename = params.get("filename")
    content_type = headers.get("content-type")
    if filename and content_type is None:
        content_type = "application/octet-stream"  # RFC 7578 4.4: a file's default
    return FormPart(params["name"], filename or None, content_type, data)
