//! Rule-event coverage: which rules of `rules.md` a game exercises, read
//! from its canonical event trace (see `pigkill_engine::event`) and the
//! game's roles and starting hands, never from an engine's internals.
//!
//! [`rule_events`] replays the trace through the one fold of the table
//! ([`crate::fold`]: each pig's life, HP, hand, crossbow, reveal and the
//! lord's suspicion), adding what only coverage needs (the play being
//! resolved and, within an invasion or volley, the pig being resolved;
//! kills this turn), and reports a [`RuleSet`] of [`RuleEvent`]s.
//! [`Coverage`] counts, over many games, how many games hit each event,
//! and renders the table (event, games, share) that `pigkill coverage`
//! prints.
//!
//! Each event's [`RuleEvent::description`] says how it is recognised.
//! [`RuleEvent::requires`] says which cards a game must contain for the
//! event to be possible at all, so that a test can check that a profile
//! never shows an event its cards cannot cause (a `basic` game never
//! shows a duel).

use std::fmt;

use pigkill_engine::{Budget, Card, Engine, Event, Game, Role, RunError, Seat, Winner, MAX_HP};

use crate::fold::TableState;

macro_rules! rule_events {
    ($( $variant:ident = $name:literal, $requires:literal, $desc:literal; )*) => {
        /// One rule of `rules.md` that a game can exercise, recognised from
        /// its event trace.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum RuleEvent {
            $( #[doc = $desc] $variant, )*
        }

        impl RuleEvent {
            /// Every rule event, in table order.
            pub const ALL: &'static [RuleEvent] = &[ $( RuleEvent::$variant, )* ];

            /// The event's stable snake-case name.
            pub const fn name(self) -> &'static str {
                match self { $( RuleEvent::$variant => $name, )* }
            }

            /// What the event is and how the trace shows it, in one line.
            pub const fn description(self) -> &'static str {
                match self { $( RuleEvent::$variant => $desc, )* }
            }

            /// The cards a game must hold (in hands or deck) for the event
            /// to be possible: space-separated groups of card letters, each
            /// group needing one of its cards (`"J FNW"`: a nullify and a
            /// trick it can answer). Empty when any game can show it.
            pub const fn requires(self) -> &'static str {
                match self { $( RuleEvent::$variant => $requires, )* }
            }
        }
    };
}

rule_events! {
    // Cards.
    Heal = "heal", "P", "a pig eats a peach in its own turn (Heal)";
    PeachFullHpKept = "peach_full_hp_kept", "P",
        "a pig ends its turn alive at full HP holding a peach it could not play";
    KillPlayed = "kill_played", "K", "a kill is played (Play K)";
    DuelPlayed = "duel_played", "F", "a duel is played (Play F)";
    InvasionPlayed = "invasion_played", "N", "an invasion is played (Play N)";
    VolleyPlayed = "volley_played", "W", "an arrow volley is played (Play W)";
    CrossbowEquipped = "crossbow_equipped", "Z", "a crossbow is equipped (Equip)";
    CrossbowReplaced = "crossbow_replaced", "Z",
        "a crossbow replaces one already held (Equip with replaced)";
    // Kill.
    KillDodged = "kill_dodged", "K D", "a kill's target discards a dodge (Respond D in a kill)";
    KillHits = "kill_hits", "K", "a kill's target takes the damage (Damage in a kill)";
    KillOverDead = "kill_over_dead", "K",
        "a kill at the next living pig with a dead pig between (distance after a death)";
    CrossbowSecondKill = "crossbow_second_kill", "K Z", "a second kill in one turn";
    CrossbowRescan = "crossbow_rescan", "K Z",
        "kill, then a first crossbow, then another kill in one turn (the scan starts over)";
    KillLimit = "kill_limit", "K",
        "a pig without a crossbow that killed this turn ends it holding a kill and a kill target";
    // Targets, by role.
    MpKillsSuspect = "mp_kills_suspect", "K NW", "the lord kills a pig it suspects";
    MpKillsSuspectedZp = "mp_kills_suspected_zp", "K NW",
        "the lord kills a loyalist it suspects";
    MpKillsRevealedFp = "mp_kills_revealed_fp", "K", "the lord kills a revealed rebel";
    ZpKillsFp = "zp_kills_fp", "K", "a loyalist kills a revealed rebel";
    FpKillsMp = "fp_kills_mp", "K", "a rebel kills the lord";
    FpKillsZp = "fp_kills_zp", "K", "a rebel kills a revealed loyalist";
    MpDuelsSuspect = "mp_duels_suspect", "F NW", "the lord duels a pig it suspects";
    MpDuelsRevealedFp = "mp_duels_revealed_fp", "F", "the lord duels a revealed rebel";
    ZpDuelsFp = "zp_duels_fp", "F", "a loyalist duels a revealed rebel";
    FpDuelsMp = "fp_duels_mp", "F", "a rebel duels the lord";
    DuelFar = "duel_far", "F", "a duel at a target beyond distance 1";
    // Duel.
    DuelExchange = "duel_exchange", "F K",
        "both sides of a duel discard kills (2 or more Respond K in a duel)";
    DuelPlayerWins = "duel_player_wins", "F", "a duel's target takes the damage";
    DuelPlayerLoses = "duel_player_loses", "F", "a duel's player takes the damage";
    ZpYieldsDuel = "zp_yields_duel", "F NW",
        "a loyalist dueled by the lord takes the damage without discarding a kill";
    DeathInDuel = "death_in_duel", "F", "a pig dies in a duel";
    DeathInOwnTurn = "death_in_own_turn", "F", "the pig whose turn it is dies (it lost a duel)";
    // Invasion and volley.
    InvasionAnswered = "invasion_answered", "N K", "a pig discards a kill to an invasion";
    InvasionHits = "invasion_hits", "N", "a pig takes an invasion's damage";
    VolleyDodged = "volley_dodged", "W D", "a pig discards a dodge to a volley";
    VolleyHits = "volley_hits", "W", "a pig takes a volley's damage";
    DeathMidInvasion = "death_mid_invasion", "N", "a pig dies in an invasion";
    DeathMidVolley = "death_mid_volley", "W", "a pig dies in a volley";
    TwoDeathsInArea = "two_deaths_in_area", "NW", "two pigs die in one invasion or volley";
    GameEndsMidArea = "game_ends_mid_area", "NW",
        "the game ends in an invasion or volley with living pigs still to resolve";
    // Suspicion.
    MpSuspects = "mp_suspects", "NW", "the lord starts suspecting an unrevealed pig (Suspect)";
    SuspectAfterRescue = "suspect_after_rescue", "NW P",
        "the lord eats a peach to survive an unrevealed pig's trick, then suspects it";
    NoSuspicionWhenAnswered = "no_suspicion_when_answered", "NW",
        "the lord answers an unrevealed, unsuspected pig's invasion or volley: no suspicion";
    SuspectHurtsMpAgain = "suspect_hurts_mp_again", "NW",
        "a suspected pig's trick hurts the lord again, who survives (no second Suspect)";
    RevealedMidArea = "revealed_mid_area", "J NW",
        "the lord takes area damage from a player that revealed by a nullify earlier in that trick: no suspicion";
    SuspicionCleared = "suspicion_cleared", "NW KFJ",
        "a suspected pig reveals (Reveal of a suspected pig)";
    // Reveal.
    RevealByKill = "reveal_by_kill", "K", "a pig reveals by playing a kill";
    RevealByDuel = "reveal_by_duel", "F", "a pig reveals by playing a duel";
    RevealByNullify = "reveal_by_nullify", "J FNW", "a pig reveals by playing a nullify";
    // Nullify.
    NullifyDepth1 = "nullify_depth_1", "J FNW", "a nullify chain ends at depth 1 (cancelled)";
    NullifyDepth2 = "nullify_depth_2", "J FNW",
        "a nullify chain ends at depth 2 (the trick takes effect)";
    NullifyDepth3 = "nullify_depth_3", "J FNW", "a nullify chain ends at depth 3 (cancelled)";
    NullifyDepth4Plus = "nullify_depth_4_plus", "J FNW", "a nullify chain reaches depth 4 or more";
    NullifyOnDuel = "nullify_on_duel", "J F", "a nullify chain on a duel's target";
    NullifyOnInvasion = "nullify_on_invasion", "J N", "a nullify chain on a pig in an invasion";
    NullifyOnVolley = "nullify_on_volley", "J W", "a nullify chain on a pig in a volley";
    NullifyProtectsMp = "nullify_protects_mp", "J FNW", "a first nullify protects the lord";
    NullifyProtectsZp = "nullify_protects_zp", "J FNW",
        "a first nullify protects a revealed loyalist";
    NullifyProtectsFp = "nullify_protects_fp", "J FNW",
        "a first nullify protects a revealed rebel";
    NullifyAttackByFp = "nullify_attack_by_fp", "J FNW",
        "a rebel cancels a protecting nullify (even depth)";
    NullifyAttackByMpSide = "nullify_attack_by_mp_side", "J FNW",
        "the lord or a loyalist cancels a protecting nullify (even depth)";
    OwnTrickNullified = "own_trick_nullified", "J NW",
        "a pig plays the first nullify against its own trick on an ally";
    SelfProtect = "self_protect", "J FNW",
        "the lord or a revealed pig plays the first nullify for itself";
    UnrevealedUnprotected = "unrevealed_unprotected", "J FNW",
        "a trick hits an unrevealed pig, unnullified, while it or an ally by role holds a nullify";
    // Damage, dying, death.
    Rescue = "rescue", "P", "a dying pig eats a peach (Rescue)";
    Reward = "reward", "KFNW", "a rebel's killer draws 3 cards (Reward)";
    RewardToFp = "reward_to_fp", "NW", "a rebel draws the reward for a rebel's death";
    RewardToZp = "reward_to_zp", "KFNW", "a loyalist draws the reward for a rebel's death";
    RewardMidArea = "reward_mid_area", "NW",
        "a rebel dies in an invasion or volley and its player draws the reward mid-trick";
    PlayAfterReward = "play_after_reward", "KFNW",
        "a pig plays on in its turn after drawing a reward in it";
    LastCardReward = "last_card_reward", "KFNW", "a reward draws the deck's last card";
    Penalty = "penalty", "NW", "the lord kills a loyalist and discards its hand (Penalty)";
    PenaltyWithWeapon = "penalty_with_weapon", "Z NW", "the lord's penalty discards a crossbow";
    ZpKilledByFp = "zp_killed_by_fp", "KFNW", "a rebel kills a loyalist: no penalty, no reward";
    DeathWithWeapon = "death_with_weapon", "Z", "a pig dies holding a crossbow";
    LastCardDraw = "last_card_draw", "",
        "a draw from a one-card deck leaves the card in place (Draw with last_card)";
    // The end.
    LastFpDies = "last_fp_dies", "KFNW", "the last rebel dies: the lord wins, no reward";
    MpDies = "mp_dies", "KFNW", "the lord dies: the rebels win";
}

impl RuleEvent {
    /// The event with this name, if there is one.
    pub fn from_name(name: &str) -> Option<RuleEvent> {
        RuleEvent::ALL.iter().copied().find(|e| e.name() == name)
    }

    /// Whether a game holding these cards (in hands and deck) can show the
    /// event at all, per [`RuleEvent::requires`].
    pub fn possible_with(self, cards: &[Card]) -> bool {
        self.requires().split_whitespace().all(|group| {
            group
                .chars()
                .any(|c| cards.iter().any(|card| card.letter() == c))
        })
    }

    /// Whether `game` can show the event at all, per [`RuleEvent::requires`].
    pub fn possible_in(self, game: &Game) -> bool {
        self.possible_with(&cards_of(game))
    }

    /// The event's index in [`RuleEvent::ALL`].
    const fn index(self) -> usize {
        self as usize
    }
}

/// Every kind of card that `game` holds, in the hands or the deck.
fn cards_of(game: &Game) -> Vec<Card> {
    let mut seen = [false; 8];
    let hands = game.pigs().iter().flat_map(|p| p.hand);
    for card in hands.chain(game.deck().iter().copied()) {
        seen[card as usize] = true;
    }
    Card::ALL
        .into_iter()
        .filter(|&c| seen[c as usize])
        .collect()
}

impl fmt::Display for RuleEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of [`RuleEvent`]s: those one game hit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RuleSet(u128);

impl RuleSet {
    /// The empty set.
    pub const fn new() -> RuleSet {
        RuleSet(0)
    }

    /// Adds an event.
    pub fn insert(&mut self, event: RuleEvent) {
        self.0 |= 1 << event.index();
    }

    /// Whether the set holds the event.
    pub const fn contains(self, event: RuleEvent) -> bool {
        self.0 & (1 << event.index()) != 0
    }

    /// How many events the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The events in the set, in table order.
    pub fn iter(self) -> impl Iterator<Item = RuleEvent> {
        RuleEvent::ALL
            .iter()
            .copied()
            .filter(move |&e| self.contains(e))
    }
}

impl FromIterator<RuleEvent> for RuleSet {
    fn from_iter<I: IntoIterator<Item = RuleEvent>>(iter: I) -> RuleSet {
        let mut set = RuleSet::new();
        for e in iter {
            set.insert(e);
        }
        set
    }
}

// The set is a u128.
const _: () = assert!(RuleEvent::ALL.len() <= 128);

/// The rule events of one game, from its canonical trace.
///
/// `events` is the trace an engine emitted for `game` (see
/// `pigkill_engine::event`); a trace cut short (a game that does not end)
/// gives the events up to its end. A trace that contradicts the model
/// (a card played that the hand does not hold) is read on as well as it
/// can: coverage never fails.
pub fn rule_events(game: &Game, events: &[Event]) -> RuleSet {
    let mut reader = Reader::new(game);
    for &event in events {
        reader.read(event);
    }
    reader.finish()
}

/// Runs `game` on `engine` with a trace and returns its rule events.
///
/// # Errors
///
/// The engine's [`RunError`] when the game does not end or the engine fails.
pub fn game_rule_events(
    game: &Game,
    engine: &(impl Engine + ?Sized),
    budget: Budget,
) -> Result<RuleSet, RunError> {
    let mut events = Vec::new();
    engine.run_traced(game, budget, &mut events)?;
    Ok(rule_events(game, &events))
}

/// The play being resolved.
#[derive(Clone, Debug)]
struct Play {
    player: Seat,
    card: Card,
    /// The player was unrevealed when it played.
    player_unrevealed: bool,
    /// The pig the current nullify round or response is about.
    step: Option<Seat>,
    /// The nullify depth reached in the current step.
    depth: u8,
    /// Invasion, volley: the other living pigs in resolution order.
    order: Vec<Seat>,
    /// Duel: kills discarded so far.
    duel_kills: u32,
    /// Deaths during this play.
    deaths: u32,
}

/// Replays a trace over what it tells, collecting rule events.
struct Reader {
    /// The table as the trace tells it (the one fold of `crate::fold`).
    table: TableState,
    /// Whose turn it is (`None` once the game is over).
    turn: Option<Seat>,
    /// Kills played in this turn.
    kills: u32,
    /// A first crossbow was equipped after a kill this turn.
    rescan_armed: bool,
    /// The turn's pig drew a reward this turn.
    rewarded_in_turn: bool,
    /// Draws still to come from a reward.
    reward_draws: u8,
    play: Option<Play>,
    last: Option<Event>,
    found: RuleSet,
}

impl Reader {
    fn new(game: &Game) -> Reader {
        Reader {
            table: TableState::new(game),
            turn: None,
            kills: 0,
            rescan_armed: false,
            rewarded_in_turn: false,
            reward_draws: 0,
            play: None,
            last: None,
            found: RuleSet::new(),
        }
    }

    fn hit(&mut self, event: RuleEvent) {
        self.found.insert(event);
    }

    /// Whether everyone sees `pig` as what it is (the lord, or revealed).
    fn known(&self, pig: Seat) -> bool {
        self.table.pigs[pig].role == Role::Lord || self.table.pigs[pig].revealed
    }

    /// The next living pig after `pig`, going forward.
    fn next_living(&self, pig: Seat) -> Option<Seat> {
        let n = self.table.pigs.len();
        (1..n)
            .map(|k| (pig + k) % n)
            .find(|&s| self.table.pigs[s].alive)
    }

    /// Living pigs strictly between `from` and `to`, going forward.
    fn living_between(&self, from: Seat, to: Seat) -> usize {
        let n = self.table.pigs.len();
        let mut s = (from + 1) % n;
        let mut count = 0;
        while s != to && s != from {
            if self.table.pigs[s].alive {
                count += 1;
            }
            s = (s + 1) % n;
        }
        count
    }

    /// Dead pigs strictly between `from` and `to`, going forward.
    fn dead_between(&self, from: Seat, to: Seat) -> usize {
        let n = self.table.pigs.len();
        let mut s = (from + 1) % n;
        let mut count = 0;
        while s != to && s != from {
            if !self.table.pigs[s].alive {
                count += 1;
            }
            s = (s + 1) % n;
        }
        count
    }

    /// Whether `target` is `player`'s kill target by role (distance aside).
    fn hostile(&self, player: Seat, target: Seat) -> bool {
        let fp = self.table.pigs[target].role == Role::Rebel && self.table.pigs[target].revealed;
        match self.table.pigs[player].role {
            Role::Lord => {
                fp || (self.table.pigs[target].suspected && !self.table.pigs[target].revealed)
            }
            Role::Loyalist => fp,
            Role::Rebel => {
                self.table.pigs[target].role == Role::Lord
                    || (self.table.pigs[target].role == Role::Loyalist
                        && self.table.pigs[target].revealed)
            }
        }
    }

    /// The end of the turn of the pig whose turn it was.
    fn end_turn(&mut self) {
        let Some(pig) = self.turn else { return };
        if !self.table.pigs[pig].alive {
            return;
        }
        if self.table.pigs[pig].hp >= MAX_HP && self.table.pigs[pig].hand.contains(&Card::Peach) {
            self.hit(RuleEvent::PeachFullHpKept);
        }
        if self.kills >= 1
            && !self.table.pigs[pig].crossbow
            && self.table.pigs[pig].hand.contains(&Card::Kill)
        {
            if let Some(next) = self.next_living(pig) {
                if self.hostile(pig, next) {
                    self.hit(RuleEvent::KillLimit);
                }
            }
        }
    }

    /// The end of the current step's nullify chain, if any.
    fn end_step(&mut self) {
        let Some(play) = &mut self.play else { return };
        let depth = std::mem::take(&mut play.depth);
        play.step = None;
        match depth {
            0 => {}
            1 => self.hit(RuleEvent::NullifyDepth1),
            2 => self.hit(RuleEvent::NullifyDepth2),
            3 => self.hit(RuleEvent::NullifyDepth3),
            _ => self.hit(RuleEvent::NullifyDepth4Plus),
        }
    }

    fn end_play(&mut self) {
        self.end_step();
        self.play = None;
    }

    /// In an invasion or volley, an event about `pig`: a new step when the
    /// pig changes. In a duel, the step is the target throughout.
    fn step_to(&mut self, pig: Seat) {
        let Some(play) = &self.play else { return };
        let area = matches!(play.card, Card::Invasion | Card::Volley);
        let current = play.step;
        if area && current != Some(pig) {
            self.end_step();
            if let Some(play) = &mut self.play {
                play.step = Some(pig);
            }
        }
    }

    /// A trick's effect lands on `pig` (a response or damage) in the
    /// current step: checks "nobody protects an unrevealed pig".
    fn effect_lands(&mut self, pig: Seat) {
        let Some(play) = &self.play else { return };
        if !play.card.is_trick() || play.depth != 0 || self.known(pig) {
            return;
        }
        // The pig itself or an ally by secret role (who would protect it
        // if it were revealed) holds a nullify and does not use it.
        let rebel = self.table.pigs[pig].role == Role::Rebel;
        let ally_holds = (0..self.table.pigs.len()).any(|s| {
            self.table.pigs[s].alive
                && (self.table.pigs[s].role == Role::Rebel) == rebel
                && self.table.pigs[s].hand.contains(&Card::Nullify)
        });
        if ally_holds {
            self.hit(RuleEvent::UnrevealedUnprotected);
        }
    }

    fn read(&mut self, event: Event) {
        if !self.table.seats_valid(&event) {
            return;
        }
        // What the table was before the event, where a rule event needs it.
        match event {
            Event::TurnStart { .. } => {
                self.end_play();
                self.end_turn();
            }
            Event::Equip { pig, .. }
                if !self.table.pigs[pig].crossbow && self.kills >= 1 && self.turn == Some(pig) =>
            {
                self.rescan_armed = true;
            }
            Event::Reveal { pig, .. } if self.table.pigs[pig].suspected => {
                self.hit(RuleEvent::SuspicionCleared);
            }
            _ => {}
        }
        self.table.apply(event);
        match event {
            Event::TurnStart { pig, .. } => {
                self.turn = Some(pig);
                self.kills = 0;
                self.rescan_armed = false;
                self.rewarded_in_turn = false;
            }
            Event::Draw { last_card, .. } => {
                if last_card {
                    self.hit(RuleEvent::LastCardDraw);
                }
                if self.reward_draws > 0 {
                    self.reward_draws -= 1;
                    if last_card {
                        self.hit(RuleEvent::LastCardReward);
                    }
                }
            }
            Event::Play { pig, card, target } => self.read_play(pig, card, target),
            Event::Equip { replaced, .. } => {
                self.hit(RuleEvent::CrossbowEquipped);
                if replaced {
                    self.hit(RuleEvent::CrossbowReplaced);
                }
            }
            Event::Heal { .. } => self.hit(RuleEvent::Heal),
            Event::Reveal { .. } => match self.last {
                Some(Event::Play {
                    card: Card::Kill, ..
                }) => self.hit(RuleEvent::RevealByKill),
                Some(Event::Play {
                    card: Card::Duel, ..
                }) => self.hit(RuleEvent::RevealByDuel),
                Some(Event::Nullify { .. }) => self.hit(RuleEvent::RevealByNullify),
                _ => {}
            },
            Event::Respond { pig, .. } => self.read_respond(pig),
            Event::Nullify { pig, target, depth } => {
                self.read_nullify(pig, target, u8::try_from(depth).unwrap_or(u8::MAX))
            }
            Event::Damage { pig, source, hp } => self.read_damage(pig, source, hp),
            Event::Rescue { .. } => self.hit(RuleEvent::Rescue),
            Event::Suspect { .. } => {
                self.hit(RuleEvent::MpSuspects);
                if matches!(self.last, Some(Event::Rescue { pig: 0 })) {
                    self.hit(RuleEvent::SuspectAfterRescue);
                }
            }
            Event::Death {
                pig,
                source,
                weapon,
                ..
            } => self.read_death(pig, source, weapon),
            Event::Reward { pig } => {
                self.hit(RuleEvent::Reward);
                match self.table.pigs[pig].role {
                    Role::Rebel => self.hit(RuleEvent::RewardToFp),
                    Role::Loyalist => self.hit(RuleEvent::RewardToZp),
                    Role::Lord => {}
                }
                if self.turn == Some(pig) {
                    self.rewarded_in_turn = true;
                }
                if let Some(play) = &self.play {
                    if matches!(play.card, Card::Invasion | Card::Volley) {
                        self.hit(RuleEvent::RewardMidArea);
                    }
                }
                self.reward_draws = 3;
            }
            Event::Penalty { weapon, .. } => {
                self.hit(RuleEvent::Penalty);
                if weapon {
                    self.hit(RuleEvent::PenaltyWithWeapon);
                }
            }
            Event::GameOver { winner } => {
                if let Some(play) = &self.play {
                    if matches!(play.card, Card::Invasion | Card::Volley) {
                        let at = play
                            .step
                            .and_then(|s| play.order.iter().position(|&o| o == s));
                        if let Some(at) = at {
                            if play.order[at + 1..]
                                .iter()
                                .any(|&s| self.table.pigs[s].alive)
                            {
                                self.hit(RuleEvent::GameEndsMidArea);
                            }
                        }
                    }
                }
                self.end_play();
                if matches!(self.last, Some(Event::Death { .. })) {
                    match winner {
                        Winner::Lord => self.hit(RuleEvent::LastFpDies),
                        Winner::Rebels => self.hit(RuleEvent::MpDies),
                    }
                }
                self.turn = None;
            }
        }
        self.last = Some(event);
    }

    fn read_play(&mut self, pig: Seat, card: Card, target: Option<Seat>) {
        self.end_play();
        if self.rewarded_in_turn && self.turn == Some(pig) {
            self.hit(RuleEvent::PlayAfterReward);
        }
        let mut play = Play {
            player: pig,
            card,
            player_unrevealed: !self.known(pig),
            step: None,
            depth: 0,
            order: Vec::new(),
            duel_kills: 0,
            deaths: 0,
        };
        let role = self.table.pigs[pig].role;
        match card {
            Card::Kill => {
                self.hit(RuleEvent::KillPlayed);
                self.kills += 1;
                if self.kills >= 2 {
                    self.hit(RuleEvent::CrossbowSecondKill);
                }
                if self.rescan_armed {
                    self.hit(RuleEvent::CrossbowRescan);
                }
                if let Some(t) = target {
                    if self.dead_between(pig, t) > 0 {
                        self.hit(RuleEvent::KillOverDead);
                    }
                    self.target_events(t, role, true);
                }
            }
            Card::Duel => {
                self.hit(RuleEvent::DuelPlayed);
                if let Some(t) = target {
                    if self.living_between(pig, t) > 0 {
                        self.hit(RuleEvent::DuelFar);
                    }
                    self.target_events(t, role, false);
                    play.step = Some(t);
                }
            }
            Card::Invasion | Card::Volley => {
                self.hit(if card == Card::Invasion {
                    RuleEvent::InvasionPlayed
                } else {
                    RuleEvent::VolleyPlayed
                });
                let n = self.table.pigs.len();
                play.order = (1..n)
                    .map(|k| (pig + k) % n)
                    .filter(|&s| self.table.pigs[s].alive)
                    .collect();
            }
            _ => {}
        }
        self.play = Some(play);
    }

    /// The role-and-target events of a kill (`kill`) or a duel at `t`.
    fn target_events(&mut self, t: Seat, role: Role, kill: bool) {
        let t_role = self.table.pigs[t].role;
        let suspect = self.table.pigs[t].suspected && !self.table.pigs[t].revealed;
        let revealed_fp = t_role == Role::Rebel && self.table.pigs[t].revealed;
        let event = match (role, kill) {
            (Role::Lord, true) if suspect => {
                if t_role == Role::Loyalist {
                    self.hit(RuleEvent::MpKillsSuspectedZp);
                }
                Some(RuleEvent::MpKillsSuspect)
            }
            (Role::Lord, true) if revealed_fp => Some(RuleEvent::MpKillsRevealedFp),
            (Role::Lord, false) if suspect => Some(RuleEvent::MpDuelsSuspect),
            (Role::Lord, false) if revealed_fp => Some(RuleEvent::MpDuelsRevealedFp),
            (Role::Loyalist, true) if revealed_fp => Some(RuleEvent::ZpKillsFp),
            (Role::Loyalist, false) if revealed_fp => Some(RuleEvent::ZpDuelsFp),
            (Role::Rebel, true) if t_role == Role::Lord => Some(RuleEvent::FpKillsMp),
            (Role::Rebel, true) if t_role == Role::Loyalist && self.table.pigs[t].revealed => {
                Some(RuleEvent::FpKillsZp)
            }
            (Role::Rebel, false) if t_role == Role::Lord => Some(RuleEvent::FpDuelsMp),
            _ => None,
        };
        if let Some(event) = event {
            self.hit(event);
        }
    }

    fn read_respond(&mut self, pig: Seat) {
        let Some(play) = &self.play else { return };
        let (player, play_card) = (play.player, play.card);
        // Whether the player is unrevealed now (it may have revealed by a
        // nullify earlier in its own invasion or volley).
        let unrevealed = !self.known(player);
        match play_card {
            Card::Kill => self.hit(RuleEvent::KillDodged),
            Card::Duel => {
                let kills = self.play.as_mut().map_or(0, |p| {
                    p.duel_kills += 1;
                    p.duel_kills
                });
                if kills == 1 {
                    // The target's first kill: the duel's effect lands on it.
                    self.effect_lands(pig);
                }
                if kills == 2 {
                    self.hit(RuleEvent::DuelExchange);
                }
            }
            Card::Invasion | Card::Volley => {
                self.step_to(pig);
                self.effect_lands(pig);
                self.hit(if play_card == Card::Invasion {
                    RuleEvent::InvasionAnswered
                } else {
                    RuleEvent::VolleyDodged
                });
                if pig == 0 && unrevealed && !self.table.pigs[player].suspected {
                    self.hit(RuleEvent::NoSuspicionWhenAnswered);
                }
            }
            _ => {}
        }
    }

    fn read_nullify(&mut self, pig: Seat, target: Seat, depth: u8) {
        self.step_to(target);
        let Some(play) = &mut self.play else { return };
        play.depth = depth;
        let (player, card) = (play.player, play.card);
        self.hit(match card {
            Card::Duel => RuleEvent::NullifyOnDuel,
            Card::Invasion => RuleEvent::NullifyOnInvasion,
            _ => RuleEvent::NullifyOnVolley,
        });
        if depth % 2 == 1 {
            if depth == 1 {
                match self.table.pigs[target].role {
                    Role::Lord => self.hit(RuleEvent::NullifyProtectsMp),
                    Role::Loyalist => self.hit(RuleEvent::NullifyProtectsZp),
                    Role::Rebel => self.hit(RuleEvent::NullifyProtectsFp),
                }
                if pig == player {
                    self.hit(RuleEvent::OwnTrickNullified);
                }
                if pig == target {
                    self.hit(RuleEvent::SelfProtect);
                }
            }
        } else if self.table.pigs[pig].role == Role::Rebel {
            self.hit(RuleEvent::NullifyAttackByFp);
        } else {
            self.hit(RuleEvent::NullifyAttackByMpSide);
        }
    }

    fn read_damage(&mut self, pig: Seat, source: Seat, hp: i32) {
        let Some(play) = &self.play else { return };
        let (player, card, was_unrevealed) = (play.player, play.card, play.player_unrevealed);
        let unrevealed = !self.known(player);
        let duel_kills = play.duel_kills;
        match card {
            Card::Kill => self.hit(RuleEvent::KillHits),
            Card::Duel => {
                if pig == player {
                    self.hit(RuleEvent::DuelPlayerLoses);
                } else {
                    self.hit(RuleEvent::DuelPlayerWins);
                    if duel_kills == 0 {
                        self.effect_lands(pig);
                        if self.table.pigs[player].role == Role::Lord
                            && self.table.pigs[pig].role == Role::Loyalist
                        {
                            self.hit(RuleEvent::ZpYieldsDuel);
                        }
                    }
                }
            }
            Card::Invasion | Card::Volley => {
                self.step_to(pig);
                self.effect_lands(pig);
                self.hit(if card == Card::Invasion {
                    RuleEvent::InvasionHits
                } else {
                    RuleEvent::VolleyHits
                });
                if pig == 0 && source == player && was_unrevealed && !unrevealed {
                    self.hit(RuleEvent::RevealedMidArea);
                }
                if pig == 0
                    && unrevealed
                    && source == player
                    && self.table.pigs[player].suspected
                    && hp > 0
                {
                    self.hit(RuleEvent::SuspectHurtsMpAgain);
                }
            }
            _ => {}
        }
    }

    fn read_death(&mut self, pig: Seat, source: Seat, weapon: bool) {
        if weapon {
            self.hit(RuleEvent::DeathWithWeapon);
        }
        if self.turn == Some(pig) {
            self.hit(RuleEvent::DeathInOwnTurn);
        }
        if self.table.pigs[pig].role == Role::Loyalist
            && self.table.pigs[source].role == Role::Rebel
        {
            self.hit(RuleEvent::ZpKilledByFp);
        }
        let Some(play) = &mut self.play else { return };
        play.deaths += 1;
        let (card, deaths) = (play.card, play.deaths);
        match card {
            Card::Duel => self.hit(RuleEvent::DeathInDuel),
            Card::Invasion => self.hit(RuleEvent::DeathMidInvasion),
            Card::Volley => self.hit(RuleEvent::DeathMidVolley),
            _ => {}
        }
        if deaths >= 2 && matches!(card, Card::Invasion | Card::Volley) {
            self.hit(RuleEvent::TwoDeathsInArea);
        }
    }

    fn finish(mut self) -> RuleSet {
        self.end_play();
        self.found
    }

    /// Each pig's hand as the trace leaves it (`None` for a dead pig).
    #[cfg(test)]
    fn hands(&self) -> Vec<Option<Vec<Card>>> {
        (0..self.table.pigs.len())
            .map(|s| {
                self.table.pigs[s]
                    .alive
                    .then(|| self.table.pigs[s].hand.clone())
            })
            .collect()
    }
}

/// How many games hit each rule event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coverage {
    games: u64,
    hits: Vec<u64>,
}

impl Default for Coverage {
    fn default() -> Coverage {
        Coverage::new()
    }
}

impl Coverage {
    /// No games yet.
    pub fn new() -> Coverage {
        Coverage {
            games: 0,
            hits: vec![0; RuleEvent::ALL.len()],
        }
    }

    /// Counts one game that hit `events`.
    pub fn add(&mut self, events: RuleSet) {
        self.games += 1;
        for e in events.iter() {
            self.hits[e.index()] += 1;
        }
    }

    /// Adds another count (from another thread, say) to this one.
    pub fn merge(&mut self, other: &Coverage) {
        self.games += other.games;
        for (a, b) in self.hits.iter_mut().zip(&other.hits) {
            *a += b;
        }
    }

    /// How many games were counted.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// How many games hit `event`.
    pub fn hits(&self, event: RuleEvent) -> u64 {
        self.hits[event.index()]
    }

    /// The share of games that hit `event`, from 0 to 1 (0 with no games).
    pub fn share(&self, event: RuleEvent) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.hits(event) as f64 / self.games as f64
        }
    }

    /// The events hit by fewer than `min_share` (0 to 1) of the games.
    pub fn below(&self, min_share: f64) -> Vec<RuleEvent> {
        RuleEvent::ALL
            .iter()
            .copied()
            .filter(|&e| self.share(e) < min_share)
            .collect()
    }

    /// The table `pigkill coverage` prints: one line per event (name,
    /// games that hit it, share in percent), after a header; each line
    /// ends with a newline.
    pub fn table(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Coverage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let width = RuleEvent::ALL
            .iter()
            .map(|e| e.name().len())
            .max()
            .unwrap_or(5);
        writeln!(f, "{:<width$}  {:>9}  {:>7}", "event", "games", "share")?;
        for &e in RuleEvent::ALL {
            writeln!(
                f,
                "{:<width$}  {:>9}  {:>6.2}%",
                e.name(),
                self.hits(e),
                100.0 * self.share(e)
            )?;
        }
        writeln!(
            f,
            "{:<width$}  {:>9}  {:>6.2}%",
            "(games)", self.games, 100.0
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pigkill_engine::{parse_game, PigFate, StrategyEngine};
    use pigkill_generators::{game_seed, generate_ending, Profile};
    use pigkill_reference::ReferenceEngine;

    /// The run seed of the coverage tests.
    const RUN_SEED: u64 = 2010;

    fn events_of(game: &Game) -> (Vec<Event>, Reader) {
        let mut events = Vec::new();
        StrategyEngine
            .run_traced(game, Budget::default(), &mut events)
            .expect("the game ends");
        let mut reader = Reader::new(game);
        for &e in &events {
            reader.read(e);
        }
        (events, reader)
    }

    /// Coverage of `count` ending games of `profile`, checking on the way
    /// that the trace agrees with the outcome and that every event is
    /// possible with the game's cards.
    fn coverage_of(profile: Profile, count: u64) -> Coverage {
        let mut coverage = Coverage::new();
        for i in 0..count {
            let g = generate_ending(profile, game_seed(RUN_SEED, i), &StrategyEngine)
                .expect("a game that ends");
            let (events, reader) = events_of(&g.game);
            let tracked = reader.hands();
            for (seat, fate) in g.outcome.pigs.iter().enumerate() {
                let expected = match fate {
                    PigFate::Dead => None,
                    PigFate::Alive(hand) => Some(hand.clone()),
                };
                assert_eq!(tracked[seat], expected, "pig {} of\n{}", seat + 1, g.game);
            }
            let set = rule_events(&g.game, &events);
            for e in set.iter() {
                assert!(
                    e.possible_in(&g.game),
                    "{e} is impossible with the cards of\n{}",
                    g.game
                );
            }
            coverage.add(set);
        }
        coverage
    }

    #[test]
    fn names_are_unique_snake_case_and_round_trip() {
        for (i, e) in RuleEvent::ALL.iter().enumerate() {
            assert_eq!(e.index(), i);
            assert_eq!(RuleEvent::from_name(e.name()), Some(*e));
            assert!(e
                .name()
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'));
            assert!(!e.description().is_empty());
            for c in e.requires().chars() {
                assert!(c == ' ' || Card::from_token(&c.to_string()).is_some());
            }
        }
    }

    #[test]
    fn the_sample_game() {
        let game =
            parse_game("3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n").unwrap();
        let (events, _) = events_of(&game);
        let set = rule_events(&game, &events);
        for e in [
            RuleEvent::InvasionPlayed,
            RuleEvent::DuelPlayed,
            RuleEvent::MpDies,
            RuleEvent::MpSuspects,
            RuleEvent::ZpYieldsDuel,
            RuleEvent::Penalty,
        ] {
            assert!(
                set.contains(e),
                "{e} missing from {:?}",
                set.iter().collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn a_hand_written_trace() {
        // A trace written by hand, to pin how events are read without any
        // engine.
        let game = parse_game("3 3\nMP P K D D\nFP K N J P\nZP D D P J\nK K K\n").unwrap();
        let t = |turn| Event::TurnStart { pig: 1, turn };
        let events = [
            t(1),
            Event::Draw {
                pig: 1,
                card: Card::Kill,
                last_card: false,
            },
            Event::Draw {
                pig: 1,
                card: Card::Kill,
                last_card: false,
            },
            // The rebel's invasion: the zp (2) first, then the lord (0).
            Event::Play {
                pig: 1,
                card: Card::Invasion,
                target: None,
            },
            Event::Damage {
                pig: 2,
                source: 1,
                hp: 3,
            },
            Event::Respond {
                pig: 0,
                card: Card::Kill,
            },
            Event::TurnStart { pig: 2, turn: 2 },
            Event::Draw {
                pig: 2,
                card: Card::Kill,
                last_card: true,
            },
            Event::Draw {
                pig: 2,
                card: Card::Kill,
                last_card: true,
            },
            Event::Play {
                pig: 2,
                card: Card::Peach,
                target: None,
            },
            Event::Heal { pig: 2, hp: 4 },
        ];
        let set = rule_events(&game, &events);
        let expected: RuleSet = [
            RuleEvent::InvasionPlayed,
            RuleEvent::InvasionHits,
            RuleEvent::InvasionAnswered,
            RuleEvent::UnrevealedUnprotected,
            RuleEvent::NoSuspicionWhenAnswered,
            RuleEvent::LastCardDraw,
            RuleEvent::Heal,
            // The rebel ends turn 1 at 4 HP with its peach.
            RuleEvent::PeachFullHpKept,
        ]
        .into_iter()
        .collect();
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            expected.iter().collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_nullify_chain_and_a_peach_kept() {
        let game = parse_game("3 1\nMP J J P K\nZP J D D D\nFP F J J P\nK\n").unwrap();
        let events = [
            Event::TurnStart { pig: 2, turn: 1 },
            Event::Draw {
                pig: 2,
                card: Card::Kill,
                last_card: true,
            },
            Event::Draw {
                pig: 2,
                card: Card::Kill,
                last_card: true,
            },
            Event::Play {
                pig: 2,
                card: Card::Duel,
                target: Some(0),
            },
            Event::Reveal {
                pig: 2,
                role: Role::Rebel,
            },
            Event::Nullify {
                pig: 0,
                target: 0,
                depth: 1,
            },
            Event::Nullify {
                pig: 2,
                target: 0,
                depth: 2,
            },
            Event::Nullify {
                pig: 0,
                target: 0,
                depth: 3,
            },
            Event::Nullify {
                pig: 2,
                target: 0,
                depth: 4,
            },
            Event::Nullify {
                pig: 1,
                target: 0,
                depth: 5,
            },
            Event::Reveal {
                pig: 1,
                role: Role::Loyalist,
            },
            Event::TurnStart { pig: 0, turn: 2 },
        ];
        let set = rule_events(&game, &events);
        for e in [
            RuleEvent::FpDuelsMp,
            RuleEvent::RevealByDuel,
            RuleEvent::RevealByNullify,
            RuleEvent::NullifyOnDuel,
            RuleEvent::NullifyProtectsMp,
            RuleEvent::SelfProtect,
            RuleEvent::NullifyAttackByFp,
            RuleEvent::NullifyDepth4Plus,
            RuleEvent::PeachFullHpKept,
        ] {
            assert!(set.contains(e), "{e} missing");
        }
        assert!(!set.contains(RuleEvent::NullifyDepth1));
        // Pig 3's next pig is the lord: distance 1.
        assert!(!set.contains(RuleEvent::DuelFar));
        assert!(!set.contains(RuleEvent::UnrevealedUnprotected));
    }

    #[test]
    fn a_garbled_trace_does_not_panic() {
        let game = parse_game("2 1\nMP K K K K\nFP D D D D\nK\n").unwrap();
        let events = [
            Event::Respond {
                pig: 9,
                card: Card::Dodge,
            },
            Event::Play {
                pig: 0,
                card: Card::Kill,
                target: Some(7),
            },
            Event::Play {
                pig: 0,
                card: Card::Duel,
                target: Some(1),
            },
            Event::Damage {
                pig: 1,
                source: 0,
                hp: -3,
            },
            Event::Rescue { pig: 1 },
            Event::Death {
                pig: 1,
                source: 0,
                discarded: 9,
                weapon: true,
            },
            Event::Reward { pig: 1 },
            Event::GameOver {
                winner: Winner::Lord,
            },
        ];
        let set = rule_events(&game, &events);
        assert!(set.contains(RuleEvent::DuelPlayed));
        assert!(!set.contains(RuleEvent::KillPlayed));
    }

    #[test]
    fn the_table_counts_and_merges() {
        let mut a = Coverage::new();
        a.add([RuleEvent::Heal].into_iter().collect());
        a.add(RuleSet::new());
        let mut b = Coverage::new();
        b.add([RuleEvent::Heal, RuleEvent::MpDies].into_iter().collect());
        a.merge(&b);
        assert_eq!(a.games(), 3);
        assert_eq!(a.hits(RuleEvent::Heal), 2);
        assert!((a.share(RuleEvent::MpDies) - 1.0 / 3.0).abs() < 1e-9);
        let table = a.table();
        let mut lines = table.lines();
        assert!(lines.next().unwrap().starts_with("event "));
        let heal = table.lines().find(|l| l.starts_with("heal ")).unwrap();
        assert!(heal.ends_with("  2   66.67%"), "{heal}");
        assert_eq!(table.lines().count(), RuleEvent::ALL.len() + 2);
        assert_eq!(a.below(0.5).len(), RuleEvent::ALL.len() - 1);
    }

    /// Every event at 1% or more of 2,000 `mixed` games of run seed 2010.
    #[test]
    fn mixed_hits_every_event_in_1_percent_of_games() {
        let coverage = coverage_of(Profile::Mixed, 2_000);
        let rarest = RuleEvent::ALL
            .iter()
            .min_by_key(|&&e| coverage.hits(e))
            .expect("events");
        eprintln!("rarest: {rarest}, {} games", coverage.hits(*rarest));
        let rare = coverage.below(0.01);
        assert!(rare.is_empty(), "below 1%: {rare:?}\n{coverage}");
    }

    #[test]
    fn subtask_profiles_show_no_impossible_event() {
        for profile in Profile::SUBTASKS {
            let coverage = coverage_of(profile, 300);
            for &e in RuleEvent::ALL {
                let possible = match profile {
                    Profile::Basic => {
                        e.possible_with(&[Card::Peach, Card::Kill, Card::Dodge, Card::Crossbow])
                    }
                    Profile::NoNullify => e.possible_with(&[
                        Card::Peach,
                        Card::Kill,
                        Card::Dodge,
                        Card::Duel,
                        Card::Invasion,
                        Card::Volley,
                        Card::Crossbow,
                    ]),
                    _ => true,
                };
                if !possible {
                    assert_eq!(coverage.hits(e), 0, "{profile} shows {e}");
                }
            }
        }
    }

    #[test]
    fn both_engines_give_the_same_rule_events() {
        for i in 0..300 {
            let g = generate_ending(Profile::Mixed, game_seed(RUN_SEED + 1, i), &StrategyEngine)
                .expect("a game that ends");
            let a = game_rule_events(&g.game, &StrategyEngine, Budget::default());
            let b = game_rule_events(&g.game, &ReferenceEngine, Budget::default());
            assert_eq!(a, b, "{}", g.game);
        }
    }

    /// `cargo test --release --lib coverage -- --ignored --nocapture`
    /// prints the table of 10,000 games of each profile (or of the
    /// comma-separated profiles in `COVERAGE_PROFILES`).
    #[test]
    #[ignore]
    fn print_the_tables() {
        let wanted = std::env::var("COVERAGE_PROFILES").unwrap_or_default();
        for profile in Profile::ALL {
            if !wanted.is_empty() && !wanted.split(',').any(|w| w == profile.name()) {
                continue;
            }
            let coverage = coverage_of(profile, 10_000);
            println!("## {profile}\n{coverage}");
        }
    }
}
