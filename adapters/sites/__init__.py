"""Site resolvers: StackExchange, GitHub, GitLab, Wikipedia, arXiv, Hacker News, Reddit, Discourse and
Mastodon read through their APIs (docs/sites.md)."""
