"""Developer tools: the command line, the benchmark.  Nothing here is needed
by the game or the page (``web/build.py`` leaves this folder out)."""
