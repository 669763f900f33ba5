"""A server's own Score family cards, end to end against the fake Discord: an admin imports
a Lackey list for `score`; `/card show` shows its cards (and the sandbox's) there only; a
deck using them registers there and plays a `score` match with them; disabling the set
stops new matches; hostile files (too big, binary, malformed, the other family's) are
refused in words and change nothing."""

from __future__ import annotations

import json
from pathlib import Path

from bot.app import ScouterBot
from bot.services.cardsets import MAX_SET_BYTES
from bot.services.matches import LiveMatch
from bot.services.score_decks import score_deck_text, score_starters
from engine.score.deckcheck import ScoreDeck
from tests.bot.e2e import World, play_decision, world
from tests.bot.test_discord_e2e import configure, register_by_form
from tests.fakediscord import RecordedMessage, async_test

LADDER = "/".join(f"{100 + 10 * i},000" for i in range(10))
LOOKOUT = "\n".join([
    "Name\tSet\tType\tLevel\tPUR\tPower\tAlignment\tText",
    f"Kami - Lookout Elder\tLookout\tPersonality\t1\t2\t{LADDER}\tHero\tPhysical attack.",
    "Lookout Kick\tLookout\tPhysical Combat\t\t\t\t\tPhysical attack.",
    "Lookout Riddle\tLookout\tCombat\t\t\t\t\tDraw a card. Swap hands with a friend.",
]).encode()
STARTERS = {s.name: s.deck for s in score_starters()}
GOKU = score_deck_text(STARTERS["Goku Saiyan Surge"])
FRIEZA = score_deck_text(STARTERS["Frieza Red Tyranny"])
# Alice's Goku plays the server's cards in place of five Freestyle ones
LOOKOUT_GOKU = (GOKU.replace("3 Quick Ki Blast", "3 Lookout Kick")
                .replace("2 Crossed Arms", "2 Lookout Riddle"))
PANINI_JSON = json.dumps({"set": "Strange Rites", "cards": [
    {"name": "Odd Ritual", "type": "event", "style": "freestyle",
     "text": "Chant until the moon listens."}]}).encode()


async def import_lookout(w: World) -> str:
    imported = await w.fake.slash(w.admin, w.general, "cards import",
                                  {"file": ("lookout.tsv", LOOKOUT), "ruleset": "score"})
    return imported.text()


async def state_of_sets(w: World) -> tuple[str, int]:
    listed = await w.fake.slash(w.admin, w.general, "cards list")
    row = await w.running().db.fetchone("SELECT COUNT(*) FROM card_sets")
    return listed.text(), row[0] if row is not None else -1


@async_test(timeout=240)
async def test_a_servers_score_set_is_shown_registered_and_played(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        async with w.start_bot() as bot:
            await configure(w)
            # before the import the server does not know the cards
            unknown = await register_by_form(w, w.alice, "Lookout", LOOKOUT_GOKU)
            assert "Saved" not in unknown and "Lookout Kick" in unknown, unknown
            text = await import_lookout(w)
            assert "Imported Score set **Lookout** (Lackey): 3 of 3 card(s)" in text, text
            assert "2 refereed in full, 1 with sentences players resolve by hand" in text
            assert "Enabled in this server for score." in text
            listed = await w.fake.slash(w.admin, w.general, "cards list")
            assert "**Lookout** (Score Lackey): 3 cards" in listed.text(), listed.text()
            assert "enabled for: score" in listed.text()

            # /card show: the personality's ladder, what is resolved by hand, the sandbox's
            kami = await w.fake.slash(w.alice, w.general, "card show",
                                      {"name": "Kami - Lookout Elder"})
            assert "Power stages: 100,000, 110,000" in kami.text(), kami.text()
            assert "Scouter carries out all of its text" in kami.text()
            riddle = await w.fake.slash(w.alice, w.general, "card show",
                                        {"name": "lookout riddle"})
            assert "players resolve these sentences by hand" in riddle.text(), riddle.text()
            assert "Swap hands with a friend" in riddle.text()
            assert "In the OCG: Event" in riddle.text()
            sandbox = await w.fake.slash(w.alice, w.general, "card show",
                                         {"name": "Goku - Hillside Farmboy"})
            assert "Power stages:" in sandbox.text() and "Score CCG" in sandbox.text()
            # another server has none of them
            elsewhere = bot.cardsets.score.pool_for(w.guild.id + 1)
            assert elsewhere.find("Lookout Kick") is None
            assert bot.cardsets.score.pool_for(None).find("Lookout Kick") is None

            # a deck of them registers here: legal under score, not under ocg (not enabled)
            saved = await register_by_form(w, w.alice, "Lookout", LOOKOUT_GOKU)
            assert "Saved **Lookout** (version 1)" in saved, saved
            assert "Legal under score" in saved and "Legal under ocg" not in saved
            assert "not enabled in this server under ocg: Lookout Kick, Lookout Riddle" in saved
            filed = await w.fake.slash(w.bob, w.general, "deck register",
                                       {"file": ("frieza.txt", FRIEZA.encode())})
            assert "Saved **frieza**" in filed.text()

            # disabled for score: no new match with it; enabled again: it plays
            off = await w.fake.slash(w.admin, w.general, "cards disable",
                                     {"set": "Lookout", "ruleset": "score"})
            assert "disabled for score" in off.text()
            wrong = await w.fake.slash(w.admin, w.general, "cards enable",
                                       {"set": "Lookout", "ruleset": "panini-2016"})
            assert "is a Score set: choose one of score, ocg" in wrong.text()
            refused = await w.fake.slash(w.alice, w.games, "play challenge",
                                         {"opponent": w.bob, "deck": "Lookout",
                                          "ruleset": "score"})
            assert "does not enable for score: Lookout Kick" in refused.text(), refused.text()
            on = await w.fake.slash(w.admin, w.general, "cards enable",
                                    {"set": "Lookout", "ruleset": "score"})
            assert "can now use the set 'Lookout' under score" in on.text()
            asked = await w.fake.slash(w.alice, w.games, "play challenge",
                                       {"opponent": w.bob, "deck": "Lookout",
                                        "ruleset": "score"})
            assert isinstance(asked.response, RecordedMessage), asked.text()
            await w.fake.click(w.bob, asked.response, "sc:ch:1:accept")
            match = await bot.matches.get(1)
            assert match.game.pool.find("Lookout Riddle") is not None
            alice = match.seat_of(w.alice.id) or 0
            names = {match.game.name(i) for i in range(len(match.game.state.cards))
                     if match.game.state.owners[i] == alice}
            assert {"Lookout Kick", "Lookout Riddle"} <= names
            await bot.notifier.settle()
            for _ in range(8):
                await play_decision(w, match)
            state = match.game.to_json()

        # a restart reads the stored set and replays the match with it
        async with w.start_bot() as bot:
            match = await bot.matches.get(1)
            assert match.game.to_json() == state


@async_test(timeout=120)
async def test_hostile_score_lists_are_refused_and_change_nothing(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot():
        await configure(w)
        assert "Imported Score set" in await import_lookout(w)
        before = await state_of_sets(w)
        attempts = [
            (("huge.tsv", b"x" * (MAX_SET_BYTES + 1)), "score", "the limit is"),
            (("cards.tsv", bytes(range(256)) * 8), "score", "cannot be imported"),
            (("cards.tsv", b"Name\tColour\nKick\tred\n"), "score", "no 'Type' column"),
            (("cards.json", b'{"set": "X", "cards": [1, {"name": "Kick"}]'), "score",
             "not valid JSON"),
            (("rites.json", PANINI_JSON), "score", "it is a Panini card list"),
            (("lookout.tsv", LOOKOUT), "panini-2016", "it is a Score card list"),
        ]
        for (filename, data), ruleset, words in attempts:
            tried = await w.fake.slash(w.admin, w.general, "cards import",
                                       {"file": (filename, data), "ruleset": ruleset})
            assert words in tried.text(), (filename, tried.text())
            assert "Nothing was changed" in tried.text() or "nothing was changed" in tried.text()
            assert await state_of_sets(w) == before
        # a set name the server's Panini set has is refused too
        rites = await w.fake.slash(w.admin, w.general, "cards import",
                                   {"file": ("rites.json", PANINI_JSON)})
        assert "Imported set **Strange Rites**" in rites.text(), rites.text()
        before = await state_of_sets(w)
        clash = await w.fake.slash(w.admin, w.general, "cards import",
                                   {"file": ("lookout.tsv", LOOKOUT), "ruleset": "ocg",
                                    "set-name": "Strange Rites"})
        assert "has a Panini set named 'Strange Rites'" in clash.text(), clash.text()
        assert await state_of_sets(w) == before
        # a re-import that renames nothing replaces the set in place
        again = await import_lookout(w)
        assert "Replaced Score set **Lookout**" in again


async def answer(bot: ScouterBot, w: World, match: LiveMatch, label: str | None = None) -> None:
    """The decider answers: the option starting with `label`, else the practice AI's."""
    decision = match.pending
    assert decision is not None
    ids = [option.id for option in decision.options]
    wanted = next((o.id for o in decision.options if label and o.label.startswith(label)),
                  None) or match.family.ai_answer(match.game, decision)
    user = match.players[decision.player]
    assert user is not None
    done = await bot.matches.decide(match.id, user, decision.seq, ids.index(wanted))
    assert done.ok, done.message


@async_test(timeout=180)
async def test_a_score_sentence_is_resolved_by_hand_with_resolve(tmp_path: Path) -> None:
    """Lookout Riddle's "Swap hands with a friend" is not read by the referee: its player
    makes the changes with /resolve (recorded, replayed), may not search the opponent's
    hand by name, and confirms; the opponent accepts."""
    async with world(tmp_path) as w:
        async with w.start_bot() as bot:
            await configure(w)
            assert "Imported Score set" in await import_lookout(w)
            goku = STARTERS["Goku Saiyan Surge"]
            riddles = ScoreDeck(main_personality=goku.main_personality,
                                life={"Lookout Riddle": 40, "Quick Ki Blast": 20})
            match = await bot.matches.create(
                guild_id=w.guild.id, channel_id=w.games.id, mode="casual", ruleset="score",
                players=(w.alice.id, w.bob.id), decks=(riddles, STARTERS["Frieza Red Tyranny"]),
                deck_versions=(None, None), seed=3)
            await bot.notifier.open_match(match, bot.get_channel(w.games.id))  # type: ignore[arg-type]
            await bot.notifier.settle()
            for _ in range(300):
                decision = match.pending
                assert decision is not None and match.active
                if decision.kind == "manual" and decision.player == 0:
                    break
                await answer(bot, w, match, "Use Lookout Riddle" if decision.player == 0
                             else None)
            decision = match.pending
            assert decision is not None and decision.kind == "manual", "never resolved by hand"
            thread, bob = match.thread_id or 0, match.game.player(1)
            assert "Swap hands with a friend" in decision.prompt
            await bot.notifier.settle()

            waiting = await w.fake.slash(w.bob, thread, "resolve", {"what": "draw", "value": 1})
            assert "only when the game waits for you" in waiting.text()
            hand = len(match.game.player(0).hand)
            drew = await w.fake.slash(w.alice, thread, "resolve", {"what": "draw", "value": 1})
            assert "By hand: Player 1 draws 1 card(s)." in drew.text(), drew.text()
            assert len(match.game.player(0).hand) == hand + 1
            # the opponent's hand is not searched by name: the same words either way
            before = match.game.to_json()
            held = match.game.name(bob.hand[0]) if bob.hand else "Quick Ki Blast"
            refusals = set()
            for name in (held, "Not A Card At All"):
                tried = await w.fake.slash(w.alice, thread, "resolve",
                                           {"what": "move", "whose": "opponent", "card": name,
                                            "source": "hand", "destination": "discard"})
                refusals.add(tried.text().replace(repr(name), "NAME"))
            assert len(refusals) == 1 and "hidden from you" in refusals.pop()
            assert match.game.to_json() == before
            # a decision number already answered is refused
            stale = await bot.matches.resolve_by_hand(match.id, w.alice.id, decision.seq - 1,
                                                      0, {"kind": "anger", "value": 1})
            assert not stale.ok and "earlier decision" in stale.message
            await answer(bot, w, match, "Done")
            confirm = match.pending
            assert confirm is not None and confirm.kind == "manual_confirm"
            await answer(bot, w, match, "Accept")
            state, count = match.game.to_json(), len(match.record.decisions)
            rows = await bot.db.fetchall(
                "SELECT source FROM match_decisions WHERE match_id=? AND option LIKE '@adjust:%'",
                (match.id,))
            assert [row[0] for row in rows] == ["player"]

        async with w.start_bot() as bot:  # the record replays to the same state
            again = await bot.matches.get(match.id)
            assert again.game.to_json() == state and len(again.record.decisions) == count
