"""A server's Score card sets (bot/services/score_cardsets.py) without Discord: a list
detected as Score without a ruleset, the server's Score pool (and no other server's), a
card stored matches were played with that a re-import may not change, a card a re-import
drops kept for replays, concurrent imports of one name, and a match replayed with the
server's cards after a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.db import Database
from bot.services.cardsets import CardSetService
from bot.services.matches import MatchService
from bot.services.score_cardsets import ScoreImportReport
from bot.services.score_decks import score_starters
from engine.panini.cards import load_pool
from engine.score.deckcheck import ScoreDeck
from tests.bot.test_services import ALICE, BOB, Clock, Recorder, run

SERVER, OTHER, ADMIN = 1, 2, 900
HEADER = "Name\tType\tText\tLevel\tPUR\tPower\tAlignment"
LADDER = "/".join(f"{100 + 10 * i},000" for i in range(10))


def lackey(*rows: str) -> bytes:
    return "\n".join([HEADER, *rows]).encode()


KICK = "Lookout Kick\tPhysical Combat\tPhysical attack."
STRIKE = "Lookout Strike\tPhysical Combat\tPhysical attack."
# a Score personality (its ladder, its alignment) Panini's importer does not read
KAMI = f"Kami - Lookout Elder\tPersonality\tPhysical attack.\t1\t2\t{LADDER}\tHero"


async def service(db: Database) -> CardSetService:
    cardsets = CardSetService(db, load_pool())
    await cardsets.load()
    return cardsets


def kick_deck() -> ScoreDeck:
    goku = next(s.deck for s in score_starters() if s.name == "Goku Saiyan Surge")
    return ScoreDeck(main_personality=goku.main_personality,
                     life={"Lookout Kick": 30, "Quick Ki Blast": 30})


@run
async def test_a_score_list_is_detected_and_the_servers_own(db: Database, tmp: Path) -> None:
    cardsets = await service(db)
    report = await cardsets.import_set(SERVER, ADMIN, "lookout.tsv",
                                       lackey(KICK, STRIKE, KAMI), "Lookout")
    assert isinstance(report, ScoreImportReport) and report.ok, report
    assert report.rulesets == ("score", "ocg")  # detected: enabled for both
    assert cardsets.score.pool_for(SERVER).find("lookout kick") is not None
    assert cardsets.score.pool_for(OTHER).find("Lookout Kick") is None
    assert cardsets.pool_for(SERVER).find("Lookout Kick") is None  # not a Panini card
    assert "Lookout Kick" in await cardsets.enabled_names(SERVER, "ocg")
    assert "Lookout Kick" not in await cardsets.enabled_names(OTHER, "ocg")
    assert "Lookout Kick" not in await cardsets.enabled_names(SERVER, "panini-2016")
    # a new service reads what was stored
    again = await service(db)
    assert again.score.pool_for(SERVER).find("Lookout Strike") is not None
    assert [s.name for s in again.score.sets_of(SERVER)] == ["Lookout"]


@run
async def test_cards_stored_matches_used_stay_as_they_were(db: Database, tmp: Path) -> None:
    cardsets = await service(db)
    await cardsets.import_set(SERVER, ADMIN, "lookout.tsv", lackey(KICK, STRIKE), "Lookout",
                              ["score"])
    matches = MatchService(db, cardsets.pool_for, Recorder(), clock=Clock(),
                           score_pools=cardsets.score.pool_for)
    match = await matches.create(guild_id=SERVER, channel_id=3, mode="casual",
                                 ruleset="score", players=(ALICE, BOB),
                                 decks=(kick_deck(), kick_deck()), deck_versions=(None, None),
                                 seed=4)
    assert match.game.pool.find("Lookout Kick") is not None
    changed = "Lookout Kick\tPhysical Combat\tEnergy attack."
    report = await cardsets.import_set(SERVER, ADMIN, "lookout.tsv", lackey(changed),
                                       "Lookout", ["score"])
    assert isinstance(report, ScoreImportReport) and report.replaced
    assert [(i.record, i.field) for i in report.rejected] == [("card 'Lookout Kick'", "name")]
    assert "stored matches were played with it" in report.rejected[0].reason
    assert report.retired == ["Lookout Strike"]  # dropped, kept so past matches replay
    pool = cardsets.score.pool_for(SERVER)
    kick, strike = pool.find("Lookout Kick"), pool.find("Lookout Strike")
    assert kick is not None and kick.text == "Physical attack." and strike is not None
    assert "Lookout Strike" not in await cardsets.enabled_names(SERVER, "score")
    restarted = await service(db)
    fresh = MatchService(db, restarted.pool_for, Recorder(), clock=Clock(),
                         score_pools=restarted.score.pool_for)
    assert (await fresh.get(match.id)).game.to_json() == match.game.to_json()


@run
async def test_concurrent_imports_of_one_name_make_one_set(db: Database, tmp: Path) -> None:
    cardsets = await service(db)
    first, second = await asyncio.gather(
        cardsets.import_set(SERVER, ADMIN, "a.tsv", lackey(KICK), "Twin", ["score"]),
        cardsets.import_set(SERVER, ADMIN, "b.tsv", lackey(STRIKE), "Twin", ["ocg"]))
    assert first.ok and second.ok
    assert isinstance(second, ScoreImportReport) and second.replaced  # in turn, not both new
    row = await db.fetchone("SELECT COUNT(*) FROM card_sets")
    assert row is not None and row[0] == 1
    assert cardsets.score.pool_for(SERVER).find("Lookout Kick") is not None  # retired
    assert "Lookout Kick" not in await cardsets.enabled_names(SERVER, "score")
