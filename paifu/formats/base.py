"""What every reader shares: the error type and where-in-the-file context."""

from __future__ import annotations


class RecordError(ValueError):
    """A record that cannot be read. The message names the file and the place that failed."""

    def __init__(self, message: str, *, file: str = "", game: int | None = None,
                 hand: str | None = None, event: int | None = None) -> None:
        self.file = file
        self.game = game
        self.hand = hand
        self.event = event
        where = ", ".join(
            p for p in (
                file,
                f"game {game}" if game is not None else "",
                f"hand {hand}" if hand else "",
                f"event {event}" if event is not None else "",
            ) if p
        )
        super().__init__(f"{where}: {message}" if where else message)
        self.reason = message
