"""Docker Hub images through its API v2, against faked answers written in the API's documented shape."""

from __future__ import annotations

import httpx
import pytest

from adapters.sites.docker_hub import DockerHubResolver, Image, image_of
from domain.errors import SiteUnavailable
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
HUB = "hub.docker.com"
REPO = "/v2/repositories/library/relayd/"
TAGS = "/v2/repositories/library/relayd/tags"


@pytest.mark.parametrize(
    ("url", "image"),
    [
        ("https://hub.docker.com/_/relayd", Image("library", "relayd")),
        ("https://hub.docker.com/_/relayd/tags?name=alpine", Image("library", "relayd")),
        ("https://hub.docker.com/r/grafana/grafana", Image("grafana", "grafana")),
        ("https://hub.docker.com/r/bitnami/redis/tags", Image("bitnami", "redis")),
        ("https://hub.docker.com/r/library/relayd?tag=1.4-alpine", Image("library", "relayd", "1.4-alpine")),
        ("https://hub.docker.com/repository/docker/ada/relay-tools/general", Image("ada", "relay-tools")),
        ("https://hub.docker.com/layers/library/relayd/1.4-alpine/images/sha256-4444",
         Image("library", "relayd", "1.4-alpine")),
        ("https://registry.hub.docker.com/_/relayd/", Image("library", "relayd")),
        ("https://hub.docker.com/layers/rust/library/rust/1.49.0/images/sha256-4444",
         Image("library", "rust", "1.49.0")),
        ("https://hub.docker.com/u/grafana", None),
        ("https://hub.docker.com/search?q=relay", None),
        ("https://hub.docker.com/r/Grafana/grafana", None),
        ("https://hub.docker.com/r/grafana/../../v2/users", None),
        ("https://docs.docker.com/_/relayd", None),
    ],
)  # fmt: skip
def test_image_addresses_say_which_image_they_show(url: str, image: Image | None) -> None:
    assert image_of(url) == image


async def test_an_official_image_reads_as_its_facts_readme_and_tags() -> None:
    router = SiteRouter().add(HUB, REPO, json_answer(fixture("dockerhub_repository")))
    router.add(HUB, TAGS, json_answer(fixture("dockerhub_tags")))

    page = await DockerHubResolver(routed_fetcher(router)).read("https://hub.docker.com/_/relayd")

    assert page.url == "https://hub.docker.com/_/relayd"
    assert page.source == "the Docker Hub API"
    assert page.note is None
    assert page.markdown.startswith(
        "# relayd (Docker Official Image)\n\n"
        "Official build of relayd, the search relay daemon.\n\n"
        "1,500,000,000 pulls · 1,204 stars · updated 2025-03-01 · Web servers, Networking · content: image\n\n"
        "Pull: `docker pull relayd`\n\n"
        "## Overview\n\n### Quick reference\n"
    )
    # The README's headings sit under ours; a fenced "# comment" is code, not a heading.
    assert "### What is relayd?" in page.markdown
    assert "#### How to use this image" in page.markdown
    assert "\n# a comment, not a heading\n" in page.markdown
    assert "##### Environment variables" in page.markdown
    assert page.markdown.endswith(
        "## Tags, newest first (412 in all; the rest are on the image's tags page)\n\n"
        "- latest (2025-03-01; 67.3 MB; linux/amd64, linux/arm64/v8)\n"
        "- 1.4-alpine (2025-02-20; 21.7 MB; linux/amd64)\n"
    )
    tags = next(seen for seen in router.seen if seen.path == TAGS)
    assert tags.params == {"page_size": "25", "ordering": "last_updated"}


async def test_a_tags_page_reads_that_tags_images() -> None:
    router = SiteRouter().add(HUB, "/v2/repositories/ada/relay-tools/", json_answer(fixture("dockerhub_repository")))
    router.add(HUB, "/v2/repositories/ada/relay-tools/tags/1.4-alpine", json_answer(fixture("dockerhub_tag")))
    router.add(HUB, "/v2/repositories/ada/relay-tools/tags", json_answer({"count": 0, "results": []}))

    page = await DockerHubResolver(routed_fetcher(router)).read(
        "https://hub.docker.com/layers/ada/relay-tools/1.4-alpine/images/sha256-4444"
    )

    assert page.url == "https://hub.docker.com/r/ada/relay-tools"
    assert "Pull: `docker pull ada/relay-tools`" in page.markdown
    assert (
        "## Tag 1.4-alpine\n\nUpdated 2025-02-20.\n"
        "- linux/amd64: 21.7 MB, digest `sha256:4444444444444444444444444444444444444444444444444444444444444444`\n"
        "- linux/arm/v7: 19.8 MB\n"  # a digest that is not one is left out, not written into code
    ) in page.markdown
    assert "## Tags" not in page.markdown


async def test_tags_that_cannot_be_read_leave_the_image_and_say_so() -> None:
    router = SiteRouter().add(HUB, REPO, json_answer(fixture("dockerhub_repository")))
    router.add(HUB, TAGS, httpx.Response(503, json={"message": "try later"}))

    page = await DockerHubResolver(routed_fetcher(router)).read("https://hub.docker.com/_/relayd?tag=9.9")

    assert page.markdown.startswith("# relayd (Docker Official Image)")
    assert "## Overview" in page.markdown
    assert page.note == (
        "The tag 9.9 could not be read (HTTP 404, not found: Not Found). "
        "The tags could not be read (HTTP 503, the server failed: try later)."
    )


async def test_an_image_docker_hub_does_not_have_is_refused_with_the_status() -> None:
    router = SiteRouter().add(
        HUB, "/v2/repositories/ada/nothing/", httpx.Response(404, json={"message": "object not found"})
    )
    with pytest.raises(SiteUnavailable, match="HTTP 404, not found"):
        await DockerHubResolver(routed_fetcher(router)).read("https://hub.docker.com/r/ada/nothing")


async def test_an_answer_without_a_repository_is_refused() -> None:
    router = SiteRouter().add(HUB, REPO, json_answer({"detail": "odd"}))
    with pytest.raises(SiteUnavailable, match="no repository"):
        await DockerHubResolver(routed_fetcher(router)).read("https://hub.docker.com/_/relayd")


async def test_slow_tags_leave_the_image_read_within_the_deadline_and_say_so() -> None:
    import anyio

    router = SiteRouter().add(HUB, REPO, json_answer(fixture("dockerhub_repository")))

    async def answer(request: httpx.Request) -> httpx.Response:
        if request.url.path == TAGS:
            await anyio.sleep(30)  # a tags call that would outlast the read
        return router(request)

    resolver = DockerHubResolver(routed_fetcher(answer))  # type: ignore[arg-type]
    with anyio.fail_after(2.5):  # the read's deadline; the tags give up a second before it
        page = await resolver.read("https://hub.docker.com/_/relayd")

    assert page.markdown.startswith("# relayd (Docker Official Image)")
    assert "## Overview" in page.markdown and "## Tags" not in page.markdown
    assert page.note == "The tags were not read in time."


async def test_answers_values_stay_on_their_line_and_sizes_in_bounds() -> None:
    repository = fixture("dockerhub_repository")
    repository["categories"] = [{"name": "Web\n\n# Injected"}]
    tags = fixture("dockerhub_tags")
    tags["results"][0]["name"] = "latest\n\n# Injected"
    tags["results"][1]["full_size"] = 10**400
    tags["results"][1]["images"].append({"architecture": "unknown", "os": "unknown", "size": 1000})
    router = SiteRouter().add(HUB, REPO, json_answer(repository)).add(HUB, TAGS, json_answer(tags))

    page = await DockerHubResolver(routed_fetcher(router)).read("https://hub.docker.com/_/relayd")

    assert "\n# Injected" not in page.markdown
    assert "Web # Injected" in page.markdown  # a category's name, on its line
    assert page.markdown.endswith("- 1.4-alpine (2025-02-20; linux/amd64)\n")  # no size, no attestation platform
