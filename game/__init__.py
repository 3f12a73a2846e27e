"""The Herald and The Artifact: rules engines (pure) and the pygame-ce client."""

__version__ = "0.1.0"
