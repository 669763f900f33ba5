"""A server's own Prime Time Joint Attacks, end to end against the fake Discord (issue 16,
PT-67): an admin imports one with a character in a `/cards import ruleset: prime-time`
file; this server's matches are played with it (and a restart replays them), no other
server's; a re-import may not change it once a stored match fielded its pair; malformed
or hostile entries are refused naming the entry and the field, changing nothing."""

from __future__ import annotations

from copy import deepcopy
from pathlib import Path
from typing import Any

import yaml

from bot.services.primetime_rosters import roster_text
from engine.primetime.roster import sample_roster
from tests.bot.e2e import challenge_accepted, world
from tests.bot.test_discord_e2e import configure, register_by_form
from tests.bot.test_primetime_cardsets_e2e import (
    RESOLVE,
    WOLF_FANG,
    YAMCHA,
    YAMCHA_ROSTER,
    import_file,
    stored_sets,
)
from tests.fakediscord import async_test

# Yamcha carries the keyword, paired with the sample's Goku
PAIRED = {**YAMCHA, "keywords": [*YAMCHA["keywords"], "Joint Attack"]}
HOWL = {"id": "wolf-howl", "name": "Wolf Howl", "pair": ["yamcha", "goku"],
        "text": "When Yamcha or Goku hits an enemy within 3\" of the other, the team gains "
        "1 BK.", "trigger": {"within": 3}, "effect": {"bk": 1}}  # fmt: skip


def _set(*joints: dict[str, Any], character: dict[str, Any] = PAIRED) -> bytes:
    """The set with these Joint Attacks, each written out (no YAML aliases)."""
    return yaml.safe_dump({"name": "Wolf Pack", "characters": [character],
                           "cards": [WOLF_FANG, RESOLVE],
                           "joint_attacks": [deepcopy(j) for j in joints]}).encode()


@async_test(timeout=240)
async def test_a_servers_joint_attack_is_imported_and_used_by_its_matches(
        tmp_path: Path) -> None:  # fmt: skip
    async with world(tmp_path) as w:
        async with w.start_bot() as bot:
            await configure(w)
            text = await import_file(w, "wolves.yaml", _set(HOWL))
            assert ("Imported Prime Time set **Wolf Pack** (YAML): 1 character(s), 2 deck "
                    "card(s), 1 Joint Attack(s). Enabled in this server for prime-time."
                    ) in text, text  # fmt: skip
            assert "- wolf-howl: Wolf Howl" in text
            pools = bot.cardsets.primetime
            assert pools.pool_for(w.guild.id).joints["wolf-howl"].effect.bk == 1
            assert "wolf-howl" not in pools.pool_for(w.guild.id + 1).joints
            assert "wolf-howl" not in pools.pool_for(None).joints
            # /card show finds it, and a character of its pair lists it
            shown = (await w.fake.slash(w.alice, w.general, "card show",
                                        {"name": "Wolf Howl"})).text()  # fmt: skip
            assert "Joint Attack: Wolf Howl (wolf-howl)" in shown, shown
            paired = (await w.fake.slash(w.alice, w.general, "card show",
                                         {"name": "yamcha"})).text()  # fmt: skip
            assert "Joint Attack with Goku: Wolf Howl" in paired, paired
            saved = await register_by_form(w, w.alice, "Wolves", YAMCHA_ROSTER)
            assert "Legal under prime-time" in saved, saved
            filed = await w.fake.slash(w.bob, w.general, "deck register", {"file": (
                "cell.yaml", roster_text(sample_roster("Cell Games")).encode())})
            assert "Saved **cell**" in filed.text(), filed.text()
            match = await challenge_accepted(w, "Wolves", "prime-time")
            assert match.game.pool.joints["wolf-howl"].pair == ("yamcha", "goku")
            state = match.game.to_json()

            # stored matches fielded Yamcha and Goku: the Joint Attack may not change
            before = await stored_sets(w)
            changed = await import_file(w, "wolves.yaml", _set({**HOWL, "effect": {"bk": 2}}))
            assert ("Joint Attack 'wolf-howl' is new, dropped or changed, but stored matches "
                    "were played with 'yamcha' and 'goku'") in changed, changed
            assert "Nothing was changed" in changed
            dropped = await import_file(w, "wolves.yaml", _set())
            assert "Joint Attack 'wolf-howl' is new, dropped or changed" in dropped, dropped
            assert await stored_sets(w) == before

        async with w.start_bot() as bot:  # a restart reads the set and replays the match
            match = await bot.matches.get(1)
            assert match.game.to_json() == state
            assert match.game.pool.joints["wolf-howl"] == bot.cardsets.primetime.pool_for(
                w.guild.id).joints["wolf-howl"]


BAD_JOINTS = [
    (_set({**HOWL, "pair": ["yamcha", "nobody"]}), "joint attack wolf-howl: pair: no "
     "character 'nobody'"),
    (_set({**HOWL, "pair": ["yamcha", "vegeta"]}), "joint attack wolf-howl: pair: 'vegeta' "
     "has no Joint Attack keyword"),
    (_set(HOWL, character=YAMCHA), "joint attack wolf-howl: pair: 'yamcha' has no Joint "
     "Attack keyword"),
    (_set({**HOWL, "effect": {}}), "wolves.yaml joint_attacks: entry wolf-howl: effect"),
    (_set({**HOWL, "trigger": {"within": -1}}), "entry wolf-howl: trigger.within"),
    (_set({**HOWL, "id": "Wolf Howl!"}), "entry Wolf Howl!: id"),
    (_set({**HOWL, "id": "father-son-combo"}), "id 'father-son-combo' is already the sample's"),
    (_set(HOWL, HOWL), "joint_attacks: two entries with id 'wolf-howl'"),
    (_set(*[{**HOWL, "id": f"howl-{i}"} for i in range(201)]),
     "joint_attacks: at most 200 entries per file"),
    (b"name: x\njoint_attacks: &j [1]\ncards: *j\n", "anchors and aliases"),
]


@async_test(timeout=240)
async def test_malformed_and_hostile_joint_attacks_are_refused_and_change_nothing(
        tmp_path: Path) -> None:  # fmt: skip
    async with world(tmp_path) as w, w.start_bot() as bot:
        await configure(w)
        before = await stored_sets(w)
        for data, words in BAD_JOINTS:
            text = await import_file(w, "wolves.yaml", data)
            assert words in text and "Nothing was changed" in text, (words, text)
            assert await stored_sets(w) == before
            assert bot.cardsets.primetime.pool_for(w.guild.id).joints.keys() == {
                "father-son-combo"}
