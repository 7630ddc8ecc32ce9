"""Site resolvers: StackExchange, GitHub, GitLab, Wikipedia, arXiv, Hacker News, Reddit and Discourse
read through their APIs (docs/sites.md)."""
