"""The Jupyter widget: the viewer's controls move the game's cursor and redraw the same table."""

from __future__ import annotations

import re

import pytest
from conftest import SAMPLES

from paifu.view import GameView

pytest.importorskip("ipywidgets")


def _parts(widget):  # noqa: ANN001, ANN202
    bar, options, picture = widget.children
    buttons, slider = bar.children[:4], bar.children[4]
    hands, seat, english, closed = options.children
    return buttons, slider, hands, seat, english, closed, picture


def test_widget_steps_and_switches() -> None:
    game = GameView.open(SAMPLES / "tenhou-xml" / "chankan.xml")
    buttons, slider, hands, seat, english, closed, picture = _parts(game.widget())
    assert 'data-event="0"' in picture.value
    buttons[2].click()  # one event on
    assert game.position == 1 and 'data-event="1"' in picture.value and slider.value == 1
    buttons[3].click()  # the next hand
    assert game.position == game.hands[1].start and hands.value == 1
    assert (slider.min, slider.max) == (game.hands[1].start, game.hands[1].end)
    slider.value = game.hands[1].start + 3
    assert game.position == game.hands[1].start + 3
    seat.value = 2
    assert re.search(r"class='seat bottom' data-seat='2' data-pos='0'", picture.value)
    english.value, closed.value = True, True
    assert 'class="paifu-table english closed"' in picture.value
    buttons[0].click()  # back to this hand's start, then the one before
    assert game.position == game.hands[1].start
    buttons[0].click()
    assert game.position == game.hands[0].start
