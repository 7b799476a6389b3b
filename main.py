# /// script
# dependencies = [
#     "numpy",
# ]
# ///
"""Deepisle: procedural islands and dungeons in the browser (pygbag entry point).

Natively: ``python main.py [--mode demo --demo island --stage mask --seed abc]``.
"""

import asyncio

from game.launch import main

asyncio.run(main())
