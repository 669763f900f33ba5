"""Card sets per server (bot.services.cardsets) without Discord: import, idempotent
re-import, name clashes within a server (another server's names are its own), enable and
disable per ruleset, the deck and lobby checks, and a match with an imported card that
replays from a rebuilt pool."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.db import Database
from bot.services.cardsets import CardSetError, CardSetService, ImportReport
from bot.services.decks import DeckError, DeckService
from bot.services.lobby import LobbyError, LobbyService
from bot.services.matches import MatchService
from engine.panini.cards import load_pool
from tests.bot.test_services import ALICE, BOB, GOKU, Clock, Recorder, play_out, run

SERVER, OTHER = 1, 2
ADMIN = 900
SAMPLE = (Path(__file__).resolve().parent.parent / "importers" / "sample_homebrew.json")
LAB_DECK = GOKU.replace("1x Ambush From Above", "1x Lab Wall")
ALL = {"panini-2016", "panini-2014"}


def homebrew(name: str = "Homebrew Lab", *cards: dict[str, str]) -> bytes:
    return json.dumps({"set": name, "cards": list(cards)}).encode()


async def service(db: Database) -> CardSetService:
    cardsets = CardSetService(db, load_pool())
    await cardsets.load()
    return cardsets


@run
async def test_import_report_and_idempotent_reimport(db: Database, tmp: Path) -> None:
    cardsets = await service(db)
    before = len(cardsets.pool_for(SERVER))
    report = await cardsets.import_set(SERVER, ADMIN, "lab.json", SAMPLE.read_bytes())
    assert report.ok and report.set_name == "Homebrew Lab" and not report.replaced
    assert sorted(card.name for card in report.imported) == ["Lab Orb", "Lab Spark", "Lab Wall"]
    assert isinstance(report, ImportReport) and sum(report.counts().values()) == 3
    assert [(i.record, i.field) for i in report.rejected] == [("card #4 (Lab Typo)", "txt")]
    assert len(cardsets.pool_for(SERVER)) == before + 3
    assert len(cardsets.pool_for(OTHER)) == before
    assert "Lab Spark" in await cardsets.enabled_names(SERVER, "panini-2014")
    assert "Lab Spark" not in await cardsets.enabled_names(OTHER)
    assert "Lab Spark" not in await cardsets.enabled_names(None)  # DMs: built-in only

    again = await cardsets.import_set(SERVER, ADMIN, "lab.json", SAMPLE.read_bytes())
    assert again.ok and again.replaced and len(cardsets.pool_for(SERVER)) == before + 3
    [info] = await cardsets.list_sets(SERVER)
    assert info.name == "Homebrew Lab" and info.size == 3 and set(info.rulesets) == ALL
    # a re-import without a card keeps it in the pool (stored matches) but not usable
    smaller = homebrew("homebrew lab", {"name": "Lab Wall", "type": "physical_combat",
                                        "text": "Stops a physical attack."})
    third = await cardsets.import_set(SERVER, ADMIN, "lab.json", smaller, rulesets=["panini-2016"])
    assert third.replaced and sorted(third.retired) == ["Lab Orb", "Lab Spark"]
    assert "Lab Spark" in cardsets.pool_for(SERVER)
    assert "Lab Spark" not in await cardsets.enabled_names(SERVER)
    assert "Lab Wall" not in await cardsets.enabled_names(SERVER, "panini-2014")
    assert [i.name for i in await cardsets.list_sets(SERVER)] == ["homebrew lab"]

    # the sets survive a restart
    reloaded = await service(db)
    assert len(reloaded.pool_for(SERVER)) == len(cardsets.pool_for(SERVER))
    assert "Lab Wall" in await reloaded.enabled_names(SERVER, "panini-2016")


@run
async def test_name_clashes_and_bad_files_change_nothing(db: Database, tmp: Path) -> None:
    cardsets = await service(db)
    await cardsets.import_set(SERVER, ADMIN, "lab.json", SAMPLE.read_bytes())
    await cardsets.import_set(OTHER, ADMIN, "first.json",
                              homebrew("First", {"name": "Their First", "type": "event",
                                                 "text": "Draw 1 card."}))
    size = len(cardsets.pool_for(OTHER))
    theirs = homebrew("Their Lab",
                      {"name": "their  first", "type": "event", "text": "Draw 1 card."},
                      {"name": "Goku, Hopeful Fighter", "type": "event", "text": "Draw 1 card."},
                      {"name": "Their Own Idea", "type": "event", "text": "Draw 1 card."})
    report = await cardsets.import_set(OTHER, ADMIN, "theirs.json", theirs)
    # a name another set (or the built-in set) has: the card is told apart by its set
    assert [card.name for card in report.imported] == [
        "their first (Their Lab)", "Goku, Hopeful Fighter (Their Lab)", "Their Own Idea"]
    assert [card.title for card in report.imported] == [
        "their first", "Goku, Hopeful Fighter", "Their Own Idea"]
    notes = {issue.record: issue.reason for issue in report.notes}
    assert notes["card 'their first'"] == ("this server already has a card named 'their "
                                           "first': imported as 'their first (Their Lab)'")
    assert not report.rejected
    assert "2 note(s) on imported cards:" in report.lines()
    assert len(cardsets.pool_for(OTHER)) == size + 3
    assert "Their Own Idea" not in await cardsets.enabled_names(SERVER)
    # imported again, each card keeps the name it was given
    again = await cardsets.import_set(OTHER, ADMIN, "theirs.json", theirs)
    assert [card.name for card in again.imported] == [card.name for card in report.imported]
    assert not again.notes and not again.retired

    for name, data in (("bad.json", b"{not json"), ("x.bin", b"\x00\x01"),
                       ("none.json", homebrew("Nothing", {"name": "Their Own Idea",
                                                          "type": "spell"}))):
        bad = await cardsets.import_set(OTHER, ADMIN, name, data)
        assert not bad.ok and bad.rejected and "nothing was changed" in bad.summary()
    assert len(cardsets.pool_for(OTHER)) == size + 3
    assert [info.name for info in await cardsets.list_sets(OTHER)] == ["First", "Their Lab"]
    with pytest.raises(CardSetError, match="Unknown ruleset"):
        await cardsets.import_set(OTHER, ADMIN, "lab.json", SAMPLE.read_bytes(),
                                  rulesets=["chess"])


@run
async def test_enable_disable_scope_decks_and_the_lobby(db: Database, tmp: Path) -> None:
    cardsets = await service(db)
    await cardsets.import_set(SERVER, ADMIN, "lab.json", SAMPLE.read_bytes())
    decks = DeckService(db, cardsets.pool_for)
    matches = MatchService(db, cardsets.pool_for, Recorder(), clock=Clock())
    lobby = LobbyService(db, decks, matches, cardsets=cardsets)

    # another server, or a DM, does not know the first server's cards at all
    with pytest.raises(DeckError, match="Lab Wall"):
        await decks.register(ALICE, "Lab", LAB_DECK, await cardsets.enabled_by_ruleset(OTHER),
                             guild_id=OTHER)
    with pytest.raises(DeckError, match="Lab Wall"):
        await decks.register(ALICE, "Lab", LAB_DECK, await cardsets.enabled_by_ruleset(None))
    deck = await decks.register(ALICE, "Lab", LAB_DECK, await cardsets.enabled_by_ruleset(SERVER),
                                guild_id=SERVER)
    assert deck.legal_under("panini-2016"), deck.problems

    with pytest.raises(CardSetError, match="no card set named"):
        await cardsets.disable(SERVER, "Nope", "panini-2016")
    with pytest.raises(CardSetError, match="no card set named"):  # not this server's set
        await cardsets.enable(OTHER, "Homebrew Lab", "panini-2016")
    assert await cardsets.disable(SERVER, "homebrew lab", "panini-2016")
    assert not await cardsets.disable(SERVER, "Homebrew Lab", "panini-2016")
    with pytest.raises(LobbyError, match="does not enable for panini-2016: Lab Wall"):
        await lobby.join(guild_id=SERVER, channel_id=5, user_id=ALICE, ruleset="panini-2016",
                         mode="casual", deck_name="Lab")
    with pytest.raises(LobbyError, match="not legal under panini-2014"):  # unknown there
        await lobby.challenge(guild_id=OTHER, channel_id=5, challenger_id=ALICE,
                              challenged_id=BOB, ruleset="panini-2014", mode="casual",
                              deck_name="Lab")
    # registered while only panini-2014 has the set: not legal under panini-2016 here
    partly = await decks.register(ALICE, "Lab", LAB_DECK, await cardsets.enabled_by_ruleset(SERVER),
                                  guild_id=SERVER)
    assert partly.legal_under("panini-2014") and not partly.legal_under("panini-2016")
    assert await cardsets.enable(SERVER, "Homebrew Lab", "panini-2016")
    assert not await cardsets.enable(SERVER, "Homebrew Lab", "panini-2016")
    waiting = await lobby.join(guild_id=SERVER, channel_id=5, user_id=ALICE,
                               ruleset="panini-2014", mode="casual", deck_name="Lab")
    assert waiting.match is None


@run
async def test_a_match_with_an_imported_card_replays_from_the_rebuilt_pool(
    db: Database, tmp: Path
) -> None:
    cardsets = await service(db)
    matches = MatchService(db, cardsets.pool_for, Recorder(), clock=Clock())
    decks = DeckService(db, cardsets.pool_for)
    await cardsets.import_set(SERVER, ADMIN, "lab.json", SAMPLE.read_bytes())
    assert "Lab Wall" in matches.pools(SERVER) and "Lab Wall" in decks.pools(SERVER)
    lab = await decks.register(ALICE, "Lab", LAB_DECK, await cardsets.enabled_by_ruleset(SERVER),
                               guild_id=SERVER)
    goku = await decks.register(BOB, "Goku", GOKU)
    match = await matches.create(guild_id=SERVER, channel_id=5, mode="casual",
                                 ruleset="panini-2016", players=(ALICE, BOB),
                                 decks=(lab.deck, goku.deck),
                                 deck_versions=(lab.version_id, goku.version_id), seed=7)
    await play_out(matches, match)
    # another server imports a set afterwards (even a card of the same name): the match
    # still replays, with its own server's cards
    await cardsets.import_set(OTHER, ADMIN, "t.json",
                              homebrew("Theirs", {"name": "Lab Wall", "type": "event",
                                                  "text": "Draw 1 card."}))
    restarted = await service(db)
    replay = MatchService(db, restarted.pool_for, Recorder(), clock=Clock())
    again = await replay.get(match.id)
    assert again.game.to_json() == match.game.to_json()
    assert again.winner == match.winner and "Lab Wall" in restarted.pool_for(OTHER)


@run
async def test_a_card_stored_matches_used_cannot_change(db: Database, tmp: Path) -> None:
    cardsets = await service(db)
    await cardsets.import_set(SERVER, ADMIN, "lab.json", SAMPLE.read_bytes())
    decks = DeckService(db, cardsets.pool_for)
    deck = decks.compile("Lab", LAB_DECK, SERVER)[0]
    matches = MatchService(db, cardsets.pool_for, Recorder(), clock=Clock())
    match = await matches.create(guild_id=SERVER, channel_id=3, mode="casual",
                                 ruleset="panini-2016", players=(ALICE, BOB),
                                 decks=(deck, deck), deck_versions=(None, None), seed=4)
    changed = homebrew("Homebrew Lab", {"name": "Lab Wall", "type": "physical_combat",
                                        "text": "Stops an energy attack."})
    report = await cardsets.import_set(SERVER, ADMIN, "lab.json", changed)
    assert [(i.record, i.field) for i in report.rejected] == [("card 'Lab Wall'", "text")]
    assert "stored matches were played with it" in report.rejected[0].reason
    assert cardsets.pool_for(SERVER)["Lab Wall"].text == "Stops a physical attack."
    fresh = MatchService(db, cardsets.pool_for, Recorder(), clock=Clock())
    assert (await fresh.get(match.id)).game.to_json() == match.game.to_json()


@run
async def test_a_servers_imported_cards_are_its_own(db: Database, tmp: Path) -> None:
    """Issue 13, defect 8: importing a card whose name another server's private set uses
    was refused with a message naming that set (a leak, and one server squatting names
    for all). Each server's cards are its own: the same name can mean a different card in
    another server, and nothing about one server's sets reaches another."""
    cardsets = await service(db)
    await cardsets.import_set(SERVER, ADMIN, "lab.json", SAMPLE.read_bytes())
    theirs = homebrew("Their Lab",
                      {"name": "Lab Wall", "type": "physical_combat",
                       "text": "Stops an energy attack."})
    report = await cardsets.import_set(OTHER, ADMIN, "theirs.json", theirs)
    assert [card.name for card in report.imported] == ["Lab Wall"] and not report.rejected
    assert "Homebrew Lab" not in "\n".join(report.lines())
    ours, others = cardsets.pool_for(SERVER), cardsets.pool_for(OTHER)
    assert ours["Lab Wall"].text == "Stops a physical attack."
    assert others["Lab Wall"].text == "Stops an energy attack."
    assert "Lab Spark" not in others and "Lab Spark" not in cardsets.pool_for(None)
    # a deck list is read with the cards of the server it is used in
    decks = DeckService(db, cardsets.pool_for)
    matches = MatchService(db, cardsets.pool_for, Recorder(), clock=Clock())
    lobby = LobbyService(db, decks, matches, cardsets=cardsets)
    await decks.register(ALICE, "Lab", LAB_DECK, await cardsets.enabled_by_ruleset(OTHER),
                         guild_id=OTHER)
    await decks.register(BOB, "Lab", LAB_DECK, await cardsets.enabled_by_ruleset(OTHER),
                         guild_id=OTHER)
    with pytest.raises(DeckError) as unknown:  # Lab Spark is only the first server's
        await decks.register(ALICE, "Spark", LAB_DECK.replace("Lab Wall", "Lab Spark"),
                             await cardsets.enabled_by_ruleset(OTHER), guild_id=OTHER)
    assert "Homebrew Lab" not in str(unknown.value) and "exist" not in str(unknown.value)
    await lobby.join(guild_id=OTHER, channel_id=5, user_id=ALICE, ruleset="panini-2016",
                     mode="casual", deck_name="Lab")
    paired = await lobby.join(guild_id=OTHER, channel_id=5, user_id=BOB,
                              ruleset="panini-2016", mode="casual", deck_name="Lab")
    assert paired.match is not None
    assert paired.match.game.pool["Lab Wall"].text == "Stops an energy attack."
    # the first server's copy is untouched, and a restart rebuilds both
    reloaded = await service(db)
    assert reloaded.pool_for(SERVER)["Lab Wall"].text == "Stops a physical attack."
    assert reloaded.pool_for(OTHER)["Lab Wall"].text == "Stops an energy attack."
