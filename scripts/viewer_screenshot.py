"""Take the README's screenshot of the viewer: one of our own sample games in headless chromium, in a
1280 x 720 window (what the page shows without scrolling).

    python scripts/viewer_screenshot.py [RECORD] [--event N] [--size 1280x720] [-o docs/viewer.png]

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
    ap.add_argument("--size", default="1280x720", help="the window's inner size, WIDTHxHEIGHT")
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
        for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"):
            opts.add_argument(arg)
        driver = webdriver.Chrome(service=Service(shutil.which("chromedriver")), options=opts)
        try:
            width, height = (int(v) for v in args.size.split("x"))
            driver.set_window_size(width, height)
            inner = driver.execute_script("return [window.innerWidth, window.innerHeight]")
            driver.set_window_size(2 * width - inner[0], 2 * height - inner[1])
            driver.get(page.as_uri())
            from selenium.webdriver.support.ui import WebDriverWait

            WebDriverWait(driver, 30).until(
                lambda d: d.execute_script("return document.body.dataset.ready === '1'")
            )
            driver.save_screenshot(args.output)
        finally:
            driver.quit()
    from PIL import Image  # matplotlib's dependency: a smaller file, the same picture

    with Image.open(args.output) as im:
        im.save(args.output, optimize=True)
    print(f"{args.output}: {Path(args.output).stat().st_size:,} bytes, event {args.event}")


if __name__ == "__main__":
    main()
