"""Self-tests of tests/fakediscord: a tiny real discord.py bot against the fake Discord."""

from __future__ import annotations

import asyncio
import contextlib
import io
import math
import time
import zlib
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.webhook.async_ import async_context, interaction_response_params
from multidict import CIMultiDict

from tests.fakediscord import (
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeModal,
    FakeRole,
    FakeUser,
    RecordedMessage,
    RouteLimit,
    async_test,
    instant_retries,
    running_bot,
)
from tests.fakediscord.errors import ApiError
from tests.fakediscord.model import DEFAULT_BOT_PERMISSIONS
from tests.fakediscord.multipart import header_params, parse_form


@pytest.fixture(autouse=True)
def check_access_index(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every access the fake's index answers is checked against a full scan here."""
    monkeypatch.setattr("tests.fakediscord.state.CHECK_ACCESS_INDEX", True)


def _png() -> bytes:
    """A valid 1x1 PNG, built here so the test owns its data."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return len(data).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")

    header = (1).to_bytes(4, "big") + (1).to_bytes(4, "big") + bytes([8, 2, 0, 0, 0])
    pixels = zlib.compress(b"\x00\xff\x00\x00")
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")
    )


PNG = _png()


class ReadyView(discord.ui.View):
    """A persistent view: no timeout, fixed custom_id, registered in setup_hook."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(
        label="I'm ready", custom_id="lobby:ready", style=discord.ButtonStyle.primary
    )
    async def ready(self, interaction: discord.Interaction, button: discord.ui.Button[Any]) -> None:
        await interaction.response.edit_message(
            content=f"{interaction.user.name} is ready", view=None
        )


class PickView(discord.ui.View):
    @discord.ui.select(
        custom_id="pick:card",
        placeholder="Choose a card",
        options=[
            discord.SelectOption(label="Goku", value="goku", description="Saiyan"),
            discord.SelectOption(label="Vegeta", value="vegeta"),
        ],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.send_message(f"picked {select.values[0]}", ephemeral=True)


class RenameModal(discord.ui.Modal, title="Rename your deck"):
    deck_name: discord.ui.TextInput[Any] = discord.ui.TextInput(
        label="Deck name", custom_id="deck_name"
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            f"Deck renamed to {self.deck_name.value}", ephemeral=True
        )


@dataclass
class Seen:
    """What the bot observed, for assertions."""

    double_ack: list[discord.HTTPException] = field(default_factory=list)
    rejected: list[discord.HTTPException] = field(default_factory=list)
    late: list[discord.HTTPException] = field(default_factory=list)


class TinyBot(commands.Bot):
    def __init__(self, guild_id: int) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            guild_ready_timeout=0.05,
        )
        self.guild_ref = discord.Object(guild_id)
        self.seen = Seen()
        self.gate = asyncio.Event()

    async def setup_hook(self) -> None:
        deck = app_commands.Group(name="deck", description="Your decks")

        @deck.command(name="register", description="Register a deck")
        async def register(
            interaction: discord.Interaction, name: str, partner: discord.Member | None = None
        ) -> None:
            extra = f" with {partner.display_name}" if partner is not None else ""
            await interaction.response.send_message(f"Registered {name}{extra}", ephemeral=True)

        @app_commands.command(name="slow", description="Thinks, then answers")
        async def slow(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.followup.send("Done thinking")

        @app_commands.command(name="lobby", description="Post the lobby")
        async def lobby(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Waiting for players", view=ReadyView())

        @app_commands.command(name="pick", description="Pick a card")
        async def pick(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Pick one", view=PickView())

        @app_commands.command(name="rename", description="Rename a deck")
        async def rename(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(RenameModal())

        @app_commands.command(name="twice", description="Answers twice")
        async def twice(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("first")
            # A second callback on the same interaction, as a buggy bot would send it.
            params = interaction_response_params(4, {"content": "second"})
            try:
                await async_context.get().create_interaction_response(
                    interaction.id, interaction.token, session=interaction._session, params=params
                )
            except discord.HTTPException as exc:
                self.seen.double_ack.append(exc)

        @app_commands.command(name="long", description="Too long an answer")
        async def long(interaction: discord.Interaction) -> None:
            try:
                await interaction.response.send_message("x" * 2001)
            except discord.HTTPException as exc:
                self.seen.rejected.append(exc)

        @app_commands.command(name="late", description="Answers when the test says so")
        async def late(interaction: discord.Interaction) -> None:
            await self.gate.wait()
            try:
                await interaction.response.send_message("finally")
            except discord.HTTPException as exc:
                self.seen.late.append(exc)

        @app_commands.command(name="shout", description="Says it, whispers it, edits it")
        async def shout(interaction: discord.Interaction, text: str) -> None:
            await interaction.response.send_message(text)
            await interaction.followup.send(text, ephemeral=True)
            await interaction.followup.send(text)
            await interaction.edit_original_response(content=f"{text}!")

        @app_commands.command(name="slowshout", description="Thinks, then says it")
        async def slowshout(interaction: discord.Interaction, text: str) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.followup.send(text)

        commands_: list[app_commands.Command[Any, Any, Any] | app_commands.Group] = [
            shout,
            slowshout,
            deck,
            slow,
            lobby,
            pick,
            rename,
            twice,
            long,
            late,
        ]
        for cmd in commands_:
            self.tree.add_command(cmd, guild=self.guild_ref)
        self.add_view(ReadyView())
        await self.tree.sync(guild=self.guild_ref)


@dataclass
class World:
    fake: FakeDiscord
    guild: FakeGuild
    games: FakeChannel
    locked: FakeChannel
    alice: FakeUser
    bob: FakeUser
    carol: FakeUser
    bot: TinyBot


@contextlib.asynccontextmanager
async def world() -> AsyncIterator[World]:
    fake = await FakeDiscord(settle=0.05).start()
    try:
        guild = fake.add_guild("Capsule Corp")
        games = fake.add_text_channel(guild, "games")
        locked = fake.add_text_channel(
            guild, "announcements", bot_can_send=False, bot_can_create_private_threads=False
        )
        alice = fake.add_user("alice")
        bob = fake.add_user("bob")
        carol = fake.add_user("carol", dm_open=False)
        for user in (alice, bob, carol):
            fake.add_member(guild, user)
        bot = TinyBot(guild.id)
        async with running_bot(bot, fake.bot_token):
            yield World(fake, guild, games, locked, alice, bob, carol, bot)
        assert fake.unhandled == []
    finally:
        await fake.stop()


def texts(messages: list[RecordedMessage]) -> str:
    return "\n".join(m.text() for m in messages)


@async_test
async def test_login_ready_and_guild_cached() -> None:
    async with world() as w:
        guild = w.bot.get_guild(w.guild.id)
        assert guild is not None and guild.name == "Capsule Corp"
        assert w.bot.user is not None and w.bot.user.id == w.fake.bot_user.id
        assert guild.me is not None
        assert {c.name for c in guild.text_channels} == {"games", "announcements"}
        assert guild.member_count == 5  # owner, bot, alice, bob, carol
        assert w.fake.identify_count == 1
        names = {c.name for c in w.fake.commands(w.guild)}
        assert {"deck", "slow", "lobby", "pick", "rename", "twice"} <= names
        # Permissions the bot can check beforehand agree with what the fake enforces.
        announcements = guild.get_channel(w.locked.id)
        assert isinstance(announcements, discord.TextChannel)
        perms = announcements.permissions_for(guild.me)
        assert not perms.send_messages and not perms.create_private_threads
        assert perms.create_public_threads
        with pytest.raises(discord.Forbidden) as info:
            await announcements.send("hello")
        assert info.value.code == 50013
        # Revoking a permission later reaches the bot's cache (CHANNEL_UPDATE) and the REST API.
        games = guild.get_channel(w.games.id)
        assert isinstance(games, discord.TextChannel)
        assert games.permissions_for(guild.me).send_messages
        w.fake.set_bot_permissions(w.games, bot_can_send=False)
        await w.fake.wait_until(lambda: not games.permissions_for(guild.me).send_messages)
        with pytest.raises(discord.Forbidden):
            await games.send("hello")


@async_test
async def test_subcommand_with_user_option_is_ephemeral() -> None:
    async with world() as w:
        result = await w.fake.slash(
            w.alice, w.games, "deck register", {"name": "Goku", "partner": w.bob}
        )
        assert result.error is None
        assert result.response_type == 4
        msg = result.response
        assert isinstance(msg, RecordedMessage)
        assert msg.content == "Registered Goku with bob"
        assert msg.ephemeral and msg.viewers == {w.alice.id}
        assert "Registered Goku" in texts(w.fake.visible_to(w.alice))
        assert "Registered Goku" not in texts(w.fake.visible_to(w.bob))


@async_test
async def test_deferred_reply_then_followup() -> None:
    async with world() as w:
        result = await w.fake.slash(w.alice, w.games, "slow")
        assert result.error is None and result.deferred
        msg = result.response
        assert isinstance(msg, RecordedMessage)
        assert msg.content == "Done thinking" and not msg.loading and not msg.ephemeral
        # Public: everyone saw the "thinking" state and then the answer.
        assert {w.alice.id, w.bob.id, w.carol.id} <= msg.viewers
        assert [v.loading for v in w.fake.visible_to(w.bob)] == [True, False]


@async_test
async def test_persistent_button_edits_message() -> None:
    async with world() as w:
        posted = await w.fake.slash(w.alice, w.games, "lobby")
        lobby = posted.response
        assert isinstance(lobby, RecordedMessage) and lobby.custom_ids() == ["lobby:ready"]
        clicked = await w.fake.click(w.bob, lobby, "lobby:ready")
        assert clicked.error is None and clicked.response_type == 7
        edited = clicked.response
        assert isinstance(edited, RecordedMessage)
        assert edited.id == lobby.id and edited.version == 1
        assert edited.content == "bob is ready" and edited.components == []
        assert w.fake.latest_message(w.games) is edited


@async_test
async def test_select_menu() -> None:
    async with world() as w:
        posted = await w.fake.slash(w.alice, w.games, "pick")
        message = posted.response
        assert isinstance(message, RecordedMessage)
        assert "Choose a card" in message.text() and "Saiyan" in message.text()
        with pytest.raises(ValueError):
            await w.fake.select(w.bob, message, "pick:card", ["broly"])
        picked = await w.fake.select(w.bob, message, "pick:card", ["vegeta"])
        answer = picked.response
        assert isinstance(answer, RecordedMessage)
        assert answer.content == "picked vegeta" and answer.viewers == {w.bob.id}


@async_test
async def test_modal_round_trip() -> None:
    async with world() as w:
        opened = await w.fake.slash(w.alice, w.games, "rename")
        assert opened.response_type == 9
        modal = opened.response
        assert isinstance(modal, FakeModal) and modal.title == "Rename your deck"
        submitted = await w.fake.submit_modal(
            w.alice, w.games, modal.custom_id, {"deck_name": "Saiyan Saga"}
        )
        answer = submitted.response
        assert isinstance(answer, RecordedMessage)
        assert answer.content == "Deck renamed to Saiyan Saga" and answer.ephemeral


@async_test
async def test_direct_messages_and_closed_dms() -> None:
    async with world() as w:
        alice = await w.bot.fetch_user(w.alice.id)
        await alice.send("Your turn")
        assert [m.content for m in w.fake.dm_messages(w.alice)] == ["Your turn"]
        assert w.fake.dm_messages(w.alice)[0].viewers == {w.alice.id, w.fake.bot_user.id}
        carol = await w.bot.fetch_user(w.carol.id)
        with pytest.raises(discord.Forbidden) as info:
            await carol.send("Your turn")
        assert info.value.code == 50007
        assert w.fake.dm_messages(w.carol) == []


@async_test
async def test_private_thread_visible_only_to_members() -> None:
    async with world() as w:
        channel = w.bot.get_channel(w.games.id)
        assert isinstance(channel, discord.TextChannel)
        thread = await channel.create_thread(name="game-1", type=discord.ChannelType.private_thread)
        await thread.add_user(discord.Object(w.alice.id))
        await thread.send("Alice's secret hand: Goku")
        fake_thread = next(t for t in w.fake.threads if t.id == thread.id)
        assert fake_thread.is_private_thread and set(fake_thread.member_ids) == {
            w.fake.bot_user.id,
            w.alice.id,
        }
        assert "secret hand" in texts(w.fake.visible_to(w.alice))
        assert "secret hand" not in texts(w.fake.visible_to(w.bob))
        await w.fake.wait_until(lambda: w.bot.get_channel(thread.id) is not None)
        # The bot cannot create a private thread where it lacks the permission.
        locked = w.bot.get_channel(w.locked.id)
        assert isinstance(locked, discord.TextChannel)
        with pytest.raises(discord.Forbidden) as info:
            await locked.create_thread(name="nope", type=discord.ChannelType.private_thread)
        assert info.value.code == 50013
        # Adding bob later lets him read the thread's history.
        await thread.add_user(discord.Object(w.bob.id))
        assert "secret hand" in texts(w.fake.visible_to(w.bob))


@async_test
async def test_png_attachment_round_trip() -> None:
    async with world() as w:
        channel = w.bot.get_channel(w.games.id)
        assert isinstance(channel, discord.TextChannel)
        sent = await channel.send("The board", file=discord.File(io.BytesIO(PNG), "board.png"))
        recorded = w.fake.latest_message(w.games)
        assert recorded is not None and recorded.attachment("board.png") == PNG
        assert "board.png" in recorded.text()
        attachment = sent.attachments[0]
        assert attachment.width == 1 and attachment.content_type == "image/png"
        assert await attachment.read() == PNG


@async_test
async def test_upload_names_survive_the_form_and_a_broken_form_is_refused() -> None:
    async with world() as w:
        channel = w.bot.get_channel(w.games.id)
        assert isinstance(channel, discord.TextChannel)
        name = 'Goku "SSJ" \\ Vegeta é.png'
        await channel.send(files=[discord.File(io.BytesIO(PNG), name),
                                  discord.File(io.BytesIO(b"x"), "notes.txt")])
        recorded = w.fake.latest_message(w.games)
        assert recorded is not None and recorded.attachment_names() == [name, "notes.txt"]
        assert recorded.attachment(name) == PNG and recorded.attachment("notes.txt") == b"x"
        before = len(w.fake.state.records)
        url = f"{w.fake.api_base}/channels/{w.games.id}/messages"
        auth = {"Authorization": f"Bot {w.fake.bot_token}"}
        bodies = {
            "no close": b'--B\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n{}',
            "no name": b"--B\r\nContent-Disposition: form-data\r\n\r\n{}\r\n--B--\r\n",
            "base64": b'--B\r\nContent-Disposition: form-data; name="files[0]"; filename="a.png"'
                      b"\r\nContent-Transfer-Encoding: base64\r\n\r\nAA==\r\n--B--\r\n",
            "bad json": b'--B\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n'
                        b"{nope\r\n--B--\r\n",
        }
        async with aiohttp.ClientSession() as http:
            for why, raw in bodies.items():
                headers = {**auth, "Content-Type": "multipart/form-data; boundary=B"}
                async with http.post(url, data=raw, headers=headers) as answer:
                    assert answer.status == 400, why
                    assert (await answer.json())["code"] in (50035, 50109), why
        assert len(w.fake.state.records) == before


def test_header_params_read_quotes_escapes_and_rfc_8187() -> None:
    assert header_params('form-data; name="files[0]"; filename="a \\"b\\".png"') == (
        "form-data", {"name": "files[0]", "filename": 'a "b".png'})
    assert header_params("Multipart/Form-Data; boundary=xyz")[1] == {"boundary": "xyz"}
    assert header_params("form-data; filename=a.png; filename*=utf-8''%C3%A9.png")[1] == {
        "filename": "é.png"}
    assert parse_form(b"--B--\r\n", "B") == []
    with pytest.raises(ApiError):
        parse_form(b"--B\r\n\r\n", "")


@async_test
async def test_second_response_is_rejected_40060() -> None:
    async with world() as w:
        result = await w.fake.slash(w.alice, w.games, "twice")
        message = result.response
        assert isinstance(message, RecordedMessage) and message.content == "first"
        assert [e.code for e in w.bot.seen.double_ack] == [40060]
        assert [e.code for e in result.errors] == [40060]


@async_test
async def test_faithful_rejections() -> None:
    async with world() as w:
        too_long = await w.fake.slash(w.alice, w.games, "long", timeout=0.3)
        assert too_long.error is not None and "did not respond" in too_long.error
        [rejected] = w.bot.seen.rejected
        assert rejected.code == 50035 and "data.content" in rejected.text
        channel = w.bot.get_channel(w.games.id)
        assert isinstance(channel, discord.TextChannel)
        with pytest.raises(discord.HTTPException) as info:
            await channel.send(embed=discord.Embed(title="t" * 257))
        assert info.value.code == 50035 and "embeds.0.title" in info.value.text
        with pytest.raises(discord.HTTPException) as info:
            await channel.send(view=discord.ui.View().add_item(discord.ui.Button(label="x" * 81)))
        assert info.value.code == 50035 and "label" in info.value.text


@async_test
async def test_answer_after_three_seconds_is_unknown_interaction() -> None:
    async with world() as w:
        pending = asyncio.create_task(w.fake.slash(w.alice, w.games, "late"))
        await w.fake.wait_until(lambda: len(w.fake.state.interactions) == 1)
        w.fake.advance(4)  # the fake's clock: nothing sleeps
        result = await pending
        w.bot.gate.set()
        await w.fake.wait_until(lambda: bool(w.bot.seen.late))
        assert result.error is not None and not result.acknowledged
        assert [e.code for e in w.bot.seen.late] == [10062]


@async_test
async def test_restart_with_a_new_bot_instance() -> None:
    async with world() as w:
        await w.bot.close()
        await w.fake.wait_disconnected()
        second = TinyBot(w.guild.id)
        async with running_bot(second, w.fake.bot_token):
            assert w.fake.identify_count == 2
            assert second.get_guild(w.guild.id) is not None
            result = await w.fake.slash(w.bob, w.games, "deck register", {"name": "Vegeta"})
            assert isinstance(result.response, RecordedMessage)
            assert result.response.content == "Registered Vegeta"
        assert w.fake.unhandled == []


# ---- mentions and pings -------------------------------------------------------------------------


@contextlib.asynccontextmanager
async def http_client(fake: FakeDiscord, **options: Any) -> AsyncIterator[discord.Client]:
    """A discord.py client logged in over REST only (no gateway), as a second process would be."""
    client = discord.Client(intents=discord.Intents.default(), **options)
    await client.login(fake.bot_token)
    try:
        yield client
    finally:
        await client.close()


@dataclass
class Arena:
    """A guild with #arena (carol cannot see it) and a role held by alice and bob."""

    fake: FakeDiscord
    guild: FakeGuild
    arena: FakeChannel
    owner: FakeUser
    alice: FakeUser
    bob: FakeUser
    carol: FakeUser
    saiyans: FakeRole
    content: str


@contextlib.asynccontextmanager
async def arena(
    *, mention_everyone: bool = True, mentionable: bool = False
) -> AsyncIterator[Arena]:
    fake = await FakeDiscord().start()
    try:
        owner = fake.add_user("owner")
        bot_permissions = discord.Permissions(DEFAULT_BOT_PERMISSIONS)
        bot_permissions.mention_everyone = mention_everyone
        guild = fake.add_guild("Namek", owner=owner, bot_permissions=bot_permissions)
        alice, bob, carol = (fake.add_user(name) for name in ("alice", "bob", "carol"))
        saiyans = fake.add_role(guild, "saiyans", mentionable=mentionable)
        fake.add_member(guild, alice, roles=[saiyans])
        fake.add_member(guild, bob, roles=[saiyans])
        fake.add_member(guild, carol)
        channel = fake.add_text_channel(guild, "arena")
        fake.set_overwrite(channel, carol, deny=discord.Permissions(view_channel=True))
        content = f"@everyone {saiyans.mention} {alice.mention}"
        yield Arena(fake, guild, channel, owner, alice, bob, carol, saiyans, content)
        assert fake.unhandled == []
    finally:
        await fake.stop()


async def send(client: discord.Client, channel: FakeChannel, content: str, **kwargs: Any) -> Any:
    return await client.get_partial_messageable(channel.id).send(content, **kwargs)


@async_test
async def test_a_bare_send_pings_everyone_it_mentions() -> None:
    async with arena() as a, http_client(a.fake) as client:
        sent = await send(client, a.arena, a.content)
        recorded = a.fake.latest_message(a.arena)
        assert recorded is not None
        # Carol cannot see #arena: @everyone does not reach her; the bot never pings itself.
        assert recorded.pinged == recorded.notified == {a.owner.id, a.alice.id, a.bob.id}
        assert recorded.mentions == [a.alice.id] and recorded.mention_roles == [a.saiyans.id]
        assert recorded.mention_everyone
        # The payload says the same to discord.py.
        assert sent.mention_everyone and [u.id for u in sent.mentions] == [a.alice.id]
        assert recorded.payload["mention_roles"] == [str(a.saiyans.id)]
        assert [p.user_id for p in a.fake.pings()] == sorted(recorded.pinged)
        assert all(p.notified and p.message is recorded for p in a.fake.pings())


@async_test
async def test_client_default_none_pings_nobody_and_merges_per_call() -> None:
    async with (
        arena() as a,
        http_client(a.fake, allowed_mentions=discord.AllowedMentions.none()) as client,
    ):
        sent = await send(client, a.arena, a.content)
        recorded = a.fake.latest_message(a.arena)
        assert recorded is not None and recorded.pinged == frozenset()
        assert recorded.mentions == [] and recorded.mention_roles == []
        assert not recorded.mention_everyone and not sent.mention_everyone
        assert recorded.payload["mentions"] == [] and a.fake.pings() == []
        # Per call, discord.py merges onto the client's default: only users are switched on.
        await send(client, a.arena, a.content, allowed_mentions=discord.AllowedMentions(users=True))
        assert [p.user_id for p in a.fake.pings()] == [a.alice.id]
        # A list of users pings only them, even when others are mentioned.
        bob_too = f"{a.content} {a.bob.mention}"
        await send(
            client, a.arena, bob_too, allowed_mentions=discord.AllowedMentions(users=[a.bob])
        )
        latest = a.fake.latest_message(a.arena)
        assert latest is not None and latest.pinged == {a.bob.id} and latest.mentions == [a.bob.id]


@async_test
async def test_a_user_list_without_client_default_still_parses_everyone_and_roles() -> None:
    """AllowedMentions(users=[x]) leaves everyone and roles at True: parse has both."""
    async with arena() as a, http_client(a.fake) as client:
        only_alice = discord.AllowedMentions(users=[a.alice])
        await send(
            client, a.arena, f"{a.alice.mention} {a.bob.mention}", allowed_mentions=only_alice
        )
        await send(client, a.arena, f"{a.content} {a.bob.mention}", allowed_mentions=only_alice)
        first, second = a.fake.messages_in(a.arena)
        assert first.pinged == {a.alice.id}
        assert first.payload["mentions"][0]["id"] == str(a.alice.id)
        assert second.pinged == {a.owner.id, a.alice.id, a.bob.id} and second.mention_everyone
        assert second.mentions == [a.alice.id]


@async_test
async def test_everyone_and_unmentionable_roles_need_mention_everyone() -> None:
    async with arena(mention_everyone=False) as a, http_client(a.fake) as client:
        sent = await send(client, a.arena, a.content)
        recorded = a.fake.latest_message(a.arena)
        assert recorded is not None and recorded.pinged == {a.alice.id}
        assert not sent.mention_everyone and recorded.payload["mention_roles"] == []
        # Anyone may ping a mentionable role.
        a.saiyans.mentionable = True
        await send(client, a.arena, a.content)
        recorded = a.fake.latest_message(a.arena)
        assert recorded is not None and recorded.pinged == {a.alice.id, a.bob.id}
        assert not recorded.mention_everyone
        # Embeds, code and DMs: no pings from @everyone or roles there.
        await send(client, a.arena, "board", embed=discord.Embed(description=a.content))
        await send(client, a.arena, f"`{a.alice.mention}` and ```{a.bob.mention}```")
        dm = await (await client.fetch_user(a.alice.id)).send(a.content)
        assert [u.id for u in dm.mentions] == [a.alice.id] and not dm.mention_everyone
        assert [len(m.pinged) for m in a.fake.messages_in(a.arena)] == [1, 2, 0, 0]
        assert a.fake.dm_messages(a.alice)[-1].pinged == {a.alice.id}


@async_test
async def test_components_v2_text_displays_ping_like_content() -> None:
    async with arena() as a, http_client(a.fake) as client:
        view = discord.ui.LayoutView()
        view.add_item(discord.ui.TextDisplay(f"Your turn, {a.bob.mention}"))
        view.add_item(discord.ui.TextDisplay(f"`{a.alice.mention}` watches"))
        await client.get_partial_messageable(a.arena.id).send(view=view)
        recorded = a.fake.latest_message(a.arena)
        assert recorded is not None and recorded.content == ""
        assert recorded.pinged == recorded.notified == {a.bob.id}


@async_test
async def test_parse_users_with_a_user_list_is_invalid_form_body() -> None:
    async with arena() as a, http_client(a.fake) as client:
        route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=a.arena.id)
        body = {
            "content": a.alice.mention,
            "allowed_mentions": {"parse": ["users"], "users": [str(a.alice.id)]},
        }
        with pytest.raises(discord.HTTPException) as info:
            await client.http.request(route, json=body)
        assert info.value.status == 400 and info.value.code == 50035
        assert "mutually exclusive" in info.value.text
        [error] = a.fake.errors
        assert error.errors is not None
        assert error.errors["allowed_mentions"]["_errors"][0]["code"] == (
            "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE"
        )
        assert a.fake.messages_in(a.arena) == []


@async_test
async def test_edits_replies_and_deferred_answers_highlight_without_notifying() -> None:
    async with arena() as a, http_client(a.fake) as client:
        quiet = await send(
            client, a.arena, "hello", allowed_mentions=discord.AllowedMentions.none()
        )
        # Discord keeps no allowed_mentions: an edit without them parses everything afresh.
        await quiet.edit(content=f"hello {a.bob.mention}")
        first, edited = a.fake.state.messages[quiet.id].versions
        assert first.pinged == frozenset() and edited.pinged == {a.bob.id}
        assert edited.notified == frozenset() and edited.edit
        assert [(p.user_id, p.notified) for p in a.fake.pings()] == [(a.bob.id, False)]
        assert a.fake.pings(include_edits=False) == []
        # A reply mentions the replied-to author unless told not to.
        said = await a.fake.post_message(a.alice, a.arena, "gg")
        target = client.get_partial_messageable(a.arena.id).get_partial_message(said.id)
        await target.reply("thanks")
        await target.reply("thanks again", mention_author=False)
        replied, unmentioned = a.fake.messages_in(a.arena)[-2:]
        assert replied.pinged == {a.alice.id} and replied.notified == {a.alice.id}
        assert unmentioned.pinged == frozenset()


@async_test
async def test_interaction_responses_followups_and_edits_ping_as_discord_does() -> None:
    async with world() as w:
        text = f"{w.bob.mention} and {w.carol.mention}"
        result = await w.fake.slash(w.alice, w.games, "shout", {"text": text})
        assert result.error is None
        response = w.fake.state.messages[result.interaction.original_id or 0]
        created, edited = response.versions
        assert created.notified == {w.bob.id, w.carol.id}
        assert edited.content.endswith("!") and edited.notified == frozenset()
        assert edited.pinged == {w.bob.id, w.carol.id}
        whispered, public = result.followups
        assert whispered.ephemeral and whispered.pinged == frozenset()
        assert whispered.mentions == [w.bob.id, w.carol.id]  # still in the payload
        assert public.notified == {w.bob.id, w.carol.id}
        # A deferred answer is filled in by an edit: mentions highlight, nobody is notified.
        slow = await w.fake.slash(w.alice, w.games, "slowshout", {"text": text})
        assert isinstance(slow.response, RecordedMessage)
        assert slow.response.pinged == {w.bob.id, w.carol.id}
        assert slow.response.notified == frozenset()
        notified = [(p.message.id, p.user_id) for p in w.fake.pings() if p.notified]
        assert len(notified) == 4 and all(uid != w.alice.id for _, uid in notified)


# ---- rate limits ---------------------------------------------------------------------------------

MESSAGES = "POST /channels/{channel_id}/messages"
# A long window: nothing but the fake's clock (moved by discord.py's waits) can end it.
SLOW_MESSAGES = {MESSAGES: RouteLimit(5, 60.0)}


async def raw_post(fake: FakeDiscord, channel: FakeChannel, content: str) -> RawAnswer:
    """POST a message with the bot's token outside discord.py (another process)."""
    url = f"{fake.api_base}/channels/{channel.id}/messages"
    auth = {"Authorization": f"Bot {fake.bot_token}"}
    async with (
        aiohttp.ClientSession() as http,
        http.post(url, json={"content": content}, headers=auth) as answer,
    ):
        return RawAnswer(answer.status, answer.headers.copy(), await answer.json())


@dataclass
class RawAnswer:
    status: int
    headers: CIMultiDict[str]
    body: Any


@async_test
async def test_rate_limit_headers_and_429s_as_discord_sends_them() -> None:
    async with arena() as a:
        a.fake.set_rate_limits(routes=SLOW_MESSAGES)
        answers = [await raw_post(a.fake, a.arena, f"spam {i}") for i in range(6)]
        assert [x.status for x in answers] == [200] * 5 + [429]
        first, limited = answers[0].headers, answers[5]
        assert first["X-RateLimit-Limit"] == "5" and first["X-RateLimit-Remaining"] == "4"
        assert first["X-RateLimit-Reset-After"] == "60.000" and first["Via"] == "1.1 google"
        assert abs(float(first["X-RateLimit-Reset"]) - time.time() - 60) < 30
        assert [x.headers["X-RateLimit-Remaining"] for x in answers] == [
            "4",
            "3",
            "2",
            "1",
            "0",
            "0",
        ]
        assert limited.body["message"] == "You are being rate limited."
        assert limited.body["global"] is False and 0 < limited.body["retry_after"] <= 60
        assert limited.headers["Retry-After"] == str(math.ceil(limited.body["retry_after"]))
        assert limited.headers["X-RateLimit-Scope"] == "user"
        assert "X-RateLimit-Global" not in limited.headers
        [record] = a.fake.rate_limited
        bucket = first["X-RateLimit-Bucket"]
        assert (record.route, record.scope, record.bucket) == (
            MESSAGES,
            "user",
            f"{bucket}:{a.arena.id}",
        )
        assert len(a.fake.messages_in(a.arena)) == 5
        # Each channel has its own bucket; the fake's clock ends the window.
        other = a.fake.add_text_channel(a.guild, "other")
        assert (await raw_post(a.fake, other, "elsewhere")).status == 200
        a.fake.advance(60)
        again = await raw_post(a.fake, a.arena, "later")
        assert again.status == 200 and again.headers["X-RateLimit-Remaining"] == "4"
        # time_scale shortens every window; the global limit answers for the whole bot.
        a.fake.set_rate_limits(time_scale=0.1, global_limit=1)
        scaled = await raw_post(a.fake, a.arena, "quick")
        assert scaled.headers["X-RateLimit-Reset-After"] == "6.000"
        over = await raw_post(a.fake, other, "one too many")
        assert over.status == 429 and over.body["global"] is True
        assert over.headers["X-RateLimit-Global"] == "true"
        assert over.headers["X-RateLimit-Scope"] == "global"
        assert [r.scope for r in a.fake.rate_limited] == ["user", "global"]
        assert a.fake.request_counts("POST") == Counter({MESSAGES: 10})


@async_test
async def test_discord_py_waits_out_a_429_then_never_exceeds_what_headers_say() -> None:
    async with arena() as a, http_client(a.fake) as client:
        a.fake.set_rate_limits(routes=SLOW_MESSAGES)
        # Another process with the bot's token (a restarted bot) spent the channel's bucket.
        for i in range(5):
            await raw_post(a.fake, a.arena, f"before the restart {i}")
        with instant_retries(a.fake) as sleeps:
            sent = await send(client, a.arena, "after the restart")
            [limited] = a.fake.rate_limited
            assert limited.scope == "user" and sleeps.waits == [limited.retry_after]
            assert sleeps.backoffs == []
            latest = a.fake.latest_message(a.arena)
            assert latest is not None and latest.id == sent.id
            # Knowing the bucket, discord.py waits out a spent one before sending more.
            await asyncio.gather(*(send(client, a.arena, f"move {i}") for i in range(12)))
        assert len(a.fake.rate_limited) == 1
        assert len(a.fake.messages_in(a.arena)) == 5 + 1 + 12
        assert len(sleeps.waits) >= 3  # the 429, then at least twice a spent bucket
        statuses = [r.status for r in a.fake.request_log if r.route == MESSAGES]
        assert statuses.count(429) == 1 and statuses.count(200) == 18


@async_test
async def test_the_global_limit_trips_and_discord_py_waits_for_it() -> None:
    async with arena() as a, http_client(a.fake) as client:
        rooms = [a.fake.add_text_channel(a.guild, f"room-{i}") for i in range(5)]
        a.fake.set_rate_limits(global_limit=3, global_window=60.0)
        with instant_retries(a.fake) as sleeps:
            fetched = await asyncio.gather(*(client.fetch_channel(r.id) for r in rooms))
        assert [c.id for c in fetched] == [r.id for r in rooms]
        limited = a.fake.rate_limited
        assert len(limited) >= 2 and {r.scope for r in limited} == {"global"}
        assert {r.bucket for r in limited} == {"global"} and len(sleeps.waits) == len(limited)
        gets = a.fake.request_counts(r"^GET /channels/")
        assert gets == Counter({"GET /channels/{channel_id}": 5 + len(limited)})


@async_test
async def test_interaction_endpoints_are_not_bound_by_the_global_limit() -> None:
    async with world() as w:
        w.fake.set_rate_limits(global_limit=1, global_window=60.0)
        games = w.bot.get_channel(w.games.id)
        assert isinstance(games, discord.TextChannel)
        await games.send("the one request this minute")
        result = await w.fake.slash(w.alice, w.games, "shout", {"text": "hi"})
        assert result.error is None and len(result.followups) == 2
        assert w.fake.rate_limited == []
        with instant_retries(w.fake):
            await games.send("waits for the next minute")
        assert [r.scope for r in w.fake.rate_limited] == ["global"]


@async_test
async def test_the_call_that_spends_a_bucket_returns_only_after_its_reset() -> None:
    """discord.py sleeps out a spent bucket before the spending call returns: the fifth
    message in a channel within 5 s keeps its caller waiting (an interaction handler too)."""
    async with arena() as a, http_client(a.fake) as client:
        a.fake.set_rate_limits()
        with instant_retries(a.fake) as sleeps:
            for i in range(4):
                await send(client, a.arena, f"move {i}")
            assert sleeps.waits == []
            await send(client, a.arena, "move 4")
            assert len(sleeps.waits) == 1 and 0 < sleeps.waits[0] <= 5.0
        assert a.fake.rate_limited == []


@async_test
async def test_time_scale_keeps_discords_limits_at_machine_speed() -> None:
    """How an end-to-end world runs: real limits, windows 50 times shorter, real sleeps."""
    async with arena() as a, http_client(a.fake) as client:
        a.fake.set_rate_limits(time_scale=0.02)  # 5 messages per 0.1 s per channel
        await asyncio.gather(*(send(client, a.arena, f"move {i}") for i in range(12)))
        assert a.fake.rate_limited == [] and len(a.fake.messages_in(a.arena)) == 12
        assert a.fake.request_counts("^POST") == Counter({MESSAGES: 12})


# ---- Discord failing on demand ------------------------------------------------------------------

EDITS = r"/channels/\d+/messages/\d+"


@async_test
async def test_server_errors_exhaust_discord_py_retries_until_healed() -> None:
    async with arena() as a, http_client(a.fake) as client:
        sent = await send(client, a.arena, "board v1")
        # 500, 502, 504 (and 524): discord.py tries five times, sleeping 1, 3, 5, 7, 9 s.
        rule = a.fake.fail("PATCH", EDITS, status=502, times=6)
        with instant_retries() as sleeps, pytest.raises(discord.DiscordServerError) as info:
            await sent.edit(content="board v2")
        assert info.value.status == 502 and sleeps.backoffs == [1, 3, 5, 7, 9]
        assert rule.served == 5 and [f.status for f in a.fake.failures] == [502] * 5
        assert a.fake.state.messages[sent.id].content == "board v1"
        # 503 is not one of them: discord.py raises at the first.
        a.fake.heal(rule)
        unavailable = a.fake.fail("PATCH", EDITS, status=503, times=6)
        with instant_retries() as sleeps, pytest.raises(discord.DiscordServerError) as info:
            await sent.edit(content="board v2")
        assert info.value.status == 503 and sleeps.backoffs == [] and unavailable.served == 1
        # Healed, the edit goes through; a few 500s are retried away unnoticed.
        a.fake.heal()
        edited = await sent.edit(content="board v2")
        assert edited.content == "board v2"
        a.fake.fail("PATCH", EDITS, status=500, times=3)
        with instant_retries() as sleeps:
            await sent.edit(content="board v3")
        assert sleeps.backoffs == [1, 3, 5]
        latest = a.fake.latest_message(a.arena)
        assert latest is not None and latest.content == "board v3"
        assert [e.status for e in a.fake.errors if e.extra.get("injected")] == [502] * 5 + [503] + [
            500
        ] * 3


@async_test
async def test_injected_forbidden_not_found_and_429s() -> None:
    async with arena() as a, http_client(a.fake, max_ratelimit_timeout=30.0) as client:
        sent = await send(client, a.arena, "board")
        a.fake.fail("PATCH", EDITS, status=403)
        with pytest.raises(discord.Forbidden) as forbidden:
            await sent.edit(content="x")
        a.fake.fail("*", EDITS, status=404)
        with pytest.raises(discord.NotFound) as missing:
            await sent.edit(content="x")
        assert (forbidden.value.code, missing.value.code) == (50013, 10008)
        # A 429 the bucket did not announce: discord.py waits retry_after and tries again.
        posts = r"/channels/\d+/messages"
        a.fake.fail("POST", posts, status=429, retry_after=2.0, times=2)
        with instant_retries(a.fake) as sleeps:
            await send(client, a.arena, "patient")
        assert sleeps.waits == [2.0, 2.0]
        assert [(r.injected, r.scope) for r in a.fake.rate_limited] == [(True, "user")] * 2
        # Longer than max_ratelimit_timeout: discord.RateLimited at once.
        a.fake.fail("POST", posts, status=429, retry_after=60.0)
        with instant_retries(a.fake) as sleeps, pytest.raises(discord.RateLimited) as info:
            await send(client, a.arena, "impatient")
        assert info.value.retry_after == 60.0 and sleeps.waits == []
        # A 429 that never ends: discord.py gives up after five tries.
        endless = a.fake.fail("POST", posts, status=429, retry_after=1.0, times=None)
        with instant_retries(a.fake), pytest.raises(discord.HTTPException) as gave_up:
            await send(client, a.arena, "hopeless")
        assert gave_up.value.status == 429 and endless.served == 5
        a.fake.heal()
        assert [m.content for m in a.fake.messages_in(a.arena)] == ["board", "patient"]


@async_test
async def test_interaction_callbacks_and_followups_retry_on_their_own_terms() -> None:
    """discord.py's webhook adapter (callbacks, followups, original-response edits) retries
    every 5xx, 503 included, and waits out any 429 whatever max_ratelimit_timeout says."""
    async with world() as w:
        w.fake.fail("POST", r"/interactions/\d+/[^/]+/callback", status=429, retry_after=0.5)
        w.fake.fail("POST", r"/webhooks/\d+/[^/]+", status=503, times=2)
        with instant_retries(w.fake) as sleeps:
            result = await w.fake.slash(w.alice, w.games, "slow")
        assert result.error is None and isinstance(result.response, RecordedMessage)
        assert result.response.content == "Done thinking"
        assert sleeps.waits == [0.5] and sleeps.backoffs == [1, 3]
        assert [f.status for f in w.fake.failures] == [429, 503, 503]
