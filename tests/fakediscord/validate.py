"""Payload checks as Discord does them: 400 code 50035 'Invalid Form Body' naming the field."""

from __future__ import annotations

import re
from typing import Any

from .errors import FormErrors
from .model import FLAG_COMPONENTS_V2

Path = list[str | int]

MAX_CONTENT = 2000
MAX_EMBEDS = 10
MAX_EMBED_TOTAL = 6000
MAX_FILES = 10
MAX_V2_COMPONENTS = 40
MAX_V2_TEXT = 4000

BUTTON = 2
STRING_SELECT = 3
TEXT_INPUT = 4
ENTITY_SELECTS = (5, 6, 7, 8)
SELECTS = (STRING_SELECT, *ENTITY_SELECTS)
V2_TOP_LEVEL = (1, 9, 10, 12, 13, 14, 17)

_COMMAND_NAME = re.compile(r"^[-_'\w]{1,32}$")


def _length(errs: FormErrors, path: Path, value: Any, limit: int) -> None:
    if isinstance(value, str) and len(value) > limit:
        errs.max_length(path, limit)


def check_embeds(embeds: Any, path: Path, errs: FormErrors) -> None:
    if not isinstance(embeds, list):
        errs.add(path, "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
        return
    if len(embeds) > MAX_EMBEDS:
        errs.max_length(path, MAX_EMBEDS)
    total = 0
    for i, embed in enumerate(embeds):
        here: Path = [*path, i]
        if not isinstance(embed, dict):
            errs.add(here, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
            continue
        title = embed.get("title") or ""
        description = embed.get("description") or ""
        _length(errs, [*here, "title"], title, 256)
        _length(errs, [*here, "description"], description, 4096)
        total += len(str(title)) + len(str(description))
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errs.max_length([*here, "fields"], 25)
        for j, fld in enumerate(fields):
            name = fld.get("name")
            value = fld.get("value")
            if name is None or str(name) == "":
                errs.required([*here, "fields", j, "name"])
            if value is None or str(value) == "":
                errs.required([*here, "fields", j, "value"])
            _length(errs, [*here, "fields", j, "name"], name, 256)
            _length(errs, [*here, "fields", j, "value"], value, 1024)
            total += len(str(name or "")) + len(str(value or ""))
        footer = embed.get("footer") or {}
        if footer:
            if not footer.get("text"):
                errs.required([*here, "footer", "text"])
            _length(errs, [*here, "footer", "text"], footer.get("text"), 2048)
            total += len(str(footer.get("text") or ""))
        author = embed.get("author") or {}
        if author:
            if not author.get("name"):
                errs.required([*here, "author", "name"])
            _length(errs, [*here, "author", "name"], author.get("name"), 256)
            total += len(str(author.get("name") or ""))
    if total > MAX_EMBED_TOTAL:
        errs.add(
            path,
            "MAX_EMBED_SIZE_EXCEEDED",
            f"Embed size exceeds maximum size of {MAX_EMBED_TOTAL}",
        )


def _check_custom_id(
    comp: dict[str, Any], path: Path, errs: FormErrors, seen: set[str], required: bool = True
) -> None:
    custom_id = comp.get("custom_id")
    if custom_id is None or custom_id == "":
        if required:
            errs.required([*path, "custom_id"])
        return
    if not isinstance(custom_id, str):
        errs.add([*path, "custom_id"], "BASE_TYPE_BAD_TYPE", "Must be a string.")
        return
    _length(errs, [*path, "custom_id"], custom_id, 100)
    if custom_id in seen:
        errs.add(
            [*path, "custom_id"],
            "COMPONENT_CUSTOM_ID_DUPLICATED",
            "Component custom id cannot be duplicated",
        )
    seen.add(custom_id)


def _check_button(comp: dict[str, Any], path: Path, errs: FormErrors, seen: set[str]) -> None:
    style = comp.get("style")
    if style not in (1, 2, 3, 4, 5, 6):
        errs.add([*path, "style"], "BASE_TYPE_CHOICES", "Value must be one of (1, 2, 3, 4, 5, 6).")
    label = comp.get("label")
    _length(errs, [*path, "label"], label, 80)
    if style == 5:
        if not comp.get("url"):
            errs.add([*path, "url"], "BUTTON_COMPONENT_URL_REQUIRED", "A url is required")
        if comp.get("custom_id"):
            errs.add(
                [*path, "custom_id"],
                "BUTTON_COMPONENT_LINK_HAS_CUSTOM_ID",
                "A custom id cannot be specified for a link button",
            )
        _length(errs, [*path, "url"], comp.get("url"), 512)
    elif style == 6:
        if not comp.get("sku_id"):
            errs.required([*path, "sku_id"])
    else:
        _check_custom_id(comp, path, errs, seen)
        if not label and not comp.get("emoji"):
            errs.add(
                path,
                "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
                "A label or emoji is required",
            )


def _check_select(comp: dict[str, Any], path: Path, errs: FormErrors, seen: set[str]) -> None:
    _check_custom_id(comp, path, errs, seen)
    _length(errs, [*path, "placeholder"], comp.get("placeholder"), 150)
    min_values = comp.get("min_values", 1)
    max_values = comp.get("max_values", 1)
    if not isinstance(min_values, int) or not 0 <= min_values <= 25:
        errs.add([*path, "min_values"], "NUMBER_TYPE_MAX", "int value should be between 0 and 25.")
    if not isinstance(max_values, int) or not 1 <= max_values <= 25:
        errs.add([*path, "max_values"], "NUMBER_TYPE_MAX", "int value should be between 1 and 25.")
    elif isinstance(min_values, int) and min_values > max_values:
        errs.add(
            [*path, "min_values"],
            "SELECT_COMPONENT_MIN_VALUES_TOO_LARGE",
            "min_values must be less than or equal to max_values",
        )
    if comp.get("type") != STRING_SELECT:
        return
    options = comp.get("options")
    if not isinstance(options, list) or not options:
        errs.add([*path, "options"], "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
        return
    if len(options) > 25:
        errs.max_length([*path, "options"], 25)
    if isinstance(max_values, int) and max_values > len(options):
        errs.add(
            [*path, "max_values"],
            "SELECT_COMPONENT_MAX_VALUES_TOO_LARGE",
            "max_values must be less than or equal to the number of options",
        )
    values: set[str] = set()
    for k, option in enumerate(options):
        here: Path = [*path, "options", k]
        label = option.get("label")
        value = option.get("value")
        if not label:
            errs.required([*here, "label"])
        if value is None or value == "":
            errs.required([*here, "value"])
        _length(errs, [*here, "label"], label, 100)
        _length(errs, [*here, "value"], value, 100)
        _length(errs, [*here, "description"], option.get("description"), 100)
        if isinstance(value, str):
            if value in values:
                errs.add(
                    [*here, "value"],
                    "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                    "Select component option values must be unique",
                )
            values.add(value)


def _check_interactive(comp: dict[str, Any], path: Path, errs: FormErrors, seen: set[str]) -> None:
    ctype = comp.get("type")
    if ctype == BUTTON:
        _check_button(comp, path, errs, seen)
    elif ctype in SELECTS:
        _check_select(comp, path, errs, seen)
    else:
        errs.add(
            [*path, "type"], "COMPONENT_TYPE_INVALID", f"Component type {ctype} is invalid here"
        )


def _check_action_row(row: dict[str, Any], path: Path, errs: FormErrors, seen: set[str]) -> int:
    children = row.get("components")
    if not isinstance(children, list) or not children:
        errs.add([*path, "components"], "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
        return 1
    if len(children) > 5:
        errs.max_length([*path, "components"], 5)
    has_select = any(isinstance(c, dict) and c.get("type") in SELECTS for c in children)
    if has_select and len(children) > 1:
        errs.add(
            [*path, "components"],
            "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
            "The specified component exceeds the maximum width",
        )
    for j, child in enumerate(children):
        _check_interactive(child, [*path, "components", j], errs, seen)
    return 1 + len(children)


def _check_v2(
    comp: dict[str, Any], path: Path, errs: FormErrors, seen: set[str]
) -> tuple[int, int]:
    """Returns (component count, text display characters)."""
    ctype = comp.get("type")
    count, text = 1, 0
    if ctype == 1:
        count = _check_action_row(comp, path, errs, seen)
    elif ctype == 10:
        content = comp.get("content")
        if not content:
            errs.required([*path, "content"])
        text += len(str(content or ""))
    elif ctype == 9:
        children = comp.get("components") or []
        if not 1 <= len(children) <= 3:
            errs.add(
                [*path, "components"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 3 in length."
            )
        for j, child in enumerate(children):
            if child.get("type") != 10:
                errs.add(
                    [*path, "components", j, "type"],
                    "COMPONENT_TYPE_INVALID",
                    "Must be a text display",
                )
            c, t = _check_v2(child, [*path, "components", j], errs, seen)
            count, text = count + c, text + t
        accessory = comp.get("accessory")
        if not isinstance(accessory, dict):
            errs.required([*path, "accessory"])
        elif accessory.get("type") == BUTTON:
            _check_button(accessory, [*path, "accessory"], errs, seen)
            count += 1
        else:
            count += 1
    elif ctype == 17:
        children = comp.get("components") or []
        for j, child in enumerate(children):
            c, t = _check_v2(child, [*path, "components", j], errs, seen)
            count, text = count + c, text + t
    elif ctype in (11, 12, 13, 14):
        pass
    else:
        errs.add(
            [*path, "type"], "COMPONENT_TYPE_INVALID", f"Component type {ctype} is invalid here"
        )
    return count, text


def check_components(components: Any, path: Path, errs: FormErrors, flags: int) -> None:
    if not isinstance(components, list):
        errs.add(path, "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
        return
    seen: set[str] = set()
    if flags & FLAG_COMPONENTS_V2:
        total = 0
        text = 0
        for i, comp in enumerate(components):
            if comp.get("type") not in V2_TOP_LEVEL:
                errs.add(
                    [*path, i, "type"], "COMPONENT_TYPE_INVALID", "Invalid top-level component"
                )
            c, t = _check_v2(comp, [*path, i], errs, seen)
            total, text = total + c, text + t
        if total > MAX_V2_COMPONENTS:
            errs.add(
                path,
                "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED",
                "Maximum number of components exceeded (40)",
            )
        if text > MAX_V2_TEXT:
            errs.add(
                path, "COMPONENT_MAX_TEXT_LENGTH_EXCEEDED", "Total text display length exceeds 4000"
            )
        return
    if len(components) > 5:
        errs.max_length(path, 5)
    for i, row in enumerate(components):
        if not isinstance(row, dict) or row.get("type") != 1:
            errs.add(
                [*path, i, "type"],
                "UNION_TYPE_CHOICES",
                'Value of field "type" must be one of (1,).',
            )
            continue
        _check_action_row(row, [*path, i], errs, seen)


def check_message(
    body: dict[str, Any],
    errs: FormErrors,
    *,
    path: Path | None = None,
    file_count: int = 0,
    flags: int | None = None,
) -> None:
    """Content, embeds, components and attachments limits of a message body."""
    base: Path = list(path or [])
    msg_flags = int(body.get("flags") or 0) if flags is None else flags
    content = body.get("content")
    if content is not None and not isinstance(content, str):
        errs.add([*base, "content"], "BASE_TYPE_BAD_TYPE", "Must be a string.")
    _length(errs, [*base, "content"], content, MAX_CONTENT)
    if body.get("embeds") is not None:
        check_embeds(body["embeds"], [*base, "embeds"], errs)
    if body.get("components") is not None:
        check_components(body["components"], [*base, "components"], errs, msg_flags)
    check_allowed_mentions(body.get("allowed_mentions"), [*base, "allowed_mentions"], errs)
    attachments = body.get("attachments")
    if file_count > MAX_FILES or (isinstance(attachments, list) and len(attachments) > MAX_FILES):
        errs.max_length([*base, "attachments"], MAX_FILES)
    if msg_flags & FLAG_COMPONENTS_V2:
        for key in ("content", "embeds", "poll", "sticker_ids"):
            if body.get(key):
                errs.add(
                    [*base, key],
                    "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                    f"The '{key}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2",
                )


def check_allowed_mentions(value: Any, path: Path, errs: FormErrors) -> None:
    """allowed_mentions: known parse types, at most 100 ids each, and ``parse: ["users"]``
    exclusive with a ``users`` list (roles likewise)."""
    if value is None:
        return
    if not isinstance(value, dict):
        errs.add(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
        return
    parse = value.get("parse") or []
    if not isinstance(parse, list):
        errs.add([*path, "parse"], "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
        parse = []
    for i, kind in enumerate(parse):
        if kind not in ("roles", "users", "everyone"):
            errs.add(
                [*path, "parse", i],
                "BASE_TYPE_CHOICES",
                "Value must be one of ('roles', 'users', 'everyone').",
            )
    for key in ("users", "roles"):
        ids = value.get(key)
        if isinstance(ids, list) and len(ids) > 100:
            errs.max_length([*path, key], 100)
        if key in parse and ids:
            errs.add(
                path,
                "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                f'parse:["{key}"] and {key}: [ids...] are mutually exclusive.',
            )


def check_modal(data: Any, errs: FormErrors, path: Path) -> None:
    if not isinstance(data, dict):
        errs.required(path)
        return
    seen: set[str] = set()
    _check_custom_id(data, path, errs, seen)
    title = data.get("title")
    if not title:
        errs.required([*path, "title"])
    _length(errs, [*path, "title"], title, 45)
    components = data.get("components")
    if not isinstance(components, list) or not components:
        errs.add([*path, "components"], "BASE_TYPE_MIN_LENGTH", "Must be 1 or more in length.")
        return
    if len(components) > 5:
        errs.max_length([*path, "components"], 5)
    for i, comp in enumerate(components):
        here: Path = [*path, "components", i]
        ctype = comp.get("type")
        if ctype == 1:
            children = comp.get("components") or []
            if len(children) != 1:
                errs.add([*here, "components"], "BASE_TYPE_BAD_LENGTH", "Must be 1 in length.")
            for j, child in enumerate(children):
                _check_modal_input(child, [*here, "components", j], errs, seen, in_label=False)
        elif ctype == 18:
            label = comp.get("label")
            if not label:
                errs.required([*here, "label"])
            _length(errs, [*here, "label"], label, 45)
            _length(errs, [*here, "description"], comp.get("description"), 100)
            child = comp.get("component")
            if not isinstance(child, dict):
                errs.required([*here, "component"])
            else:
                _check_modal_input(child, [*here, "component"], errs, seen, in_label=True)
        elif ctype == 10:
            if not comp.get("content"):
                errs.required([*here, "content"])
        else:
            errs.add(
                [*here, "type"],
                "COMPONENT_TYPE_INVALID",
                f"Component type {ctype} is invalid in a modal",
            )


def _check_modal_input(
    comp: dict[str, Any], path: Path, errs: FormErrors, seen: set[str], *, in_label: bool
) -> None:
    ctype = comp.get("type")
    if ctype == TEXT_INPUT:
        _check_custom_id(comp, path, errs, seen)
        if comp.get("style") not in (1, 2):
            errs.add([*path, "style"], "BASE_TYPE_CHOICES", "Value must be one of (1, 2).")
        label = comp.get("label")
        if not in_label and not label:
            errs.required([*path, "label"])
        _length(errs, [*path, "label"], label, 45)
        _length(errs, [*path, "placeholder"], comp.get("placeholder"), 100)
        _length(errs, [*path, "value"], comp.get("value"), 4000)
        min_length = comp.get("min_length")
        max_length = comp.get("max_length")
        if min_length is not None and not 0 <= int(min_length) <= 4000:
            errs.add(
                [*path, "min_length"], "NUMBER_TYPE_MAX", "int value should be between 0 and 4000."
            )
        if max_length is not None and not 1 <= int(max_length) <= 4000:
            errs.add(
                [*path, "max_length"], "NUMBER_TYPE_MAX", "int value should be between 1 and 4000."
            )
    elif ctype in SELECTS:
        if not in_label:
            errs.add(
                [*path, "type"],
                "COMPONENT_TYPE_INVALID",
                "Selects in modals must be inside a label",
            )
        _check_select(comp, path, errs, seen)
    elif ctype in (19, 21, 22, 23):
        if not in_label:
            errs.add([*path, "type"], "COMPONENT_TYPE_INVALID", "Must be inside a label")
        _check_custom_id(comp, path, errs, seen)
    else:
        errs.add(
            [*path, "type"],
            "COMPONENT_TYPE_INVALID",
            f"Component type {ctype} is invalid in a modal",
        )


def check_choices(data: Any, errs: FormErrors, path: Path) -> None:
    choices = data.get("choices") if isinstance(data, dict) else None
    if not isinstance(choices, list):
        errs.required([*path, "choices"])
        return
    if len(choices) > 25:
        errs.max_length([*path, "choices"], 25)
    for i, choice in enumerate(choices):
        name = choice.get("name")
        if not name:
            errs.required([*path, "choices", i, "name"])
        _length(errs, [*path, "choices", i, "name"], name, 100)
        value = choice.get("value")
        if value is None:
            errs.required([*path, "choices", i, "value"])
        _length(errs, [*path, "choices", i, "value"], value, 100)


def _check_option(option: dict[str, Any], path: Path, errs: FormErrors, depth: int) -> None:
    name = option.get("name", "")
    if not isinstance(name, str) or not _COMMAND_NAME.match(name) or name != name.lower():
        errs.add(
            [*path, "name"],
            "APPLICATION_COMMAND_INVALID_NAME",
            f"Command name is invalid: {name!r}",
        )
    description = option.get("description", "")
    if not description:
        errs.required([*path, "description"])
    _length(errs, [*path, "description"], description, 100)
    otype = option.get("type")
    if otype not in range(1, 12):
        errs.add([*path, "type"], "BASE_TYPE_CHOICES", f"Invalid option type {otype}")
    choices = option.get("choices") or []
    if len(choices) > 25:
        errs.max_length([*path, "choices"], 25)
    if choices and option.get("autocomplete"):
        errs.add(
            [*path, "autocomplete"],
            "AUTOCOMPLETE_WITH_CHOICES",
            "Autocomplete cannot be set with choices",
        )
    children = option.get("options") or []
    if otype in (1, 2):
        if otype == 2 and depth >= 1:
            errs.add(
                [*path, "type"],
                "APPLICATION_COMMAND_TOO_DEEP",
                "Subcommand groups cannot be nested",
            )
        _check_options(children, [*path, "options"], errs, depth + 1)


def _check_options(options: Any, path: Path, errs: FormErrors, depth: int) -> None:
    if not isinstance(options, list):
        return
    if len(options) > 25:
        errs.max_length(path, 25)
    names: set[str] = set()
    seen_optional = False
    for i, option in enumerate(options):
        _check_option(option, [*path, i], errs, depth)
        name = option.get("name")
        if name in names:
            errs.add(
                [*path, i, "name"],
                "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS",
                "Option names must be unique",
            )
        names.add(str(name))
        if option.get("type") in (1, 2):
            continue
        if option.get("required"):
            if seen_optional:
                errs.add(
                    [*path, i, "required"],
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            seen_optional = True


def check_commands(commands: Any, errs: FormErrors) -> None:
    if not isinstance(commands, list):
        errs.add([], "LIST_TYPE_CONVERT", "Only iterables may be used in a ListType")
        return
    seen: set[tuple[str, int]] = set()
    for i, cmd in enumerate(commands):
        if not isinstance(cmd, dict):
            errs.add([i], "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType")
            continue
        ctype = int(cmd.get("type", 1))
        name = cmd.get("name", "")
        key = (str(name), ctype)
        if key in seen:
            errs.add(
                [i, "name"],
                "APPLICATION_COMMANDS_DUPLICATE_NAME",
                f"Application command names must be unique: {name}",
            )
        seen.add(key)
        if ctype == 1:
            if not isinstance(name, str) or not _COMMAND_NAME.match(name) or name != name.lower():
                errs.add(
                    [i, "name"],
                    "APPLICATION_COMMAND_INVALID_NAME",
                    f"Command name is invalid: {name!r}",
                )
            description = cmd.get("description", "")
            if not description:
                errs.required([i, "description"])
            _length(errs, [i, "description"], description, 100)
            _check_options(cmd.get("options") or [], [i, "options"], errs, 0)
        else:
            _length(errs, [i, "name"], name, 32)
    chat = [c for c in commands if isinstance(c, dict) and int(c.get("type", 1)) == 1]
    if len(chat) > 100:
        errs.max_length([], 100)
