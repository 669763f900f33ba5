"""Bad input, generated (hypothesis, derandomized so CI is repeatable): deck lists, scenario
files and card imports only ever fail with the documented errors and a message that says
what is wrong and where; a refused deck registration stores nothing."""

from __future__ import annotations

import asyncio
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from bot.db import Database
from bot.services.decks import MAX_DECK_TEXT, DeckError, DeckService
from engine.panini.cards import DATA_DIR, Card, CardPool, fold_name, load_pool
from engine.panini.deckcheck import Violation, check_deck
from engine.panini.decklist import DeckListError, DeckStructureError, build_deck, parse_deck_list
from engine.panini.importers import PARSERS, ImportResult, parse_cards
from engine.panini.rulesets import RULESETS
from engine.panini.scenario import ScenarioError, load_scenario, run_scenario

ROOT = Path(__file__).resolve().parent
FUZZ = settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
POOL = load_pool()
NAMES = sorted(POOL.names())
GOKU = (DATA_DIR / "decks" / "goku-saiyan.txt").read_text()


# --- strategies -----------------------------------------------------------------------------
def _near_miss(name: str, cut: int, kind: int) -> str:
    """A card name as people mistype it."""
    at = cut % max(len(name), 1)
    edits = [
        name[:at] + name[at + 1 :],  # a letter dropped
        name[:at] + name[at : at + 2][::-1] + name[at + 2 :],  # two letters swapped
        name.upper(),
        name.replace(",", "").replace("'", ""),
        name + "s",
        " ".join(name.split()[:-1]) or name[:3],  # a word short
        name.replace("a", "á").replace("o", "ö"),
        "  ".join(name.split()) + " ",
    ]
    return edits[kind % len(edits)]


names = st.sampled_from(NAMES)
near_misses = st.builds(_near_miss, names, st.integers(0, 200), st.integers(0, 7))
counts = st.one_of(
    st.integers(-5, 120).map(str),
    st.sampled_from(["0", "00", "1.5", "2,5", "-0", "\u0661", "³", "⅔", "Ⅲ", "0x10", "1e3"]),
    st.integers(10**20, 10**40).map(str),
    st.integers(4200, 6000).map(lambda n: "9" * n),  # past Python's int() digit limit
)
card_ish = st.one_of(names, near_misses, st.text(min_size=0, max_size=30))
line = st.one_of(
    st.builds(lambda c, n: f"{c}x {n}", counts, card_ish),
    st.builds(lambda c, n: f"{c} x {n}", counts, card_ish),
    st.builds(lambda c, n: f"{n} x{c}", counts, card_ish),
    st.builds(lambda c, n: f"x{c} {n}", counts, card_ish),
    st.builds(lambda c, n: f"- {c} {n}", counts, card_ish),
    card_ish,
    counts,
    st.sampled_from(["", "#", "// comment", "Mastery:", "[Life Deck]", "Main Personality:",
                     "x", "\u00d7", "3x", "x 3", ":", "[", "]", "[]", "Mastery: ", "\ufeff",
                     "=====", "•", "\u200f\u202e", "\x00", "\t\t"]),
    st.text(max_size=80),
)
separators = st.sampled_from(["\n", "\r\n", "\r", "\u2028", "\x0b", "\x1c", "\u0085"])
deck_texts = st.one_of(
    st.builds(lambda ls, sep: sep.join(ls), st.lists(line, max_size=25), separators),
    st.text(max_size=300),
    st.builds(lambda a, b: a + b, st.just(GOKU), st.lists(line, max_size=5).map("\n".join)),
    st.builds(lambda ls: GOKU.replace(*ls), st.sampled_from(
        [("3x", "99x"), ("1x", "0x"), ("\n", "\r"), ("Saiyan", "Sayian"), ("x", "\u00d7")])
    ),
)


def check_deck_list_errors(text: str, exc: DeckListError) -> None:
    lines = len(text.splitlines())
    assert exc.errors, "a DeckListError names at least one line"
    for error in exc.errors:
        assert 1 <= error.line <= lines, (error, lines)
        assert error.message.strip()
        assert f"line {error.line}: " in str(exc)


# --- deck lists -----------------------------------------------------------------------------
@FUZZ
@given(deck_texts)
@example("9" * 5000 + "x Card")  # found by this test: int() refused > 4300 digits
@example("\u2028".join(["3x Card", "1x", "x Card"]))
def test_deck_lists_fail_only_with_line_messages(text: str) -> None:
    try:
        parsed = parse_deck_list(text, POOL, name="fuzz")
    except DeckListError as exc:
        check_deck_list_errors(text, exc)
        return
    for entry in parsed.entries:
        assert entry.name in POOL.by_name and 1 <= entry.count <= 99
    try:
        deck = build_deck(parsed, POOL)
    except DeckStructureError as exc:
        assert str(exc).startswith("fuzz: ") and "need 1" in str(exc)
    else:
        assert len(deck.main_personality) == 4 and deck.mastery
    for ruleset in RULESETS.values():
        violations = check_deck(parsed, POOL, ruleset)
        assert all(isinstance(v, Violation) and v.message and v.rule for v in violations)


@pytest.fixture(scope="module")
def deck_db() -> Iterator[tuple[asyncio.AbstractEventLoop, DeckService]]:
    loop = asyncio.new_event_loop()
    with tempfile.TemporaryDirectory() as folder:
        db = loop.run_until_complete(Database.open(Path(folder) / "fuzz.db"))
        try:
            yield loop, DeckService(db, POOL)
        finally:
            loop.run_until_complete(db.close())
            loop.close()


async def _rows(service: DeckService) -> tuple[int, int]:
    decks = await service.db.fetchone("SELECT COUNT(*) FROM decks")
    versions = await service.db.fetchone("SELECT COUNT(*) FROM deck_versions")
    assert decks is not None and versions is not None
    return decks[0], versions[0]


deck_names = st.one_of(st.sampled_from(["Goku", "", "   ", "x" * 41, "🐉" * 10, "a\x00b"]),
                       st.text(max_size=45))


@FUZZ
@given(name=deck_names, text=st.one_of(deck_texts, st.just("1x A\n" * (MAX_DECK_TEXT // 5 + 1))))
def test_register_refuses_with_a_reason_and_stores_nothing(
    deck_db: tuple[asyncio.AbstractEventLoop, DeckService], name: str, text: str
) -> None:
    loop, service = deck_db

    async def attempt() -> None:
        before = await _rows(service)
        try:
            version = await service.register(7, name, text)
        except DeckError as exc:
            message = str(exc)
            assert message.strip()
            assert await _rows(service) == before, "a refused list stored something"
            if "could not read" in message:
                assert re.search(r"- line \d+: ", message), message
            return
        assert await _rows(service) in ((before[0], before[1] + 1),
                                        (before[0] + 1, before[1] + 1))
        assert (await service.version(version.version_id)).text == text
        await service.delete(7, version.name)  # stay under the per-player deck limit

    loop.run_until_complete(attempt())


# --- scenario files -------------------------------------------------------------------------
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))
yaml_noise = st.one_of(
    st.sampled_from(["", ":", "- ", "  ", "{", "}", "[", "]", "&a", "*a",
                     "!!python/object:os.system", "? ", "|", ">", "'", '"', "#", "\t",
                     "null", "~", "-1", "1e999", "0x1",
                     "p3", "players:", "decisions:", "expect:", "- p1: ", "- expect: 5",
                     "ruleset: nope", "card_files: [../../../etc/passwd]", "seed: -1",
                     "stage: 99999999999999999999", "sandbox: false", "<<: *a", "%YAML 9.9"]),
    st.text(max_size=20),
)


@st.composite
def mutated_scenarios(draw: st.DrawFn) -> str:
    lines = draw(st.sampled_from(SCENARIOS)).read_text(encoding="utf-8").splitlines()
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, max(len(lines) - 1, 0)))
        how = draw(st.integers(0, 5))
        if how == 0 and lines:
            del lines[at]
        elif how == 1:
            lines.insert(at, draw(yaml_noise))
        elif how == 2 and lines:
            key, colon, _ = lines[at].partition(":")
            lines[at] = f"{key}{colon} {draw(yaml_noise)}" if colon else draw(yaml_noise)
        elif how == 3 and lines:
            lines[at] = lines[at][: draw(st.integers(0, len(lines[at])))]
        elif how == 4 and lines:
            lines.insert(at, lines[at])
        else:
            lines = lines[:at]
    return "\n".join(lines) + "\n"


def _check_scenario(text: str | bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.yaml"
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
        try:
            load_scenario(path)
            result = run_scenario(path, POOL)
        except ScenarioError as exc:
            message = str(exc)
            assert message.startswith(str(path)), message
            assert "Traceback" not in message
            return
        assert all(isinstance(f, str) and f.strip() for f in result.failures)


@FUZZ
@given(mutated_scenarios())
def test_mutated_scenarios_fail_cleanly(text: str) -> None:
    _check_scenario(text)


@FUZZ
@given(st.one_of(st.text(max_size=300), st.binary(max_size=300)))
def test_random_scenario_text_fails_cleanly(text: str | bytes) -> None:
    _check_scenario(text)


# --- card imports ---------------------------------------------------------------------------
SAMPLES = {path.name: path.read_bytes() for path in sorted((ROOT / "importers").iterdir())}


@st.composite
def mutated_samples(draw: st.DrawFn) -> tuple[str, bytes]:
    name = draw(st.sampled_from(sorted(SAMPLES)))
    data = bytearray(SAMPLES[name])
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(data)))
        how = draw(st.integers(0, 3))
        if how == 0:
            del data[at : at + draw(st.integers(1, 40))]
        elif how == 1:
            data[at:at] = draw(st.one_of(st.binary(max_size=20), st.sampled_from(
                [b"<", b">", b"</set>", b'"', b",", b"\t", b"\n", b"{", b"]", b"\xff\xfe",
                 b"<!ENTITY x 'y'>", b"&amp;", b"&x;", b"999999999999999999999", b"-1",
                 "é".encode(), b"\x00"])))
        elif how == 2:
            data = data[:at]
        else:
            line_start = data.rfind(b"\n", 0, at) + 1
            data[line_start:line_start] = data[line_start : data.find(b"\n", at) + 1]
    return name, bytes(data)


def _check_import(result: ImportResult | None) -> None:
    if result is None:
        return
    assert isinstance(result, ImportResult)
    for issue in result.issues:
        assert issue.record.strip() and issue.field.strip() and issue.reason.strip(), issue
    assert all(isinstance(card, Card) for card in result.cards)
    assert len({fold_name(card.name) for card in result.cards}) == len(result.cards)
    assert len(result.cards) <= result.records
    if not result.cards and result.records:
        assert result.issues, "every record was dropped without a reason"


@FUZZ
@given(mutated_samples())
def test_mutated_card_files_fail_with_reasons(sample: tuple[str, bytes]) -> None:
    name, data = sample
    _check_import(parse_cards(name, data))
    for parser in PARSERS.values():
        _check_import(parser(data, None))
        _check_import(parser(data, "Fuzz Set"))


@FUZZ
@given(st.sampled_from(["x.xml", "x.json", "x.csv", "x.tsv", "x.txt", "x"]),
       st.one_of(st.binary(max_size=400), st.text(max_size=400).map(str.encode)))
@example("x.csv", b"name,type\r\x00")  # found by this test: csv.Error escaped
@example("x.xml", b'<?xml version="1.0" encoding="tf-8"?><set/>')  # LookupError escaped
def test_random_bytes_as_card_files(filename: str, data: bytes) -> None:
    _check_import(parse_cards(filename, data))
    for parser in PARSERS.values():
        _check_import(parser(data, "Fuzz Set"))


def test_pool_is_the_sandbox() -> None:  # the strategies above draw from real names
    assert isinstance(POOL, CardPool) and len(NAMES) > 20
