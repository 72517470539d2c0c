"""The web app: rooms, seats, WebSocket updates, storage, static UI."""
