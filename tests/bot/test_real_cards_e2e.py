"""Real cards in Discord, end to end against the fake: a server admin imports an OCTGN set
file players keep (../shared/corpus, development only), two players register decks of its
cards and play a whole match in a thread, resolving by hand what the engine does not run.
Skips with a clear message when the corpus is absent."""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

from engine.panini.cards import CardPool, Style
from engine.panini.decklist import Deck
from tests.bot.e2e import LeakChecker, world
from tests.bot.test_discord_e2e import configure, finish
from tests.corpus import CORPUS, corpus_deck, corpus_pool, need_corpus
from tests.fakediscord import async_test


def octgn_deck(deck: Deck, pool: CardPool) -> bytes:
    """`deck` as OCTGN saves it: each card by its OCTGN id, under the name OCTGN shows."""
    rows = []
    for name, count in deck.counts().items():
        card = pool[name]
        rows.append(f'<card qty="{count}" id="{card.source_ids[0]}">{escape(card.title)}</card>')
    body = "".join(rows)
    return (f'<?xml version="1.0" encoding="utf-8" standalone="yes"?><deck game="dbz">'
            f'<section name="Cards" shared="False">{body}</section></deck>').encode()


@async_test(timeout=600)
async def test_a_match_of_real_cards_from_import_to_game_over(tmp_path: Path) -> None:
    need_corpus()
    pool = corpus_pool()
    goku = corpus_deck(pool, "Awakening", "Goku", Style.SAIYAN)
    cell = corpus_deck(pool, "Awakening", "Cell", Style.RED)
    async with world(tmp_path) as w:
        leaks = LeakChecker(w)
        async with w.start_bot() as bot:
            await configure(w)
            imported = await w.fake.slash(w.admin, w.general, "cards import", {
                "file": ("Awakening.xml", (CORPUS / "Awakening.xml").read_bytes())})
            assert "Imported set **Awakening** (octgn): 315 of 317 card(s)" in imported.text()
            # Alice attaches the deck as OCTGN saved it, Bob a pasted list's text file
            for user, file in ((w.alice, (f"{goku.name}.o8d", octgn_deck(goku, pool))),
                               (w.bob, (f"{cell.name}.txt", cell.to_text().encode()))):
                saved = await w.fake.slash(user, w.general, "deck register", {"file": file})
                assert "Legal under panini-2016" in saved.text(), saved.text()
            await w.fake.slash(w.alice, w.games, "play queue", {"deck": goku.name})
            paired = await w.fake.slash(w.bob, w.games, "play queue", {"deck": cell.name})
            assert "Match #1 is on" in paired.text(), paired.text()
            match = await bot.matches.get(1)
            await bot.notifier.settle()
            await finish(w, match, leaks)
            await bot.notifier.settle()
            result = w.fake.latest_message(match.thread_id or 0)
            assert result is not None and "Game over." in result.text()
            # the players resolved partly automated cards by hand along the way, and each
            # time the opponent accepted
            options = [answer.option for answer in match.record.decisions]
            assert options.count("done") >= 1 and "accept" in options, options
            assert leaks.checked > 30
