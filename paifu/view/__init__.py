"""Review a game: the table at any event, drawn as SVG, in notebooks and a standalone HTML viewer."""

from paifu.view.game import GameView, HandSpan, ViewError
from paifu.view.table import SeatView, TableView

__all__ = ["GameView", "HandSpan", "SeatView", "TableView", "ViewError", "open_game"]


def open_game(path: str, game: int = 0) -> GameView:
    """The game number ``game`` (0-based) of a record file, ready to step through."""
    return GameView.open(path, game)
