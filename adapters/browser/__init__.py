"""Rendering JavaScript pages in headless Chromium (Debian's package), driven by Playwright."""
