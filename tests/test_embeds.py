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

from fake_page import Helpers, Window, installed
from gameloop import click, make_app, run, run_until
from webtools import PUBLIC_CDN, ROOT, build, load_web_module, new_page, shot

from game.shell import embed_code
from game.shell.settings import parse_query
from worldgen.core import registry

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
    ("mode=demo&demo=island&seed=a&w=99999", "island size must be 16..1024 x 16..1024; got 99999x32"),
    ("mode=demo&demo=nope&seed=a", "demo: invalid choice: 'nope'"),
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


def test_embed_code_is_the_same_from_the_game_and_from_the_build():
    query = "mode=demo&demo=caverns&seed=same&ui=0"
    poster = embed_code.poster_path(parse_query(query))
    assert poster == embeds.poster_path(embeds.demo_settings(query))
    site = "https://me.example/isle/"
    assert embed_code.snippet(query, poster, site) == embeds.snippet(query, poster, site)
    assert 'loading="lazy"' in embeds.snippet(query, poster, site)


def test_the_example_pages_figures_carry_the_stage_tables_captions():
    """An embed's caption is the stage table's (the demo's and the gallery's words), here as everywhere."""
    import html

    page = (ROOT / "web" / "embed-example.html").read_text(encoding="utf-8")
    found = page_titles(page)
    assert len(found) == len(ISLAND_STAGES)
    for query, title, alt in found:
        assert title == alt == embed_code.caption(parse_query(html.unescape(query)))


def page_titles(page: str) -> list[tuple[str, str, str]]:
    """``(query, title, alt)`` of each embed link of a page."""
    import html
    import re

    blocks = re.findall(r'<a href="index\.html\?([^"]+)" data-deepisle\s+title="([^"]*)">\s*<img [^>]*?alt="([^"]*)"',
                        page, flags=re.S)
    return [(query, html.unescape(title), html.unescape(alt)) for query, title, alt in blocks]


def test_embeds_script_draws_the_committed_list_and_prints_the_code(tmp_path, capsys):
    (tmp_path / "index.html").write_text("<!doctype html>", encoding="utf-8")
    listed = tmp_path / "list.txt"
    listed.write_text("# a comment\n\nmode=demo&demo=rooms&seed=listed&ui=0\n", encoding="utf-8")
    assert embeds.main([str(tmp_path), "--list", str(listed), "--site", "https://me.example/isle/"]) == 0
    query = "mode=demo&demo=rooms&seed=listed&ui=0"
    poster = embeds.poster_path(embeds.demo_settings(query))
    assert (tmp_path / poster).is_file()
    assert embeds.snippet(query, poster, "https://me.example/isle/") in capsys.readouterr().out
    listed.write_text("mode=demo&demo=rooms&seed=x&w=99999\n", encoding="utf-8")
    assert embeds.main([str(tmp_path), "--list", str(listed)]) == 1
    assert "rooms size must be 20..400 x 12..400; got 99999x29" in capsys.readouterr().err
    assert embeds.main([str(tmp_path / "nowhere")]) == 1
    assert "build the site first" in capsys.readouterr().err


def test_every_build_carries_the_committed_posters(web):
    listed = embeds.committed()
    assert {embeds.demo_settings(q).generator for q in listed} == {s.name for s in registry.all_specs()}
    for query in listed:
        assert (web / embeds.poster_path(embeds.demo_settings(query))).is_file(), query


def test_a_poster_is_indexed_colour(web):
    for poster in (web / "posters").glob("*.png"):
        data = poster.read_bytes()
        assert data[25] == 3, poster.name  # IHDR colour type 3: a palette
    assert pixels_of(poster).shape == (540, 960, 3)


def test_gallery_card_copies_its_embed_code_with_the_page_address(tmp_path):
    helpers = Helpers()
    window = Window(search="?mode=gallery", origin="https://me.github.io", pathname="/isle/index.html",
                    helpers=helpers)
    with installed(window):
        app = make_app("mode=gallery", tmp_path)
        gallery = app.top
        run(app, 1)
        for row, spec in enumerate(registry.all_specs()):
            run(app, 2, {0: [click(gallery.copy_rect(row).center)]})
            query = embed_code.figure_query(spec.name, gallery.rows[row].seed)
            poster = embed_code.poster_path(parse_query(query))
            assert helpers.copied[-1] == embeds.snippet(query, poster, "https://me.github.io/isle/")
            assert query in embeds.committed()  # its poster is on every deploy
            assert app.top is gallery  # the button opens no demo
        assert len(helpers.copied) == len(registry.all_specs())
        assert any("copied" in message for message, _, _ in gallery.toasts.items)


def test_build_embed_option_draws_the_poster_and_prints_the_snippet(tmp_path):
    query = "mode=demo&demo=mosaic&seed=blog&ui=0"
    listed = tmp_path / "embeds.txt"
    listed.write_text("", encoding="utf-8")
    proc = build(tmp_path, "--list", str(listed), "--embed", query, "--site", "https://me.example/isle/")
    poster = embeds.poster_path(embeds.demo_settings(query))
    assert (tmp_path / "web" / poster).is_file()
    assert embeds.snippet(query, poster, "https://me.example/isle/") in proc.stdout
    assert embeds.committed(listed) == [query]  # kept: every later build draws it (tests/test_posters_stay.py)


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
        lazy = page.evaluate("[...document.querySelectorAll('article img')].map(i => i.loading)")
        assert lazy == ["lazy"] * len(ISLAND_STAGES)
        for i in range(len(ISLAND_STAGES)):  # lazy posters load as they near the screen
            page.locator("article a[data-deepisle]").nth(i).scroll_into_view_if_needed()
        page.wait_for_function("[...document.querySelectorAll('article img')].every(i => i.complete)", timeout=10_000)
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
        frame.wait_for_function("window.deepisle && window.deepisle.state === 'ready'", timeout=15_000)
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
    context, page = new_page(browser, cdn, (1280, 900), runtime="fake")  # offline, the poster would come back
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
        frame.wait_for_function("window.deepisle && window.deepisle.state === 'ready'", timeout=15_000)
        assert cdn + "pythons.js" in page.requests
    finally:
        context.close()
        page_file.unlink()


@pytest.mark.parametrize("page", ["README.md", "docs/EMBED.md"])
def test_embed_code_the_docs_show_is_what_the_button_gives_and_the_build_draws(web, page):
    """The code the docs show for a site at https://USER.github.io/REPO/ is exactly what the example
    page's button copies there, and names a poster this build makes."""
    site = "https://USER.github.io/REPO/"
    body = (ROOT / page).read_text(encoding="utf-8")
    blocks = [b for b in body.split("```html\n")[1:]]
    assert blocks, f"no embed code in {page}"
    code = blocks[0].split("```", 1)[0].strip()
    [(href, src)] = embeds.page_embeds(code.replace(site, ""))
    title = code.split(' title="', 1)[1].split('"', 1)[0]
    assert code == embeds.snippet(href, src, site, title)
    assert src == embeds.poster_path(embeds.demo_settings(href)) and (web / src).is_file()
    example = (web / "embed-example.html").read_text(encoding="utf-8")
    assert f'title="{title}"' in example  # the example page's own figure


# ------------------------------------------------- copy buttons, fallback, weight ----

PHONE = (390, 844)
FAILED_LINE = "live figure unavailable: the Python runtime could not load"
INSTALL_ADVICE = ("pip install", "python main.py", "What to try")
SMALL_TEXT_JS = """() => {
    // every visible element that holds text of its own, with its font size in CSS pixels
    const out = [];
    for (const el of document.querySelectorAll("body *")) {
        const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        if (!own || !box.width || !box.height || style.visibility === "hidden") continue;
        out.push([el.tagName + "." + el.className, parseFloat(style.fontSize), el.textContent.trim().slice(0, 40)]);
    }
    return out;
}"""


def small_text(page) -> list:
    return [row for row in page.evaluate(SMALL_TEXT_JS) if row[1] < 14]


def test_copy_button_puts_the_pages_own_embed_code_on_the_clipboard(browser, server, cdn):
    context, page = new_page(browser, cdn, (1280, 900), runtime="offline",
                             permissions=["clipboard-read", "clipboard-write"])
    try:
        page.goto(server + "embed-example.html")
        page.wait_for_selector(".deepisle-play")
        buttons = page.locator("figure .copy-embed")
        assert buttons.count() == len(ISLAND_STAGES)
        for i in (0, 3, 5):
            link = page.locator("article a[data-deepisle]").nth(i)
            query = link.get_attribute("href").split("?", 1)[1]
            poster = link.locator("img").get_attribute("src")
            buttons.nth(i).click()
            page.wait_for_function("document.querySelectorAll('.copy-embed')[%d].textContent.startsWith('copied')" % i)
            code = page.evaluate("navigator.clipboard.readText()")
            assert code == embeds.snippet(query, poster, server, link.get_attribute("title"))
            assert "YOUR-SITE" not in code and code.count(server) == 3
        assert runtime_requests(page) == [] and page.errors == []
    finally:
        context.close()


def test_pasted_embed_code_shows_its_poster_in_another_page(browser, server, cdn, web):
    """The copied code, pasted into a post of its own, shows the figure and starts it."""
    query = embed_code.figure_query("rooms", "deepisle")
    code = embeds.snippet(query, embeds.poster_path(embeds.demo_settings(query)), server)
    post = web / "pasted-test.html"  # removed below: the build is shared by other tests
    post.write_text(f'<!doctype html><meta charset="utf-8"><body><p>My post.</p>{code}</body>', encoding="utf-8")
    context, page = new_page(browser, cdn, (1280, 800), runtime="fake")
    try:
        page.goto(server + "pasted-test.html")
        page.wait_for_selector(".deepisle-play")
        img = page.locator("a[data-deepisle] img")
        img.scroll_into_view_if_needed()
        page.wait_for_function("document.querySelector('a[data-deepisle] img').complete")
        assert page.evaluate("document.querySelector('a[data-deepisle] img').naturalWidth") == 960
        page.locator("a[data-deepisle]").click()
        frame = page.locator("iframe").element_handle().content_frame()
        frame.wait_for_function("window.deepisle && window.deepisle.state === 'ready'", timeout=15_000)
    finally:
        context.close()
        post.unlink()


def test_without_a_clipboard_the_code_is_shown_selected(browser, server, cdn):
    context, page = new_page(browser, cdn, (1280, 900), runtime="offline")
    context.add_init_script("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    try:
        page.goto(server + "embed-example.html")
        page.wait_for_selector(".copy-embed")
        link = page.locator("article a[data-deepisle]").nth(2)
        page.locator("figure .copy-embed").nth(2).click()
        box = page.locator("figure textarea.embed-code")
        assert box.count() == 1 and box.is_visible()
        query = link.get_attribute("href").split("?", 1)[1]
        want = embeds.snippet(query, link.locator("img").get_attribute("src"), server, link.get_attribute("title"))
        assert box.input_value() == want
        assert page.evaluate("document.activeElement.className") == "embed-code"
        assert page.evaluate("(() => { const b = document.activeElement; "
                             "return b.selectionEnd - b.selectionStart; })()") == len(want)
    finally:
        context.close()


@pytest.mark.parametrize("viewport", [(1280, 900), PHONE], ids=["wide", "phone"])
def test_a_figure_whose_runtime_cannot_load_keeps_its_poster_and_says_so(browser, server, cdn, build_dir, viewport):
    context, page = new_page(browser, cdn, viewport, runtime="offline")
    try:
        page.goto(server + "embed-example.html")
        page.wait_for_selector(".deepisle-play")
        link = page.locator("article a[data-deepisle]").nth(4)
        link.scroll_into_view_if_needed()
        href = link.get_attribute("href")
        link.click()
        # the live figure's page fails (offline) and hands the poster back
        page.wait_for_selector("article a[data-deepisle].deepisle-failed", timeout=15_000)
        assert page.locator("article iframe").count() == 0
        failed = page.locator("article a[data-deepisle].deepisle-failed")
        assert failed.get_attribute("href") == href and failed.locator("img").is_visible()
        line = failed.locator(".deepisle-caption")
        assert line.inner_text() == FAILED_LINE and line.is_visible()
        assert float(line.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 14
        assert not failed.locator(".deepisle-play").is_visible()
        body = page.locator("body").inner_text()
        assert not any(advice in body for advice in INSTALL_ADVICE)
        assert cdn + "pythons.js" in page.requests  # it did try to start
        shot(page, build_dir, f"embed-failed-{viewport[0]}")
        # a click tries again: a live figure is put in (it may fail again before a
        # locator looks, offline, so an observer counts the frames the click adds)
        page.evaluate("""() => { window.framesAdded = 0; new MutationObserver(records => {
            for (const r of records) for (const n of r.addedNodes) if (n.nodeName === "IFRAME") window.framesAdded++;
        }).observe(document.body, {childList: true, subtree: true}); }""")
        failed.click()
        page.wait_for_function("window.framesAdded === 1", timeout=15_000)
        page.wait_for_selector("article a[data-deepisle].deepisle-failed", timeout=15_000)
        assert page.errors == []
    finally:
        context.close()


def test_a_bare_figure_that_cannot_start_shows_one_line_without_advice(browser, server, cdn, build_dir):
    context, page = new_page(browser, cdn, (343, 193), runtime="offline")  # a figure's size on a phone
    try:
        page.goto(server + "index.html?mode=demo&demo=island&seed=abc&ui=0")
        page.wait_for_selector("#figure-failure", state="visible", timeout=10_000)
        assert page.locator("#figure-failure").inner_text() == FAILED_LINE
        assert not page.locator("#failure").is_visible()
        assert not any(advice in page.locator("body").inner_text() for advice in INSTALL_ADVICE)
        assert small_text(page) == []
        shot(page, build_dir, "figure-failed-343x193")
    finally:
        context.close()


def test_phone_text_is_at_least_14_px(browser, server, cdn, build_dir):
    context, page = new_page(browser, cdn, PHONE, runtime="offline", is_mobile=True, has_touch=True,
                             device_scale_factor=3)
    try:
        page.goto(server + "embed-example.html")
        page.wait_for_selector(".copy-embed")
        assert small_text(page) == []
        page.goto(server + "index.html?loadtimeout=5")  # the game page's own failure card
        page.wait_for_selector("#failure", state="visible", timeout=10_000)
        assert small_text(page) == []
        shot(page, build_dir, "offline-phone")
    finally:
        context.close()


def test_a_poster_missing_from_the_site_keeps_its_box_and_button(browser, server, cdn, web):
    page_file = web / "missing-poster-test.html"
    page_file.write_text('<!doctype html><meta charset="utf-8"><body>'
                         '<a href="index.html?mode=demo&amp;demo=rooms&amp;seed=nope&amp;ui=0" data-deepisle '
                         'title="no poster"><img src="posters/none.png" width="640" height="360" alt="no poster" '
                         'loading="lazy"></a><script src="embed.js" defer></script></body>', encoding="utf-8")
    context, page = new_page(browser, cdn, (1280, 800), runtime="offline")
    try:
        page.goto(server + "missing-poster-test.html")
        page.wait_for_selector(".deepisle-play")
        page.wait_for_function("document.querySelector('a img').style.visibility === 'hidden'", timeout=5_000)
        box = page.locator("a[data-deepisle]").bounding_box()
        assert abs(box["width"] - 640) < 1 and abs(box["height"] - 360) < 1
        assert page.locator(".deepisle-play").is_visible() and page.locator(".deepisle-caption").inner_text() == "no poster"
    finally:
        context.close()
        page_file.unlink()


def test_six_figures_weigh_under_100_kb_before_a_click(browser, server, cdn, web):
    context, page = new_page(browser, cdn, (1280, 900), runtime="offline")
    try:
        page.goto(server + "embed-example.html")
        page.wait_for_selector(".deepisle-play")
        page.mouse.wheel(0, 20_000)  # every lazy poster comes in
        page.wait_for_function("[...document.querySelectorAll('article img')].every(i => i.complete && i.naturalWidth)",
                               timeout=10_000)
        local = [urlsplit(u).path.lstrip("/") for u in page.requests if u.startswith(server)]
        assert sum("posters/" in path for path in set(local)) == len(ISLAND_STAGES)
        weight = sum((web / path).stat().st_size for path in set(local))
        assert weight < 100_000, f"{weight:,} bytes before a click"
        assert runtime_requests(page) == [] and page.outside == []
    finally:
        context.close()


def test_gallery_embed_code_reaches_the_clipboard_whole_in_the_page(browser, server, cdn):
    """The gallery's web side: the page's copyText helper keeps the code's two lines, and its
    fallback box (no clipboard) shows them both, selected, in text of at least 14 px on a phone."""
    query = embed_code.figure_query("mosaic", "deepisle")
    code = embeds.snippet(query, embeds.poster_path(embeds.demo_settings(query)), server)
    assert code.count("\n") == 1
    context, page = new_page(browser, cdn, PHONE, runtime="fake", permissions=["clipboard-read", "clipboard-write"])
    try:
        page.goto(server + "index.html?mode=gallery")
        page.wait_for_function("window.deepisle && window.deepisle.state === 'ready'", timeout=10_000)
        page.locator("#canvas").click()  # a user gesture, as when the player presses the button
        assert page.evaluate("t => window.deepisle.copyText(t)", code) is True
        assert page.evaluate("navigator.clipboard.readText()") == code
        page.evaluate("""() => {
            Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
            document.execCommand = () => false;
        }""")
        assert page.evaluate("t => window.deepisle.copyText(t)", code) is False
        assert page.locator("#copybox-text").input_value() == code
        assert small_text(page) == []
    finally:
        context.close()
