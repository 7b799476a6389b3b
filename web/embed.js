/* Deepisle poster-first embeds (embed.js).

   Markup, one per figure (build/web/embed-example.html has ready ones, each
   with a "copy embed code" button):

     <a href="https://SITE/index.html?mode=demo&demo=island&stage=mask&seed=abc&ui=0"
        data-deepisle title="Island generator: the mask stage">
       <img src="https://SITE/posters/island-mask-....png" width="640" height="360" alt="..." loading="lazy"></a>
     <script src="https://SITE/embed.js" defer></script>

   The poster is a still picture of exactly the map the live figure shows, made
   at build time. This script adds a play button and the caption (the link's
   title, else the picture's alt text) and loads the live figure, an iframe
   that starts Python in the page, only when the reader clicks, or when it
   scrolls into view if the link says data-deepisle="visible". Without
   scripts the picture stays, and a click opens the live figure on its own page.
   When the live figure cannot start (the Python runtime could not load: the
   page inside says so with a message), the poster comes back with one line
   saying so; a click tries again. A poster that is not on the site leaves its
   16:9 box, caption and play button on black.
   Nothing from the page is ever inserted as HTML: text goes in as text. */
(function () {
    "use strict";
    if (window.__deepisleEmbeds) return;  // the script may be included once per figure
    window.__deepisleEmbeds = true;

    const CSS = `
.deepisle-poster { position: relative; display: inline-block; max-width: 100%; vertical-align: top;
  line-height: 0; background: #000; border-radius: 6px; overflow: hidden; cursor: pointer; }
.deepisle-poster img { display: block; max-width: 100%; height: auto; aspect-ratio: 16 / 9;
  object-fit: contain; image-rendering: pixelated; background: #000; }
.deepisle-poster .deepisle-play { position: absolute; left: 50%; top: 50%; width: 64px; height: 64px;
  margin: -32px 0 0 -32px; border-radius: 50%; background: rgba(11, 13, 18, 0.78);
  box-shadow: 0 0 0 3px rgba(124, 196, 228, 0.9); transition: transform 0.15s; }
.deepisle-poster .deepisle-play::after { content: ""; position: absolute; left: 25px; top: 19px;
  border-style: solid; border-width: 13px 0 13px 22px;
  border-color: transparent transparent transparent #7cc4e4; }
.deepisle-poster:hover .deepisle-play, .deepisle-poster:focus-visible .deepisle-play { transform: scale(1.12); }
.deepisle-poster:focus-visible { outline: 3px solid #7cc4e4; outline-offset: 2px; }
.deepisle-poster .deepisle-caption { position: absolute; left: 0; right: 0; bottom: 0;
  padding: 6px 10px; background: rgba(11, 13, 18, 0.78); color: #d8dee9; text-align: left;
  font: 14px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.deepisle-poster.deepisle-failed .deepisle-play { display: none; }
.deepisle-poster.deepisle-failed .deepisle-caption { color: #f0b4aa; }
.deepisle-live { display: block; max-width: 100%; height: auto; aspect-ratio: 16 / 9; border: 0;
  border-radius: 6px; background: #0b0d12; }
`;

    function addStyle() {
        const style = document.createElement("style");
        style.textContent = CSS;
        document.head.appendChild(style);
    }

    function caption(link, img) {
        return (link.getAttribute("title") || (img && img.getAttribute("alt")) || "Deepisle live figure").trim();
    }

    const FAILED = "live figure unavailable: the Python runtime could not load";
    const frames = new Map();  // each live figure's window -> [iframe, the poster link it replaced]

    /* The live figure's page tells its embedder when the runtime could not load
       (web/index.html posts {deepisle: "failed"}): the poster comes back. */
    window.addEventListener("message", (event) => {
        const data = event.data;
        const entry = frames.get(event.source);
        if (!entry || !data || data.deepisle !== "failed") return;
        const [frame, link] = entry;
        frames.delete(event.source);
        delete link.dataset.deepislePlaying;
        link.classList.add("deepisle-failed");
        const label = link.querySelector(".deepisle-caption");
        if (label) label.textContent = FAILED;
        link.setAttribute("aria-label", FAILED + ". Try again: " + caption(link, link.querySelector("img")));
        if (frame.isConnected) frame.replaceWith(link);
    });

    /* Replace the poster by the live figure (once at a time). */
    function play(link) {
        if (!link.isConnected || link.dataset.deepislePlaying) return;
        link.dataset.deepislePlaying = "1";
        link.classList.remove("deepisle-failed");
        const img = link.querySelector("img");
        const frame = document.createElement("iframe");
        frame.className = "deepisle-live";
        frame.src = link.href;
        frame.width = (img && img.getAttribute("width")) || "640";
        frame.height = (img && img.getAttribute("height")) || "360";
        frame.loading = "lazy";
        frame.allow = "fullscreen; clipboard-write";
        frame.title = caption(link, img);
        link.replaceWith(frame);
        if (frame.contentWindow) frames.set(frame.contentWindow, [frame, link]);
        return frame;
    }

    function prepare(link) {
        if (link.dataset.deepisleReady) return;
        link.dataset.deepisleReady = "1";
        const img = link.querySelector("img");
        const text = caption(link, img);
        link.classList.add("deepisle-poster");
        link.setAttribute("aria-label", "Play: " + text);
        link.setAttribute("role", "button");
        const button = document.createElement("span");
        button.className = "deepisle-play";
        button.setAttribute("aria-hidden", "true");
        const label = document.createElement("span");
        label.className = "deepisle-caption";
        label.setAttribute("aria-hidden", "true");
        label.textContent = text;
        link.append(button, label);
        if (img) {  // a poster missing from the site: keep its box, black, with the caption
            const missing = () => { img.style.visibility = "hidden"; };
            img.addEventListener("error", missing);
            if (img.complete && img.naturalWidth === 0 && img.getAttribute("src")) missing();
        }
        link.addEventListener("click", (event) => {
            if (event.button || event.ctrlKey || event.metaKey || event.shiftKey) return;  // new tab: leave it
            event.preventDefault();
            const frame = play(link);
            if (frame) frame.focus();
        });
        link.addEventListener("keydown", (event) => {
            if (event.key === " ") { event.preventDefault(); link.click(); }
        });
        if (link.getAttribute("data-deepisle") === "visible") watch(link);
    }

    let observer = null;
    function watch(link) {
        if (!("IntersectionObserver" in window)) return;  // still plays on a click
        if (!observer) {
            observer = new IntersectionObserver((entries) => {
                for (const entry of entries) {
                    if (entry.isIntersecting) {
                        observer.unobserve(entry.target);
                        play(entry.target);
                    }
                }
            }, { rootMargin: "0px", threshold: 0.25 });
        }
        observer.observe(link);
    }

    function start() {
        addStyle();
        document.querySelectorAll("a[data-deepisle]").forEach(prepare);
    }

    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, { once: true });
    else start();
})();
