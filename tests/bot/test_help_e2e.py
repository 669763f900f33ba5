"""/help and /rules through the fake Discord (tests/fakediscord) with the real bot: /help
says what Scouter does, groups the commands and shows how to play a first match; /rules
answers from the glossary with the rulebook section quoted, autocompletes terms and
tells an unknown term apart (changing nothing)."""

from __future__ import annotations

from pathlib import Path

from tests.bot.e2e import world
from tests.fakediscord import async_test


@async_test(timeout=60)
async def test_help_groups_the_commands_and_starts_a_first_match(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot():
        shown = await w.fake.slash(w.carol, w.general, "help")
        assert shown.ephemeral and shown.error is None
        text = shown.text()
        assert "referees Dragon Ball Z" in text
        assert "/play practice deck:" in text and "/deck register" in text
        for group in ("Your decks", "Find a match", "During a match", "Cards and rules",
                      "Events", "Judges and admins"):
            assert group in text
        assert "/rules term:" in text and "/tournament join" in text


@async_test(timeout=60)
async def test_rules_quotes_the_rulebook_and_autocompletes(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot():
        pur = await w.fake.slash(w.carol, w.general, "rules", {"term": "pur"})
        assert pur.ephemeral
        text = pur.text()
        # both games' PUR, each with its rulebook and section (2016 p. "2. Planning Step";
        # Score p. 23 "3 Power Up Step")
        assert "**PUR** (Panini)" in text and "**PUR** (Score)" in text
        assert "equal to the amount listed for their Power Up Rating" in text
        assert "panini-tcg-2016-awakening-rulebook.txt, GAMEPLAY, 2. Planning Step" in text
        assert "Sequence of Play, 3 Power Up Step (p. 23)" in text

        critical = await w.fake.slash(w.carol, w.general, "rules",
                                      {"term": "Critical Damage"})
        assert "five or more Life Cards of damage from an unstoppable attack" in critical.text()

        typed = await w.fake.autocomplete(w.carol, w.general, "rules", focused="term",
                                          value="endu")
        assert [c["name"] for c in typed.choices or []] == ["Endurance"]
        everything = await w.fake.autocomplete(w.carol, w.general, "rules", focused="term")
        names = [c["name"] for c in everything.choices or []]
        assert names[:2] == ["PUR", "AT"] and "Rejuvenate" in names

        unknown = await w.fake.slash(w.carol, w.general, "rules", {"term": "@everyone kaio"})
        assert unknown.ephemeral and "No glossary entry for '@everyone kaio'" in unknown.text()
        assert "Critical Damage" in unknown.text()  # the terms it knows
