"""Sound effects synthesized with numpy at start-up: no asset files.

Browsers refuse to play sound before the reader's first input, so the mixer
starts on the first key, click or touch (:meth:`Audio.unlock`, called by the
app); until then, and when muted (``M``), nothing plays.  If the platform has
no audio device the game simply stays silent.

Each effect is a few hundred milliseconds of 16-bit samples built from sine
and noise with an envelope: a blow is a thud, a miss a whoosh, a pick-up two
rising notes, a level-up an arpeggio.  If sound files are ever added, OGG is
the only format pygbag plays in every browser.
"""

from __future__ import annotations

import numpy as np
import pygame
import pygame.sndarray  # noqa: F401  (pygbag needs the explicit import)

__all__ = ["Audio", "synthesize", "SOUNDS", "RATE"]

RATE = 22050


def _t(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds), dtype=np.float32) / RATE


def _env(n: int, attack: float = 0.005, release: float = 1.0) -> np.ndarray:
    """A fast attack then an exponential decay over the whole sound."""
    t = np.arange(n, dtype=np.float32) / RATE
    rise = np.minimum(1.0, t / max(attack, 1e-4))
    return rise * np.exp(-t * (5.0 / max(release, 1e-3)) / max(t[-1], 1e-3) * 0.6)


def _tone(freq, seconds: float, shape: str = "sine") -> np.ndarray:
    t = _t(seconds)
    f = np.broadcast_to(np.asarray(freq, dtype=np.float32), t.shape) if np.ndim(freq) else np.full_like(t, freq)
    phase = 2 * np.pi * np.cumsum(f) / RATE
    if shape == "square":
        return np.sign(np.sin(phase)).astype(np.float32) * 0.5
    if shape == "saw":
        return (2 * ((phase / (2 * np.pi)) % 1.0) - 1).astype(np.float32) * 0.6
    return np.sin(phase).astype(np.float32)


def _noise(seconds: float, smooth: int = 1, seed: int = 0) -> np.ndarray:
    x = np.random.default_rng(seed).uniform(-1, 1, int(RATE * seconds)).astype(np.float32)
    if smooth > 1:
        x = np.convolve(x, np.ones(smooth, np.float32) / smooth, mode="same")
    return x


def _sweep(f0: float, f1: float, seconds: float, shape: str = "sine") -> np.ndarray:
    n = int(RATE * seconds)
    return _tone(np.geomspace(f0, f1, n).astype(np.float32), seconds, shape)


def _notes(freqs: list[float], each: float, shape: str = "square") -> np.ndarray:
    parts = [_tone(f, each, shape) * _env(int(RATE * each), release=0.8) for f in freqs]
    return np.concatenate(parts)


def _shaped(x: np.ndarray, volume: float, release: float = 1.0) -> np.ndarray:
    return x * _env(x.size, release=release) * volume


#: name -> a function making the samples (float32 in -1..1): one for every cue the
#: rules give (``game.rules.text.log.Cue``; a test keeps the two equal).
SOUNDS = {
    "hit": lambda: _shaped(_noise(0.12, 6, 1) * 0.7 + _tone(110, 0.12) * 0.5, 0.6),
    "miss": lambda: _shaped(_noise(0.18, 24, 2), 0.35, 0.6),
    "kill": lambda: _shaped(_sweep(440, 110, 0.3, "square"), 0.35),
    "hurt": lambda: _shaped(_sweep(180, 60, 0.2) + _noise(0.2, 12, 3) * 0.3, 0.6),
    "pickup": lambda: _notes([660, 990], 0.06) * 0.3,
    "drink": lambda: _shaped(_tone(300 + 120 * np.sin(2 * np.pi * 18 * _t(0.35)), 0.35), 0.35),
    "read": lambda: _shaped(_noise(0.3, 3, 4), 0.25, 0.5),
    "zap": lambda: _shaped(_sweep(1600, 200, 0.25, "saw"), 0.3),
    "shoot": lambda: _shaped(_noise(0.12, 8, 5) + _sweep(900, 500, 0.12) * 0.3, 0.35),
    "throw": lambda: _shaped(_noise(0.15, 16, 6), 0.3),
    "shatter": lambda: _shaped(_noise(0.25, 1, 7) * 0.6 + _tone(2400, 0.25) * 0.2, 0.45, 0.4),
    "fire": lambda: _shaped(_noise(0.45, 30, 8), 0.6, 1.2),
    "prize": lambda: _notes([523, 659, 784, 1047], 0.08) * 0.3,
    "relic": lambda: _notes([392, 523, 659, 784, 1047], 0.1) * 0.35,
    "level_up": lambda: _notes([440, 554, 659, 880], 0.07) * 0.3,
    "win": lambda: _notes([523, 523, 659, 784, 659, 784, 1047], 0.12) * 0.35,
    "die": lambda: _shaped(_sweep(330, 55, 0.9, "square"), 0.35, 1.4),
    "stairs": lambda: _notes([330, 247], 0.09, "sine") * 0.35,
    "shoot_at_you": lambda: _shaped(_noise(0.1, 8, 9), 0.3),
    "gas": lambda: _shaped(_noise(0.5, 40, 10), 0.2, 1.5),
    "trap": lambda: _shaped(_tone(1200, 0.04) + _noise(0.04, 1, 11) * 0.5, 0.4, 0.3),
}


def synthesize(name: str, channels: int = 1, rate: int = RATE) -> np.ndarray:
    """The 16-bit samples of sound ``name`` for a mixer of ``channels`` channels at ``rate`` Hz."""
    x = np.clip(SOUNDS[name](), -1.0, 1.0)
    if rate != RATE:  # made at RATE; resample by nearest sample
        x = x[(np.arange(int(x.size * rate / RATE)) * RATE // rate).astype(np.intp)]
    pcm = (x * 32000).astype(np.int16)
    return pcm if channels == 1 else np.ascontiguousarray(np.repeat(pcm[:, None], channels, axis=1))


class Audio:
    """The game's speakers: silent until :meth:`unlock`, and while muted."""

    def __init__(self) -> None:
        self.unlocked = False  # the mixer was started (after the first input)
        self.available = True  # False once starting the mixer failed
        self.muted = False
        self._sounds: dict[str, pygame.mixer.Sound] = {}  # made on first play
        self._format: tuple[int, int, int] = (RATE, -16, 1)  # the mixer's (frequency, size, channels)
        self.played: list[str] = []  # what was played, most recent last (tests, debugging)

    def unlock(self) -> None:
        """Start the mixer (call on the first user input).  Each sound is made
        the first time it plays: making all 19 at once held one frame 12 ms."""
        if self.unlocked or not self.available:
            return
        self.unlocked = True
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 1, 512)
            self._format = pygame.mixer.get_init()
        except (pygame.error, ValueError, TypeError):  # no audio device: stay silent
            self.available = False

    def sound(self, name: str) -> pygame.mixer.Sound | None:
        """Sound ``name`` for the mixer, made on first use (None when silent or unknown)."""
        if not (self.unlocked and self.available) or name not in SOUNDS:
            return None
        sound = self._sounds.get(name)
        if sound is None:
            freq, _, channels = self._format
            try:
                sound = self._sounds[name] = pygame.sndarray.make_sound(synthesize(name, channels, freq))
            except (pygame.error, ValueError, TypeError):  # the device went away: stay silent
                self.available = False
                self._sounds.clear()
                return None
        return sound

    def toggle_mute(self) -> bool:
        self.muted = not self.muted
        return self.muted

    def play(self, name: str) -> None:
        if self.muted or not self.unlocked:
            return
        sound = self.sound(name)
        if sound is not None:
            sound.play()
            self.played.append(name)
            del self.played[:-32]
