"""The notebooks run top to bottom against the sample records, opened in the checkout and from a
folder elsewhere (a notebook copied out of it finds the samples through ``paifu.samples``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import ROOT, SAMPLES

NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def _has_records() -> bool:
    return SAMPLES.is_dir() and any(p.is_file() and p.suffix != ".md" for p in SAMPLES.rglob("*"))


@pytest.mark.parametrize("where", ["checkout", pytest.param("elsewhere", marks=pytest.mark.slow)])
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs(path: Path, where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not _has_records():
        pytest.skip("sample_logs has no records yet")
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    folder = path.parent
    if where == "elsewhere":  # a copy opened in a folder far from the checkout
        folder = tmp_path / "somewhere"
        folder.mkdir()
        shutil.copyfile(path, folder / path.name)
        monkeypatch.chdir(folder)
        monkeypatch.delenv("PAIFU_SAMPLES", raising=False)
    nb = nbformat.read(folder / path.name, as_version=4)
    nbclient.NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(folder)}}
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


def test_sample_records_are_found_from_any_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from paifu import samples

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("PAIFU_SAMPLES", raising=False)
    assert samples.sample("tenhou-xml", "chankan.xml").is_file()
    monkeypatch.setenv("PAIFU_SAMPLES", str(tmp_path))
    assert samples.sample_dir() == tmp_path  # your own records
    monkeypatch.setenv("PAIFU_SAMPLES", str(tmp_path / "missing"))
    with pytest.raises(samples.NoSamples, match="set PAIFU_SAMPLES"):
        samples.sample_dir()


@pytest.mark.slow
def test_a_wheel_carries_the_sample_records(tmp_path: Path) -> None:
    """A plain ``pip install`` (a wheel, not the checkout) has them inside the package."""
    import os
    import subprocess
    import sys
    import zipfile

    env = {**os.environ, "PAIFU_COMPILE": "0"}
    cmd = [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(tmp_path)]
    subprocess.run(cmd, check=True, env=env, capture_output=True)
    (wheel,) = tmp_path.glob("paifu-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {
        f"paifu/sample_logs/{p.relative_to(SAMPLES).as_posix()}" for p in SAMPLES.rglob("*") if p.is_file()
    }
    assert shipped and shipped <= names
