"""The rules of a whole board as one value (``ClearRules``) and the modes as values."""

from __future__ import annotations

import pickle

import pytest

from graphsearch import llk
from graphsearch.choices import MODES
from graphsearch.llk import ClearRules, InvalidGridError, mode
from graphsearch.llk.engines import CLEAR_ENGINES, get_clear_engine


def test_rules_are_frozen_hashable_values_that_travel():
    rules = ClearRules(outside=True, max_turns=2, gravity="向下")
    assert rules.gravity == "down" and rules.mode == mode("down")
    assert rules == ClearRules(True, 2, "down") == ClearRules(True, 2, mode("向下"))
    assert len({rules, ClearRules(True, 2, "down"), ClearRules()}) == 2
    assert pickle.loads(pickle.dumps(rules)) == rules
    with pytest.raises(AttributeError):
        rules.outside = False  # type: ignore[misc]


def test_every_mode_by_both_names():
    for english, chinese in MODES.items():
        assert ClearRules(gravity=chinese).gravity == english
        assert mode(chinese).name == english and mode(english).chinese == chinese
        assert str(mode(english)) == english


@pytest.mark.parametrize(
    "kwargs",
    [{"outside": "yes"}, {"max_turns": -1}, {"max_turns": 2.5}, {"gravity": "sideways"}],
)
def test_bad_rules_are_refused_in_words(kwargs):
    with pytest.raises(InvalidGridError):
        ClearRules(**kwargs)


def test_keywords_take_the_place_of_the_rules_own():
    base = ClearRules(outside=True, gravity="left")
    assert ClearRules.of(base, gravity="up") == ClearRules(True, 2, "up")
    assert ClearRules.of(base) is base
    assert ClearRules.of(None, max_turns=3) == ClearRules(max_turns=3)
    with pytest.raises(InvalidGridError, match="ClearRules"):
        ClearRules.of({"outside": True})  # type: ignore[arg-type]


def test_every_engine_and_front_door_takes_rules():
    board = [[1, 2, 1, 2], [3, 0, 0, 3]]
    rules = ClearRules(outside=True, gravity="左右集中")
    by_keywords = llk.clear(board, outside=True, gravity="left-right-center")
    assert llk.clear(board, rules).moves == by_keywords.moves
    for name in CLEAR_ENGINES:
        if name == "cpsat":
            continue  # without gravity only
        result = get_clear_engine(name)(llk.as_board(board), rules)
        assert result.clearable == by_keywords.clearable
    assert by_keywords.moves is not None
    assert llk.game.clears(board, by_keywords.moves, rules)
    steps = llk.replay(board, by_keywords.moves, rules)
    assert not steps[-1].after.any()
