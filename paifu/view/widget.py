"""The viewer's controls in Jupyter: an ipywidgets widget around the same drawing (``table_svg``).

``game_widget(game)`` (or ``GameView.widget()``) gives buttons for one event and one hand either
way, a slider over the hand's events, the hand list, the seat at the bottom and the English and
closed-hands switches, as the HTML viewer has; moving any of them moves the game's cursor.
Needs ``ipywidgets`` (``pip install -e ".[notebooks]"``).
"""

from __future__ import annotations

from typing import Any


def game_widget(game: Any) -> Any:
    """The widget for a ``GameView``, showing the table at its cursor."""
    import ipywidgets as w

    from paifu.view.svg import table_svg

    names = [f"seat {i} {p}".strip() for i, p in enumerate(game.result.players)]
    hands = w.Dropdown(options=[(h.label, k) for k, h in enumerate(game.hands)], description="hand")
    seat = w.Dropdown(options=[(n, i) for i, n in enumerate(names)], description="bottom")
    english = w.Checkbox(description="English", indent=False)
    closed = w.Checkbox(description="others closed", indent=False)
    slider = w.IntSlider(description="event", continuous_update=True)
    picture = w.HTML()
    buttons = [
        w.Button(description=d, layout=w.Layout(width="80px"))
        for d in ("<< hand", "< event", "event >", "hand >>")
    ]
    busy = [False]

    def hand_of(i: int) -> int:
        return max((k for k, h in enumerate(game.hands) if h.start <= i), default=0)

    def show(i: int) -> None:
        if busy[0]:
            return
        busy[0] = True
        try:
            tv = game.goto(min(max(i, 0), len(game) - 1))
            if game.hands:
                span = game.hands[hand_of(tv.index)]
                slider.min, slider.max = 0, len(game) - 1  # widen first: min may not pass max
                slider.min, slider.max = span.start, span.end
                hands.value = hand_of(tv.index)
            slider.value = tv.index
            picture.value = table_svg(tv, bottom=seat.value or 0, english=english.value, closed=closed.value)
        finally:
            busy[0] = False

    def hand_step(step: int) -> None:
        h = hand_of(game.position)
        target = h if step < 0 and game.position > game.hands[h].start else h + step
        if 0 <= target < len(game.hands):
            show(game.hands[target].start)

    buttons[0].on_click(lambda _: hand_step(-1))
    buttons[1].on_click(lambda _: show(game.position - 1))
    buttons[2].on_click(lambda _: show(game.position + 1))
    buttons[3].on_click(lambda _: hand_step(1))
    slider.observe(lambda c: show(c["new"]), names="value")
    hands.observe(lambda c: show(game.hands[c["new"]].start), names="value")
    for control in (seat, english, closed):
        control.observe(lambda _: show(game.position), names="value")
    show(game.position)
    bar = w.HBox([*buttons, slider])
    return w.VBox([bar, w.HBox([hands, seat, english, closed]), picture])
