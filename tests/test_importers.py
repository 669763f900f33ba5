"""engine.panini.importers on small invented samples (tests/importers/), and `scouter cards`."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from bot.cli_commands import cards as cards_command
from engine.panini.cards import CardPool, CardType, load_card_file, load_pool
from engine.panini.importers import parse_cards, parse_csv, parse_json, parse_lackey, parse_octgn

SAMPLES = Path(__file__).parent / "importers"


def sample(name: str) -> bytes:
    return (SAMPLES / name).read_bytes()


def issues(result: object) -> list[str]:
    return [str(issue) for issue in result.issues]  # type: ignore[attr-defined]


def test_octgn_sample() -> None:
    result = parse_octgn(sample("sample_set.xml"))
    assert result.set_name == "Testing Grounds"
    assert [card.name for card in result.cards] == [
        "Zorn, Quiet Wanderer",
        "Pebble Toss",
        "Odd Shimmer",
    ]
    zorn, pebble, shimmer = result.cards
    assert zorn.type == CardType.MAIN_PERSONALITY and zorn.level == 1 and zorn.pur == 1
    assert zorn.personality == "Zorn" and zorn.alignment == "hero" and zorn.traits == ["earthling"]
    assert zorn.power_stages[-1] == 3000 and zorn.number == "1" and zorn.rarity == "Common"
    assert zorn.attack is not None and zorn.attack.hit[0].do == "draw"
    assert pebble.endurance == 1 and pebble.style == "red" and pebble.automation == "automated"
    assert shimmer.automation == "partial"
    assert shimmer.manual_text == ["Swap hands with your opponent."]
    assert result.counts() == {"automated": 2, "partial": 1, "manual": 0}
    assert result.records == 7
    assert issues(result) == [
        "card tg-004 (Ten Stage Zorn): power_stages: a personality has 11 power stages (0 and "
        "ten ratings), found 10: '0; 1; 2; 3; 4; 5; 6; 7; 8; 9'",
        "card tg-005 (Mystery Slab): type: unknown card type 'Spell' (known: main_personality, "
        "mastery, physical_combat, energy_combat, event, setup, drill, ally, dragon_ball)",
        "card tg-002 (Pebble Toss Again): id: duplicate id (also card tg-002 (Pebble Toss))",
        "card tg-006 (no name): name: missing",
    ]


def test_octgn_is_pure_and_idempotent() -> None:
    assert parse_octgn(sample("sample_set.xml")) == parse_octgn(sample("sample_set.xml"))


def test_octgn_bad_xml() -> None:
    result = parse_octgn(sample("bad.xml"))
    assert not result.cards
    assert issues(result) == ["file: xml: not well-formed XML: no element found: line 2, column 0"]


def test_octgn_rejects_entities() -> None:
    result = parse_octgn(sample("entity.xml"))
    assert issues(result) == ["file: xml: DOCTYPE and entity declarations are not accepted"]


def test_octgn_wrong_root_and_missing_fields() -> None:
    assert issues(parse_octgn(b"<deck/>")) == [
        "file: xml: the root element is <deck>, expected <set>"
    ]
    xml = (
        b'<set name="S"><cards><card id="1" name="Kor, Ally">'
        b'<property name="Type" value="Ally"/>'
        b'<property name="Power Rating" value="1; 2; 3; 4; 5; 6; 7; 8; 9; 10; 11"/>'
        b'</card><card id="2" name="Kor, Hero"><property name="Type" value="MP"/>'
        b'<property name="Alignment" value="Hero"/>'
        b'<property name="Power Rating" value="0; 1; 2; 3; 4; 5; 6; 7; 8; 9; 10"/>'
        b'</card><card id="3" name="Nameless Ball"><property name="Type" value="Dragon Ball"/>'
        b"</card></cards></set>"
    )
    assert issues(parse_octgn(xml)) == [
        "card 1 (Kor, Ally): power_stages: the lowest power stage must be 0, found 1",
        "card 2 (Kor, Hero): level: missing (a Main Personality has a level from 1 to 4)",
        "card 3 (Nameless Ball): dragon_ball: cannot tell the Dragon Ball's set and number "
        "(give dragon_ball_set and dragon_ball_number, or a name like 'Earth Dragon Ball 3')",
    ]


def test_lackey_sample() -> None:
    result = parse_lackey(sample("sample_lackey.tsv"))
    assert result.set_name == "Shadow Sampler"
    murk, wave = result.cards
    assert murk.alignment == "villain" and murk.power_stages[1] == 500
    assert wave.defense is not None and wave.defense.stops and wave.style == "black"
    assert issues(result) == ["line 4: row: 11 fields but the header names 10"]


def test_lackey_needs_name_and_type_columns() -> None:
    assert issues(parse_lackey(b"Name\tSet\nA\tB\n")) == ["file: header: no 'Type' column"]


def test_json_sample() -> None:
    result = parse_json(sample("sample_homebrew.json"))
    assert result.set_name == "Homebrew Lab"
    assert [card.name for card in result.cards] == ["Lab Spark", "Lab Wall", "Lab Orb"]
    assert result.cards[2].dragon_ball is not None and result.cards[2].dragon_ball.number == 3
    assert issues(result) == ["card #4 (Lab Typo): txt: unknown field"]
    assert issues(parse_json(b"{")) == [
        "file: json: not valid JSON: Expecting property name enclosed in double quotes: "
        "line 1 column 2 (char 1)"
    ]


def test_csv_sample() -> None:
    result = parse_csv(sample("sample_homebrew.csv"))
    assert result.set_name == "Csv Corner"
    assert [card.name for card in result.cards] == ["Csv Jab", "Csv Rally", "Csv Clash"]
    assert result.cards[1].limit_per_deck == 1
    # the printed keyword is the card: a record's Limit field disagreeing is noted, not used
    assert result.cards[2].limit_per_deck == 1 and issues(result) == []
    assert [str(note) for note in result.notes] == [
        "line 4 (Csv Clash): limit_per_deck: the record says 2, the card's text says 1: "
        "the text is used"
    ]


def test_duplicate_names_and_style_tolerance() -> None:
    data = b"name,type,style,text\nA b,Events,SAIYAN,Draw 1 card.\na B,event,,Draw 1 card.\n"
    result = parse_csv(data, "Dupes")
    assert result.cards[0].style == "saiyan" and result.cards[0].type == "event"
    # a different card of the same name is told apart by its set; its printed name stays
    assert [(card.name, card.title) for card in result.cards] == [("A b", "A b"),
                                                                   ("a B (Dupes)", "a B")]
    assert issues(result) == []
    assert [str(note) for note in result.notes] == [
        "line 3 (a B): name: another card is named 'a B': imported as 'a B (Dupes)'"]
    bad = parse_csv(b"name,type,style\nA,event,Purple\n", "S")
    assert issues(bad) == [
        "line 2 (A): style: unknown style 'Purple' "
        "(known: black, blue, namekian, orange, red, saiyan, freestyle)"
    ]


def test_format_detection() -> None:
    assert parse_cards("x.dat", sample("sample_homebrew.json")) is not None
    assert parse_cards("x.dat", b"plain words") is None


# --- the CLI -----------------------------------------------------------------------------
def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="scouter")
    cards_command.register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    code: int = args.handler(args)
    return code


def test_cli_import_writes_a_loadable_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "cards"
    argv = ["cards", "import", str(SAMPLES / "sample_set.xml"), "--out", str(out)]
    assert run(argv) == 0
    printed = capsys.readouterr().out
    assert "octgn set Testing Grounds: 3 of 7 card(s) imported: 2 automated, 1 partial" in printed
    assert "- card tg-005 (Mystery Slab): type: unknown card type 'Spell'" in printed
    written = out / "testing_grounds.yaml"
    cards = load_card_file(written)
    assert [card.name for card in cards] == ["Zorn, Quiet Wanderer", "Pebble Toss", "Odd Shimmer"]
    assert cards[2].manual_text == ["Swap hands with your opponent."]
    first = written.read_text(encoding="utf-8")
    assert run([*argv, "--set-name", "Testing Grounds"]) == 0  # re-import replaces the file
    assert written.read_text(encoding="utf-8") == first
    assert sorted(p.name for p in out.iterdir()) == ["testing_grounds.yaml"]


def test_cli_imports_of_several_sets_make_one_pool(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Sets with cards of one name (reprints, or the sandbox's names) are imported side by
    side: the later card is named by its set, and keeps that name when imported again."""
    out = tmp_path / "cards"
    first = tmp_path / "first.csv"
    first.write_text("name,type,text\nTwin Plan,event,Draw 1 card.\n", encoding="utf-8")
    second = tmp_path / "second.csv"
    second.write_text('name,type,text\nTwin Plan,event,Draw 2 cards.\n"Dende, Young Healer",'
                      "event,Draw 1 card.\n", encoding="utf-8")
    assert run(["cards", "import", str(first), "--set-name", "First", "--out", str(out)]) == 0
    argv = ["cards", "import", str(second), "--set-name", "Second", "--out", str(out)]
    assert run(argv) == 0
    printed = capsys.readouterr().out
    assert ("- card 'Twin Plan': name: another imported set has a card named 'Twin Plan': "
            "imported as 'Twin Plan (Second)'") in printed
    assert "imported as 'Dende, Young Healer (Second)'" in printed  # a sandbox name
    written = (out / "second.yaml").read_text(encoding="utf-8")
    assert run(argv) == 0
    assert "another imported set" not in capsys.readouterr().out
    assert (out / "second.yaml").read_text(encoding="utf-8") == written
    cards = [card for path in sorted(out.glob("*.yaml")) for card in load_card_file(path)]
    pool = CardPool([*load_pool().by_name.values(), *cards])
    assert pool["Twin Plan (Second)"].title == "Twin Plan"


def test_cli_import_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = ["--out", str(tmp_path)]
    assert run(["cards", "import", str(SAMPLES / "bad.xml"), *out]) == 1
    assert "nothing usable" in capsys.readouterr().out
    assert run(["cards", "import", str(tmp_path / "missing.xml"), *out]) == 2
    assert run(["cards", "import", str(SAMPLES / "sample_set.xml"), "--ruleset", "nope"]) == 2
    plain = tmp_path / "notes.dat"
    plain.write_text("plain words", encoding="utf-8")
    assert run(["cards", "import", str(plain), *out]) == 2
    assert "cannot tell the format" in capsys.readouterr().err


def test_cli_coverage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["cards", "import", str(SAMPLES / "sample_set.xml"), "--out", str(tmp_path)]) == 0
    capsys.readouterr()
    assert run(["cards", "coverage", "--set", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    assert "  Testing Grounds: 3 cards: 2 automated, 1 partial, 0 manual" in printed
    assert "  event: 1 cards: 0 automated, 1 partial, 0 manual" in printed
    assert "     1  Swap hands with your opponent." in printed
    assert run(["cards", "coverage", "--set", str(tmp_path / "none")]) == 2


def test_cli_import_keeps_the_set_before_it_reports_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A report cut short (`| head` closes the pipe) never told of an import not kept."""
    out = tmp_path / "cards"

    def closed_pipe(*args: object, **kwargs: object) -> None:
        raise BrokenPipeError

    monkeypatch.setattr("builtins.print", closed_pipe)
    with pytest.raises(BrokenPipeError):
        run(["cards", "import", str(SAMPLES / "sample_set.xml"), "--out", str(out)])
    assert (out / "testing_grounds.yaml").exists()
