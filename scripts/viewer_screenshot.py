"""Take the README's screenshot of the viewer: one of our own sample games in headless chromium.

    python scripts/viewer_screenshot.py [RECORD] [--event N] [-o docs/viewer.png]

Needs chromium, chromedriver and selenium (``pip install -e ".[dev]"``).
"""

from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from paifu.view import GameView

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "record", nargs="?", default=str(ROOT / "sample_logs" / "tenhou-xml" / "exhaustive-draw-tenpai.xml")
    )
    ap.add_argument("--event", type=int, default=142)
    ap.add_argument("-o", "--output", default=str(ROOT / "docs" / "viewer.png"))
    args = ap.parse_args()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    game = GameView.open(args.record)
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "game.html"
        page.write_text(game.to_html(args.event), encoding="utf-8")
        opts = webdriver.ChromeOptions()
        opts.binary_location = shutil.which("chromium") or ""
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1500,930"):
            opts.add_argument(arg)
        driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=opts)
        try:
            driver.get(page.as_uri())
            from selenium.webdriver.support.ui import WebDriverWait

            WebDriverWait(driver, 30).until(
                lambda d: d.execute_script("return document.body.dataset.ready === '1'")
            )
            height = driver.execute_script("return document.body.scrollHeight")
            driver.save_screenshot(args.output)
        finally:
            driver.quit()
    from PIL import Image  # matplotlib's dependency: crop the empty window below the page

    with Image.open(args.output) as im:
        im.crop((0, 0, im.width, min(im.height, int(height) + 16))).save(args.output, optimize=True)
    print(f"{args.output}: {Path(args.output).stat().st_size:,} bytes, event {args.event}")


if __name__ == "__main__":
    main()
