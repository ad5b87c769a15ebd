"""``lxml.etree`` imported without ``inspect``.

``lxml.etree`` imports ``inspect`` (with ``ast``, ``dis``, ``tokenize``: 35 M instructions, a tenth of a
small ``paifu validate``) for one function, ``getfullargspec``, which it calls only on XPath
extension functions; paifu registers none. So for the import alone ``sys.modules["inspect"]`` is a
stand-in whose ``getfullargspec`` imports the real module when first called, and is removed at once:
any later ``import inspect`` gets the real one. Called by ``paifu.formats.tenhou_xml`` before its modules
import ``lxml``.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any


def _getfullargspec(func: Any) -> Any:
    """The real ``inspect.getfullargspec`` (an XPath extension function being registered)."""
    import inspect

    return inspect.getfullargspec(func)


def import_etree() -> None:
    """Imports ``lxml.etree`` with the stand-in; as usual where ``inspect`` or ``lxml.etree`` is loaded
    already, or where the import fails with it (the usual import then says why)."""
    if "lxml.etree" in sys.modules or "inspect" in sys.modules:
        return
    stand_in = ModuleType("inspect", "paifu's stand-in while lxml.etree is imported")
    stand_in.getfullargspec = _getfullargspec  # type: ignore[attr-defined]
    sys.modules["inspect"] = stand_in
    try:
        import lxml.etree  # noqa: F401 - the import is the point
    except Exception:  # noqa: BLE001 - an lxml that wants more of inspect: imported as usual below
        sys.modules.pop("lxml.etree", None)
    finally:
        if sys.modules.get("inspect") is stand_in:
            del sys.modules["inspect"]
    import lxml.etree  # noqa: F401, F811 - loaded above, or loaded now as usual
