"""Apple's documentation read from the render JSON its pages are drawn from, against a faked host."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from adapters.sites.apple_docs import AppleDocsResolver, documentation_path
from adapters.sites.docc_render import DoccPage
from domain.errors import SiteUnavailable
from tests.support.site_apis import SiteRouter, fixture, json_answer, routed_fetcher

pytestmark = pytest.mark.anyio
HOST = "developer.apple.com"
PADDING = "/tutorials/data/documentation/swiftui/view/padding(_:_:).json"  # as the host decodes it

EXPECTED = """\
# padding(_:_:)

*Instance Method · SwiftUI · iOS 13.0+, macOS 10.15+, visionOS 1.0+*

Adds an equal padding amount to specific edges of this view.

```swift
nonisolated func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View
```

## Parameters

- `edges`: The set of edges to pad for this view. The default is `all`.
- `length`: An amount, given in points, to pad this view on the specified edges. If you set the value to `nil`, \
SwiftUI uses a platform-specific default amount.

## Return Value

A view that’s padded by the specified amount on the specified edges.

## Discussion

Use this modifier to add a specified amount of padding to one or more edges of the view. Compare the following \
[`Text`](https://developer.apple.com/documentation/swiftui/text) views:

```swift
VStack {
    Text("Text padded by 20 points on the bottom and trailing edges.")
        .padding([.bottom, .trailing], 20)
        .border(.gray)
}
```

[Image: Two text views, each padded on different edges, with gray borders.]

> **Note:** Padding is added *outside* the view's frame.

- `.leading` pads the leading edge.
- `.all` pads every edge.

| Edge set | Edges padded |
| --- | --- |
| `.horizontal` | leading \\| trailing |
| `.vertical` | top and bottom |

To pad every edge by the same amount, use \
[`padding(_:)`](https://developer.apple.com/documentation/swiftui/view/padding(_:)-6pgqn).

## See Also

### Adjusting the padding of a view

- [`padding(_:)`](https://developer.apple.com/documentation/swiftui/view/padding(_:)-6pgqn): \
Adds a specific padding amount to each edge of this view.
- [`safeAreaPadding(_:)`](https://developer.apple.com/documentation/swiftui/view/safeareapadding(_:)-8cyl5): \
Adds the provided insets into the safe area of this view.
"""


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://developer.apple.com/documentation/SwiftUI/View", "/documentation/swiftui/view"),
        (
            "https://developer.apple.com/documentation/uikit/uiview/init(frame:)/",
            "/documentation/uikit/uiview/init(frame:)",
        ),
        ("https://developer.apple.com/documentation/swiftui?language=objc", "/documentation/swiftui"),
        ("https://developer.apple.com/documentation", None),
        ("https://developer.apple.com/tutorials/swiftui", None),
        ("https://developer.apple.com/videos/play/wwdc2024/10144/", None),
        ("https://apple.com/documentation/swiftui", None),
        ("ftp://developer.apple.com/documentation/swiftui", None),
    ],
)
def test_documentation_urls_say_which_page_they_are(url: str, expected: str | None) -> None:
    assert documentation_path(url) == expected


def test_the_data_address_escapes_what_apple_escapes() -> None:
    resolver = AppleDocsResolver(routed_fetcher(SiteRouter()))
    assert resolver.data_url("/documentation/uikit/uiview/init(frame:)") == (
        "https://developer.apple.com/tutorials/data/documentation/uikit/uiview/init%28frame%3A%29.json"
    )


async def test_a_method_reads_with_its_declaration_parameters_discussion_and_related_pages() -> None:
    router = SiteRouter().add(HOST, PADDING, json_answer(fixture("apple_padding")))

    page = await AppleDocsResolver(routed_fetcher(router)).read(
        "https://developer.apple.com/documentation/SwiftUI/View/padding(_:_:)"
    )

    assert page.markdown == EXPECTED
    assert page.url == "https://developer.apple.com/documentation/swiftui/view/padding(_:_:)"
    assert page.note is None


async def test_an_objective_c_link_says_the_swift_page_is_what_it_reads() -> None:
    router = SiteRouter().add(HOST, PADDING, json_answer(fixture("apple_padding")))
    page = await AppleDocsResolver(routed_fetcher(router)).read(
        "https://developer.apple.com/documentation/swiftui/view/padding(_:_:)?language=objc"
    )
    assert page.note == "Shown with its Swift declarations; the Objective-C variant of the page is not read."


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        (httpx.Response(404), "HTTP 404, not found"),
        (json_answer({"metadata": {}}), "its answer had no documentation page"),
        (json_answer([1, 2]), "its answer had no documentation page"),
        (httpx.Response(200, content=b"<html>"), "its answer was not valid JSON"),
    ],
)
async def test_what_is_not_a_page_is_refused_in_plain_words(answer: httpx.Response, reason: str) -> None:
    router = SiteRouter().add(HOST, "/tutorials/data/documentation/swiftui/gone.json", answer)
    with pytest.raises(SiteUnavailable, match=reason):
        await AppleDocsResolver(routed_fetcher(router)).read("https://developer.apple.com/documentation/swiftui/gone")


def _text(words: str) -> list[dict[str, Any]]:
    return [{"type": "text", "text": words}]


def test_a_type_lists_its_members_by_task_and_its_relationships() -> None:
    base = "doc://com.apple.SwiftUI/documentation/SwiftUI"
    node = {
        "metadata": {"title": "View", "roleHeading": "Protocol", "modules": [{"name": "SwiftUI"}]},
        "abstract": _text("A type that represents part of your app’s user interface."),
        "topicSections": [
            {"title": "Implementing a custom view", "identifiers": [f"{base}/View/body-8kl5o", f"{base}/View/Body"]},
            {"title": "Empty", "identifiers": ["doc://nowhere"]},
        ],
        "relationshipsSections": [
            {"type": "conformsTo", "title": "Inherited By", "identifiers": [f"{base}/App"]},
        ],
        "references": {
            f"{base}/View/body-8kl5o": {
                "kind": "symbol",
                "title": "body",
                "url": "/documentation/swiftui/view/body-8kl5o",
                "abstract": _text("The content and behavior of the view."),
            },
            f"{base}/View/Body": {"kind": "symbol", "title": "Body", "url": "/documentation/swiftui/view/body"},
            f"{base}/App": {"kind": "article", "title": "App essentials", "url": "https://example.com/app"},
        },
    }

    markdown = DoccPage(node, "https://developer.apple.com").markdown()

    assert markdown == (
        "# View\n\n*Protocol · SwiftUI*\n\nA type that represents part of your app’s user interface.\n\n"
        "## Topics\n\n### Implementing a custom view\n\n"
        "- [`body`](https://developer.apple.com/documentation/swiftui/view/body-8kl5o): "
        "The content and behavior of the view.\n"
        "- [`Body`](https://developer.apple.com/documentation/swiftui/view/body)\n\n"
        "## Relationships\n\n### Inherited By\n\n- [App essentials](https://example.com/app)\n"
    )


def test_a_deprecated_page_says_so_first_and_nesting_past_the_bound_is_left_out() -> None:
    nested: dict[str, Any] = {"type": "paragraph", "inlineContent": _text("deep")}
    for _ in range(100):
        nested = {"type": "aside", "style": "note", "content": [nested]}
    node = {
        "metadata": {
            "title": "oldCall()",
            "platforms": [{"name": "iOS", "introducedAt": "2.0", "deprecatedAt": "13.0"}],
        },
        "deprecationSummary": [{"type": "paragraph", "inlineContent": _text("Use newCall() instead.")}],
        "primaryContentSections": [{"kind": "content", "content": [nested]}],
    }

    markdown = DoccPage(node, "https://developer.apple.com").markdown()

    assert markdown.startswith(
        "# oldCall()\n\n*iOS 2.0+ (deprecated 13.0)*\n\n> **Deprecated:** Use newCall() instead.\n\n"
    )
    assert "deep" not in markdown


def _paragraph(words: str) -> dict[str, Any]:
    return {"type": "paragraph", "inlineContent": _text(words)}


def _code(*lines: str) -> dict[str, Any]:
    return {"content": [{"collapsible": False, "code": list(lines)}]}


def test_a_rest_endpoint_reads_with_its_address_parameters_body_responses_and_example() -> None:
    node = {
        "metadata": {"title": "Get a Track", "roleHeading": "Web Service Endpoint",
                     "platforms": [{"name": "Apple Music API", "introducedAt": "1.0"},
                                   {"name": "visionOS", "unavailable": True}]},
        "primaryContentSections": [
            {"kind": "restEndpoint", "title": "URL", "tokens": [
                {"kind": "method", "text": "GET"}, {"kind": "text", "text": " "},
                {"kind": "baseURL", "text": "https://api.music.apple.com/"}, {"kind": "path", "text": "v1/catalog/"},
                {"kind": "parameter", "text": "{id}"}]},
            {"kind": "restParameters", "title": "Path Parameters", "source": "path", "items": [
                {"name": "id", "type": [{"kind": "text", "text": "string"}], "required": True,
                 "content": [{"type": "paragraph", "inlineContent": _text("The track's identifier.")}]}]},
            {"kind": "restBody", "title": "HTTP Body", "mimeType": "application/json",
             "bodyContentType": [{"kind": "text", "text": "TrackRequest"}],
             "content": [{"type": "paragraph", "inlineContent": _text("What to look up.")}],
             "parameters": [{"name": "fields", "type": [{"kind": "text", "text": "[string]"}], "readOnly": True}]},
            {"kind": "restResponses", "title": "Response Codes", "items": [
                {"status": 200, "reason": "OK", "mimeType": "application/json",
                 "type": [{"kind": "text", "text": "TracksResponse"}],
                 "content": [{"type": "paragraph", "inlineContent": _text("The request was successful.")}]}]},
            {"kind": "content", "content": [
                {"type": "endpointExample", "summary": [{"type": "paragraph", "inlineContent": _text("An example:")}],
                 "request": {"type": "http", "syntax": "http", **_code("GET /v1/catalog/us/songs/900032829")},
                 "response": {"type": "http", "syntax": "json", **_code("{", '  "data": []', "}")}},
                {"type": "unorderedList", "items": [
                    {"checked": True, "content": [_paragraph("Sign the request")]},
                    {"checked": False, "content": [_paragraph("Cache the answer")]}]},
                {"type": "video", "identifier": "intro.mp4",
                 "metadata": {"abstract": _text("The request in motion.")}},
                {"type": "paragraph", "inlineContent": [
                    {"type": "reference", "identifier": "https://example.com/guide", "isActive": True}]},
            ]},
        ],
        "topicSections": [{"title": "Tracks", "abstract": _text("Songs and their parts."),
                           "identifiers": ["doc://x/documentation/am/track"]}],
        "references": {
            "intro.mp4": {"type": "video", "alt": "A request sent and answered"},
            "https://example.com/guide": {"type": "link", "title": None, "url": "https://example.com/guide"},
            "doc://x/documentation/am/track": {"kind": "symbol", "title": "Track", "url": "/documentation/am/track"},
        },
    }  # fmt: skip

    markdown = DoccPage(node, "https://developer.apple.com").markdown()

    assert markdown.startswith(
        "# Get a Track\n\n*Web Service Endpoint · Apple Music API 1.0+, visionOS (unavailable)*\n\n"
        "## URL\n\n```http\nGET https://api.music.apple.com/v1/catalog/{id}\n```\n\n"
        "## Path Parameters\n\n- `id` (string, required): The track's identifier.\n\n"
        "## HTTP Body\n\nType: `TrackRequest`\n\nWhat to look up.\n\n- `fields` ([string], read-only)\n\n"
        "## Response Codes\n\n- `200 OK` (TracksResponse): The request was successful.\n\n"
        'An example:\n\n```http\nGET /v1/catalog/us/songs/900032829\n```\n\n```json\n{\n  "data": []\n}\n```\n\n'
        "- [x] Sign the request\n- [ ] Cache the answer\n\n"
        "[Video: A request sent and answered] The request in motion.\n\n"
        "[https://example.com/guide](https://example.com/guide)\n\n"
        "## Topics\n\n### Tracks\n\nSongs and their parts.\n\n"
    )


def test_a_cell_spanning_others_is_written_into_each() -> None:
    def cell(words: str) -> list[dict[str, Any]]:
        return [_paragraph(words)] if words else []

    table = {
        "type": "table",
        "header": "row",
        "rows": [[cell("Platform"), cell("Since")], [cell("iOS and iPadOS"), cell("13.0")], [cell(""), cell("14.0")]],
        "extendedData": {"1_0": {"rowspan": 2, "colspan": 1}, "2_0": {"rowspan": 0, "colspan": 0}, "x_y": {}},
    }
    node = {"metadata": {"title": "T"}, "primaryContentSections": [{"kind": "content", "content": [table]}]}
    assert (
        DoccPage(node, "https://developer.apple.com")
        .markdown()
        .endswith("| Platform | Since |\n| --- | --- |\n| iOS and iPadOS | 13.0 |\n| iOS and iPadOS | 14.0 |\n")
    )
