"""Developer tools (screenshots); not shipped in the web build."""
