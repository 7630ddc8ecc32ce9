"""What the extraction workers run and import, named without importing it.

The server process needs only these names (to start the pool); the extraction modules themselves
are imported by the workers' fork server, never by the server, so they cost its start-up nothing.
"""

#: How extraction workers find the extractor (see ProcessExtractionPool): with a helper process
#: beside each worker (``candidate_helper``), or reading each page alone.
EXTRACTOR_PATH = "adapters.pages.extractor:worker_extractor"
LONE_EXTRACTOR_PATH = "adapters.pages.extractor:TrafilaturaExtractor"
#: Imported once by the workers' fork server, so each new worker starts with them loaded.
WORKER_PRELOAD = (
    "adapters.pages.extractor",
    "trafilatura",
    "readability",
    "html_to_markdown",
    "resiliparse.extract.html2text",
    "resiliparse.parse.html",
    "pypdf",
    "charset_normalizer",
    "ftfy",
)
