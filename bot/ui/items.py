"""Buttons and selects that keep working after a restart: discord.py dynamic items whose
custom_id carries the match, the decision's sequence number and the option, so the service
can tell a stale or double click from a fresh one."""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.services.matches import STALE, LiveMatch, decision_token
from bot.ui.presenters import HAND_FILE, presenter

if TYPE_CHECKING:
    from bot.app import ScouterBot

log = logging.getLogger(__name__)

BUTTONS_PER_ROW = 5
THREAD_BUTTON_ROWS = 4  # the fifth row holds "My hand"
OPTIONS_PER_SELECT = 25
SELECTS_PER_PAGE = 4  # the fifth row holds the page buttons
LABEL_LIMIT = 80
SELECT_LABEL_LIMIT = 100


def _label(text: str, limit: int = LABEL_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def bot_of(interaction: discord.Interaction[Any]) -> ScouterBot:
    return cast("ScouterBot", interaction.client)


def selected_value(interaction: discord.Interaction[Any]) -> str:
    """The value a select was set to (the first one), or "" when the payload has none."""
    data = cast("dict[str, Any]", interaction.data or {})
    values = data.get("values") or [""]
    return str(values[0])


# --- building the components ---
def thread_view(match: LiveMatch) -> discord.ui.View:
    """The board's buttons: only options naming no hidden card, for the player deciding;
    everyone else pressing them is told it is not their decision."""
    from bot.ui.primetime_moves import board_choices, point_items  # it imports this

    view = discord.ui.View(timeout=None)
    decision = match.pending
    if match.active and not match.paused and decision is not None:
        private = match.family.private_options(match.game)
        public = [(i, o) for i, o in enumerate(decision.options) if o.id not in private]
        public = board_choices(match, public)
        for item in point_items(match):
            view.add_item(item)
        room = BUTTONS_PER_ROW * THREAD_BUTTON_ROWS - len(view.children)
        shown = public if len(public) <= room else public[: room - 1]
        token = decision_token(match)
        for index, option in shown:
            style = (discord.ButtonStyle.secondary if option.id in ("pass", "none", "skip")
                     else discord.ButtonStyle.primary)
            view.add_item(DecisionButton(match.id, decision.seq, token, index, option.label,
                                         style))
    if match.active:
        view.add_item(HandButton(match.id))
    return view


def hand_view(match: LiveMatch, seat: int, page: int = 0) -> discord.ui.View:
    """Every option of the seat's decision, in selects of 25, four selects a page (and a
    point chosen by coordinates, in Prime Time)."""
    from bot.ui.primetime_moves import point_items  # it imports this

    view = discord.ui.View(timeout=None)
    decision = match.pending
    if not match.active or match.paused or decision is None or decision.player != seat:
        return view
    for item in point_items(match):
        view.add_item(item)
    options = list(enumerate(decision.options))
    per_page = OPTIONS_PER_SELECT * SELECTS_PER_PAGE
    pages = max(1, -(-len(options) // per_page))
    page = max(0, min(page, pages - 1))
    chunk = options[page * per_page : (page + 1) * per_page]
    token = decision_token(match)
    for start in range(0, len(chunk), OPTIONS_PER_SELECT):
        part = chunk[start : start + OPTIONS_PER_SELECT]
        first, last = part[0][0] + 1, part[-1][0] + 1
        placeholder = "Choose…" if len(options) <= OPTIONS_PER_SELECT else (
            f"Choose (options {first}-{last} of {len(options)})…"
        )
        view.add_item(DecisionSelect(match.id, decision.seq, token, page,
                                     start // OPTIONS_PER_SELECT, part, placeholder))
    if pages > 1:
        for target, text in ((page - 1, "◀ Previous"), (page + 1, "Next ▶")):
            button = PageButton(match.id, decision.seq, token, target, text)
            button.item.disabled = not 0 <= target < pages
            view.add_item(button)
    return view


# --- errors ---
Callback = Callable[[Any, discord.Interaction[Any]], Coroutine[Any, Any, None]]


async def send_ephemeral(interaction: discord.Interaction[Any], text: str) -> None:
    """Reply only to the user, whether or not the interaction was already answered."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not send a message to %s", interaction.user)


def guarded(callback: Callback) -> Callback:
    """An unexpected error in a button or select reaches the user as one short sentence
    and the log as a traceback (services have already kept storage consistent)."""

    @functools.wraps(callback)
    async def wrapper(self: Any, interaction: discord.Interaction[Any]) -> None:
        try:
            await callback(self, interaction)
        except Exception:
            log.exception("%s failed for %s", type(self).__name__, interaction.user)
            await send_ephemeral(
                interaction, "Something went wrong on my side; nothing was changed by it. "
                "Please try again.")

    return wrapper


# --- the items ---
class FromIds:
    """For dynamic items whose custom_id holds numbers (and perhaps a decision token):
    rebuild the item from them, in the order of the template's groups, as its constructor
    takes them."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> Any:
        names = sorted(match.re.groupindex, key=lambda name: match.re.groupindex[name])
        return cls(*(match[name] if name == "token" else id_number(match[name])
                     for name in names))


ID_LIMIT = 2**63 - 1  # SQLite's largest integer: no row, seq or option has this number


def id_number(digits: str) -> int:
    """A number from a custom_id, capped where SQLite can still bind it: a forged id with a
    huge number then finds nothing instead of failing in the database."""
    return min(int(digits), ID_LIMIT)


async def deck_names(
    interaction: discord.Interaction[Any], current: str
) -> list[discord.app_commands.Choice[str]]:
    """Autocomplete for a deck option: the user's own deck names containing what they typed."""
    names = await bot_of(interaction).decks.names(interaction.user.id)
    wanted = current.casefold()
    return [discord.app_commands.Choice(name=n, value=n)
            for n in names if wanted in n.casefold()][:25]


TOKEN = r"(?P<token>[0-9a-f]{8})"  # decision_token: which decision, exactly


class DecisionButton(
    FromIds,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"sc:opt:(?P<match>\d+):(?P<seq>\d+):{TOKEN}:(?P<index>\d+)",
):
    def __init__(
        self,
        match_id: int,
        seq: int,
        token: str,
        index: int,
        label: str = "option",
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=_label(label), style=style,
                custom_id=f"sc:opt:{match_id}:{seq}:{token}:{index}",
            )
        )
        self.match_id, self.seq, self.token, self.index = match_id, seq, token, index

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await answer(interaction, self.match_id, self.seq, self.token, self.index,
                     edit_hand=False)


class DecisionSelect(
    FromIds,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"sc:sel:(?P<match>\d+):(?P<seq>\d+):{TOKEN}:(?P<page>\d+):(?P<part>\d+)",
):
    def __init__(
        self,
        match_id: int,
        seq: int,
        token: str,
        page: int,
        part: int,
        options: list[tuple[int, Any]] | None = None,
        placeholder: str = "Choose…",
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=f"sc:sel:{match_id}:{seq}:{token}:{page}:{part}",
            placeholder=placeholder,
            options=[
                discord.SelectOption(label=_label(o.label, SELECT_LABEL_LIMIT), value=str(i))
                for i, o in (options or [])
            ]
            or [discord.SelectOption(label="-", value="-1")],
        )
        super().__init__(select)
        self.match_id, self.seq, self.token = match_id, seq, token

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        try:
            index = int(selected_value(interaction))
        except ValueError:
            index = -1
        await answer(interaction, self.match_id, self.seq, self.token, index, edit_hand=True)


class PageButton(
    FromIds,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"sc:page:(?P<match>\d+):(?P<seq>\d+):{TOKEN}:(?P<page>\d+)",
):
    def __init__(self, match_id: int, seq: int, token: str, page: int,
                 label: str = "Page") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"sc:page:{match_id}:{seq}:{token}:{max(page, 0)}",
            )
        )
        self.match_id, self.seq, self.page = match_id, seq, page

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if not private_to_presser(interaction):
            # Never draw a hand onto a message others can see (a forged id would).
            await send_hand(interaction, self.match_id)
            return
        bot = bot_of(interaction)
        live = await bot.matches.find(self.match_id)
        seat = live.seat_of(interaction.user.id) if live else None
        if live is None or seat is None:
            await interaction.response.send_message("This is not your hand.", ephemeral=True)
            return
        await interaction.response.defer()
        await interaction.edit_original_response(
            embed=presenter(live).hand_embed(live, seat, HAND_FILE),
            view=hand_view(live, seat, self.page),
            attachments=[await presenter(live).hand_file(bot, live, seat)],
        )


class StaleDecisionItem(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"sc:(?:opt:\d+:\d+:\d+|sel:\d+:\d+:\d+:\d+|page:\d+:\d+:\d+)",
):
    """Buttons and selects made before decisions were named by their token: they cannot
    say which decision they were made for, so they are refused."""

    def __init__(self, custom_id: str = "sc:opt:0:0:0") -> None:
        super().__init__(discord.ui.Button(label="-", custom_id=custom_id))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
        match: re.Match[str],
    ) -> StaleDecisionItem:
        return cls(match.string)

    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(STALE, ephemeral=True)


def private_to_presser(interaction: discord.Interaction[Any]) -> bool:
    """Whether the message a component is on is seen by the presser alone (ephemeral, or
    in their DM with the bot)."""
    message = interaction.message
    if message is None:
        return False
    return message.flags.ephemeral or isinstance(interaction.channel, discord.DMChannel)


class HandButton(
    FromIds, discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"sc:hand:(?P<match>\d+)"
):
    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="My hand", emoji="🂠", style=discord.ButtonStyle.success,
                custom_id=f"sc:hand:{match_id}",
            )
        )
        self.match_id = match_id


    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await send_hand(interaction, self.match_id)


async def send_hand(interaction: discord.Interaction[Any], match_id: int) -> None:
    """The player's hand and choices, ephemeral: how a player with closed DMs plays."""
    bot = bot_of(interaction)
    live = await bot.matches.find(match_id)
    if live is None:
        await interaction.response.send_message("That match no longer exists.", ephemeral=True)
        return
    seat = live.seat_of(interaction.user.id)
    if seat is None:
        await interaction.response.send_message(
            "You are not playing in this match, so you have no hand here.", ephemeral=True
        )
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    await interaction.followup.send(
        embed=presenter(live).hand_embed(live, seat, HAND_FILE), view=hand_view(live, seat),
        ephemeral=True,
        file=await presenter(live).hand_file(bot, live, seat),
    )


async def answer(
    interaction: discord.Interaction[Any], match_id: int, seq: int, token: str, index: int,
    edit_hand: bool,
) -> None:
    """Acknowledge at once, let the service check and commit, then say what happened."""
    bot = bot_of(interaction)
    await interaction.response.defer()
    result = await bot.matches.decide(match_id, interaction.user.id, seq, index, token=token)
    if not result.ok:
        await interaction.followup.send(result.message, ephemeral=True)
        return
    live = await bot.matches.find(match_id)
    if result.disputed and live is not None:  # from the board or from a DM
        await dispute_hand_resolution(bot, interaction, live)
    if edit_hand and live is not None and interaction.message is not None:
        seat = live.seat_of(interaction.user.id)
        if seat is not None and interaction.message.flags.ephemeral:
            try:
                await interaction.edit_original_response(
                    embed=presenter(live).hand_embed(live, seat, HAND_FILE),
                    view=hand_view(live, seat),
                    attachments=[await presenter(live).hand_file(bot, live, seat)],
                )
            except discord.HTTPException:
                log.warning("match #%s: could not refresh an ephemeral hand", match_id)


class WatchButton(
    FromIds,
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"sc:watch:(?P<match>\d+)"
):
    def __init__(self, match_id: int) -> None:
        super().__init__(discord.ui.Button(
            label="Watch", emoji="👀", style=discord.ButtonStyle.secondary,
            custom_id=f"sc:watch:{match_id}",
        ))
        self.match_id = match_id


    @guarded
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot = bot_of(interaction)
        live = await bot.matches.find(self.match_id)
        thread = bot.get_channel(live.thread_id) if live and live.thread_id else None
        if live is None or not isinstance(thread, discord.Thread):
            await interaction.response.send_message("That match has no thread any more.",
                                                    ephemeral=True)
            return
        if not live.active:
            await interaction.response.send_message(
                f"Match #{live.id} is over; its thread {thread.mention} is archived.",
                ephemeral=True)
            return
        try:
            await thread.add_user(interaction.user)
        except discord.HTTPException:
            await interaction.response.send_message(
                f"I could not add you to {thread.mention}; ask a moderator.", ephemeral=True)
            return
        await interaction.response.send_message(
            f"You are watching match #{live.id} in {thread.mention}. Only its players can "
            "press its buttons.", ephemeral=True)


async def dispute_hand_resolution(
    bot: ScouterBot, interaction: discord.Interaction[Any], match: LiveMatch
) -> None:
    """The opponent disputed how a card was resolved by hand: pause and call the judges."""
    from bot.services.judges import JudgeError
    from bot.ui.disputes import call_judges

    reason = "disputes how a card was resolved by hand (see the match log)"
    try:
        await bot.judges.open_dispute(match, interaction.user.id, reason)
    except JudgeError as exc:
        await interaction.followup.send(str(exc), ephemeral=True)
        return
    problem = await call_judges(bot, match, interaction.user, reason)
    await interaction.followup.send(
        problem or "The match is paused and the judges are called.", ephemeral=True)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    WatchButton,
    DecisionButton,
    DecisionSelect,
    PageButton,
    HandButton,
    StaleDecisionItem,
)
