"""engine.core.yamlfile reads every YAML file we ship exactly as PyYAML's pure-Python safe
loader does (the C loader is only faster), and refuses what the safe loader refuses."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.core.yamlfile import safe_load

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.mark.parametrize("path", sorted(DATA.rglob("*.yaml")), ids=lambda p: p.name)
def test_shipped_yaml_reads_the_same(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert safe_load(text) == yaml.load(text, Loader=yaml.SafeLoader)


def test_python_objects_are_refused() -> None:
    with pytest.raises(yaml.YAMLError):
        safe_load("!!python/object/apply:os.system ['true']")
