//! The table: the whole state of one game in plain arrays indexed by seat
//! (HP, alive, revealed, suspected, crossbow, hands), the deck, and the
//! small helpers every rule needs (drawing, the next living pig, reveals,
//! finding the leftmost card of a kind).
//!
//! Rules.md sections: "Set-up" and "Public identity of a pig".

use pigkill_engine::{Card, Event, Game, Outcome, PigFate, Role, Seat, Tracer, Winner, MAX_HP};

use crate::decision::{Choice, Decider, DecisionKind, Feature, FeatureSet, Plain, Point};

/// The most pigs at a table.
pub(crate) const SEATS: usize = 10;

/// Every pig's state, indexed by seat (seat 0 is the lord), plus the deck,
/// whose decisions `D` takes ([`Plain`]: the rules' choices).
pub(crate) struct Table<'g, T: Tracer, D: Decider = Plain> {
    /// How many pigs sit at the table.
    pub(crate) n: usize,
    /// Each pig's secret role.
    pub(crate) role: [Role; SEATS],
    /// Each pig's HP.
    pub(crate) hp: [i32; SEATS],
    /// Whether each pig is alive.
    pub(crate) alive: [bool; SEATS],
    /// Whether each pig's role is public. The lord's always is.
    pub(crate) revealed: [bool; SEATS],
    /// Whether the lord suspects each (unrevealed) pig of being a rebel.
    pub(crate) suspected: [bool; SEATS],
    /// Whether each pig has a crossbow equipped.
    pub(crate) crossbow: [bool; SEATS],
    /// Each pig's hand, left to right.
    pub(crate) hand: [Vec<Card>; SEATS],
    /// The deck, top first; `deck[top]` is the next card drawn.
    deck: &'g [Card],
    /// The index of the deck's top card.
    top: usize,
    /// Who won, once the game is over.
    pub(crate) winner: Option<Winner>,
    /// How many cards were played since the current round started.
    pub(crate) plays_this_round: u32,
    /// Where events go.
    pub(crate) tracer: T,
    /// Whose turn it is.
    pub(crate) current: Seat,
    /// Who takes the decisions.
    pub(crate) decider: D,
    /// The current turn's number (1-based; 0 before the first turn).
    pub(crate) turn: u32,
    /// Whether the pig whose turn it is has played a kill this phase.
    pub(crate) kill_played: bool,
    /// The card being resolved (for contexts only: deviating runs).
    pub(crate) trick: Option<Card>,
    /// Whether the last nullify round of the card being resolved cancelled
    /// it (for contexts only).
    pub(crate) nullified: bool,
    /// Whether a pig died while the current card was resolved (for
    /// contexts only).
    pub(crate) death_in_resolution: bool,
    /// Who played the card being resolved (for contexts only).
    pub(crate) trick_player: Seat,
    /// The turn in which each pig equipped its crossbow (for contexts only).
    pub(crate) crossbow_turn: [u32; SEATS],
    /// Whether the pig whose turn it is drew a reward since its last kill
    /// this phase (for contexts only).
    pub(crate) reward_since_kill: bool,
    /// Whether the pig whose turn it is equipped a crossbow since its last
    /// kill this phase (for contexts only).
    pub(crate) crossbow_since_kill: bool,
    /// Whether the pig whose turn it is played another card since its
    /// last kill this phase (for contexts only).
    pub(crate) played_since_kill: bool,
    /// Whether the play phase under way has not yet gone past its first
    /// card (for contexts only).
    pub(crate) first_play: bool,
    /// Whether the last kill of the pig whose turn it is was dodged (for
    /// contexts only).
    pub(crate) kill_dodged: bool,
    /// Whether the cards being drawn are a reward (for contexts only).
    pub(crate) rewarding: bool,
    /// Each dead pig's hand as it died (deviating runs only: a line may
    /// print it).
    pub(crate) dead_hand: [Vec<Card>; SEATS],
    /// Each pig's maximum HP (deviating runs only; the rules' is 4).
    pub(crate) max_hp: [i32; SEATS],
    /// Whether the next card drawn is the first of its lot (for contexts only).
    pub(crate) lot_first: bool,
    /// Whether a draw left the deck stuck on a card before its last
    /// (deviating runs only): the deck counts as exhausted.
    pub(crate) deck_stuck: bool,
    /// Whether a draw has brought the deck down to its last card (deviating
    /// runs only: a deviation may read "the last card" as the hand's).
    pub(crate) last_card_drawn: bool,
    /// The pig whose turn came before the current one, and whether it
    /// died in it (for contexts only).
    pub(crate) previous: (Seat, bool),
    /// The pig of the last play phase (deviating runs only).
    pub(crate) phase_pig: Option<Seat>,
    /// The pigs whose last play phase ended with a kill counted, a bit per
    /// seat (deviating runs only).
    pub(crate) own_kill: u16,
    /// The pigs that have had a play phase, a bit per seat (deviating runs
    /// only).
    pub(crate) had_phase: u16,
    /// The pig that played the game's last kill (deviating runs only).
    pub(crate) last_killer: Option<Seat>,
    /// The current pig's HP as its play phase began (deviating runs only).
    pub(crate) phase_hp: i32,
    /// When each dead pig died, counted from 1 (deviating runs only).
    pub(crate) death_order: [u32; SEATS],
    /// How many pigs died so far (deviating runs only).
    pub(crate) deaths: u32,
    /// The pigs that revealed while the current card was resolved, a bit
    /// per seat (for contexts only).
    pub(crate) revealed_in_resolution: u16,
    /// The pig whose death decided the game (deviating runs only).
    pub(crate) decisive_death: Option<Seat>,
    /// How many nullifies the last nullify round counted, and whether it
    /// was on the card being resolved (deviating runs only).
    pub(crate) last_chain: (usize, bool),
    /// The card that last left each pig's hand when it emptied (deviating
    /// runs only: a line may print it).
    pub(crate) last_card: [Option<Card>; SEATS],
    /// Rewards and penalties put off until the card being resolved is
    /// resolved, and until the turn ends (deviating runs only).
    pub(crate) put_off: [Vec<PutOff>; 2],
    /// The pigs that revealed in the current turn, a bit per seat (for
    /// contexts only).
    pub(crate) revealed_this_turn: u16,
    /// The pigs a peach saved from dying while the current card was
    /// resolved, a bit per seat (for contexts only).
    pub(crate) rescued_in_resolution: u16,
    /// How many pigs counted against the rebels left though no rebel died
    /// (a loyalist's death, a rebel saved by a peach: deviating runs only;
    /// none by the rules).
    pub(crate) counted_off: usize,
    /// The pigs that print no line at all, a bit per seat (deviating runs
    /// only).
    pub(crate) dead_without_line: u16,
    /// The pigs the lord has suspected at some time, a bit per seat (for
    /// contexts only).
    pub(crate) once_suspected: u16,
    /// How often the lord's suspicion of each pig was raised (hurt by its
    /// invasion or volley while it was unrevealed) and not yet cleared by
    /// as many reveals (deviating runs only: a suspicion kept as a count).
    pub(crate) suspicions: [u8; SEATS],
    /// The pigs whose nullify reveals them once the card being resolved
    /// is resolved, a bit per seat (deviating runs only).
    pub(crate) reveal_after_card: u16,
    /// The pigs that died in the current turn, a bit per seat (for
    /// contexts only).
    pub(crate) died_this_turn: u16,
    /// The pigs a peach saved from dying in the current turn, a bit per
    /// seat (for contexts only).
    pub(crate) rescued_this_turn: u16,
    /// Whether a pig took damage while the current card was resolved (for
    /// contexts only).
    pub(crate) damage_in_resolution: bool,
    /// Whether the pig whose turn it is has played a duel this phase (for
    /// contexts only).
    pub(crate) duel_played: bool,
    /// Whether an invasion or volley was played in the current turn (for
    /// contexts only).
    pub(crate) area_played: bool,
    /// The target of the last kill of the pig whose turn it is, this
    /// phase (for contexts only).
    pub(crate) last_attacked: Option<Seat>,
    /// The last pig that played a nullify on the card being resolved
    /// (deviating runs only).
    pub(crate) last_nullifier: Option<Seat>,
    /// The pigs that played a nullify in the current chain, a bit per seat
    /// (for contexts only).
    pub(crate) nullified_in_chain: u16,
    /// The pigs that revealed by playing a nullify and have played no kill
    /// or duel since, a bit per seat (for contexts only).
    pub(crate) revealed_by_nullify: u16,
    /// Whether the lot of draws under way has drawn the deck's last card
    /// (deviating runs only).
    pub(crate) lot_took_last: bool,
    /// Whether a reward was drawn in the current turn (deviating runs only).
    pub(crate) rewarded_this_turn: bool,
    /// Each pig's last two damage sources, the latest first (deviating
    /// runs only).
    pub(crate) hurt_by: [[Option<Seat>; 2]; SEATS],
    /// Each pig's last damage source outside a duel (deviating runs only).
    pub(crate) hurt_outside_duel: [Option<Seat>; SEATS],
    /// The pig that last played a kill or a duel (deviating runs only).
    pub(crate) last_attacker: Option<Seat>,
    /// The cards (a bit per [`Card`]: duels, invasions) each pig answered
    /// with a kill outside its own turn since its last play phase
    /// (deviating runs only).
    pub(crate) kill_answered: [u8; SEATS],
    /// The cards of the current pig's hand, by place, that a scan of this
    /// play phase passed over (deviating runs only).
    pub(crate) passed: Vec<bool>,
    /// How many cards at the right end of the current pig's hand its scans
    /// do not see until its next turn (deviating runs only; none by the
    /// rules).
    pub(crate) fresh: usize,
    /// Whether the current pig is in its play phase (deviating runs only).
    pub(crate) in_phase: bool,
    /// The card whose resolution decided the game: its player, the card
    /// and its place in the hand when played (deviating runs only).
    pub(crate) ending_card: Option<(Seat, Card, usize)>,
    /// How many cards the current pig has played this phase, and how many
    /// its hand held as the phase began (for contexts only).
    pub(crate) phase_plays: (usize, usize),
    /// Where each pig gave up its last card in answer to the card being
    /// resolved (its place in the hand then; for contexts only).
    pub(crate) given_place: [Option<usize>; SEATS],
    /// The place of the card that last left a hand (deviating runs only).
    pub(crate) removed_at: usize,
}

/// Which way a walk round the table goes: forward (1, 2, ..., n, 1) or
/// backward.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Way {
    /// In turn order.
    Forward,
    /// Against turn order.
    Backward,
}

/// A reward or a penalty put off by a deviation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PutOff {
    /// `source` is owed the reward for killing `rebel`.
    Reward {
        /// Who draws.
        source: Seat,
        /// The dead rebel.
        rebel: Seat,
    },
    /// The lord owes the penalty for killing `loyalist`.
    Penalty {
        /// The lord.
        lord: Seat,
        /// The dead loyalist.
        loyalist: Seat,
        /// Settled even if the game ended meanwhile.
        always: bool,
    },
}

/// When a put-off reward or penalty is settled.
pub(crate) const AFTER_CARD: usize = 0;
/// When a put-off reward or penalty is settled.
pub(crate) const AT_TURN_END: usize = 1;

impl<'g, T: Tracer + Clone, D: Decider> Table<'g, T, D> {
    /// A copy of this table whose decisions `decider` takes from here on:
    /// every pig, card and count the same, so that a run kept at some
    /// point can be taken up again with another decider.
    pub(crate) fn fork<E: Decider>(&self, decider: E) -> Table<'g, T, E> {
        Table {
            n: self.n,
            role: self.role,
            hp: self.hp,
            alive: self.alive,
            revealed: self.revealed,
            suspected: self.suspected,
            crossbow: self.crossbow,
            hand: self.hand.clone(),
            deck: self.deck,
            top: self.top,
            winner: self.winner,
            plays_this_round: self.plays_this_round,
            tracer: self.tracer.clone(),
            current: self.current,
            decider,
            turn: self.turn,
            kill_played: self.kill_played,
            trick: self.trick,
            nullified: self.nullified,
            death_in_resolution: self.death_in_resolution,
            trick_player: self.trick_player,
            crossbow_turn: self.crossbow_turn,
            reward_since_kill: self.reward_since_kill,
            crossbow_since_kill: self.crossbow_since_kill,
            played_since_kill: self.played_since_kill,
            first_play: self.first_play,
            kill_dodged: self.kill_dodged,
            rewarding: self.rewarding,
            dead_hand: self.dead_hand.clone(),
            max_hp: self.max_hp,
            lot_first: self.lot_first,
            deck_stuck: self.deck_stuck,
            last_card_drawn: self.last_card_drawn,
            previous: self.previous,
            phase_pig: self.phase_pig,
            own_kill: self.own_kill,
            had_phase: self.had_phase,
            last_killer: self.last_killer,
            phase_hp: self.phase_hp,
            death_order: self.death_order,
            deaths: self.deaths,
            revealed_in_resolution: self.revealed_in_resolution,
            decisive_death: self.decisive_death,
            last_chain: self.last_chain,
            last_card: self.last_card,
            put_off: self.put_off.clone(),
            revealed_this_turn: self.revealed_this_turn,
            rescued_in_resolution: self.rescued_in_resolution,
            counted_off: self.counted_off,
            dead_without_line: self.dead_without_line,
            once_suspected: self.once_suspected,
            suspicions: self.suspicions,
            reveal_after_card: self.reveal_after_card,
            died_this_turn: self.died_this_turn,
            rescued_this_turn: self.rescued_this_turn,
            damage_in_resolution: self.damage_in_resolution,
            duel_played: self.duel_played,
            area_played: self.area_played,
            last_attacked: self.last_attacked,
            last_nullifier: self.last_nullifier,
            nullified_in_chain: self.nullified_in_chain,
            revealed_by_nullify: self.revealed_by_nullify,
            lot_took_last: self.lot_took_last,
            rewarded_this_turn: self.rewarded_this_turn,
            hurt_by: self.hurt_by,
            hurt_outside_duel: self.hurt_outside_duel,
            last_attacker: self.last_attacker,
            kill_answered: self.kill_answered,
            passed: self.passed.clone(),
            fresh: self.fresh,
            in_phase: self.in_phase,
            ending_card: self.ending_card,
            phase_plays: self.phase_plays,
            given_place: self.given_place,
            removed_at: self.removed_at,
        }
    }

    /// Whether `other`, a table of the same game, is in exactly this
    /// table's state: every pig, card and count (not who takes the
    /// decisions, nor where events go). Two runs of a game at the same
    /// point of the turn loop in the same state play on alike under the
    /// same decider.
    pub(crate) fn same_state<U: Tracer, E: Decider>(&self, other: &Table<'g, U, E>) -> bool {
        // Every field but who decides and where events go, named so that a
        // field added later does not compile until it is compared here too.
        let Table {
            n,
            role,
            hp,
            alive,
            revealed,
            suspected,
            crossbow,
            hand,
            deck,
            top,
            winner,
            plays_this_round,
            current,
            turn,
            kill_played,
            trick,
            nullified,
            death_in_resolution,
            trick_player,
            crossbow_turn,
            reward_since_kill,
            crossbow_since_kill,
            played_since_kill,
            first_play,
            kill_dodged,
            rewarding,
            dead_hand,
            max_hp,
            lot_first,
            deck_stuck,
            last_card_drawn,
            previous,
            phase_pig,
            own_kill,
            had_phase,
            last_killer,
            phase_hp,
            death_order,
            deaths,
            revealed_in_resolution,
            decisive_death,
            last_chain,
            last_card,
            put_off,
            revealed_this_turn,
            rescued_in_resolution,
            counted_off,
            dead_without_line,
            once_suspected,
            suspicions,
            reveal_after_card,
            died_this_turn,
            rescued_this_turn,
            damage_in_resolution,
            duel_played,
            area_played,
            last_attacked,
            last_nullifier,
            nullified_in_chain,
            revealed_by_nullify,
            lot_took_last,
            rewarded_this_turn,
            hurt_by,
            hurt_outside_duel,
            last_attacker,
            kill_answered,
            passed,
            fresh,
            in_phase,
            ending_card,
            phase_plays,
            given_place,
            removed_at,
            tracer: _,
            decider: _,
        } = self;
        *n == other.n
            && *role == other.role
            && *hp == other.hp
            && *alive == other.alive
            && *revealed == other.revealed
            && *suspected == other.suspected
            && *crossbow == other.crossbow
            && *hand == other.hand
            && std::ptr::eq(*deck, other.deck)
            && *top == other.top
            && *winner == other.winner
            && *plays_this_round == other.plays_this_round
            && *current == other.current
            && *turn == other.turn
            && *kill_played == other.kill_played
            && *trick == other.trick
            && *nullified == other.nullified
            && *death_in_resolution == other.death_in_resolution
            && *trick_player == other.trick_player
            && *crossbow_turn == other.crossbow_turn
            && *reward_since_kill == other.reward_since_kill
            && *crossbow_since_kill == other.crossbow_since_kill
            && *played_since_kill == other.played_since_kill
            && *first_play == other.first_play
            && *kill_dodged == other.kill_dodged
            && *rewarding == other.rewarding
            && *dead_hand == other.dead_hand
            && *max_hp == other.max_hp
            && *lot_first == other.lot_first
            && *deck_stuck == other.deck_stuck
            && *last_card_drawn == other.last_card_drawn
            && *previous == other.previous
            && *phase_pig == other.phase_pig
            && *own_kill == other.own_kill
            && *had_phase == other.had_phase
            && *last_killer == other.last_killer
            && *phase_hp == other.phase_hp
            && *death_order == other.death_order
            && *deaths == other.deaths
            && *revealed_in_resolution == other.revealed_in_resolution
            && *decisive_death == other.decisive_death
            && *last_chain == other.last_chain
            && *last_card == other.last_card
            && *put_off == other.put_off
            && *revealed_this_turn == other.revealed_this_turn
            && *rescued_in_resolution == other.rescued_in_resolution
            && *counted_off == other.counted_off
            && *dead_without_line == other.dead_without_line
            && *once_suspected == other.once_suspected
            && *suspicions == other.suspicions
            && *reveal_after_card == other.reveal_after_card
            && *died_this_turn == other.died_this_turn
            && *rescued_this_turn == other.rescued_this_turn
            && *damage_in_resolution == other.damage_in_resolution
            && *duel_played == other.duel_played
            && *area_played == other.area_played
            && *last_attacked == other.last_attacked
            && *last_nullifier == other.last_nullifier
            && *nullified_in_chain == other.nullified_in_chain
            && *revealed_by_nullify == other.revealed_by_nullify
            && *lot_took_last == other.lot_took_last
            && *rewarded_this_turn == other.rewarded_this_turn
            && *hurt_by == other.hurt_by
            && *hurt_outside_duel == other.hurt_outside_duel
            && *last_attacker == other.last_attacker
            && *kill_answered == other.kill_answered
            && *passed == other.passed
            && *fresh == other.fresh
            && *in_phase == other.in_phase
            && *ending_card == other.ending_card
            && *phase_plays == other.phase_plays
            && *given_place == other.given_place
            && *removed_at == other.removed_at
    }
}

impl<'g, T: Tracer, D: Decider> Table<'g, T, D> {
    /// The table as the game starts: 4 HP each, the input hands, no weapon,
    /// nobody revealed but the lord, nobody suspected.
    pub(crate) fn new(game: &'g Game, tracer: T, decider: D) -> Table<'g, T, D> {
        let pigs = game.pigs();
        let n = pigs.len().min(SEATS);
        let mut role = [Role::Loyalist; SEATS];
        let mut alive = [false; SEATS];
        let mut hp = [0; SEATS];
        let mut hand: [Vec<Card>; SEATS] = Default::default();
        for seat in 0..n {
            role[seat] = pigs[seat].role;
            alive[seat] = true;
            hp[seat] = MAX_HP;
            hand[seat].reserve(16);
            hand[seat].extend_from_slice(&pigs[seat].hand);
        }
        let mut revealed = [false; SEATS];
        revealed[0] = true;
        let mut table = Table {
            n,
            role,
            hp,
            alive,
            revealed,
            suspected: [false; SEATS],
            crossbow: [false; SEATS],
            hand,
            deck: game.deck(),
            top: 0,
            winner: None,
            plays_this_round: 0,
            tracer,
            current: 0,
            decider,
            turn: 0,
            kill_played: false,
            trick: None,
            nullified: false,
            death_in_resolution: false,
            trick_player: 0,
            crossbow_turn: [0; SEATS],
            reward_since_kill: false,
            crossbow_since_kill: false,
            played_since_kill: false,
            first_play: false,
            kill_dodged: false,
            rewarding: false,
            dead_hand: Default::default(),
            max_hp: [MAX_HP; SEATS],
            lot_first: false,
            deck_stuck: false,
            last_card_drawn: false,
            previous: (0, false),
            phase_pig: None,
            own_kill: 0,
            had_phase: 0,
            last_killer: None,
            phase_hp: MAX_HP,
            death_order: [0; SEATS],
            deaths: 0,
            revealed_in_resolution: 0,
            decisive_death: None,
            last_chain: (0, false),
            last_card: [None; SEATS],
            put_off: Default::default(),
            revealed_this_turn: 0,
            rescued_in_resolution: 0,
            counted_off: 0,
            dead_without_line: 0,
            once_suspected: 0,
            suspicions: [0; SEATS],
            reveal_after_card: 0,
            died_this_turn: 0,
            rescued_this_turn: 0,
            damage_in_resolution: false,
            duel_played: false,
            area_played: false,
            last_attacked: None,
            last_nullifier: None,
            nullified_in_chain: 0,
            revealed_by_nullify: 0,
            lot_took_last: false,
            rewarded_this_turn: false,
            hurt_by: [[None; 2]; SEATS],
            hurt_outside_duel: [None; SEATS],
            last_attacker: None,
            kill_answered: [0; SEATS],
            passed: Vec::new(),
            fresh: 0,
            in_phase: false,
            ending_card: None,
            phase_plays: (0, 0),
            given_place: [None; SEATS],
            removed_at: 0,
        };
        if !D::PLAIN {
            // Each pig's starting and maximum HP (4 by the rules).
            for seat in 0..n {
                let point = Point::new(DecisionKind::MaxHp, seat, Choice(0));
                let (hp, max_hp) = match table.decide(point, |_| 0) {
                    Choice(1) => (5, 5),
                    Choice(2) => (3, 3),
                    Choice(3) => (MAX_HP, 5),
                    _ => (MAX_HP, MAX_HP),
                };
                table.max_hp[seat] = max_hp;
                table.hp[seat] = hp;
            }
        }
        table
    }

    /// Whether each pig with a crossbow among its starting cards keeps it
    /// in its hand (the rules: no weapon at set-up) or equips its leftmost
    /// one at once.
    /// Deviating runs only, before the first turn.
    pub(crate) fn start_weapons(&mut self) {
        for seat in 0..self.n {
            if !self.hand[seat].contains(&Card::Crossbow) {
                continue;
            }
            let point =
                Point::new(DecisionKind::StartWeapon, seat, Choice(0)).with_card(Card::Crossbow);
            if !self.decide_if(point, Choice(1), |_| 0) {
                continue;
            }
            if let Some(index) = self.hand[seat].iter().position(|&c| c == Card::Crossbow) {
                self.remove_card(seat, index);
                self.emit(Event::Play {
                    pig: seat,
                    card: Card::Crossbow,
                    target: None,
                });
                self.crossbow[seat] = true;
                self.emit(Event::Equip {
                    pig: seat,
                    replaced: false,
                });
            }
        }
    }

    /// `pig`'s maximum HP: 4 by the rules.
    #[inline(always)]
    pub(crate) fn max_hp(&self, pig: Seat) -> i32 {
        if D::PLAIN {
            MAX_HP
        } else {
            self.max_hp[pig]
        }
    }

    /// Takes the decision at `point`: the rules' choice for the [`Plain`]
    /// decider, which never builds the context; otherwise the decider's
    /// choice in the context of `point` plus the features `extra` gives,
    /// both worked out only for the features the decider reads here.
    #[inline(always)]
    pub(crate) fn decide(&mut self, point: Point, extra: impl FnOnce(&Self) -> u128) -> Choice {
        if D::PLAIN {
            return point.rule;
        }
        let Some(wanted) = self.decider.begin(point.kind, self.turn) else {
            return point.rule;
        };
        let context = if wanted == 0 {
            FeatureSet(0)
        } else {
            FeatureSet((self.context(&point, wanted) | extra(self)) & wanted)
        };
        self.decider.choose(&point, self.turn, context)
    }

    /// A yes-or-no decision whose alternative `yes` means yes: whether it
    /// is taken, where the rules say `rule`.
    #[inline(always)]
    pub(crate) fn decide_if(
        &mut self,
        point: Point,
        yes: Choice,
        extra: impl FnOnce(&Self) -> u128,
    ) -> bool {
        self.decide(point, extra) == yes
    }

    /// The features of `point` that the table shows, among those of
    /// `wanted` (a bit per [`Feature`]; a feature outside it is not worked
    /// out, and may be left out): the roles, reveals and suspicions of its
    /// actor and subject, its card, the card being resolved, whose turn,
    /// HP, weapon, hand and deck. Each feature is worked out here and
    /// nowhere else.
    fn context(&self, point: &Point, wanted: u128) -> u128 {
        use Feature::*;
        let mut set = 0u128;
        // `put!(F, holds)`: F holds when `holds` does; `holds` is worked
        // out only when F is wanted.
        macro_rules! put {
            ($feature:expr, $holds:expr) => {
                if wanted & $feature.bit() != 0 && $holds {
                    set |= $feature.bit();
                }
            };
        }
        let actor = point.actor;
        let holds = |seat: Seat, card: Card| self.hand[seat].contains(&card);
        let role_feature =
            |seat: Seat, lord: Feature, loyalist: Feature, rebel: Feature| match self.role[seat] {
                Role::Lord => lord,
                Role::Loyalist => loyalist,
                Role::Rebel => rebel,
            };
        put!(
            role_feature(actor, ActorLord, ActorLoyalist, ActorRebel),
            true
        );
        put!(ActorRevealed, self.revealed[actor]);
        put!(ActorSuspected, self.suspected[actor]);
        put!(SuspectedTwice, self.suspicions[actor] >= 2);
        if let Some(subject) = point.subject {
            put!(
                role_feature(subject, SubjectLord, SubjectLoyalist, SubjectRebel),
                true
            );
            put!(SubjectRevealed, self.revealed[subject]);
            put!(SubjectSuspected, self.suspected[subject]);
            put!(SubjectIsActor, subject == actor);
            put!(
                SubjectIsNext,
                subject != actor && self.next_alive(actor) == subject
            );
            put!(
                SubjectNextSeat,
                subject != actor && self.next_seat(actor) == subject
            );
            put!(
                SubjectPrevSeat,
                subject != actor && self.next_seat(subject) == actor
            );
            put!(
                SubjectIsPrevious,
                subject != actor && self.next_alive(subject) == actor
            );
            put!(
                SubjectSameSide,
                (self.role[subject] == Role::Rebel) == (self.role[actor] == Role::Rebel)
            );
        }
        if let Some(card) = point.card {
            put!(card_feature(card), true);
            put!(CardArea, matches!(card, Card::Invasion | Card::Volley));
        }
        if let Some(trick) = self.trick {
            let feature = match trick {
                Card::Kill => Some(TrickKill),
                Card::Duel => Some(TrickDuel),
                Card::Invasion => Some(TrickInvasion),
                Card::Volley => Some(TrickVolley),
                _ => None,
            };
            if let Some(feature) = feature {
                put!(feature, true);
            }
            put!(TrickArea, matches!(trick, Card::Invasion | Card::Volley));
            put!(ActorPlayedTrick, actor == self.trick_player);
            put!(
                ActorAfterPlayer,
                actor != self.trick_player && self.next_alive(self.trick_player) == actor
            );
        }
        put!(Nullified, self.nullified);
        put!(OwnTurn, actor == self.current);
        put!(ActorHpFull, self.hp[actor] >= self.max_hp(actor));
        put!(ActorHpOne, self.hp[actor] == 1);
        put!(ActorDying, self.hp[actor] <= 0);
        put!(ActorCrossbow, self.crossbow[actor]);
        put!(ActorHoldsPeach, holds(actor, Card::Peach));
        put!(ActorHandEmpty, self.hand[actor].is_empty());
        put!(KillPlayed, self.kill_played && actor == self.current);
        put!(
            DeckLast,
            self.deck.len() - self.top.min(self.deck.len()) <= 1
        );
        put!(DeathInResolution, self.death_in_resolution);
        put!(TwoAlive, self.alive.iter().filter(|&&a| a).count() == 2);
        put!(
            CrossbowThisTurn,
            self.crossbow[actor] && self.crossbow_turn[actor] == self.turn
        );
        let current = actor == self.current;
        put!(RewardSinceKill, current && self.reward_since_kill);
        put!(CrossbowSinceKill, current && self.crossbow_since_kill);
        put!(KillDodged, current && self.kill_dodged);
        put!(ActorDead, !self.alive[actor]);
        put!(RewardDraw, self.rewarding);
        put!(DeathEndedGame, self.decisive_death == Some(actor));
        put!(ActorHpTwo, self.hp[actor] == 2);
        put!(
            ActorHpOneBelowFull,
            self.hp[actor] == self.max_hp(actor) - 1
        );
        put!(ActorRescued, self.rescued_in_resolution & (1 << actor) != 0);
        put!(
            ActorNoLivingAfter,
            !self.alive[actor + 1..self.n].iter().any(|&a| a)
        );
        if let Some(subject) = point.subject {
            put!(
                SubjectRevealedThisTurn,
                self.revealed_this_turn & (1 << subject) != 0
            );
            put!(SubjectTurn, subject == self.current);
            put!(SubjectHoldsKill, holds(subject, Card::Kill));
            put!(
                SubjectOnceSuspected,
                self.once_suspected & (1 << subject) != 0
            );
            put!(
                SubjectRevealedByNullify,
                self.revealed_by_nullify & (1 << subject) != 0
            );
        }
        put!(
            ActorNullifiedInChain,
            self.nullified_in_chain & (1 << actor) != 0
        );
        put!(ActorHoldsKill, holds(actor, Card::Kill));
        put!(
            TrickByRebel,
            self.trick.is_some() && self.role[self.trick_player] == Role::Rebel
        );
        // The grid every decision shares: the same properties of the
        // actor, the other pig and the turn's pig (HP, cards held, seat,
        // what happened to it this turn), the card being resolved (its
        // player, its chain), and what already happened this turn and
        // this card.
        let last = self.n - 1;
        if let Some(subject) = point.subject {
            put!(SubjectHpFull, self.hp[subject] >= self.max_hp(subject));
            put!(SubjectHpOne, self.hp[subject] == 1);
            put!(SubjectDead, !self.alive[subject]);
            put!(SubjectCrossbow, self.crossbow[subject]);
            put!(SubjectHoldsDodge, holds(subject, Card::Dodge));
            put!(SubjectHoldsPeach, holds(subject, Card::Peach));
            put!(SubjectHoldsNullify, holds(subject, Card::Nullify));
            put!(SubjectHandEmpty, self.hand[subject].is_empty());
            put!(SubjectLastSeat, subject == last);
            put!(SubjectEarlierSeat, subject < actor);
            put!(
                SubjectSecondNext,
                subject != actor && {
                    let next = self.next_alive(actor);
                    next != subject && self.next_alive(next) == subject
                }
            );
            put!(
                SubjectPlayedTrick,
                self.trick.is_some() && self.trick_player == subject
            );
            put!(
                SubjectLastAttacked,
                actor == self.current && self.last_attacked == Some(subject)
            );
        }
        if let Some(card) = point.card {
            put!(
                ActorHoldsTwo,
                self.hand[actor].iter().filter(|&&c| c == card).count() >= 2
            );
        }
        put!(ActorHoldsDodge, holds(actor, Card::Dodge));
        put!(ActorHoldsNullify, holds(actor, Card::Nullify));
        put!(ActorHoldsOne, self.hand[actor].len() == 1);
        put!(ActorLastSeat, actor == last);
        put!(
            ActorRevealedThisTurn,
            self.revealed_this_turn & (1 << actor) != 0
        );
        put!(
            ActorRescuedThisTurn,
            self.rescued_this_turn & (1 << actor) != 0
        );
        if self.trick.is_some() {
            put!(TrickByLord, self.role[self.trick_player] == Role::Lord);
            put!(TrickPlayerRevealed, self.revealed[self.trick_player]);
        }
        put!(DamageInResolution, self.damage_in_resolution);
        put!(DeathThisTurn, self.died_this_turn != 0);
        put!(
            EarlierDeathThisTurn,
            self.died_this_turn & ((1u16 << actor) - 1) != 0
        );
        put!(RescueThisTurn, self.rescued_this_turn != 0);
        put!(DuelPlayed, actor == self.current && self.duel_played);
        put!(AreaPlayed, self.area_played);
        put!(GameDecided, self.winner.is_some());
        let current = self.current;
        put!(TurnPigLord, self.role[current] == Role::Lord);
        put!(TurnPigRebel, self.role[current] == Role::Rebel);
        put!(
            TurnPigNext,
            actor != current && self.next_alive(current) == actor
        );
        put!(TurnPigRevealed, self.revealed[current]);
        put!(PlayedSinceKill, actor == current && self.played_since_kill);
        put!(
            FirstPlay,
            actor == current && self.in_phase && self.first_play
        );
        put!(
            ActorOnlyRebel,
            self.role[actor] == Role::Rebel
                && !(0..self.n).any(|pig| {
                    pig != actor && self.alive[pig] && self.role[pig] == Role::Rebel
                })
        );
        // Places and counts (diagnosis only: in no kind's list).
        if let (Some(place), Some(card)) = (point.place, point.card) {
            put!(CardLastInHand, place + 1 == self.hand[actor].len());
            put!(CardPastTurnHand, place >= self.hand[current].len());
            put!(
                NoneBeyondLastGiven,
                self.given_place[actor].is_some_and(|given| {
                    !self.hand[actor]
                        .iter()
                        .skip(given + 1)
                        .any(|&held| held == card)
                })
            );
        }
        put!(
            PlaysReachHand,
            actor == current && self.in_phase && self.phase_plays.0 >= self.phase_plays.1
        );
        if let Some(subject) = point.subject {
            put!(
                SubjectPastLivingCount,
                subject >= self.alive[..self.n].iter().filter(|&&a| a).count()
            );
        }
        if let (Some(subject), Some(trick)) = (point.subject, self.trick) {
            // The card that answers the trick: a kill for a duel or an
            // invasion, a dodge for a kill or a volley.
            let answer = match trick {
                Card::Duel | Card::Invasion => Some(Card::Kill),
                Card::Kill | Card::Volley => Some(Card::Dodge),
                _ => None,
            };
            put!(
                SubjectHoldsAnswer,
                answer.is_some_and(|card| holds(subject, card))
            );
        }
        set
    }

    /// Sends one event to the tracer.
    #[inline(always)]
    pub(crate) fn emit(&mut self, event: Event) {
        self.tracer.emit(event);
        if !D::PLAIN {
            self.decider.emitted();
        }
    }

    /// Whether the deck is down to its last card (every draw repeats it),
    /// or empty when a rule takes the last card away.
    pub(crate) fn deck_exhausted(&self) -> bool {
        if !D::PLAIN && self.deck_stuck {
            return true;
        }
        if self.decider.drops_last_card() {
            return self.top >= self.deck.len();
        }
        self.deck.len() - self.top <= 1
    }

    /// `pig` draws `count` cards, one at a time, each to the right end of
    /// its hand (where the lot goes is one decision: a deviating run may
    /// put each at the left end, or the lot in reverse order).
    #[inline(always)]
    pub(crate) fn draw_cards(&mut self, pig: Seat, count: usize) {
        let at = if D::PLAIN {
            None
        } else {
            self.lot_first = true;
            self.lot_took_last = false;
            match self.decide(Point::new(DecisionKind::DrawPlace, pig, Choice(0)), |_| 0) {
                Choice(1) => Some(0),
                Choice(2) => Some(self.hand[pig].len()),
                _ => None,
            }
        };
        for _ in 0..count {
            self.draw(pig, at);
        }
    }

    /// `pig` draws `count` cards as [`Table::draw_cards`] does, but from a
    /// copy of the deck: the deck is left as it was, and the next draws
    /// give the same cards again. Deviating runs only.
    pub(crate) fn draw_cards_on_copy(&mut self, pig: Seat, count: usize) {
        let top = self.top;
        self.draw_cards(pig, count);
        self.top = top;
    }

    /// `pig` draws the top card to the right end of its hand (or to place
    /// `at`, if given). The deck's last card is drawn but left in place
    /// (a decision: drawn like any other, it leaves an empty deck that
    /// gives nothing).
    #[inline]
    fn draw(&mut self, pig: Seat, at: Option<usize>) {
        if !D::PLAIN && self.top >= self.deck.len() {
            return;
        }
        // With two cards left, which one a draw gives is a decision too.
        let mut kept = false;
        if !D::PLAIN && self.deck.len() - self.top == 2 {
            let first = if self.lot_first {
                Feature::FirstOfLot.bit()
            } else {
                0
            };
            let point = Point::new(DecisionKind::DeckTwoLeft, pig, Choice(0));
            match self.decide(point, |_| first) {
                Choice(1) => self.top += 1,
                Choice(2) => {
                    kept = true;
                    self.deck_stuck = true;
                }
                _ => {}
            }
        }
        let mut card = self.deck[self.top];
        let mut cycles = false;
        let last_card = if D::PLAIN {
            self.deck_exhausted()
        } else {
            self.lot_first = false;
            kept || (self.deck.len() - self.top == 1 && {
                let point = Point::new(DecisionKind::LastCardKept, pig, Choice(0));
                let choice = self.decide(point, |_| 0);
                let again = self.last_card_drawn;
                match choice {
                    Choice(1) => false,
                    Choice(2) => {
                        cycles = true;
                        false
                    }
                    Choice(3) => {
                        // Once a draw has brought the deck down to its last
                        // card, "the last card" is read as the drawer's own
                        // rightmost card, if it holds one.
                        if let (true, Some(&rightmost)) = (again, self.hand[pig].last()) {
                            card = rightmost;
                        }
                        true
                    }
                    Choice(4) if self.lot_took_last => return,
                    Choice(4) => {
                        self.lot_took_last = true;
                        true
                    }
                    _ => true,
                }
            })
        };
        if cycles {
            // The deck starts again from its first card.
            self.top = 0;
        } else if !last_card {
            self.top += 1;
        }
        if !D::PLAIN {
            self.last_card_drawn |= self.top + 1 >= self.deck.len();
        }
        if !D::PLAIN && card == Card::Crossbow {
            // Whether a drawn crossbow enters the hand is a decision.
            let point = Point::new(DecisionKind::DrawWeapon, pig, Choice(0)).with_card(card);
            if self.decide_if(point, Choice(1), |_| 0) {
                self.emit(Event::Draw {
                    pig,
                    card,
                    last_card,
                });
                self.play_crossbow(pig);
                return;
            }
        }
        if let Some(at) = at {
            let at = at.min(self.hand[pig].len());
            self.hand[pig].insert(at, card);
            if pig == self.current && at <= self.passed.len() {
                self.passed.insert(at, false);
            }
        } else {
            self.hand[pig].push(card);
            if !D::PLAIN && pig == self.current {
                self.passed.push(false);
            }
        }
        self.emit(Event::Draw {
            pig,
            card,
            last_card,
        });
    }

    /// The seat after `seat` going forward, living or not.
    #[inline]
    pub(crate) fn next_seat(&self, seat: Seat) -> Seat {
        if seat + 1 == self.n {
            0
        } else {
            seat + 1
        }
    }

    /// The seat before `seat` (going backward), living or not.
    #[inline]
    pub(crate) fn previous_seat(&self, seat: Seat) -> Seat {
        if seat == 0 {
            self.n - 1
        } else {
            seat - 1
        }
    }

    /// The seat after `seat` walking the `way` given, living or not.
    #[inline]
    pub(crate) fn step(&self, seat: Seat, way: Way) -> Seat {
        match way {
            Way::Forward => self.next_seat(seat),
            Way::Backward => self.previous_seat(seat),
        }
    }

    /// The next living pig after `pig`, going forward (distance 1).
    /// Returns `pig` itself only if no other pig lives.
    #[inline]
    pub(crate) fn next_alive(&self, pig: Seat) -> Seat {
        self.living_from(pig, Way::Forward)
    }

    /// The first living pig met walking from `pig` the `way` given,
    /// `pig` excluded; `pig` itself when no other pig lives.
    pub(crate) fn living_from(&self, pig: Seat, way: Way) -> Seat {
        let mut seat = pig;
        for _ in 1..self.n {
            seat = self.step(seat, way);
            if self.alive[seat] {
                return seat;
            }
        }
        pig
    }

    /// Whether `pig` is MP or a revealed ZP: whom MP and ZP protect and FP attack.
    pub(crate) fn is_lord_or_revealed_loyalist(&self, pig: Seat) -> bool {
        self.role[pig] == Role::Lord || (self.revealed[pig] && self.role[pig] == Role::Loyalist)
    }

    /// Whether `pig` is a revealed FP: whom FP protect and MP and ZP attack.
    pub(crate) fn is_revealed_rebel(&self, pig: Seat) -> bool {
        self.revealed[pig] && self.role[pig] == Role::Rebel
    }

    /// `pig` reveals its role (by playing `by`), if it has not already; a
    /// reveal clears the lord's suspicion (also of a revealed pig, which
    /// only a deviation leaves suspected).
    pub(crate) fn reveal(&mut self, pig: Seat, by: Card) {
        if !D::PLAIN {
            if matches!(by, Card::Kill | Card::Duel) {
                // Its hostility shows now, not only by its nullifies.
                self.revealed_by_nullify &= !(1 << pig);
            }
            // Revealed already or not: whether the other suspicions stay
            // (the lord, known from the start, never reveals).
            if self.role[pig] != Role::Lord {
                self.other_suspicions(DecisionKind::RevealClearsOthers, pig, Some(by));
            }
        }
        if self.revealed[pig] {
            // Only a deviation leaves a revealed pig suspected. Playing a
            // card that reveals reveals it again, and a reveal clears the
            // suspicion (a decision, as at the first reveal).
            if !D::PLAIN && self.suspected[pig] {
                self.clear_suspicion(pig, by);
            }
            return;
        }
        if self.suspected[pig] {
            self.clear_suspicion(pig, by);
        }
        self.revealed[pig] = true;
        if !D::PLAIN {
            self.revealed_in_resolution |= 1 << pig;
            self.revealed_this_turn |= 1 << pig;
            if by == Card::Nullify {
                self.revealed_by_nullify |= 1 << pig;
            }
        }
        self.emit(Event::Reveal {
            pig,
            role: self.role[pig],
        });
    }

    /// The suspected `pig` reveals by playing `by`: whether that clears the
    /// lord's suspicion is a decision (it does, by the rules). A suspicion
    /// kept, each reveal still takes one off its count.
    fn clear_suspicion(&mut self, pig: Seat, by: Card) {
        let point = Point::new(DecisionKind::ClearSuspicion, pig, Choice(0)).with_card(by);
        if self.decide_if(point, Choice(0), |_| 0) {
            self.suspected[pig] = false;
            if !D::PLAIN {
                self.suspicions[pig] = 0;
            }
        } else if !D::PLAIN {
            self.suspicions[pig] = self.suspicions[pig].saturating_sub(1);
        }
    }

    /// The lord's suspicions change for `pig` (`kind`: it reveals by
    /// playing `card`, or comes to be suspected while `card` is resolved):
    /// whether the lord's suspicion of each other pig it suspects stays (it
    /// does, by the rules: a reveal clears only the revealing pig's own,
    /// and the lord may suspect several pigs). Deviating runs only.
    pub(crate) fn other_suspicions(&mut self, kind: DecisionKind, pig: Seat, card: Option<Card>) {
        for other in 0..self.n {
            if other == pig || !self.suspected[other] {
                continue;
            }
            let point = Point::new(kind, pig, Choice(0))
                .about(other)
                .with_trick(card);
            if self.decide_if(point, Choice(1), |_| 0) {
                self.suspected[other] = false;
                self.suspicions[other] = 0;
            }
        }
    }

    /// Removes the leftmost `card` from `pig`'s hand; false if it has none.
    /// Where copies of the card lie apart, which one goes is a decision.
    pub(crate) fn take_leftmost(&mut self, pig: Seat, card: Card) -> bool {
        let Some(mut index) = self.hand[pig].iter().position(|&c| c == card) else {
            return false;
        };
        let only_last = index + 1 == self.hand[pig].len();
        if !D::PLAIN && (index == 0 || only_last) {
            // The needed card is the hand's first, or its only copy is the
            // hand's last: whether the search sees it.
            let legal =
                0b001 | if index == 0 { 0b010 } else { 0 } | if only_last { 0b100 } else { 0 };
            let point = Point::new(DecisionKind::FirstCardMissed, pig, Choice(0))
                .with_card(card)
                .legal(legal);
            match self.decide(point, |_| 0) {
                Choice(1) => {
                    let Some(later) = self.hand[pig][1..].iter().position(|&c| c == card) else {
                        return false;
                    };
                    self.remove_card(pig, later + 1);
                    return true;
                }
                Choice(2) => return false,
                _ => {}
            }
        }
        if !D::PLAIN {
            let hand = &self.hand[pig];
            let last = hand.iter().rposition(|&c| c == card).unwrap_or(index);
            if hand[index..last].iter().any(|&c| c != card)
                && self.decide_if(
                    Point::new(DecisionKind::TakeCard, pig, Choice(0)).with_card(card),
                    Choice(1),
                    |_| 0,
                )
            {
                index = last;
            }
        }
        self.remove_card(pig, index);
        true
    }

    /// Removes the card at `index` from `pig`'s hand (the cards after it
    /// shift left); a deviating run notes the card that empties a hand.
    #[inline(always)]
    pub(crate) fn remove_card(&mut self, pig: Seat, index: usize) -> Card {
        if !D::PLAIN && pig == self.current {
            // The places of the current pig's cards, as its scans see them.
            if index < self.passed.len() {
                self.passed.remove(index);
            }
            if self.fresh > 0 && index + self.fresh >= self.hand[pig].len() {
                self.fresh -= 1;
            }
        }
        let card = self.hand[pig].remove(index);
        if !D::PLAIN {
            self.removed_at = index;
            if self.hand[pig].is_empty() {
                self.last_card[pig] = Some(card);
            }
        }
        card
    }

    /// Whether any rebel is still alive.
    pub(crate) fn any_rebel_alive(&self) -> bool {
        (0..self.n).any(|seat| self.alive[seat] && self.role[seat] == Role::Rebel)
    }

    /// Ends the game with `winner`. A game is decided once: where a
    /// deviating run goes on after its end, a later death changes nothing.
    pub(crate) fn game_over(&mut self, winner: Winner) {
        if !D::PLAIN && self.winner.is_some() {
            return;
        }
        self.winner = Some(winner);
        self.emit(Event::GameOver { winner });
    }

    /// The judge output for a game won by `winner` (whether a crossbow
    /// is printed in a hand, and what a dead pig's line is, are decisions).
    pub(crate) fn outcome(&mut self, winner: Winner) -> Outcome {
        let mut pigs = Vec::with_capacity(self.n);
        for seat in 0..self.n {
            if !self.alive[seat] {
                // "An empty line if it died holding no card" is an
                // alternative only where it did.
                let empty = !D::PLAIN && self.dead_hand[seat].is_empty();
                let point = Point::new(DecisionKind::PrintDead, seat, Choice(0)).legal(if empty {
                    0b1_1111
                } else {
                    0b0_1111
                });
                pigs.push(match self.decide(point, |_| 0) {
                    Choice(1) => PigFate::Alive(self.dead_hand[seat].clone()),
                    Choice(2 | 4) => PigFate::Alive(Vec::new()),
                    Choice(3) => {
                        self.dead_without_line |= 1 << seat;
                        PigFate::Dead
                    }
                    _ => PigFate::Dead,
                });
                continue;
            }
            let mut hand = self.hand[seat].clone();
            if !D::PLAIN && !hand.is_empty() {
                let holds_crossbow = hand.contains(&Card::Crossbow);
                let point = Point::new(DecisionKind::PrintHand, seat, Choice(0))
                    .legal(if holds_crossbow { 0b1111 } else { 0b0111 });
                match self.decide(point, |_| 0) {
                    Choice(1) => {
                        pigs.push(PigFate::Alive(Vec::new()));
                        continue;
                    }
                    Choice(2) => {
                        self.dead_without_line |= 1 << seat;
                        pigs.push(PigFate::Alive(Vec::new()));
                        continue;
                    }
                    // The crossbows in the hand are read as the weapon.
                    Choice(3) => hand.retain(|&c| c != Card::Crossbow),
                    _ => {}
                }
            }
            if let Some((_, card, index)) = self.ending_card.filter(|&(pig, ..)| pig == seat) {
                // Printed as if still held, at the place it had.
                let point =
                    Point::new(DecisionKind::PrintEndingCard, seat, Choice(0)).with_card(card);
                if self.decide_if(point, Choice(1), |_| 0) {
                    hand.insert(index.min(hand.len()), card);
                }
            }
            if self.crossbow[seat]
                && self.decide_if(
                    Point::new(DecisionKind::PrintWeapon, seat, Choice(0)),
                    Choice(1),
                    |_| 0,
                )
            {
                hand.push(Card::Crossbow);
            }
            pigs.push(PigFate::Alive(hand));
        }
        Outcome { winner, pigs }
    }

    /// The judge text of `outcome` as this table prints it: a living pig
    /// with an empty hand prints an empty line (whether it prints one at
    /// all, or the card that last left its hand, is a decision).
    pub(crate) fn judge_text(&mut self, outcome: &Outcome) -> String {
        let full = outcome.to_judge_text();
        let mut lines: [Option<Replaced>; SEATS] = [None; SEATS];
        for (seat, fate) in outcome.pigs.iter().enumerate() {
            if !D::PLAIN && self.dead_without_line & (1 << seat) != 0 {
                lines[seat] = Some(Replaced::NoLine);
                continue;
            }
            if self.alive[seat]
                && self.hand[seat].is_empty()
                && matches!(fate, PigFate::Alive(hand) if hand.is_empty())
            {
                let stale = if D::PLAIN { None } else { self.last_card[seat] };
                let point = Point::new(DecisionKind::PrintEmptyLine, seat, Choice(0))
                    .legal(if stale.is_some() { 0b1111 } else { 0b1011 });
                lines[seat] = match self.decide(point, |_| 0) {
                    Choice(1) => Some(Replaced::NoLine),
                    Choice(2) => stale.map(Replaced::Card),
                    Choice(3) => Some(Replaced::Dead),
                    _ => None,
                };
            }
        }
        if lines.iter().all(Option::is_none) {
            return full;
        }
        let mut text = String::with_capacity(full.len());
        for (i, line) in full.lines().enumerate() {
            match i.checked_sub(1).and_then(|seat| lines[seat]) {
                Some(Replaced::NoLine) => {}
                Some(Replaced::Card(card)) => {
                    text.push(card.letter());
                    text.push('\n');
                }
                Some(Replaced::Dead) => text.push_str("DEAD\n"),
                None => {
                    text.push_str(line);
                    text.push('\n');
                }
            }
        }
        text
    }
}

#[cfg(feature = "inspect")]
impl<T: Tracer> Table<'_, T> {
    /// The whole table, read for tests (the lord is never "revealed" there).
    pub(crate) fn end(&self, winner: Winner) -> pigkill_engine::TableEnd {
        let pigs = (0..self.n)
            .map(|seat| pigkill_engine::PigState {
                role: self.role[seat],
                alive: self.alive[seat],
                hp: self.hp[seat],
                hand: self.hand[seat].clone(),
                crossbow: self.crossbow[seat],
                revealed: seat != 0 && self.revealed[seat],
                suspected: self.suspected[seat],
            })
            .collect();
        pigkill_engine::TableEnd {
            winner,
            pigs,
            drawn: self.top,
        }
    }
}

/// A count for an event's `u32` field (hands never come near `u32::MAX`).
pub(crate) fn count_u32(count: usize) -> u32 {
    u32::try_from(count).unwrap_or(u32::MAX)
}

/// What a deviating run prints instead of a pig's line.
#[derive(Clone, Copy)]
enum Replaced {
    /// No line at all.
    NoLine,
    /// One card alone.
    Card(Card),
    /// `DEAD`.
    Dead,
}

/// The feature saying that the card concerned is `card`.
fn card_feature(card: Card) -> Feature {
    match card {
        Card::Peach => Feature::CardPeach,
        Card::Kill => Feature::CardKill,
        Card::Dodge => Feature::CardDodge,
        Card::Duel => Feature::CardDuel,
        Card::Invasion => Feature::CardInvasion,
        Card::Volley => Feature::CardVolley,
        Card::Nullify => Feature::CardNullify,
        Card::Crossbow => Feature::CardCrossbow,
    }
}
