"""A server's own DBZ: Prime Time characters and cards, end to end against the fake Discord
(issue 16, "Data": players and server admins import their own profiles and cards in the
documented formats, docs/primetime-data.md "Importing"): an admin imports a character and
its cards for `prime-time`; a roster using them registers there only and plays a match
with them, which a restart replays; hostile or malformed files are refused naming the entry
and the field, and change nothing; a player who is no admin cannot import."""

from __future__ import annotations

from copy import deepcopy
from pathlib import Path
from typing import Any

import pytest
import yaml

from bot.services.primetime_rosters import read_roster, roster_text, roster_threat
from engine.primetime.pool import sample_pool
from engine.primetime.roster import Roster, sample_roster
from tests.bot.e2e import World, challenge_accepted, play_decision, world
from tests.bot.test_discord_e2e import configure, register_by_form
from tests.fakediscord import async_test


def _entry(kind: str, sample_id: str, **changes: Any) -> dict[str, Any]:
    pool = sample_pool()
    item = pool.characters[sample_id] if kind == "character" else pool.cards[sample_id]
    return {**item.model_dump(mode="json", exclude_defaults=True), **changes}


# Yamcha: Krillin's profile under another id and name, with two character cards of his own
YAMCHA = _entry("character", "krillin", id="yamcha", name="Yamcha")
WOLF_FANG = _entry("card", "krillin-lucky-dodge", id="yamcha-wolf-fang", name="Wolf Fang Dodge",
                   character="yamcha", text="Yamcha makes a Z-Evasion at +4.")
RESOLVE = _entry("card", "krillin-resolve", id="yamcha-resolve", name="Yamcha's Resolve",
                 character="yamcha", text="Legacy: Yamcha gets +1 IMP for the rest of the game.")
WOLF_SET = yaml.safe_dump({"name": "Wolf Pack", "characters": [YAMCHA],
                           "cards": [WOLF_FANG, RESOLVE]}).encode()
# the sample's Z-Fighters with Yamcha in Krillin's place
YAMCHA_ROSTER = (roster_text(sample_roster("Z-Fighters"))
                 .replace("krillin-lucky-dodge", "yamcha-wolf-fang")
                 .replace("krillin-resolve", "yamcha-resolve")
                 .replace("krillin", "yamcha"))


def _file(**raw: Any) -> bytes:
    return yaml.safe_dump(raw).encode()


async def import_file(w: World, filename: str, data: bytes, user: Any = None) -> str:
    done = await w.fake.slash(user or w.admin, w.general, "cards import",
                              {"file": (filename, data), "ruleset": "prime-time"})
    return done.text()


async def stored_sets(w: World) -> tuple[str, int]:
    listed = await w.fake.slash(w.admin, w.general, "cards list")
    row = await w.running().db.fetchone("SELECT COUNT(*) FROM card_sets")
    return listed.text(), row[0] if row is not None else -1


@async_test(timeout=240)
async def test_a_servers_characters_register_and_play_and_survive_a_restart(
        tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        async with w.start_bot() as bot:
            await configure(w)
            # before the import the roster names an unknown character: saved, legal nowhere
            unknown = await register_by_form(w, w.alice, "Wolves", YAMCHA_ROSTER)
            assert "unknown characters: yamcha" in unknown, unknown
            assert "Threat ?" in unknown  # a Threat cannot be summed without Yamcha's
            text = await import_file(w, "wolves.yaml", WOLF_SET)
            assert ("Imported Prime Time set **Wolf Pack** (YAML): 1 character(s), 2 deck "
                    "card(s). Enabled in this server for prime-time.") in text, text
            listed = await w.fake.slash(w.admin, w.general, "cards list")
            assert "**Wolf Pack** (Prime Time YAML): 3 cards" in listed.text(), listed.text()
            assert "enabled for: prime-time" in listed.text()
            # /card show finds them by name or id (docs/primetime-discord.md)
            shown = await w.fake.slash(w.alice, w.general, "card show", {"name": "yamcha"})
            assert "Prime Time character: Yamcha (yamcha)" in shown.text(), shown.text()
            assert "Human · Threat 3 · Z-Fighters" in shown.text()
            dodge = await w.fake.slash(w.alice, w.general, "card show",
                                       {"name": "Wolf Fang Dodge"})
            assert "character (yamcha) · z-reaction" in dodge.text(), dodge.text()
            # another server, and DMs, know none of it
            assert "yamcha" not in bot.cardsets.primetime.pool_for(w.guild.id + 1).characters
            assert "yamcha" not in bot.cardsets.primetime.usable_pool(None).characters

            saved = await register_by_form(w, w.alice, "Wolves", YAMCHA_ROSTER)
            assert "Saved **Wolves** (version 2)" in saved and "Legal under prime-time" in saved
            # the Threat is summed with this server's characters
            wolves = read_roster(YAMCHA_ROSTER)
            assert isinstance(wolves, Roster)
            threat = f"Threat {roster_threat(wolves, bot.cardsets.primetime.pool_for(w.guild.id))}"
            assert threat in saved, saved
            shown = await w.fake.slash(w.alice, w.general, "deck show", {"name": "Wolves"})
            assert threat in shown.text(), shown.text()
            filed = await w.fake.slash(w.bob, w.general, "deck register", {"file": (
                "cell.yaml", roster_text(sample_roster("Cell Games")).encode())})
            assert "Saved **cell**" in filed.text(), filed.text()

            # disabled: no new match with it; enabled again: it plays
            off = await w.fake.slash(w.admin, w.general, "cards disable",
                                     {"set": "Wolf Pack", "ruleset": "prime-time"})
            assert "disabled for prime-time" in off.text(), off.text()
            refused = await w.fake.slash(w.alice, w.games, "play challenge", {
                "opponent": w.bob, "deck": "Wolves", "ruleset": "prime-time"})
            # a roster is checked afresh with what the server enables ("Roster Limits")
            assert "not legal under prime-time:\n- unknown characters: yamcha" in (
                refused.text()), refused.text()
            wrong = await w.fake.slash(w.admin, w.general, "cards enable",
                                       {"set": "Wolf Pack", "ruleset": "score"})
            assert "is a Prime Time set: choose one of prime-time" in wrong.text()
            on = await w.fake.slash(w.admin, w.general, "cards enable",
                                    {"set": "Wolf Pack", "ruleset": "prime-time"})
            assert "can now use the set 'Wolf Pack' under prime-time" in on.text()
            match = await challenge_accepted(w, "Wolves", "prime-time")
            assert match.game.pool.characters["yamcha"].name == "Yamcha"
            for _ in range(4):
                await play_decision(w, match)
            state, seen = match.game.to_json(), len(match.record.decisions)

            # a re-import may not change what the stored match was played with
            changed = yaml.safe_dump({"name": "Wolf Pack", "characters": [
                {**YAMCHA, "threat": 1}], "cards": [WOLF_FANG, RESOLVE]}).encode()
            kept = await import_file(w, "wolves.yaml", changed)
            assert "'yamcha' is dropped or changed, but stored matches" in kept, kept

        async with w.start_bot() as bot:  # a restart reads the set and replays the match
            match = await bot.matches.get(1)
            assert len(match.record.decisions) == seen and match.game.to_json() == state
            assert bot.cardsets.primetime.pool_for(w.guild.id).characters["yamcha"].threat == 3


BAD_FILES = [
    ("not-yaml.yaml", b"characters: [\n  - id: x", "not YAML"),
    ("binary.yaml", bytes(range(256)), "not UTF-8 text"),
    ("list.yaml", b"- id: yamcha\n", "expected a mapping with `characters:`"),
    ("extra.yaml", _file(characters=[YAMCHA], rosters=[]), "unknown key(s) rosters"),
    ("bomb.yaml", b"a: &a [x, x]\ncharacters: [*a, *a]\n", "anchors and aliases"),
    ("moves.yaml", _file(characters=[{**YAMCHA, "tiers": [{**YAMCHA["tiers"][0], "move2": 9}]}]),
     "entry yamcha: tiers.0: Value error, move1 (7) must be higher than move2 (9)"),
    ("race.yaml", _file(characters=[{**YAMCHA, "race": "Wolf"}]), "entry yamcha: race"),
    ("owner.yaml", _file(cards=[{**WOLF_FANG, "id": "lone-wolf", "character": "nobody"}]),
     "card lone-wolf: character 'nobody' is unknown"),
    ("clash.yaml", _file(characters=[{**YAMCHA, "id": "goku"}]),
     "id 'goku' is already the sample's"),
    ("twice.yaml", _file(characters=[YAMCHA, deepcopy(YAMCHA)]), "two entries with id 'yamcha'"),
    ("empty.yaml", _file(characters=[]), "no characters, cards or Joint Attacks"),
]


@async_test(timeout=120)
@pytest.mark.parametrize("filename,data,words", BAD_FILES)
async def test_malformed_and_hostile_files_are_refused_and_change_nothing(
        tmp_path: Path, filename: str, data: bytes, words: str) -> None:
    async with world(tmp_path) as w, w.start_bot():
        await configure(w)
        assert "Imported Prime Time set" in await import_file(w, "wolves.yaml", WOLF_SET)
        before = await stored_sets(w)
        text = await import_file(w, filename, data)
        assert words in text and "Nothing was changed" in text, text
        assert await stored_sets(w) == before


@async_test(timeout=120)
async def test_a_clash_with_another_set_and_a_non_admin_are_refused(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot():
        await configure(w)
        assert "Imported Prime Time set" in await import_file(w, "wolves.yaml", WOLF_SET)
        before = await stored_sets(w)
        other = _file(name="Desert Bandits", characters=[YAMCHA])
        text = await import_file(w, "bandits.yaml", other)
        assert "id 'yamcha' is already set 'Wolf Pack''s" in text, text
        with pytest.raises(PermissionError):  # Discord hides /cards from non-admins
            await import_file(w, "bandits.yaml", other, user=w.alice)
        assert await stored_sets(w) == before
