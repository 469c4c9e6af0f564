"""The web page in real headless Chromium (Debian's), driven with Playwright."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from autonomo.server.app import create_app
from server_helpers import reply, running, scripted_factory, server_settings

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
#: screenshots are kept here for people to look at (CI keeps the folder as an artifact)
SHOTS = Path(__file__).resolve().parents[1] / "test-artifacts" / "server_page"

sync_api = pytest.importorskip("playwright.sync_api")
if not Path(CHROMIUM).exists():
    pytest.skip("Debian's chromium is not installed (scripts/setup.sh installs it)",
                allow_module_level=True)


def script(task_id: str, options: dict) -> list:
    return [
        reply("write_file", "I will start a draft.", path="notes.txt", content="draft"),
        reply("write_file", "Writing the final words as asked.", path="notes.txt",
              content="final <b>words</b>"),
        reply("write_file", "Now the summary.", path="summary.txt", content="one file"),
        reply("finish", "Both files are written.", reason="notes.txt and summary.txt written"),
    ]


@pytest.fixture
def browser():
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


def test_create_approve_feedback_download_in_a_real_browser(tmp_path: Path, browser) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    factory = scripted_factory(script)
    app = create_app(server_settings(tmp_path), model_factory=factory)
    with running(app) as url:
        page = browser.new_page(viewport={"width": 1280, "height": 900}, bypass_csp=True)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(url + "/")
        page.wait_for_selector("#connection:has-text('live')")
        page.fill("#task-input", "Write notes.txt and summary.txt")
        page.click("#create")
        proposal = page.locator("#proposal-command")
        proposal.wait_for()
        page.wait_for_function("document.querySelector('#proposal-command').textContent"
                               ".includes('draft')")
        page.screenshot(path=str(SHOTS / "1-proposal.png"), full_page=True)

        page.fill("#feedback", "Write the final words, not a draft")
        page.click("#send-feedback")
        page.wait_for_function("document.querySelector('#proposal-command').textContent"
                               ".includes('final')")
        for expected in ("summary.txt", "finish"):
            page.click("#approve")
            try:
                page.wait_for_function(
                    "document.querySelector('#proposal-command').textContent"
                    f".includes('{expected}') && !document.querySelector('#approve').disabled")
            finally:
                page.screenshot(path=str(SHOTS / f"approve-{expected}.png"), full_page=True)
        page.screenshot(path=str(SHOTS / "2-approved.png"), full_page=True)
        page.click("#approve")
        page.wait_for_selector("#detail-status.finished")
        assert page.locator("#steps li").count() == 5
        # model text is shown as text, never as HTML
        assert page.locator("#steps b").count() == 0
        assert "final <b>words</b>" in page.locator("#steps").inner_text()
        assert int(page.locator("#detail-tokens").inner_text()) > 0
        assert "finished" in page.locator("#tasks li").first.inner_text()

        with page.expect_download() as download_info:
            page.locator("#artifacts button", has_text="notes.txt").click()
        saved = tmp_path / "downloaded.txt"
        download_info.value.save_as(saved)
        assert saved.read_text() == "final <b>words</b>"
        page.screenshot(path=str(SHOTS / "3-finished.png"), full_page=True)

        phone = browser.new_page(viewport={"width": 390, "height": 844}, bypass_csp=True)
        phone.goto(url + "/")
        phone.locator("#tasks li").first.click()
        phone.wait_for_selector("#detail-status.finished")
        phone.screenshot(path=str(SHOTS / "4-phone.png"), full_page=True)
        wide = phone.evaluate("[...document.querySelectorAll('body *')].filter("
                              "e => e.getBoundingClientRect().right > 391).map("
                              "e => e.tagName + '#' + e.id + '.' + e.className)")
        assert wide == [], f"the page scrolls sideways on a phone: {wide}"
        assert errors == []
    factory.models[next(iter(factory.models))].assert_all_used()
