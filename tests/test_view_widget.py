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
    assert "class='pf pf-view english'" in picture.value and 'class="paifu-table closed"' in picture.value
    buttons[0].click()  # back to this hand's start, then the one before
    assert game.position == game.hands[1].start
    buttons[0].click()
    assert game.position == game.hands[0].start


def test_widget_table_takes_keys_and_river_clicks() -> None:
    """What the table's script sends (``paifu.view.widget.ESM``): a key moves as the viewer's keys
    do, a river tile clicked (seat, place) shows the table right after that tile's discard."""
    pytest.importorskip("anywidget")
    game = GameView.open(SAMPLES / "tenhou-xml" / "riichi-ippatsu-tsumo.xml")
    *_, picture = _parts(game.widget())

    def send(**content: object) -> None:
        picture._handle_custom_msg(content, [])  # as the browser's message arrives

    first, second = game.hands[0], game.hands[1]
    send(key="ArrowRight")
    assert game.position == 1 and 'data-event="1"' in picture.value
    send(key="PageDown")
    assert game.position == second.start
    send(key="ArrowRight")
    send(key="ArrowUp")  # back to this hand's start
    assert game.position == second.start
    send(key="PageUp")
    assert game.position == first.start
    game_end = game.goto(first.end)
    send(key="ArrowLeft")  # the cursor the widget moves is the game's
    assert game.position == first.end - 1
    seat = max(game_end.seats, key=lambda s: len(s.river)).seat
    send(river=seat, place=1)
    ev = game.record.events[game.position]
    assert type(ev).__name__ == "Discard" and ev.seat == seat  # type: ignore[attr-defined]
    assert len(game.table.seats[seat].river) == 2 and f'data-event="{game.position}"' in picture.value
    at = game.position
    send(river=seat, place=40)  # no such tile: nothing moves
    send(nonsense=True)
    assert game.position == at
