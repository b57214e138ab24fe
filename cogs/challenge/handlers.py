"""A challenge: `/cuarenta challenge`, the user menu's "Challenge", and its answers."""

from __future__ import annotations

import logging

import discord

from tables import Challenge, ChallengeAnswer, ChallengeState, Refusal, TableSession
from tables.challenge import CHALLENGE_SECONDS
from tables.session import new_session_id

from ..answers import (
    answers_refusals,
    public_language,
    require_channel,
    require_permissions,
    tell,
)
from ..infra.clock import now
from ..infra.options import match_length
from ..services import Services, services_of
from ..ui import ids
from ..ui.challenge import challenge_payload
from ..ui.ids import Clickable

log = logging.getLogger(__name__)


@answers_refusals
async def challenge(
    services: Services,
    interaction: discord.Interaction,
    user: discord.Member,
    rules: str | None,
    length: str | None,
) -> None:
    """/cuarenta challenge user: a 1 vs 1 the challenged player accepts or declines."""
    guild_id, _ = require_channel(interaction)
    settings = await services.settings.get(guild_id)
    require_permissions(interaction, settings)
    lang = await public_language(services, interaction)  # the challenge's, posted here
    rules = rules or settings.rules
    chicas = match_length(length, settings.rule_set(rules))
    await open_challenge(services, interaction, user, rules, chicas, lang)


@answers_refusals
async def challenge_from_menu(
    services: Services, interaction: discord.Interaction, member: discord.Member
) -> None:
    """The user menu's "Challenge": the server's default rules and length."""
    guild_id, _ = require_channel(interaction)
    settings = await services.settings.get(guild_id)
    require_permissions(interaction, settings)
    lang = await public_language(services, interaction)
    chicas = settings.default_rules().chicas_to_win
    await open_challenge(services, interaction, member, settings.rules, chicas, lang)


async def open_challenge(
    services: Services,
    interaction: discord.Interaction,
    opponent: discord.abc.User,
    rules: str,
    chicas: int,
    lang: str,
) -> None:
    """Post the challenge as the answer; withdrawn at once if it cannot be posted."""
    guild_id, channel_id = require_channel(interaction)
    if opponent.id == interaction.user.id:
        raise Refusal("challenge_self")
    if opponent.bot:
        raise Refusal("challenge_bot")
    settings = await services.settings.get(guild_id)
    challenge = Challenge(
        rule_options=settings.rule_set(rules).to_dict(),
        challenge_id=new_session_id(),
        guild_id=guild_id,
        channel_id=channel_id,
        challenger_id=interaction.user.id,
        challenged_id=opponent.id,
        rules_name=rules,
        chicas_to_win=chicas,
        lang=lang,
        expires_at=now() + CHALLENGE_SECONDS,
        challenger_name=interaction.user.display_name,
        challenged_name=opponent.display_name,
    )
    runtime = services.runtime
    live = await runtime.open_challenge(challenge)
    payload = challenge_payload(challenge, ChallengeState.OPEN, lang)
    try:
        response = await interaction.response.send_message(
            payload.content,
            view=payload.view or discord.utils.MISSING,
            allowed_mentions=discord.AllowedMentions(users=[opponent]),
        )
        message_id = response.message_id or (await interaction.original_response()).id
    except Exception:
        log.warning("challenge %s could not be posted; withdrawn", challenge.challenge_id)
        runtime.take_challenge(challenge.challenge_id, opponent.id, ChallengeAnswer.DECLINE)
        await runtime.decline(live)
        return
    await runtime.challenge_posted(live, message_id)


class ChallengeButton(Clickable, ids=ids.CHALLENGE):
    challenge_id: str
    answer: ChallengeAnswer

    async def callback(self, interaction: discord.Interaction) -> None:
        services = services_of(interaction.client)
        await click_challenge(services, interaction, self.challenge_id, self.answer)


@answers_refusals
async def click_challenge(
    services: Services,
    interaction: discord.Interaction,
    challenge_id: str,
    answer: ChallengeAnswer,
) -> None:
    runtime = services.runtime
    live = runtime.challenges.get(challenge_id)
    accept = answer == ChallengeAnswer.ACCEPT
    if accept and live is not None and live.challenge.challenged_id == interaction.user.id:
        settings = await services.settings.get(live.challenge.guild_id)
        require_permissions(interaction, settings)
    live = runtime.take_challenge(challenge_id, interaction.user.id, answer)
    challenge = live.challenge
    if not accept:
        await runtime.decline(live)
        payload = challenge_payload(challenge, answer.closes_as, challenge.lang)
        await tell(
            interaction.response.edit_message(content=payload.content, view=None), interaction
        )
        return
    settings = await services.settings.get(challenge.guild_id)
    session = TableSession.from_challenge(
        challenge, bot_level=settings.bot_level, turn_seconds=settings.turn_seconds, now=now()
    )
    await runtime.open_table(session, replaces=live)
    payload = challenge_payload(challenge, ChallengeState.ACCEPTED, challenge.lang)
    await tell(interaction.response.edit_message(content=payload.content, view=None), interaction)
