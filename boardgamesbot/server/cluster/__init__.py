"""Cluster mode: several `bgb serve` processes on one PostgreSQL, and `bgb worker` bot processes, through Redis.

Opt-in with ``--redis-url``; without it nothing here is imported. ``node.py``
holds a process's membership, room leases and failover; ``relay.py`` the
sockets and HTTP requests that reach a process which does not own their
room; ``jobs.py`` the bot-move queue and the worker. docs/deploy.md tells
the whole story.
"""
