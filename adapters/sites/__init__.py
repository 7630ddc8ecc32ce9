"""Site resolvers: StackExchange, GitHub, Wikipedia and arXiv read through their APIs (docs/sites.md)."""
