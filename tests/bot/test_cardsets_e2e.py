"""/cards through the fake Discord: an admin imports an invented set in one server; /card
show and /card search find its cards (with how much of them Scouter runs) there and not in
a second server; non-admins are refused; a malformed file gets the reasons and changes
nothing; a long report arrives as a .txt."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from pydantic import SecretStr

from bot.app import ScouterBot
from bot.settings import Settings
from tests.bot.e2e import MANAGE_GUILD, World, world
from tests.fakediscord import async_test
from tests.fakediscord.helpers import running_bot

INVENTED = json.dumps({"set": "Kame Lab", "cards": [
    {"name": "Kame Lab Zapper", "type": "energy_combat", "style": "blue",
     "text": "Energy attack costing 1 stage. DAMAGE: 2 life cards."},
    {"name": "Kame Lab Riddle", "type": "event",
     "text": "Draw 1 card. Swap hands with your opponent."},
    {"name": "Kame Lab Mixup", "type": "event", "colour": "green"},
]}).encode()


@contextlib.asynccontextmanager
async def global_bot(w: World) -> AsyncIterator[ScouterBot]:
    """The bot with global commands (no DEV_GUILD_ID), so both servers have them."""
    settings = Settings(discord_token=SecretStr(w.fake.bot_token), database_path=w.db_path,
                        render_processes=0)
    bot = ScouterBot(settings, timer_period=3600, guild_ready_timeout=0.05)
    async with running_bot(bot, w.fake.bot_token):
        yield bot
        await bot.notifier.settle()


@async_test(timeout=60)
async def test_an_admin_imports_a_set_for_their_server_only(tmp_path: Path) -> None:
    async with world(tmp_path) as w:
        other = w.fake.add_guild("Capsule Corp")
        lounge = w.fake.add_text_channel(other, "lounge")
        w.fake.add_member(other, w.carol)
        w.fake.add_member(other, w.admin, permissions=MANAGE_GUILD)
        async with global_bot(w) as bot:
            kame = bot.cardsets.pool_for(w.guild.id)
            size = len(kame)
            # non-admins: Discord hides /cards, and the bot refuses if a server shows it
            with pytest.raises(PermissionError, match="hidden from alice"):
                await w.fake.slash(w.alice, w.general, "cards import",
                                   {"file": ("kame.json", INVENTED)})
            command = w.fake.find_command("cards", w.general)
            required = command.payload.pop("default_member_permissions")
            refused = await w.fake.slash(w.alice, w.general, "cards import",
                                         {"file": ("kame.json", INVENTED)})
            assert refused.ephemeral and "Manage Guild permission" in refused.text()
            command.payload["default_member_permissions"] = required
            assert len(bot.cardsets.pool_for(w.guild.id)) == size

            # a malformed file: the reasons, and nothing changes
            bad = await w.fake.slash(w.admin, w.general, "cards import",
                                     {"file": ("broken.json", b'{"set": "X", "cards": [')})
            assert bad.ephemeral and "broken.json cannot be imported (json): not valid JSON" in (
                bad.text())
            assert "Nothing was changed." in bad.text()
            latin = await w.fake.slash(w.admin, w.general, "cards import",
                                       {"file": ("latin.csv", "name,type\nCaf\xe9,event\n"
                                                 .encode("latin-1"))})
            assert "latin.csv cannot be imported (encoding): not UTF-8 text" in latin.text()
            assert "Nothing was changed." in latin.text()
            assert len(bot.cardsets.pool_for(w.guild.id)) == size
            assert "No imported sets yet" in (
                await w.fake.slash(w.admin, w.general, "cards list")).text()

            # the import: the report names the rejected record and why
            done = await w.fake.slash(w.admin, w.general, "cards import",
                                      {"file": ("kame.json", INVENTED)})
            text = done.text()
            assert done.ephemeral and "Imported set **Kame Lab** (json): 2 of 3" in text
            assert "1 automated, 1 partial, 0 manual" in text
            assert "card #3 (Kame Lab Mixup): colour: unknown field" in text
            assert len(bot.cardsets.pool_for(w.guild.id)) == size + 2
            assert bot.decks.pools(w.guild.id) is bot.cardsets.pool_for(w.guild.id)
            assert bot.matches.pools(w.guild.id) is bot.cardsets.pool_for(w.guild.id)
            assert len(bot.cardsets.pool_for(other.id)) == size
            listed = (await w.fake.slash(w.admin, w.general, "cards list")).text()
            assert "**Kame Lab** (json): 2 cards" in listed
            assert "enabled for: panini-2016, panini-2014" in listed

            # /card show in this server: the card, its automation, the manual sentences
            shown = await w.fake.slash(w.carol, w.general, "card show",
                                       {"name": "kame lab riddle"})
            assert "Automation: partial" in shown.text()
            assert "players resolve these by hand" in shown.text()
            assert "- Swap hands with your opponent." in shown.text()
            zapper = await w.fake.slash(w.carol, w.general, "card show",
                                        {"name": "Kame Lab Zapper"})
            assert "Automation: automated" in zapper.text()
            typed = await w.fake.autocomplete(w.carol, w.general, "card show", focused="name",
                                              value="kame lab")
            assert {c["value"] for c in typed.choices or []} == {"Kame Lab Zapper",
                                                                 "Kame Lab Riddle"}
            found = await w.fake.slash(w.carol, w.general, "card search", {"words": "kame"})
            assert "**Kame Lab Riddle** · freestyle event · partial" in found.text()

            # ...and not in the other server
            elsewhere = await w.fake.slash(w.carol, lounge, "card show",
                                           {"name": "Kame Lab Riddle"})
            assert "No card named 'Kame Lab Riddle'" in elsewhere.text()
            nothing = await w.fake.slash(w.carol, lounge, "card search", {"words": "kame"})
            assert "No card matches" in nothing.text()
            assert "No imported sets yet" in (
                await w.fake.slash(w.admin, lounge, "cards list")).text()

            # disable, enable; a re-import replaces the set
            off = await w.fake.slash(w.admin, w.general, "cards disable",
                                     {"set": "kame lab", "ruleset": "panini-2014"})
            assert "disabled for panini-2014" in off.text()
            unknown = await w.fake.slash(w.admin, lounge, "cards enable",
                                         {"set": "Kame Lab", "ruleset": "panini-2014"})
            assert "no card set named 'Kame Lab'" in unknown.text()
            on = await w.fake.slash(w.admin, w.general, "cards enable",
                                    {"set": "Kame Lab", "ruleset": "panini-2014"})
            assert "can now use the set" in on.text()
            again = await w.fake.slash(w.admin, w.general, "cards import",
                                       {"file": ("kame.json", INVENTED),
                                        "ruleset": "panini-2016"})
            assert "Replaced set **Kame Lab**" in again.text()
            assert "Enabled in this server for panini-2016." in again.text()
            assert len(bot.cardsets.pool_for(w.guild.id)) == size + 2

            # the other server's names are its own (issue 13): the same name is another
            # card there, and nothing of this server's set reaches it; a long report
            # comes as a .txt
            clash = [{"name": "Kame Lab Zapper", "type": "event", "text": "Draw 1 card."}]
            clash += [{"name": f"Broken {n}", "type": "wizard"} for n in range(40)]
            theirs = await w.fake.slash(w.admin, lounge, "cards import", {
                "file": ("theirs.json", json.dumps({"set": "Theirs", "cards": clash}).encode())})
            assert "Imported set **Theirs** (json): 1 of 41" in theirs.text()
            assert "40 record(s) rejected" in theirs.text()
            assert "The full report is attached" in theirs.text()
            message = next(m for m in theirs.messages if m.attachment_names())
            report = message.attachment("import-report.txt").decode()
            assert "Kame Lab" not in report.replace("Kame Lab Zapper", "")
            assert bot.cardsets.pool_for(other.id)["Kame Lab Zapper"].text == "Draw 1 card."
            assert bot.cardsets.pool_for(w.guild.id)["Kame Lab Zapper"].text != "Draw 1 card."
            assert "Broken 39" in report
            assert len(bot.cardsets.pool_for(w.guild.id)) == size + 2
