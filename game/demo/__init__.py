"""The demo scene's parts (``game.scenes.demo`` is made of them): the replay, the playground's
panel and compare view, and what a demo gives away (link, embed code, exports).  Scenes may not
import each other, so what is more than one scene's drawing lives here."""
