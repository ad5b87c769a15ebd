"""The viewer's controls in Jupyter: an ipywidgets widget around the same drawing (``table_html``:
the table and its panel, sized to the notebook's column).

``game_widget(game)`` (or ``GameView.widget()``) gives buttons for one event and one hand either
way, a slider over the hand's events, the hand list, the seat at the bottom and the English and
closed-hands switches, as the HTML viewer has; moving any of them moves the game's cursor.
With ``anywidget`` installed (the ``notebooks`` extra) the table itself takes the viewer's keys
(click it, then left/right: one event; up/down or page up/down: one hand) and a click on a river
tile shows that tile's discard: a few lines of our own script (``ESM``) send them to Python.
Needs ``ipywidgets`` (``pip install -e ".[notebooks]"``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

#: the table's script in the notebook (anywidget's module): draw the SVG, send keys and river clicks
ESM = """
const KEYS = new Set(['ArrowRight', 'ArrowLeft', 'ArrowUp', 'ArrowDown', 'PageUp', 'PageDown']);
function render({ model, el }) {
  el.tabIndex = 0;
  el.style.outline = 'none';
  const draw = () => { el.innerHTML = model.get('value'); };
  draw();
  model.on('change:value', draw);
  el.addEventListener('keydown', e => {
    if (!KEYS.has(e.key)) return;
    e.preventDefault();
    e.stopPropagation();  // the notebook's own shortcuts stay out of it
    model.send({ key: e.key });
  });
  el.addEventListener('click', e => {
    el.focus();
    const use = e.target.closest && e.target.closest('g.river use');
    if (!use) return;
    const river = use.closest('g.river');
    model.send({ river: Number(river.dataset.seat), place: Array.from(river.querySelectorAll('use')).indexOf(use) });
  });
}
export default { render };
"""


@cache
def _picture_class() -> Any:
    """The widget class that shows the table with keys and clicks (None without anywidget)."""
    try:
        import anywidget
        import traitlets
    except ImportError:
        return None

    class TablePicture(anywidget.AnyWidget):
        """The table's SVG (``value``), drawn by ``ESM``, which sends back keys and river clicks."""

        _esm = ESM
        value = traitlets.Unicode("").tag(sync=True)

    return TablePicture


def game_widget(game: Any) -> Any:
    """The widget for a ``GameView``, showing the table at its cursor."""
    import ipywidgets as w

    from paifu.view.names import shown_names
    from paifu.view.svg import table_html

    names = [f"seat {i} {p}".strip() for i, p in enumerate(shown_names(tuple(game.result.players)))]
    hands = w.Dropdown(options=[(h.label, k) for k, h in enumerate(game.hands)], description="hand")
    seat = w.Dropdown(options=[(n, i) for i, n in enumerate(names)], description="bottom")
    english = w.Checkbox(description="English", indent=False)
    closed = w.Checkbox(description="others closed", indent=False)
    slider = w.IntSlider(description="event", continuous_update=True)
    kind = _picture_class()
    picture = kind() if kind is not None else w.HTML()
    buttons = [
        w.Button(description=d, layout=w.Layout(width="80px"))
        for d in ("<< hand", "< event", "event >", "hand >>")
    ]
    busy = [False]
    rivers = game.river_events()

    def show(i: int) -> None:
        if busy[0]:
            return
        busy[0] = True
        try:
            tv = game.goto(min(max(i, 0), len(game) - 1))
            if game.hands:
                span = game.hands[game.hand_index(tv.index)]
                slider.min, slider.max = 0, len(game) - 1  # widen first: min may not pass max
                slider.min, slider.max = span.start, span.end
                hands.value = game.hand_index(tv.index)
            slider.value = tv.index
            picture.value = table_html(tv, bottom=seat.value or 0, english=english.value, closed=closed.value)
        finally:
            busy[0] = False

    def hand_step(step: int) -> None:
        if not game.hands:
            return
        h = game.hand_index()
        target = h if step < 0 and game.position > game.hands[h].start else h + step
        if 0 <= target < len(game.hands):
            show(game.hands[target].start)

    steps = {
        "ArrowRight": lambda: show(game.position + 1),
        "ArrowLeft": lambda: show(game.position - 1),
        "ArrowDown": lambda: hand_step(1),
        "PageDown": lambda: hand_step(1),
        "ArrowUp": lambda: hand_step(-1),
        "PageUp": lambda: hand_step(-1),
    }

    def on_message(_: Any, content: Any, buffers: Any = None) -> None:
        """A key pressed on the table, or a river tile clicked (seat, place in its river)."""
        if not isinstance(content, dict):
            return
        if content.get("key") in steps:
            steps[content["key"]]()
        elif isinstance(content.get("river"), int) and isinstance(content.get("place"), int) and rivers:
            at = rivers[game.hand_index()][content["river"] % len(rivers[0])].get(content["place"])
            if at is not None:
                show(at)

    if kind is not None:
        picture.on_msg(on_message)
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
