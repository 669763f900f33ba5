"""The glossary (data/glossary, bot/events/glossary.py): every quote is word for word in
the rulebook it names; the files validate; lookups by term, alias and part of a name."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.events.glossary import Glossary, answer, glossaries, lookup

RULES = Path("/work/shared/rules")


def test_every_quote_is_in_its_rulebook_word_for_word() -> None:
    if not RULES.is_dir():
        pytest.skip("the rulebooks are not on this machine")
    for glossary in glossaries():
        text = (RULES / glossary.rulebook).read_text(encoding="utf-8")
        for term in glossary.terms:
            assert term.quote in text, (glossary.game, term.term)


def test_panini_and_score_terms_come_first_and_are_all_there() -> None:
    games = [g.game for g in glossaries()]
    assert games == ["Panini", "Score", "Prime Time"]
    for term in ("PUR", "AT", "Critical Damage", "Endurance", "Rejuvenate"):
        assert lookup(term, "panini-2016"), term
    assert [e.game for e in lookup("endurance")] == ["Panini", "Score"]
    assert [e.term.term for e in lookup("Attack Table", "score")] == ["Physical Attack Table"]
    assert [e.term.term for e in lookup("rejuvenating", "panini-2014")] == ["Rejuvenate"]


def test_a_malformed_glossary_is_refused_on_load(tmp_path: Path) -> None:
    with pytest.raises(ValidationError):
        Glossary.model_validate({"game": "x", "rulesets": [], "rulebook": "r",
                                 "terms": [{"term": "PUR", "meaning": "m", "section": "s"}]})
    with pytest.raises(ValidationError):
        Glossary.model_validate({"game": "x", "rulesets": [], "rulebook": "r", "terms": [],
                                 "extra": 1})


def test_an_unknown_term_lists_the_known_ones() -> None:
    assert answer("warp drive").startswith("No glossary entry for 'warp drive'")
    assert "MPPV" in answer("warp drive")


def test_the_terminal_game_reads_the_glossary_with_rules() -> None:
    """`scouter play`: `rules TERM` answers mid-game, in plain text."""
    from bot.cli_commands.play import Console, Match
    from engine.panini.ai import GreedyPlayer
    from tests.test_cli_play import Output, from_list, new_game

    out = Output()
    game = new_game()
    console = Console(read=from_list(["help", "rules critical damage", "rules zzz", "quit"]),
                      write=out.write)
    assert Match(game, console, GreedyPlayer()).play() == 0
    assert "rules X  what the game term X means" in out.text
    assert "Critical Damage (Panini): Five or more Life Cards" in out.text
    assert '  "Whenever your opponent discards five or more Life Cards' in out.text
    assert "panini-tcg-2016-awakening-rulebook.txt, CRITICAL DAMAGE" in out.text
    assert "**" not in out.text.split("Critical Damage (Panini)")[1][:400]
    assert "No glossary entry for 'zzz'" in out.text
    assert not game.over


def test_a_board_names_the_terms_its_recent_events_use() -> None:
    from bot.events.glossary import hint

    said = ["Player 2 deals Critical Damage.", "Player 1 banishes Endurance 2 (Endurance)."]
    assert hint("panini-2016", said) == "/rules Critical Damage, Endurance"
    assert hint("score", ["Player 1 powers up."]) == "/rules PUR"  # the game's first term
    assert hint("score", ["Frieza uses a Final Physical Attack"]) == \
        "/rules Final Physical Attack"
    assert hint("prime-time", ["Goku is Dazed.", "Vegeta pays 2 BK (Focus Tax)."]) == \
        "/rules Battle Ki, Focus Tax, Dazed"  # "BK" is Battle Ki
    assert hint("no-such-game", said) == ""  # a game without a glossary
