"""Poster-first embeds: posters equal the live figure's map; the embed page in headless Chromium.

The page tests load ``embed-example.html`` from a real build served on
127.0.0.1 and watch every request: posters must show with no runtime request,
a click must start the loader, and readers with scripts off must still see
the pictures.  Screenshots go to ``<build>/screenshots``.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import numpy as np
import pygame
import pytest

from gameloop import make_app, run_until
from webtools import PUBLIC_CDN, ROOT, build, load_web_module, new_page, shot

ISLAND_STAGES = ("noise", "noise_terrain", "mask_plain", "mask", "combined", "terrain")
RUNTIME_PATHS = ("index.html", "deepisle.tar.gz", "pythons.js")  # what starting a live figure asks for

embeds = load_web_module("embeds")


def pixels_of(path: Path) -> np.ndarray:
    return pygame.surfarray.array3d(pygame.image.load(str(path))).transpose(1, 0, 2)


# ------------------------------------------------------ posters, no browser ----

@pytest.mark.parametrize("query", [
    "mode=demo&demo=island&stage=mask&seed=abc&ui=0",
    "mode=demo&demo=caverns&seed=poster&ui=0&p.loops=0.3",  # points drawn, a parameter
    "mode=demo&demo=rooms&stage=doors&seed=r&w=60&h=40&ui=0",
    "mode=demo&demo=caverns&seed=big&w=1200&h=800&ui=0",  # larger than the window: sampled down
])
def test_poster_is_the_live_figures_screen(tmp_path, query):
    """The poster equals, pixel for pixel, what the game's demo draws for the same link."""
    posters = embeds.render_posters([query], tmp_path, (960, 540))
    poster = pixels_of(tmp_path / posters[query])
    assert poster.shape == (540, 960, 3)
    app = make_app(query, tmp_path / "save")
    demo = app.top
    stage = demo.stage_name
    assert run_until(app, lambda: demo.view is not None and demo.view[0] == stage and demo.work.done)
    run_until(app, lambda: False, limit=2)  # draw it
    screen = pygame.surfarray.array3d(app.screen).transpose(1, 0, 2)
    assert np.array_equal(screen, poster)


@pytest.mark.parametrize("query, fragment", [
    ("mode=play&world=x", "a poster needs mode=demo"),
    ("mode=demo&demo=island", "a poster needs a seed"),
    ("mode=demo&demo=island&seed=a&w=99999", "w=99999 is out of range"),
    ("mode=demo&demo=nope&seed=a", "unknown generator"),
])
def test_embeds_the_game_would_correct_are_refused(query, fragment):
    with pytest.raises(embeds.EmbedError, match=fragment):
        embeds.demo_settings(query)


def test_poster_names_follow_the_map_not_the_spelling():
    name = lambda q: embeds.poster_path(embeds.demo_settings(q))  # noqa: E731
    base = name("mode=demo&demo=island&stage=mask&seed=abc&ui=0")
    assert base == name("demo=island&seed=abc&stage=mask&w=88&ui=1")  # defaults spelled out, other order
    assert base != name("mode=demo&demo=island&stage=mask&seed=abd&ui=0")
    assert base != name("mode=demo&demo=island&stage=mask&seed=abc&p.octaves=4")
    assert name("mode=demo&demo=island&seed=abc") == name("mode=demo&demo=island&stage=terrain&seed=abc")


def test_snippet_is_escaped_and_complete():
    query = 'mode=demo&demo=island&seed="><script>x</script>&ui=0'
    poster = embeds.poster_path(embeds.demo_settings(query))
    html = embeds.snippet(query, poster, "https://blog.example/deepisle")
    assert "<script>x" not in html and "&lt;script&gt;x" in html
    assert 'href="https://blog.example/deepisle/index.html?mode=demo&amp;demo=island' in html
    assert f'src="https://blog.example/deepisle/{poster}"' in html
    assert html.endswith('<script src="https://blog.example/deepisle/embed.js" defer></script>')
    assert embeds.page_embeds(html) == [(query, f"https://blog.example/deepisle/{poster}")]


def test_page_check_names_the_poster_an_embed_must_show():
    page = ('<a data-deepisle href="index.html?mode=demo&amp;demo=rooms&amp;seed=z">'
            '<img src="posters/old.png"></a>')
    [(query, src)] = embeds.page_embeds(page)
    posters = {query: embeds.poster_path(embeds.demo_settings(query))}
    with pytest.raises(embeds.EmbedError, match=posters[query]):
        embeds.check_page("post.html", page, posters)
    with pytest.raises(embeds.EmbedError, match="must point at index.html"):
        embeds.page_embeds('<a data-deepisle href="other.html?x=1"></a>')


def test_build_embed_option_draws_the_poster_and_prints_the_snippet(tmp_path):
    query = "mode=demo&demo=mosaic&seed=blog&ui=0"
    proc = build(tmp_path, "--embed", query, "--site", "https://me.example/isle/")
    poster = embeds.poster_path(embeds.demo_settings(query))
    assert (tmp_path / "web" / poster).is_file()
    assert embeds.snippet(query, poster, "https://me.example/isle/") in proc.stdout


# --------------------------------------------------------------- browser ----


def runtime_requests(page) -> list[str]:
    return [url for url in page.requests
            if any(urlsplit(url).path.endswith(p) for p in RUNTIME_PATHS) or url.startswith(PUBLIC_CDN)]


def posters_shown(page) -> list[dict]:
    return page.evaluate("""() => [...document.querySelectorAll('article a[data-deepisle]')].map(a => {
        const img = a.querySelector('img'); const box = img.getBoundingClientRect();
        return {href: a.getAttribute('href'), src: img.getAttribute('src'), complete: img.complete,
                natural: [img.naturalWidth, img.naturalHeight], box: [box.width, box.height],
                play: !!a.querySelector('.deepisle-play'),
                caption: (a.querySelector('.deepisle-caption') || {}).textContent || null,
                title: a.getAttribute('title')};
    })""")


def test_embed_page_shows_every_poster_without_any_runtime_request(browser, server, cdn, build_dir):
    context, page = new_page(browser, cdn, (1280, 900), runtime="offline")
    try:
        page.goto(server + "embed-example.html")
        page.wait_for_function("document.querySelectorAll('.deepisle-play').length === 6", timeout=10_000)
        shown = posters_shown(page)
        assert len(shown) == len(ISLAND_STAGES)
        for stage, poster in zip(ISLAND_STAGES, shown):
            parts = urlsplit(poster["href"])
            assert parts.path == "index.html"
            assert parse_qs(parts.query) == {"mode": ["demo"], "demo": ["island"], "stage": [stage],
                                             "seed": ["abc"], "ui": ["0"]}
            assert poster["src"] == embeds.poster_path(embeds.demo_settings(parts.query))
            assert poster["complete"] and poster["natural"] == [960, 540]
            assert abs(poster["box"][0] - 640) < 1 and abs(poster["box"][1] - 360) < 1
            assert poster["play"] and poster["caption"] == poster["title"] and poster["title"]
        shot(page, build_dir, "embed-posters")
        page.mouse.wheel(0, 20_000)  # scroll through the whole post: still nothing starts
        page.wait_for_timeout(500)
        page.screenshot(path=str(build_dir / "screenshots" / "embed-page-full.png"), full_page=True)
        assert page.locator("iframe").count() == 0
        assert runtime_requests(page) == [] and page.outside == []
        assert page.locator("h1").inner_text().startswith("How an island is made")
        assert page.errors == []
    finally:
        context.close()


def test_click_on_a_poster_starts_the_loader(browser, server, cdn, build_dir):
    context, page = new_page(browser, cdn, (1280, 900), runtime="fake")
    try:
        page.goto(server + "embed-example.html")
        page.wait_for_selector(".deepisle-play")
        poster = page.locator("article a[data-deepisle]").nth(1)
        poster.scroll_into_view_if_needed()
        href = poster.get_attribute("href")
        assert runtime_requests(page) == []
        poster.click()
        frame_el = page.locator("article iframe")
        assert frame_el.count() == 1
        assert frame_el.get_attribute("src") == server + href and frame_el.get_attribute("loading") == "lazy"
        assert frame_el.get_attribute("width") == "640" and frame_el.get_attribute("title")
        assert page.locator("article a[data-deepisle]").count() == len(ISLAND_STAGES) - 1
        frame = frame_el.element_handle().content_frame()
        frame.wait_for_function("window.deepisle.state === 'ready'", timeout=15_000)
        assert cdn + "pythons.js" in page.requests  # the loader was asked for, once the reader clicked
        assert any(urlsplit(u).path == "/index.html" and "stage=noise_terrain" in u for u in page.requests)
        # the live figure takes the keyboard on its first click, without scrolling the post
        scroll_before = page.evaluate("window.scrollY")
        frame.locator("#canvas").click()
        assert frame.evaluate("document.activeElement.id") == "canvas"
        page.keyboard.press("d")
        assert "d" in frame.evaluate("window.__fake.keys")
        assert page.evaluate("window.scrollY") == scroll_before
        shot(page, build_dir, "embed-figure-ready")
        assert page.errors == []
    finally:
        context.close()


def test_keyboard_starts_a_poster_too(browser, server, cdn):
    context, page = new_page(browser, cdn, (1280, 900), runtime="offline")
    try:
        page.goto(server + "embed-example.html")
        page.wait_for_selector(".deepisle-play")
        page.locator("article a[data-deepisle]").first.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector("article iframe", timeout=5_000)
        assert page.locator("article iframe").get_attribute("src").endswith("stage=noise&seed=abc&ui=0")
    finally:
        context.close()


def test_page_with_scripts_disabled_shows_the_posters(browser, server, cdn, build_dir):
    context, page = new_page(browser, cdn, (1280, 900), runtime="offline", java_script_enabled=False)
    try:
        page.goto(server + "embed-example.html")
        images = page.locator("article a[data-deepisle] img")
        assert images.count() == len(ISLAND_STAGES)
        for i in range(images.count()):
            img = images.nth(i)
            img.scroll_into_view_if_needed()
            assert img.is_visible()
            box = img.bounding_box()
            assert abs(box["width"] - 640) < 1 and abs(box["height"] - 360) < 1
        loaded = [u for u in page.requests if "/posters/" in u]
        assert len(set(loaded)) == len(ISLAND_STAGES)
        assert page.locator(".deepisle-play").count() == 0 and page.locator("iframe").count() == 0
        assert runtime_requests(page) == [] and page.outside == []
        shot(page, build_dir, "embed-no-script")
        # the picture links to the live figure
        assert page.locator("article a[data-deepisle]").first.get_attribute("href").startswith("index.html?")
    finally:
        context.close()


def test_visible_embed_starts_when_scrolled_into_view(browser, server, cdn, web):
    query = "mode=demo&demo=island&stage=mask&seed=abc&ui=0"
    poster = embeds.poster_path(embeds.demo_settings(query))
    page_file = web / "visible-test.html"  # removed below: the build is shared by other tests
    page_file.write_text(
        '<!doctype html><meta charset="utf-8"><body><div style="height: 3000px">a long post</div>'
        f'<a href="index.html?{query.replace("&", "&amp;")}" data-deepisle="visible" title="scroll to me">'
        f'<img src="{poster}" width="640" height="360" alt="scroll to me"></a>'
        '<script src="embed.js" defer></script></body>', encoding="utf-8")
    context, page = new_page(browser, cdn, (1280, 800), runtime="fake")
    try:
        page.goto(server + "visible-test.html")
        page.wait_for_selector(".deepisle-play", state="attached")
        page.wait_for_timeout(400)
        assert page.locator("iframe").count() == 0 and runtime_requests(page) == []
        page.mouse.wheel(0, 3000)
        page.wait_for_selector("iframe", timeout=5_000)
        frame = page.locator("iframe").element_handle().content_frame()
        frame.wait_for_function("window.deepisle.state === 'ready'", timeout=15_000)
        assert cdn + "pythons.js" in page.requests
    finally:
        context.close()
        page_file.unlink()


def test_snippet_in_the_readme_matches_the_build(web):
    """The README's "Embed in your blog" snippet names a poster this build makes."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Embed in your blog", 1)[1].split("\n## ", 1)[0]
    found = embeds.page_embeds(section.replace("https://YOUR-SITE/deepisle/", ""))
    assert found, "no embed snippet in the README's Embed section"
    for query, src in found:
        assert src == embeds.poster_path(embeds.demo_settings(query)) and (web / src).is_file()
    assert 'src="https://YOUR-SITE/deepisle/embed.js"' in section
