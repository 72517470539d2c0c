"""Terminal play and replay."""
