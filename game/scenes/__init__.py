"""Scenes, one per file, each depending on the app's small
:class:`~game.shell.app.Scene` protocol and never on another scene.  A scene asks
for another by name through the app (``app.open("help")``,
``app.switch("play", game)``); this table is the only place that knows them
all, and :func:`game.launch.make_app` gives it to the app.
"""

from .confirm import ConfirmScene
from .demo import DemoScene
from .enchant import EnchantScene
from .end import EndScene
from .gallery import GalleryScene
from .help import HelpScene
from .history import HistoryScene
from .look import LookScene
from .menu import MenuScene
from .morgue import MorgueScene
from .pack import PackScene
from .perks import PerksScene
from .play import PlayScene
from .replays import ReplaysScene
from .target import TargetScene
from .title import TitleScene
from .world_map import WorldMapScene

__all__ = ["SCENES"]

SCENES = {
    "title": TitleScene,
    "play": PlayScene,
    "pack": PackScene,
    "perks": PerksScene,
    "enchant": EnchantScene,
    "confirm": ConfirmScene,
    "world_map": WorldMapScene,
    "help": HelpScene,
    "menu": MenuScene,
    "end": EndScene,
    "target": TargetScene,
    "demo": DemoScene,
    "gallery": GalleryScene,
    "look": LookScene,
    "history": HistoryScene,
    "morgue": MorgueScene,
    "replays": ReplaysScene,
}
