"""Y001 for an alias no anchor defines names the alias and the anchors written before it, offering the nearest
(Backgammon trial: `d2: *d7` where the anchor is `&d6` was only "found undefined alias")."""
from __future__ import annotations

import pytest

from philtre.dsl.errors import PhiltreError
from philtre.dsl.yamlpos import load_text


def _said(text: str) -> str:
    """The Y001 that loading ``text`` raises, as printed."""
    with pytest.raises(PhiltreError) as caught:
        load_text(text, "f.yaml")
    return str(caught.value)


def test_an_alias_misspelt_names_itself_and_the_anchor_meant():
    said = _said("dice:\n  d1: &d6 [1, 2]\n  d2: *d7\n")
    assert "3:7: Y001 found undefined alias *d7" in said
    assert "did you mean *d6?" in said and "the anchors defined before it: &d6" in said


def test_an_alias_with_no_anchor_before_it_is_told_to_write_the_anchor_above():
    said = _said("a: *faces\nb: &faces [1]\n")
    assert "found undefined alias *faces" in said and "no anchor is defined before it" in said
