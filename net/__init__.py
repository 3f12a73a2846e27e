"""The Artifact over a LAN: the host's ZeroMQ hub and the seat/Judge client side.

Modules, from the wire up:

* ``codec``: one msgpack map per frame, strictly decoded and size-bounded;
* ``messages``: the client-to-hub schema and the hub's message constructors;
* ``diff``: snapshot-then-diff of each seat's plain-dict document;
* ``joinstring``: seat secrets and CURVE keys in one shell-safe token;
* ``actionlog``: the append-only, fsynced action log that ``--resume`` replays;
* ``hub``: the host-authoritative ROUTER loop that drives the rules engine;
* ``host``: starting or resuming a hosted game (``python -m game host``);
* ``client`` and ``headless``: a seat's link and the JSON-lines client.

The wire protocol is described in docs/protocol.md; hosting in docs/hosting.md.
"""
