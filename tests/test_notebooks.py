"""The notebooks run top to bottom against sample_logs/."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import ROOT, SAMPLES

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def _has_records() -> bool:
    return SAMPLES.is_dir() and any(p.is_file() and p.suffix != ".md" for p in SAMPLES.rglob("*"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs(path: Path) -> None:
    if not _has_records():
        pytest.skip("sample_logs has no records yet")
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(path, as_version=4)
    nbclient.NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert not [o for o in outputs if o.get("name") == "stderr" and "Glyph" in o.get("text", "")]
    shown = [o for o in outputs if o.get("output_type") in ("execute_result", "display_data")]
    # figures are pictures, not "<Figure size 700x350 with 1 Axes>"
    assert any("image/png" in o["data"] or "image/svg+xml" in o["data"] for o in shown)
    assert not [o for o in shown if "<Figure size" in o["data"].get("text/plain", "") and len(o["data"]) == 1]
    if path.name == "review_game.ipynb":
        # the table is drawn: at the first finding, then at each step through a hand
        tables = [o for o in shown if 'class="paifu-table"' in o["data"].get("image/svg+xml", "")]
        assert len(tables) >= 5
        assert any("paifu-game" in o["data"].get("text/html", "") for o in shown)
        # and the widget with the viewer's controls (its view in the executed output)
        assert any("application/vnd.jupyter.widget-view+json" in o["data"] for o in shown)


def test_both_notebooks_exist() -> None:
    assert {p.name for p in NOTEBOOKS} >= {"review_game.ipynb", "player_report.ipynb"}
