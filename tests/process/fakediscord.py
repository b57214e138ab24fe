"""A minimal fake Discord (REST + gateway websocket) on 127.0.0.1, with aiohttp.

Vendored from the loopback benchmark (../shared/loopback/fakediscord.py, outside this
repository) so that the real-process tests run on a clean clone. Changed here: the
gateway can be dropped and refused for a while (`drop_gateway`, `accept_gateway`), to
test /healthz; a callback's future holds the message as answered (a copy, not the
message later edits change); every channel message POST and PATCH is logged in `writes`
with whether it changed the message and whether it re-sent the same picture bytes, and
`edited` waits for one message's next edit (bench/restart.py); formatted by ruff. Keep
the two in step by hand.

Serves what the Cuarenta bot (discord.py 2.7) uses: login (users/@me, oauth2 application),
application emojis, command sync, channel messages (JSON and multipart), interaction
callbacks (with_response), webhook @original / followups, and a gateway that answers
HELLO / IDENTIFY -> READY + GUILD_CREATE, heartbeats, and dispatches INTERACTION_CREATE
sent by the driver (`FakeDiscord.send_interaction`). One bot connection at a time; the
world (guild, channels, messages, emojis) lives in memory in this process and survives a
restart of the bot process.
"""

from __future__ import annotations

import asyncio
import base64
import copy
import hashlib
import itertools
import json
import secrets
import time
from datetime import UTC, datetime
from typing import Any

from aiohttp import WSMsgType, web

DISCORD_EPOCH_MS = 1420070400000
ALL_PERMS = str((1 << 50) - 1)


class Snowflakes:
    def __init__(self) -> None:
        self.counter = itertools.count()

    def __call__(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self.counter) & 0x3FFFFF)


def iso(ts: float | None = None) -> str:
    return datetime.fromtimestamp(ts or time.time(), UTC).isoformat()


class FakeDiscord:
    def __init__(self, channels: int = 10, port: int = 0) -> None:
        self.port = port
        self.snow = Snowflakes()
        self.app_id = self.snow()
        self.bot_user = {
            "id": str(self.app_id),
            "username": "Cuarenta",
            "discriminator": "0",
            "global_name": "Cuarenta",
            "avatar": None,
            "bot": True,
            "flags": 0,
            "public_flags": 0,
            "verified": True,
            "mfa_enabled": False,
        }
        self.guild_id = self.snow()
        self.channels: list[int] = [self.snow() for _ in range(channels)]
        self.channel_names = {cid: f"mesa-{i}" for i, cid in enumerate(self.channels)}
        self.users: dict[int, dict] = {}
        self.emojis: dict[int, dict] = {}
        self.messages: dict[int, dict] = {}  # id -> message payload (as Discord returns it)
        self.revision: dict[int, int] = {}  # message id -> edit count
        self.changed = asyncio.Condition()  # notified on any message create/edit
        self.interactions: dict[str, dict] = {}  # token -> {id, channel_id, original}
        self.callbacks: dict[str, asyncio.Future] = {}  # interaction id -> future
        self.ws: web.WebSocketResponse | None = None
        self.ws_lock = asyncio.Lock()
        self.seq = 0
        self.connected = asyncio.Event()  # READY + GUILD_CREATE sent
        self.identifies = 0
        self.http_counts: dict[str, int] = {}
        self.commands: list[dict] = []
        self.runner: web.AppRunner | None = None
        self.hold_channel_edits = asyncio.Event()  # set: PATCH channel messages hang
        self.held = 0
        self.fail_channel_edits = 0  # > 0: answer that many channel PATCHes with this error
        self.fail_status = 503
        self.refuse_gateway = False  # set: the gateway refuses connections (drop_gateway)
        self.digests: dict[int, str] = {}  # attachment id -> sha256 of the bytes sent
        self.writes: list[dict] = []  # channel message POSTs and PATCHes answered, in order
        self.waiters: dict[int, list[asyncio.Future]] = {}  # message id -> `edited` callers

    # ------------------------------------------------------------------ server
    async def start(self) -> None:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        r = app.router
        api = "/api/v{v}"
        r.add_get("/gateway", self.gateway)
        r.add_get(api + "/gateway", self.get_gateway)
        r.add_get(api + "/gateway/bot", self.get_gateway)
        r.add_get(api + "/users/@me", self.get_me)
        r.add_get(api + "/oauth2/applications/@me", self.app_info)
        r.add_get(api + "/applications/@me", self.app_info)
        r.add_get(api + "/applications/{app}/emojis", self.list_emojis)
        r.add_post(api + "/applications/{app}/emojis", self.create_emoji)
        r.add_put(api + "/applications/{app}/commands", self.put_commands)
        r.add_put(api + "/applications/{app}/guilds/{g}/commands", self.put_commands)
        r.add_get(api + "/applications/{app}/commands", self.get_commands)
        r.add_post(api + "/channels/{c}/messages", self.post_message)
        r.add_get(api + "/channels/{c}/messages/{m}", self.get_message)
        r.add_patch(api + "/channels/{c}/messages/{m}", self.patch_message)
        r.add_delete(api + "/channels/{c}/messages/{m}", self.delete_message)
        r.add_get(api + "/channels/{c}", self.get_channel)
        r.add_get(api + "/guilds/{g}", self.get_guild)
        r.add_post(api + "/interactions/{i}/{token}/callback", self.callback)
        r.add_get(api + "/webhooks/{app}/{token}/messages/{m}", self.webhook_get)
        r.add_patch(api + "/webhooks/{app}/{token}/messages/{m}", self.webhook_patch)
        r.add_delete(api + "/webhooks/{app}/{token}/messages/{m}", self.webhook_delete)
        r.add_post(api + "/webhooks/{app}/{token}", self.webhook_post)
        app.middlewares.append(self.count)
        self.runner = web.AppRunner(app, access_log=None)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", self.port)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.runner is not None:
            await self.runner.cleanup()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @web.middleware
    async def count(self, request: web.Request, handler):
        resource = request.match_info.route.resource
        key = f"{request.method} {resource.canonical if resource else request.path}"
        self.http_counts[key] = self.http_counts.get(key, 0) + 1
        return await handler(request)

    @staticmethod
    def json(_request: Any, data: Any, status: int = 200) -> web.Response:
        # discord.py parses a body as JSON only for exactly "application/json" (no charset)
        return web.Response(
            body=json.dumps(data).encode(),
            status=status,
            headers={"Content-Type": "application/json"},
        )

    @classmethod
    def not_found(cls, code: int = 10008, message: str = "Unknown Message") -> web.Response:
        return cls.json(None, {"code": code, "message": message}, 404)

    # --------------------------------------------------------------- payloads
    def user(self, uid: int) -> dict:
        if uid not in self.users:
            self.users[uid] = {
                "id": str(uid),
                "username": f"player{uid % 100000}",
                "discriminator": "0",
                "global_name": f"Player {uid % 100000}",
                "avatar": None,
                "bot": False,
                "public_flags": 0,
                "flags": 0,
            }
        return self.users[uid]

    def member(self, uid: int) -> dict:
        return {
            "user": self.user(uid),
            "roles": [],
            "joined_at": iso(),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
            "avatar": None,
            "permissions": ALL_PERMS,
        }

    def channel_payload(self, cid: int) -> dict:
        return {
            "id": str(cid),
            "type": 0,
            "guild_id": str(self.guild_id),
            "name": self.channel_names[cid],
            "position": self.channels.index(cid),
            "permission_overwrites": [],
            "parent_id": None,
            "nsfw": False,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        }

    def guild_payload(self) -> dict:
        gid = str(self.guild_id)
        return {
            "id": gid,
            "name": "loopback",
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.snow()),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "max_members": 500000,
            "features": [],
            "application_id": None,
            "roles": [
                {
                    "id": gid,
                    "name": "@everyone",
                    "permissions": "1071698660929",
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                    "flags": 0,
                }
            ],
            "emojis": [],
            "stickers": [],
            "joined_at": iso(),
            "large": False,
            "unavailable": False,
            "member_count": 2,
            "members": [{**self.member(self.app_id), "user": self.bot_user}],
            "channels": [self.channel_payload(c) for c in self.channels],
            "threads": [],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def new_message(
        self, cid: int, body: dict, attachments: list[dict], *, kind: int = 0, webhook: bool = False
    ) -> dict:
        mid = self.snow()
        msg = {
            "id": str(mid),
            "channel_id": str(cid),
            "guild_id": str(self.guild_id),
            "author": self.bot_user,
            "content": body.get("content") or "",
            "timestamp": iso(),
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": attachments,
            "embeds": body.get("embeds") or [],
            "pinned": False,
            "type": kind,
            "components": body.get("components") or [],
            "flags": int(body.get("flags") or 0),
        }
        if webhook:
            msg["webhook_id"] = str(self.app_id)
            msg["application_id"] = str(self.app_id)
        self.messages[mid] = msg
        self.revision[mid] = 0
        return msg

    async def edit(self, mid: int, body: dict, attachments: list[dict] | None) -> dict | None:
        msg = self.messages.get(mid)
        if msg is None:
            return None
        for key in ("content", "embeds", "components", "flags"):
            if key in body:
                msg[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        if attachments is not None:
            msg["attachments"] = attachments
        elif "attachments" in body and body["attachments"] == []:
            msg["attachments"] = []
        msg["edited_timestamp"] = iso()
        self.revision[mid] += 1
        self.wake(mid)
        await self.notify()
        return msg

    def wake(self, mid: int) -> None:
        for waiter in self.waiters.pop(mid, []):
            if not waiter.done():
                waiter.set_result(None)

    async def edited(self, mid: int, revision: int, timeout: float) -> bool:
        """Wait until message `mid` is edited past `revision` (or deleted): False if not
        within `timeout` seconds. One waiter per caller, not a wake-up of every waiter."""
        if self.revision.get(mid, -1) != revision or mid not in self.messages:
            return True
        waiter = asyncio.get_running_loop().create_future()
        self.waiters.setdefault(mid, []).append(waiter)
        try:
            await asyncio.wait_for(waiter, timeout)
        except TimeoutError:
            return False
        return True

    def looks(self, msg: dict | None) -> tuple:
        """What a message shows: text, components, embeds, and its files' bytes (digests)."""
        if msg is None:
            return ()
        files = tuple(self.digests.get(int(a["id"]), a["id"]) for a in msg["attachments"])
        return (
            msg["content"],
            json.dumps(msg["components"], sort_keys=True),
            json.dumps(msg["embeds"], sort_keys=True),
            files,
        )

    def log_write(
        self, method: str, cid: int, mid: int, before: tuple, attachments: list[dict] | None
    ) -> None:
        """One channel message write, as answered: did it change what the message shows,
        and did it upload the very picture bytes the message already had?"""
        after = self.looks(self.messages.get(mid))
        uploaded = tuple(self.digests[int(a["id"])] for a in attachments or [])
        self.writes.append(
            {
                "at": time.perf_counter(),
                "method": method,
                "channel": cid,
                "message": mid,
                "changed": before != after,
                "uploads": len(uploaded),
                "same_picture": bool(uploaded) and bool(before) and uploaded == before[3],
            }
        )

    async def notify(self) -> None:
        async with self.changed:
            self.changed.notify_all()

    async def read_body(self, request: web.Request) -> tuple[dict, list[dict] | None]:
        """JSON body, or multipart (payload_json + files[n]); attachments made for files."""
        if request.content_type.startswith("multipart/"):
            try:
                form = await request.post()
            except ConnectionResetError:  # the bot was killed mid-upload
                raise web.HTTPBadRequest() from None
            body = json.loads(form.get("payload_json") or "{}")
            attachments = []
            for value in form.values():
                if hasattr(value, "file"):
                    data = value.file.read()
                    aid = self.snow()
                    self.digests[aid] = hashlib.sha256(data).hexdigest()
                    attachments.append(
                        {
                            "id": str(aid),
                            "filename": value.filename,
                            "size": len(data),
                            "url": f"{self.url}/attachments/{aid}/{value.filename}",
                            "proxy_url": f"{self.url}/attachments/{aid}/{value.filename}",
                            "content_type": value.content_type,
                        }
                    )
            return body, attachments
        if request.can_read_body:
            return await request.json(), None
        return {}, None

    # -------------------------------------------------------------------- REST
    async def get_gateway(self, request: web.Request) -> web.Response:
        return self.json(
            request,
            {
                "url": self.url.replace("http", "ws") + "/gateway",
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            },
        )

    async def get_me(self, request: web.Request) -> web.Response:
        return self.json(request, self.bot_user)

    async def get_commands(self, request: web.Request) -> web.Response:
        return self.json(request, self.commands)

    async def get_guild(self, request: web.Request) -> web.Response:
        return self.json(request, self.guild_payload())

    async def app_info(self, request: web.Request) -> web.Response:
        return self.json(
            request,
            {
                "id": str(self.app_id),
                "name": "Cuarenta",
                "icon": None,
                "description": "",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "bot": self.bot_user,
                "owner": self.user(self.snow()),
                "team": None,
                "summary": "",
                "verify_key": "0" * 64,
                "flags": 0,
                "tags": [],
                "approximate_guild_count": 1,
                "redirect_uris": [],
                "interactions_endpoint_url": None,
            },
        )

    async def list_emojis(self, request: web.Request) -> web.Response:
        return self.json(request, {"items": list(self.emojis.values())})

    async def create_emoji(self, request: web.Request) -> web.Response:
        body = await request.json()
        image = body.get("image", "")
        base64.b64decode(image.split(",", 1)[1])  # a data URI, as Discord wants
        eid = self.snow()
        emoji = {
            "id": str(eid),
            "name": body["name"],
            "roles": [],
            "require_colons": True,
            "managed": False,
            "animated": False,
            "available": True,
            "user": self.bot_user,
        }
        self.emojis[eid] = emoji
        return self.json(request, emoji, 201)

    async def put_commands(self, request: web.Request) -> web.Response:
        body = await request.json()
        self.commands = [
            {**c, "id": str(self.snow()), "application_id": str(self.app_id), "version": "1"}
            for c in body
        ]
        return self.json(request, self.commands)

    async def get_channel(self, request: web.Request) -> web.Response:
        cid = int(request.match_info["c"])
        if cid not in self.channel_names:
            return self.not_found(10003, "Unknown Channel")
        return self.json(request, self.channel_payload(cid))

    async def post_message(self, request: web.Request) -> web.Response:
        cid = int(request.match_info["c"])
        if cid not in self.channel_names:
            return self.not_found(10003, "Unknown Channel")
        body, attachments = await self.read_body(request)
        msg = self.new_message(cid, body, attachments or [])
        self.log_write("POST", cid, int(msg["id"]), (), attachments)
        await self.notify()
        return self.json(request, msg)

    async def get_message(self, request: web.Request) -> web.Response:
        msg = self.messages.get(int(request.match_info["m"]))
        return self.json(request, msg) if msg else self.not_found()

    async def patch_message(self, request: web.Request) -> web.Response:
        if self.hold_channel_edits.is_set():  # fault injection: Discord is slow to answer
            self.held += 1
            while self.hold_channel_edits.is_set():
                await asyncio.sleep(0.01)
        if self.fail_channel_edits > 0:  # fault injection: Discord answers with an error
            self.fail_channel_edits -= 1
            await request.read()
            codes = {403: (50013, "Missing Permissions"), 503: (0, "Service Unavailable")}
            code, text = codes.get(self.fail_status, (0, "error"))
            return self.json(request, {"code": code, "message": text}, self.fail_status)
        body, attachments = await self.read_body(request)
        mid = int(request.match_info["m"])
        before = self.looks(self.messages.get(mid))
        msg = await self.edit(mid, body, attachments)
        if msg:
            self.log_write("PATCH", int(request.match_info["c"]), mid, before, attachments)
        return self.json(request, msg) if msg else self.not_found()

    async def delete_message(self, request: web.Request) -> web.Response:
        mid = int(request.match_info["m"])
        if self.messages.pop(mid, None) is None:
            return self.not_found()
        self.wake(mid)
        await self.notify()
        return web.Response(status=204)

    # ------------------------------------------------------------- interactions
    async def callback(self, request: web.Request) -> web.Response:
        arrived = time.perf_counter()
        token = request.match_info["token"]
        record = self.interactions.get(token)
        if record is None or record["id"] != request.match_info["i"]:
            return self.json(request, {"code": 10062, "message": "Unknown interaction"}, 404)
        if record.get("answered"):
            return self.json(
                request,
                {"code": 40060, "message": "Interaction has already been acknowledged."},
                400,
            )
        body, attachments = await self.read_body(request)
        kind, data = body.get("type"), body.get("data") or {}
        record["answered"] = True
        message = None
        if kind == 4:  # CHANNEL_MESSAGE_WITH_SOURCE
            message = self.new_message(
                record["channel_id"],
                data,
                attachments or [],
                kind=20 if record["type"] == 2 else 19,
                webhook=True,
            )
            record["original"] = int(message["id"])
            await self.notify()
        elif kind == 7:  # UPDATE_MESSAGE
            message = await self.edit(record["original"], data, attachments)
        elif kind == 5:  # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
            message = self.new_message(
                record["channel_id"], {"flags": data.get("flags", 0)}, [], webhook=True
            )
            record["original"] = int(message["id"])
        result = {
            "interaction": {
                "id": record["id"],
                "type": record["type"],
                "response_message_id": message["id"] if message else None,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(message and message["flags"] & 64),
            },
            "resource": {"type": kind, "message": message} if message else None,
        }
        if result["resource"] is None:
            del result["resource"]
        future = self.callbacks.pop(record["id"], None)
        if future is not None and not future.done():
            future.set_result((arrived, kind, copy.deepcopy(message)))  # as answered
        return self.json(request, result)

    def _original(self, request: web.Request) -> tuple[dict | None, int | None]:
        record = self.interactions.get(request.match_info["token"])
        if record is None:
            return None, None
        m = request.match_info["m"]
        return record, record.get("original") if m == "@original" else int(m)

    async def webhook_get(self, request: web.Request) -> web.Response:
        _, mid = self._original(request)
        msg = self.messages.get(mid) if mid else None
        return self.json(request, msg) if msg else self.not_found()

    async def webhook_patch(self, request: web.Request) -> web.Response:
        record, mid = self._original(request)
        if record is None:
            return self.json(request, {"code": 50027, "message": "Invalid Webhook Token"}, 401)
        body, attachments = await self.read_body(request)
        msg = await self.edit(mid, body, attachments) if mid else None
        return self.json(request, msg) if msg else self.not_found()

    async def webhook_delete(self, request: web.Request) -> web.Response:
        _, mid = self._original(request)
        if mid is None or self.messages.pop(mid, None) is None:
            return self.not_found()
        self.wake(mid)
        return web.Response(status=204)

    async def webhook_post(self, request: web.Request) -> web.Response:
        record = self.interactions.get(request.match_info["token"])
        if record is None:
            return self.json(request, {"code": 50027, "message": "Invalid Webhook Token"}, 401)
        body, attachments = await self.read_body(request)
        msg = self.new_message(record["channel_id"], body, attachments or [], webhook=True)
        record.setdefault("followups", []).append(int(msg["id"]))
        await self.notify()
        return self.json(request, msg)

    # ----------------------------------------------------------------- gateway
    async def drop_gateway(self) -> None:
        """Close the bot's websocket and refuse new ones until `accept_gateway`."""
        self.refuse_gateway = True
        if self.ws is not None:
            await self.ws.close()

    def accept_gateway(self) -> None:
        self.refuse_gateway = False

    async def gateway(self, request: web.Request) -> web.StreamResponse:
        if self.refuse_gateway:
            return web.Response(status=503, text="gateway down (test)")
        ws = web.WebSocketResponse(compress=False, max_msg_size=0)
        await ws.prepare(request)
        if self.ws is not None and not self.ws.closed:
            await self.ws.close()
        self.ws = ws
        self.connected.clear()
        await ws.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 41250}}))
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            data = json.loads(msg.data)
            op = data.get("op")
            if op == 1:
                await self.send_ws({"op": 11})
            elif op in (2, 6):  # IDENTIFY (or RESUME: treated as a new session)
                self.identifies += 1
                self.seq = 0
                await self.dispatch(
                    "READY",
                    {
                        "v": 10,
                        "user": self.bot_user,
                        "guilds": [{"id": str(self.guild_id), "unavailable": True}],
                        "session_id": secrets.token_hex(16),
                        "session_type": "normal",
                        "resume_gateway_url": self.url.replace("http", "ws") + "/gateway",
                        "application": {"id": str(self.app_id), "flags": 0},
                        "private_channels": [],
                        "relationships": [],
                        "presences": [],
                        "guild_join_requests": [],
                        "geo_ordered_rtc_regions": [],
                    },
                )
                await self.dispatch("GUILD_CREATE", self.guild_payload())
                self.connected.set()
        if self.ws is ws:
            self.ws = None
            self.connected.clear()
        return ws

    async def send_ws(self, payload: dict) -> None:
        ws = self.ws
        if ws is None or ws.closed:
            raise ConnectionError("the bot is not connected")
        async with self.ws_lock:
            await ws.send_str(json.dumps(payload))

    async def dispatch(self, event: str, data: dict) -> None:
        self.seq += 1
        await self.send_ws({"op": 0, "t": event, "s": self.seq, "d": data})

    async def send_interaction(
        self, user_id: int, channel_id: int, kind: int, data: dict, message: dict | None = None
    ) -> tuple[asyncio.Future, float, str]:
        """Dispatch INTERACTION_CREATE; returns (future of the callback, perf_counter at send).

        The future resolves to (perf_counter when the callback arrived, type, message)."""
        iid = str(self.snow())
        token = "tok" + secrets.token_hex(24)
        record = {"id": iid, "type": kind, "channel_id": channel_id, "user": user_id}
        if message is not None:
            record["original"] = int(message["id"])
        self.interactions[token] = record
        future = asyncio.get_running_loop().create_future()
        self.callbacks[iid] = future
        payload = {
            "id": iid,
            "application_id": str(self.app_id),
            "type": kind,
            "token": token,
            "version": 1,
            "guild_id": str(self.guild_id),
            "channel_id": str(channel_id),
            "channel": {**self.channel_payload(channel_id), "permissions": ALL_PERMS},
            "member": self.member(user_id),
            "data": data,
            "locale": "en-US",
            "guild_locale": "en-US",
            "app_permissions": ALL_PERMS,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.guild_id)},
            "context": 0,
            "attachment_size_limit": 10485760,
        }
        if message is not None:
            payload["message"] = message
        sent = time.perf_counter()
        await self.dispatch("INTERACTION_CREATE", payload)
        record["token"] = token
        return future, sent, iid
