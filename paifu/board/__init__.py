"""The table, and the one place it changes (majiang-core's board): rules-free and unchecked.

``TableState.apply(event)`` follows a record; ``paifu.engine`` judges each event first and then
applies it through the same functions. ``TableRules`` is what following a record needs of the
table's rules; ``paifu.board.follow`` walks a whole game.
"""
