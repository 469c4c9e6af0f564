"""The /sop page in real headless Chromium (Debian's, driven with Playwright): an SOP run
started from the page, a human role answered on the page, through a reload."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from autonomo.server.app import create_app
from autonomo.team.sop.display import SopDisplay
from autonomo.team.sop.store import SopStore
from server_helpers import running, scripted_factory, server_settings
from sop_helpers import PITCH, PITCH_REPLIES
from test_server_page import browser  # noqa: F401  (the fixture: skips without chromium)

SHOTS = Path(__file__).resolve().parents[1] / "test-artifacts" / "sop_page"


def _question_is(page, text: str) -> None:
    page.wait_for_function(
        "(t) => !document.querySelector('#sop-ask').hidden && "
        "document.querySelector('#sop-question').textContent.includes(t)", arg=text)


def _start_from_the_page(chromium, url: str, sop_file: Path, task: str):
    """A desktop-sized page that starts ``sop_file`` on ``task``; the page and its JS errors."""
    page = chromium.new_page(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url + "/sop")
    page.set_input_files("#sop-files", str(sop_file))
    page.fill("#sop-task", task)
    page.click("#sop-go")
    return page, errors


def test_a_person_plays_a_role_from_the_page_through_a_reload(tmp_path: Path, browser) -> None:  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    sop_file = tmp_path / "pitch.sop.yaml"
    # the investor names a model nobody configured: the page says so, as the terminal does
    sop_file.write_text(PITCH.replace("  Investor:\n", "  Investor:\n    model: pitch-llm\n"))
    factory = scripted_factory(lambda key, options: list(PITCH_REPLIES))
    settings = server_settings(tmp_path)
    with running(create_app(settings, model_factory=factory)) as url:
        page, errors = _start_from_the_page(browser, url, sop_file, "solar <b>kettles</b>")
        _question_is(page, "Founder")
        assert "Tell me about solar <b>kettles</b>." in page.locator("#sop-events").inner_text()
        assert page.locator("#sop-events b").count() == 0  # text, never HTML
        page.screenshot(path=str(SHOTS / "1-asked.png"), full_page=True)

        page.fill("#sop-answer", "Kettles that boil with sunlight.")
        page.click("#sop-send")
        page.wait_for_function("document.querySelector('#sop-events').textContent"
                               f".includes({PITCH_REPLIES[0]!r})")
        _question_is(page, "Founder")
        run_id = page.evaluate("location.hash.slice(1)")
        page.reload()  # the wait is the server's: the reloaded page asks the same question
        _question_is(page, "Founder")
        assert "Kettles that boil with sunlight." in page.locator("#sop-events").inner_text()
        page.screenshot(path=str(SHOTS / "2-after-reload.png"), full_page=True)

        page.fill("#sop-answer", "Twelve dollars each.")
        page.click("#sop-send")
        page.wait_for_function("document.querySelector('#sop-title').textContent"
                               ".includes('finished')")
        assert page.locator("#sop-ask").is_hidden() and page.locator("#sop-resume").is_hidden()
        page.wait_for_function("document.querySelector('#sop-runs').textContent"
                               ".includes('finished')")  # the list follows the run
        shown = page.locator("#sop-events").inner_text()
        for text in ("Twelve dollars each.", PITCH_REPLIES[1], "Founder is asked",
                     "finished: ", "! Investor asks for the model 'pitch-llm'"):
            assert text in shown, text
        page.screenshot(path=str(SHOTS / "3-finished.png"), full_page=True)

        phone = browser.new_page(viewport={"width": 390, "height": 844}, bypass_csp=True)
        phone.goto(url + "/sop#" + run_id)
        phone.wait_for_function("document.querySelector('#sop-title').textContent"
                                ".includes('finished')")
        phone.screenshot(path=str(SHOTS / "4-phone.png"), full_page=True)
        sizes = phone.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert sizes[0] <= sizes[1], f"the page scrolls sideways on a phone: {sizes}"
        assert errors == []
    # the terminal replays the same saved events: the question and both answers
    store = SopStore(settings.data_dir)
    out = io.StringIO()
    display = SopDisplay(Console(file=out, width=120))
    for event in store.events(run_id):
        display.on_event(event)
    store.close()
    text = out.getvalue()
    assert text.count("Founder is asked") == 2 and "Twelve dollars each." in text
    next(iter(factory.models.values())).assert_all_used()


def test_a_waiting_run_is_stopped_and_resumed_from_the_page(tmp_path: Path, browser) -> None:  # noqa: F811
    SHOTS.mkdir(parents=True, exist_ok=True)
    sop_file = tmp_path / "pitch.sop.yaml"
    sop_file.write_text(PITCH)
    factory = scripted_factory(lambda key, options: list(PITCH_REPLIES))
    with running(create_app(server_settings(tmp_path), model_factory=factory)) as url:
        page, errors = _start_from_the_page(browser, url, sop_file, "tea")
        _question_is(page, "Founder")
        assert page.locator("#sop-stop").is_visible()
        page.click("#sop-stop")
        page.wait_for_function("document.querySelector('#sop-title').textContent"
                               ".includes('stopped')")
        assert page.locator("#sop-ask").is_hidden() and page.locator("#sop-stop").is_hidden()
        assert "stopped from the web page" in page.locator("#sop-events").inner_text()
        page.screenshot(path=str(SHOTS / "5-stopped.png"), full_page=True)
        page.click("#sop-resume")
        _question_is(page, "Founder")  # asked again after the resume
        page.screenshot(path=str(SHOTS / "6-resumed.png"), full_page=True)
        page.click("#sop-stop")
        page.wait_for_function("document.querySelector('#sop-title').textContent"
                               ".includes('stopped')")
        assert errors == []
