"""/deck register with an OCTGN deck file (.o8d) through the fake Discord: an admin imports
the server's OCTGN set, a player attaches the deck OCTGN saved for them; its cards are found
by their OCTGN ids (the imported ones) or by their names as OCTGN writes them ("Goku -
Hopeful Fighter"); a typo, a hostile file and a file that is no deck at all are explained
and save nothing."""

from __future__ import annotations

from pathlib import Path

from engine.panini.cards import load_pool
from engine.panini.decklist import parse_deck_list
from tests.bot.e2e import GOKU, world
from tests.fakediscord import async_test

JAB_ID = "7c1e4a52-93b0-4d7e-a7f1-0c2b5f9e4d11"
KAME_LAB = f"""<?xml version="1.0" encoding="utf-8"?>
<set name="Kame Lab" id="3f0f2a8e-0000-4000-8000-000000000001">
  <cards>
    <card id="{JAB_ID}" name="Kame Lab Jab">
      <property name="Type" value="Physical Combat"/>
      <property name="Style" value="Saiyan"/>
      <property name="Text" value="Physical attack. DAMAGE: AT +1 stages."/>
    </card>
  </cards>
</set>
""".encode()


def octgn_deck(replace: dict[str, str] | None = None) -> bytes:
    """The Goku starter as OCTGN saves it: sections, "Name - Title" names, ids OCTGN knows
    (not Scouter's built-in cards), and the 2 Righteous Combo replaced by the imported Kame
    Lab Jab, named by its id under a name nobody uses."""
    parsed = parse_deck_list(GOKU, load_pool())
    lines = [
        '<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
        '<deck game="383a6ac2-6e52-40a5-980f-fade09e4908b">',
    ]
    section = None
    for number, entry in enumerate(parsed.entries):
        if entry.section != section:
            if section is not None:
                lines.append("  </section>")
            section = entry.section
            lines.append(f'  <section name="{section}" shared="False">')
        name = (replace or {}).get(entry.name, entry.name.replace(", ", " - "))
        card_id = f"00000000-0000-4000-8000-{number:012d}"
        if entry.name == "Righteous Combo":
            name, card_id = "Kame Lab Jab (first printing)", JAB_ID
        lines.append(f'    <card qty="{entry.count}" id="{card_id}">{name}</card>')
    lines += ["  </section>", "  <notes><![CDATA[Hit hard.]]></notes>", "</deck>"]
    return "\n".join(lines).encode()


@async_test(timeout=90)
async def test_a_player_registers_the_octgn_deck_they_already_have(tmp_path: Path) -> None:
    async with world(tmp_path) as w, w.start_bot() as bot:
        imported = await w.fake.slash(
            w.admin, w.general, "cards import", {"file": ("kame-lab.xml", KAME_LAB)}
        )
        assert "Imported set **Kame Lab**" in imported.text(), imported.text()

        # the deck as OCTGN saved it: named after the file, legal
        saved = await w.fake.slash(
            w.alice, w.general, "deck register", {"file": ("Goku Saiyan.o8d", octgn_deck())}
        )
        assert saved.ephemeral
        assert "Saved **Goku Saiyan** (version 1)" in saved.text(), saved.text()
        assert "Legal under panini-2016" in saved.text()
        shown = await w.fake.slash(w.alice, w.general, "deck show", {"name": "goku saiyan"})
        assert "2x Kame Lab Jab" in shown.text() and "1x Goku, Hopeful Fighter" in shown.text()
        stored = await bot.decks.latest(w.alice.id, "Goku Saiyan", w.guild.id)
        assert stored.legal_under("panini-2016"), stored.problems  # read again from storage

        # a typo: the line, the card, the name it may mean; nothing saved
        typo = await w.fake.slash(w.bob, w.general, "deck register", {
            "name": "Goku", "file": ("goku.o8d", octgn_deck({"Saiyan Ki Swat": "Saiyan Ki Swot"})),
        })  # fmt: skip
        assert "I could not read 1 line(s) of that deck list" in typo.text(), typo.text()
        assert "unknown card 'Saiyan Ki Swot' — did you mean 'Saiyan Ki Swat'?" in typo.text()
        assert "Nothing was saved." in typo.text()

        # a hostile file and a file that is neither a list nor a deck: why, nothing saved
        evil = (b'<?xml version="1.0"?><!DOCTYPE deck [<!ENTITY x SYSTEM "file:///etc/passwd">'
                b']><deck><card qty="1">&x;</card></deck>')  # fmt: skip
        refused = await w.fake.slash(
            w.bob, w.general, "deck register", {"file": ("evil.o8d", evil)}
        )
        assert refused.ephemeral and refused.text() == (
            "evil.o8d cannot be read as an OCTGN deck (.o8d): DOCTYPE and entity declarations "
            "are not accepted.\nNothing was saved.")  # fmt: skip
        image = await w.fake.slash(
            w.bob,
            w.general,
            "deck register",
            {"file": ("deck.png", b"\x89PNG\r\n\x1a\n\x00\xff\xfe")},
        )
        assert "deck.png is neither a deck list in UTF-8 text (.txt) nor an OCTGN deck file" in (
            image.text())  # fmt: skip
        assert "Nothing was saved." in image.text()
        assert await bot.decks.names(w.bob.id) == []
        assert await bot.decks.names(w.alice.id) == ["Goku Saiyan"]
