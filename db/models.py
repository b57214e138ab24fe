"""The plain records that go into and come out of the storage."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

SESSION_KINDS = ("lobby", "challenge", "game")


@dataclass(frozen=True)
class SessionRow:
    """A session (lobby, challenge or game) as saved; `live` while it holds its channel."""

    session_id: str
    guild_id: int | None
    channel_id: int
    kind: str  # "lobby" | "challenge" | "game"
    state: dict
    updated_at: float
    live: bool = True
    meta: dict = field(default_factory=dict)  # small details kept apart from the state


@dataclass(frozen=True)
class Shards:
    """The shards one process runs, of `count`: Discord puts a server on shard
    (guild_id >> 22) % count, and direct messages on shard 0."""

    count: int
    ids: tuple[int, ...]

    def owns(self, guild_id: int | None) -> bool:
        return (0 if guild_id is None else (guild_id >> 22) % self.count) in self.ids


@dataclass(frozen=True)
class PlayerResult:
    """How one seat did in a finished match."""

    user_id: int | None  # None for a bot seat
    seat: int
    side: int
    won: bool
    chicas_won: int
    chicas_lost: int
    points: int  # points this player's side scored over the match
    caidas: int  # caídas, limpias and rondas made by this seat itself
    limpias: int
    rondas: int
    zapaterias_given: int
    zapaterias_suffered: int
    bot_level: str | None = None  # a bot seat's level ("easy", "normal", ...)
    name: str = ""  # the name shown at the table (a bot's given name; a human's at the time)


class MatchOutcome(StrEnum):
    """How a recorded match ended. An abandoned match is kept (history shows it) but counts
    in no total: no win, no loss, no points."""

    PLAYED = "played"
    FORFEIT = "forfeit"
    ABANDONED = "abandoned"


@dataclass(frozen=True)
class MatchRecord:
    """A finished match, one result per seat (bots included, with user_id None).

    `rule_options` is the rule set as `engine.Rules.to_dict()` gives it; `rules` its name.
    `casual`: hints were available (kept out of the human-only rankings, never rated).
    `seed` and `moves` (each `str(Move)`) rebuild the match step by step; None: not kept.
    """

    match_id: str
    guild_id: int | None
    channel_id: int
    finished_at: float
    rules: str  # "quito", "cuenca", "house" or "custom"
    players: int  # 2 or 4
    with_bots: bool
    winner_side: int
    results: list[PlayerResult]
    outcome: MatchOutcome = MatchOutcome.PLAYED
    rule_options: dict = field(default_factory=dict)
    casual: bool = False
    seed: int | None = None
    moves: tuple[str, ...] | None = None
    stand_ins: dict[int, str] = field(default_factory=dict)  # see MatchLog.stand_ins
    tournament_id: str | None = None  # a match of this tournament


@dataclass(frozen=True)
class LoggedSeat:
    """A seat of a recorded match: its player (None: a bot, of `bot_level`) and name."""

    seat: int
    user_id: int | None
    bot_level: str | None
    name: str


@dataclass(frozen=True)
class MatchLog:
    """What rebuilds a recorded match: `engine.Game.new(players, Rules.from_dict(
    rule_options), seed)`, then each of `moves` (`Move.parse`) played in turn."""

    match_id: str
    guild_id: int | None
    finished_at: float
    rules: str  # the rule set's name ("quito", "cuenca", "house", "custom")
    rule_options: dict
    players: int
    seed: int
    seats: tuple[LoggedSeat, ...]  # in seat order; side = seat % 2
    moves: tuple[str, ...]
    outcome: MatchOutcome
    winner_side: int
    # The moves of a player's seat that the player did not choose: move index -> "timeout"
    # (played by the timer) or "bot" (the bot that took the seat). Empty before v7.
    stand_ins: dict[int, str] = field(default_factory=dict)
    tournament_id: str | None = None  # a match of this tournament


@dataclass(frozen=True)
class LeaderboardRow:
    """One line of a ranking; win_rate is a fraction from 0.0 to 1.0."""

    rank: int
    user_id: int
    matches: int
    wins: int
    losses: int
    win_rate: float
    points: int
    chicas_won: int
    chicas_lost: int


@dataclass(frozen=True)
class PlayerStats:
    """A player's totals over every match (human-only and with bots); win_rate is 0.0 to 1.0.

    Abandoned matches count in nothing but `abandoned` (matches may be 0 if all were).
    """

    user_id: int
    matches: int
    wins: int
    losses: int
    win_rate: float
    chicas_won: int
    chicas_lost: int
    points: int
    caidas: int
    limpias: int
    rondas: int
    zapaterias_given: int
    zapaterias_suffered: int
    best_partner: int | None  # human partner with most wins together (2v2)
    best_partner_wins: int
    toughest_opponent: int | None  # human opponent who beat this player most often
    toughest_opponent_losses: int
    bot_matches: int  # matches that had bots (counted above, shown apart)
    abandoned: int = 0  # abandoned matches, counted in none of the figures above


@dataclass(frozen=True)
class Skill:
    """A skill estimate: mean `mu` and uncertainty `sigma` (openskill's scale)."""

    mu: float
    sigma: float

    @property
    def conservative(self) -> float:
        """The value rankings sort by: skill is above it with 99.7% confidence."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Rated:
    """A human's skill before and after a match, and how strong the opponents were then
    (the mean of their conservative values: a win's worth, for "best win")."""

    before: Skill
    after: Skill
    opponents: float


@dataclass(frozen=True)
class RatingChange:
    """A human's conservative value before and after a rated match."""

    user_id: int
    before: float
    after: float


@dataclass(frozen=True)
class RatingRow:
    """One line of a rating ranking (or one of a player's ratings, rank 0 if unranked)."""

    rank: int
    user_id: int
    with_bots: bool
    players: int
    skill: Skill
    matches: int
    wins: int
    trend: float = 0.0  # change of the conservative value over the player's last matches


@dataclass(frozen=True)
class HistoryEntry:
    """One match of a player's history, as that player saw it."""

    match_id: str
    guild_id: int | None
    finished_at: float
    rules: str
    rule_options: dict
    players: int
    with_bots: bool
    casual: bool
    outcome: MatchOutcome
    winner_side: int
    seat: int  # the player's seat; side = seat % 2
    won: bool
    chicas_won: int
    chicas_lost: int
    points: int  # the player's side
    seats: tuple[LoggedSeat, ...]
    has_replay: bool
    rating: RatingChange | None  # in the match's scope (its server, or all servers)
    tournament_id: str | None = None  # a match of this tournament

    @property
    def side(self) -> int:
        return self.seat % 2


@dataclass(frozen=True)
class Season:
    """A season of a server: matches finished from `starts_at` until before `ends_at` count
    in it. `key` names it for good ("2026-12", "2026-Q4", "n:2026-12-01:Fiestas de
    Quito"); `name` is what players read (the key itself for a month or a quarter)."""

    key: str
    name: str
    starts_at: float
    ends_at: float


@dataclass(frozen=True)
class SeasonRow:
    """A season as stored: its id (its rankings' scope is -season_id) and, once it ended,
    when it was archived, its podium and whether it was announced."""

    season_id: int
    guild_id: int
    season: Season
    archived_at: float | None
    announced: bool
    podium: Podium | None  # None until archived

    @property
    def scope(self) -> int:
        return -self.season_id


@dataclass(frozen=True)
class Logro:
    """A logro (achievement) a player earned: in which match and server (None when it was
    earned outside one, e.g. a season's podium has no match), and when."""

    user_id: int
    logro: str
    guild_id: int | None
    match_id: str | None
    earned_at: float


@dataclass(frozen=True)
class PodiumPlace:
    """A player's line on a season's podium: their seasonal conservative rating (or the
    number the place is for: matches played, a caída streak) and their record."""

    user_id: int
    value: float
    matches: int = 0
    wins: int = 0


@dataclass(frozen=True)
class Podium:
    """An ended season's podium: its three best in the ladder (`with_bots`, `players`) that
    most players played, who played most, and the longest caída streak (each None if
    nobody)."""

    with_bots: bool = False
    players: int = 2
    places: tuple[PodiumPlace, ...] = ()
    most_matches: PodiumPlace | None = None
    best_streak: PodiumPlace | None = None
    channel_id: int | None = None  # where the season's last match was played
    most_matches_tied: tuple[int, ...] = ()  # the others with as many matches as most_matches

    def to_dict(self) -> dict:
        def place(found: PodiumPlace | None) -> list | None:
            return (
                None if found is None else [found.user_id, found.value, found.matches, found.wins]
            )

        return {
            "with_bots": self.with_bots,
            "players": self.players,
            "places": [place(found) for found in self.places],
            "most_matches": place(self.most_matches),
            "best_streak": place(self.best_streak),
            "channel_id": self.channel_id,
            "most_matches_tied": list(self.most_matches_tied),
        }

    @classmethod
    def from_dict(cls, data: dict) -> Podium:
        def place(found: list | None) -> PodiumPlace | None:
            return None if found is None else PodiumPlace(*found)

        return cls(
            with_bots=bool(data.get("with_bots", False)),
            players=int(data.get("players", 2)),
            places=tuple(PodiumPlace(*found) for found in data.get("places", [])),
            most_matches=place(data.get("most_matches")),
            best_streak=place(data.get("best_streak")),
            channel_id=data.get("channel_id"),
            most_matches_tied=tuple(int(u) for u in data.get("most_matches_tied", ())),
        )


@dataclass(frozen=True)
class MatchFeats:
    """What a human did in a match that no seat total tells: their longest run of caídas
    (plays of theirs in a row, each a caída) and the cartones their side won."""

    user_id: int
    guild_id: int | None
    caida_streak: int
    cartones: int


@dataclass(frozen=True)
class CurvePoint:
    """A rated match on a player's rating curve: when, and their conservative value after."""

    finished_at: float
    rating: float


@dataclass(frozen=True)
class ModeRecord:
    """A player's wins and losses at one table size (players 2: 1 vs 1; 4: 2 vs 2)."""

    players: int
    wins: int
    losses: int


# Puzzles ------------------------------------------------------------------------------
@dataclass(frozen=True)
class StoredPuzzle:
    """A puzzle as kept: its data is engine.ai.puzzles.Puzzle.to_dict(). `guild_id` 0 for
    a puzzle of the bots' games; `user_id`, the player whose position it was (if human)."""

    puzzle_id: str
    guild_id: int
    user_id: int | None
    difficulty: str
    data: dict


@dataclass(frozen=True)
class PuzzleServer:
    """A server's daily puzzle post: where, at what hour of its time zone (IANA name; "UTC"
    for a post set before zones were asked), whether the players whose positions are used
    may be named, and the first day to post (the day after it was set: a day that had
    begun is not posted late)."""

    guild_id: int
    channel_id: int
    hour: int
    name_players: bool
    first_day: int
    time_zone: str = "UTC"


@dataclass(frozen=True)
class PuzzleDay:
    """A server's puzzle of one day (days counted from the epoch, see tables.puzzles);
    `message_id` once it is posted."""

    guild_id: int
    day: int
    puzzle_id: str
    message_id: int | None


@dataclass(frozen=True)
class PuzzleAnswer:
    """A player's answer (a move, as text) to a server's puzzle of one day."""

    guild_id: int
    day: int
    user_id: int
    puzzle_id: str
    move: str
    solved: bool


@dataclass(frozen=True)
class PuzzleAttempt:
    """A player's counted answer to a day's puzzle. `first`: this call recorded it (False:
    an earlier answer counts, and `move`/`solved` are that one's). `ended`: the streak this
    answer found broken (by a missed day or this wrong answer), to be told; 0 if none."""

    first: bool
    move: str
    solved: bool
    streak: int
    best_streak: int
    ended: int = 0


@dataclass(frozen=True)
class PuzzleStanding:
    """One player's puzzle record in a server; `streak` is 0 once a day was missed; `rank`
    their place in the server's puzzle ranking (the most solved, then the best streak)."""

    user_id: int
    solved: int
    tried: int
    streak: int
    best_streak: int
    rank: int
    skill: Skill | None  # the puzzle rating (None: no rated try yet)
