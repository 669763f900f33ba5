"""YAML read with libyaml's C loader where PyYAML was built with it (several times faster
on the card pools), and the pure-Python safe loader otherwise: both are safe loaders and
read the same documents to the same data."""

from __future__ import annotations

from typing import IO, Any

import yaml

SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def safe_load(stream: str | bytes | IO[str] | IO[bytes]) -> Any:
    return yaml.load(stream, Loader=SafeLoader)
