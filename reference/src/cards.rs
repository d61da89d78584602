//! The play phase and one function per card.
//!
//! Rules.md sections: "A turn" (the play phase and when a card is
//! playable) and "Responses" (what each card does).

use pigkill_engine::{Card, Event, Role, Seat, Tracer, MAX_HP};

use crate::decision::{Choice, Decider, DecisionKind, Feature, Point};
use crate::table::{Table, Way, AFTER_CARD, SEATS};

/// The most cards a deviating run's play phase plays (by the rules every
/// play takes its card from the hand, so a phase plays at most the cards
/// its pig holds and draws: far fewer).
const MAX_PLAYS: u32 = 1 << 16;

impl<T: Tracer, D: Decider> Table<'_, T, D> {
    /// `pig`'s play phase: scan the hand from the left, play the first
    /// playable card, and scan again from the left; stop when nothing is
    /// playable, the pig dies, or the game ends.
    ///
    /// Playable: P when HP < 4; K when no kill was played this phase or
    /// the pig has a crossbow, and it has a kill target; F when it has a
    /// duel target; N, W and Z always; D and J never. Each scan decides
    /// each card kind once, when it first meets one.
    pub(crate) fn play_phase(&mut self, pig: Seat) {
        // An earlier phase's kill: whether the limit starts afresh is a
        // decision (by the rules it does).
        let earlier_kill = self.kill_played;
        self.kill_played = !D::PLAIN && self.kill_played && self.kill_flag_kept(pig);
        if !D::PLAIN {
            if let Some(last) = self.phase_pig.replace(pig) {
                self.own_kill = (self.own_kill & !(1 << last)) | (u16::from(earlier_kill) << last);
            }
            if !self.kill_played {
                self.kill_played = self.kill_flag_starts_set(pig);
            }
            self.had_phase |= 1 << pig;
            self.reward_since_kill = false;
            self.crossbow_since_kill = false;
            self.played_since_kill = false;
            self.first_play = true;
            self.phase_plays = (0, self.hand[pig].len());
            self.kill_dodged = false;
            self.phase_hp = self.hp[pig];
            self.duel_played = false;
            self.last_attacked = None;
            self.passed.clear();
            self.passed.resize(self.hand[pig].len(), false);
            self.fresh = 0;
            let answered = std::mem::take(&mut self.kill_answered[pig]);
            for trick in [Card::Duel, Card::Invasion] {
                // A kill given up to answer another pig's card of this
                // kind: whether it counts as this phase's kill (never, by
                // the rules).
                if answered & (1 << trick as u8) == 0 || self.kill_played {
                    continue;
                }
                let point =
                    Point::new(DecisionKind::AnswerKillCounts, pig, Choice(0)).with_card(trick);
                if self.decide_if(point, Choice(1), |_| 0) {
                    self.kill_played = true;
                }
            }
        }
        // Where the next scan starts: the leftmost card, unless decided otherwise.
        let mut resume = 0;
        // Deviations may keep a card in the hand that is played again and
        // again: a deviating run's phase ends after this many plays.
        let mut plays_left: u32 = if D::PLAIN { u32::MAX } else { MAX_PLAYS };
        loop {
            if !D::PLAIN {
                if plays_left == 0 {
                    return;
                }
                plays_left -= 1;
            }
            let mut scan = Scan::default();
            let from = resume.min(self.hand[pig].len());
            let found = if D::PLAIN {
                self.scan_plain(pig, from, &mut scan)
            } else {
                self.scan_deciding(pig, from, &mut scan)
            };
            let Some(index) = found else {
                return;
            };
            let decided_before = self.winner;
            let (card, leaves) = if D::PLAIN {
                (self.remove_card(pig, index), Choice(0))
            } else {
                self.card_leaves(pig, index)
            };
            if !D::PLAIN {
                self.nullified = false;
                self.death_in_resolution = false;
                self.revealed_in_resolution = 0;
                self.rescued_in_resolution = 0;
                self.last_chain.1 = false;
                self.damage_in_resolution = false;
                self.last_nullifier = None;
                // Another card since the last kill; a kill sets it back below.
                self.played_since_kill = self.kill_played;
                self.phase_plays.0 += 1;
            }
            self.plays_this_round += 1;
            match (card, scan.kill_target, scan.duel_target) {
                (Card::Peach, _, _) => self.play_peach(pig),
                (Card::Kill, Some(Some(target)), _) => {
                    self.kill_played = true;
                    if !D::PLAIN {
                        self.last_killer = Some(pig);
                        self.reward_since_kill = false;
                        self.crossbow_since_kill = false;
                        self.played_since_kill = false;
                        self.kill_dodged = false;
                        self.last_attacked = Some(target);
                    }
                    self.play_kill(pig, target);
                    if !D::PLAIN && !self.crossbow[pig] && self.kill_spent(pig, target) {
                        self.kill_played = false;
                    }
                }
                (Card::Duel, _, Some(Some(target))) => {
                    if !D::PLAIN {
                        self.duel_played = true;
                    }
                    let fought_with_kills = self.play_duel(pig, target);
                    if fought_with_kills
                        && self.decide_if(
                            Point::new(DecisionKind::DuelKillCounts, pig, Choice(0)).about(target),
                            Choice(1),
                            |_| 0,
                        )
                    {
                        self.kill_played = true;
                    }
                }
                (Card::Invasion, _, _) => self.play_invasion(pig),
                (Card::Volley, _, _) => self.play_volley(pig),
                (Card::Crossbow, _, _) => self.play_crossbow(pig),
                // Not playable, so never found above.
                _ => return,
            }
            if !D::PLAIN {
                self.settle_put_off(AFTER_CARD);
                self.reveal_put_off();
                // A card left in the hand while resolved leaves it now.
                if leaves != Choice(0) && self.alive[pig] && index < self.hand[pig].len() {
                    self.remove_card(pig, index);
                }
                if decided_before.is_none() && self.winner.is_some() {
                    self.ending_card = Some((pig, card, index));
                }
            }
            if !self.alive[pig] {
                return;
            }
            if self.winner.is_some() {
                // The game is decided: by the rules nothing more happens.
                let point =
                    Point::new(DecisionKind::PlaysAfterGameOver, pig, Choice(0)).with_card(card);
                if !self.decide_if(point, Choice(1), |_| 0) {
                    return;
                }
            } else if !D::PLAIN {
                let point = Point::new(DecisionKind::PhaseGoesOn, pig, Choice(0)).with_card(card);
                if !self.decide_if(point, Choice(0), |_| 0) {
                    return;
                }
            }
            resume = if self.scan_resumes_after(pig, card) {
                index
            } else {
                0
            };
            if !D::PLAIN {
                self.first_play = false;
            }
        }
    }

    /// Reveals the pigs whose nullify, played on the card just resolved,
    /// reveals them only now (by the rules a nullify reveals at once).
    /// Deviating runs only.
    fn reveal_put_off(&mut self) {
        let pigs = std::mem::take(&mut self.reveal_after_card);
        for pig in 0..self.n {
            if pigs & (1 << pig) != 0 && self.alive[pig] {
                self.reveal(pig, Card::Nullify);
            }
        }
    }

    /// `pig` plays the card at `index` of its hand: the card, and when it
    /// leaves the hand (at once by the rules, when `Choice(0)`; else it
    /// stays there while it is resolved). Deviating runs only.
    fn card_leaves(&mut self, pig: Seat, index: usize) -> (Card, Choice) {
        let card = self.hand[pig][index];
        let point = Point::new(DecisionKind::CardLeaves, pig, Choice(0)).with_card(card);
        let leaves = self.decide(point, |_| 0);
        if leaves == Choice(0) {
            self.remove_card(pig, index);
        }
        (card, leaves)
    }

    /// Whether `pig`'s kill at `target`, now resolved, does not use up the
    /// phase's one kill (by the rules it always does). Deviating runs only.
    fn kill_spent(&mut self, pig: Seat, target: Seat) -> bool {
        let point = Point::new(DecisionKind::KillUsesLimit, pig, Choice(0))
            .about(target)
            .with_card(Card::Kill);
        self.decide_if(point, Choice(1), |_| 0)
    }

    /// Whether `pig`'s play phase starts with the kill an earlier phase
    /// played still counted (by the rules it never does).
    fn kill_flag_kept(&mut self, pig: Seat) -> bool {
        let (previous, died) = self.previous;
        let point = Point::new(DecisionKind::KillFlagReset, pig, Choice(0)).about(previous);
        let died = if died { Feature::PreviousDied.bit() } else { 0 };
        self.decide_if(point, Choice(1), |_| died)
    }

    /// Whether `pig`'s play phase, with no kill carried over from the
    /// phase before, starts with a kill counted all the same (never, by
    /// the rules): its own last phase's, the game's last kill if it was
    /// its own, or one counted in its first phase. Deviating runs only.
    fn kill_flag_starts_set(&mut self, pig: Seat) -> bool {
        let bit = 1u16 << pig;
        let legal = 0b0001
            | if self.own_kill & bit != 0 { 0b0010 } else { 0 }
            | if self.last_killer == Some(pig) {
                0b0100
            } else {
                0
            }
            | if self.had_phase & bit == 0 { 0b1000 } else { 0 };
        if legal == 0b0001 {
            return false;
        }
        let point = Point::new(DecisionKind::KillFlagStart, pig, Choice(0))
            .about(self.previous.0)
            .legal(legal);
        let died = if self.previous.1 {
            Feature::PreviousDied.bit()
        } else {
            0
        };
        let choice = self.decide(point, |_| died);
        if choice == Choice(3) {
            // A first phase held back by the kill counted is no quiet
            // round's: the pig's next phase is another (the stall check
            // would end the game after a first round of such phases).
            self.plays_this_round += 1;
        }
        choice != Choice(0)
    }

    /// The first playable card of `pig`'s hand from `from`, by the plain
    /// rules: which card kinds are playable is worked out once for the scan
    /// (both targets included), then the hand is searched.
    fn scan_plain(&mut self, pig: Seat, from: usize, scan: &mut Scan) -> Option<usize> {
        let kill_target = self.kill_target(pig);
        let duel_target = self.duel_target(pig);
        let may_kill = (!self.kill_played || self.crossbow[pig]) && kill_target.is_some();
        let mut playable_now = [false; Card::ALL.len()];
        playable_now[Card::Peach as usize] = self.hp[pig] < MAX_HP;
        playable_now[Card::Kill as usize] = may_kill;
        playable_now[Card::Duel as usize] = duel_target.is_some();
        playable_now[Card::Invasion as usize] = true;
        playable_now[Card::Volley as usize] = true;
        playable_now[Card::Crossbow as usize] = true;
        scan.kill_target = Some(kill_target);
        scan.duel_target = Some(duel_target);
        self.hand[pig][from..]
            .iter()
            .position(|&card| playable_now[card as usize])
            .map(|i| i + from)
    }

    /// The first playable card of `pig`'s hand from `from`, each card kind
    /// decided when the scan first meets it (and, for a peach, kill or
    /// duel it may not play, whether the scan looks on past it).
    fn scan_deciding(&mut self, pig: Seat, from: usize, scan: &mut Scan) -> Option<usize> {
        let mut index = from;
        // The cards drawn in this phase that wait for the next turn lie
        // at the hand's right end, out of the scan's sight.
        let seen = self.hand[pig].len().saturating_sub(self.fresh);
        self.passed.resize(self.hand[pig].len(), false);
        loop {
            // The cards already found unplayable in this scan are passed
            // over at once.
            let hand = self.hand[pig].get(index..seen);
            let skip = hand.and_then(|hand| {
                hand.iter()
                    .position(|&card| scan.playable[card as usize] != Some(false))
            });
            let Some(skip) = skip else {
                self.passed[index.min(seen)..seen].fill(true);
                return None;
            };
            self.passed[index..index + skip].fill(true);
            index += skip;
            let card = self.hand[pig][index];
            let first = scan.playable[card as usize].is_none();
            if self.playable(pig, index, scan) {
                if !self.passed[index] || !self.stays_passed(pig, card) {
                    return Some(index);
                }
                index += 1;
                continue;
            }
            self.passed[index] = true;
            if first && matches!(card, Card::Peach | Card::Kill | Card::Duel) {
                let point = Point::new(DecisionKind::ScanPasses, pig, Choice(0)).with_card(card);
                if !self.decide_if(point, Choice(0), |_| 0) {
                    return None;
                }
            }
            index += 1;
        }
    }

    /// Whether `card`, playable now but passed over by an earlier scan of
    /// this phase, stays passed over (never, by the rules).
    fn stays_passed(&mut self, pig: Seat, card: Card) -> bool {
        let point = Point::new(DecisionKind::RescanRechecks, pig, Choice(0)).with_card(card);
        self.decide_if(point, Choice(1), |_| 0)
    }

    /// Whether the card at `index` of `pig`'s hand is playable now in its
    /// play phase, decided once per card kind and scan (kept in `scan`).
    fn playable(&mut self, pig: Seat, index: usize, scan: &mut Scan) -> bool {
        let card = self.hand[pig][index];
        if let Some(known) = scan.playable[card as usize] {
            return known;
        }
        let mut kind = DecisionKind::Playable;
        let rule = match card {
            Card::Peach => {
                let max = self.max_hp(pig);
                let now = self.hp[pig] < max;
                let before = self.phase_hp < max;
                // Which HP the playability reads, where the two differ.
                if now != before
                    && self.decide_if(
                        Point::new(DecisionKind::PeachHpRead, pig, Choice(0)).with_card(card),
                        Choice(1),
                        |_| 0,
                    )
                {
                    scan.playable[card as usize] = Some(before);
                    return before;
                }
                now
            }
            Card::Kill if self.kill_played => {
                kind = DecisionKind::KillLimit;
                self.crossbow[pig]
            }
            Card::Kill => true,
            Card::Duel => {
                let mut target = self.duel_target(pig);
                if !D::PLAIN {
                    target = target.filter(|&seat| self.duel_in_reach(pig, seat));
                }
                if !D::PLAIN && (self.duel_played || self.kill_played) {
                    if let Some(seat) = target {
                        // With a target, a duel is playable, whatever was
                        // played this phase (a decision in a deviating run:
                        // the kill's one-per-phase limit read for it too).
                        let point = Point::new(DecisionKind::Playable, pig, Choice(1))
                            .about(seat)
                            .with_card(card)
                            .at(index);
                        if !self.decide_if(point, Choice(1), |_| 0) {
                            target = None;
                        }
                    }
                }
                scan.duel_target = Some(target);
                scan.playable[card as usize] = Some(target.is_some());
                return target.is_some();
            }
            Card::Invasion | Card::Volley | Card::Crossbow => true,
            Card::Dodge | Card::Nullify => {
                scan.playable[card as usize] = Some(false);
                return false;
            }
        };
        let mut point = Point::new(kind, pig, Choice(u8::from(rule)))
            .with_card(card)
            .at(index);
        // The other pig's weapon, where reading it for the pig's own would
        // change the answer (kill-limit's alternative 2).
        let mut other_weapon = None;
        if kind == DecisionKind::KillLimit {
            // The pig a kill would go to at distance 1.
            let next = self.next_alive(pig);
            if next != pig {
                point = point.about(next);
                if self.crossbow[next] != rule {
                    other_weapon = Some(self.crossbow[next]);
                }
            }
            point = point.legal(if other_weapon.is_some() { 0b111 } else { 0b011 });
        }
        let mut playable = match self.decide(point, |_| 0) {
            Choice(2) => other_weapon.unwrap_or(rule),
            choice => choice == Choice(1),
        };
        if card == Card::Kill {
            let mut target = if playable {
                self.kill_target(pig)
            } else {
                None
            };
            if let Some(seat) = target {
                if !self.kill_beside_duel(pig, seat) {
                    target = None;
                }
            }
            scan.kill_target = Some(target);
            playable = target.is_some();
        }
        scan.playable[card as usize] = Some(playable);
        playable
    }

    /// Whether, after playing `card`, the next scan goes on from the played
    /// card's place rather than from the leftmost card (never, by the rules).
    fn scan_resumes_after(&mut self, pig: Seat, card: Card) -> bool {
        let point = Point::new(DecisionKind::ScanStart, pig, Choice(0)).with_card(card);
        self.decide_if(point, Choice(1), |_| 0)
    }

    /// P: heals its owner by 1, up to 4 HP (played only below 4 HP, but
    /// for `PeachAtFullHp`, where HP stays 4).
    pub(crate) fn play_peach(&mut self, pig: Seat) {
        self.emit(Event::Play {
            pig,
            card: Card::Peach,
            target: None,
        });
        let max = self.max_hp(pig);
        let mut heal = 1;
        if !D::PLAIN && self.hp[pig] + 1 < max {
            // How much a peach gives back differs only below max - 1.
            let point = Point::new(DecisionKind::PeachHeals, pig, Choice(0)).with_card(Card::Peach);
            heal = match self.decide(point, |_| 0) {
                Choice(1) => 2,
                Choice(2) => max,
                _ => 1,
            };
        }
        self.hp[pig] = (self.hp[pig] + heal).min(max);
        self.emit(Event::Heal {
            pig,
            hp: self.hp[pig],
        });
    }

    /// Z: equips a crossbow, replacing any held one.
    pub(crate) fn play_crossbow(&mut self, pig: Seat) {
        self.emit(Event::Play {
            pig,
            card: Card::Crossbow,
            target: None,
        });
        let replaced = self.crossbow[pig];
        self.crossbow[pig] = true;
        if !D::PLAIN && replaced {
            // What replacing the weapon leaves is a decision (the new one).
            let point =
                Point::new(DecisionKind::EquipReplaces, pig, Choice(0)).with_card(Card::Crossbow);
            if self.decide_if(point, Choice(1), |_| 0) {
                self.crossbow[pig] = false;
            }
        }
        if !D::PLAIN {
            self.crossbow_turn[pig] = self.turn;
            self.crossbow_since_kill = self.kill_played && pig == self.current;
        }
        self.emit(Event::Equip { pig, replaced });
    }

    /// When playing `card` at `target` (if any) reveals `player`: 0 at
    /// once, 1 only if it takes effect, 2 never. Rules: K and F at once,
    /// N and W never. No decision for a pig already revealed.
    fn reveal_on_play(&mut self, player: Seat, target: Option<Seat>, card: Card, rule: u8) -> u8 {
        if self.revealed[player] {
            return rule;
        }
        let area = matches!(card, Card::Invasion | Card::Volley);
        let mut point = Point::new(DecisionKind::RevealOnPlay, player, Choice(rule))
            .with_card(card)
            .legal(if area { 0b101 } else { 0b111 });
        if let Some(target) = target {
            point = point.about(target);
        }
        self.decide(point, |_| 0).0
    }

    /// Whether a nullify round is held for `player`'s trick `card` on `target`.
    fn nullify_held(&mut self, player: Seat, target: Seat, card: Card) -> bool {
        let point = Point::new(DecisionKind::NullifyHeld, player, Choice(0))
            .about(target)
            .with_card(card);
        self.decide_if(point, Choice(0), |_| 0)
    }

    /// K: the player reveals; the target discards its leftmost D, or takes
    /// 1 damage from the player.
    pub(crate) fn play_kill(&mut self, player: Seat, target: Seat) {
        self.emit(Event::Play {
            pig: player,
            card: Card::Kill,
            target: Some(target),
        });
        if !D::PLAIN {
            self.trick = Some(Card::Kill);
            self.given_place = [None; SEATS];
            self.trick_player = player;
            self.last_attacker = Some(player);
        }
        let reveal = self.reveal_on_play(player, Some(target), Card::Kill, 0);
        if reveal == 0 {
            self.reveal(player, Card::Kill);
        }
        if let Some(card) = self.answers(target, Card::Dodge, player) {
            self.emit(Event::Respond { pig: target, card });
            if !D::PLAIN {
                self.kill_dodged = player == self.current;
            }
        } else {
            self.deal_damage(target, player);
            if reveal == 1 {
                self.reveal(player, Card::Kill);
            }
        }
        if !D::PLAIN {
            self.trick = None;
        }
    }

    /// F: the player reveals; a nullify round for the target; if not
    /// nullified, MP against a ZP just hurts it, and otherwise target and
    /// player discard their leftmost K in turn, target first, until one has
    /// none and takes 1 damage from the other. Returns whether the player
    /// discarded a kill.
    pub(crate) fn play_duel(&mut self, player: Seat, target: Seat) -> bool {
        self.emit(Event::Play {
            pig: player,
            card: Card::Duel,
            target: Some(target),
        });
        if !D::PLAIN {
            self.trick = Some(Card::Duel);
            self.given_place = [None; SEATS];
            self.trick_player = player;
            self.last_attacker = Some(player);
        }
        let fought = self.resolve_duel(player, target);
        if !D::PLAIN {
            self.trick = None;
        }
        fought
    }

    /// The duel of [`Self::play_duel`], once played.
    fn resolve_duel(&mut self, player: Seat, target: Seat) -> bool {
        let reveal = self.reveal_on_play(player, Some(target), Card::Duel, 0);
        if reveal == 0 {
            self.reveal(player, Card::Duel);
        }
        if !D::PLAIN && !self.alive[target] {
            // A deviating search took a dead pig: the duel is wasted.
            return false;
        }
        if self.nullify_held(player, target, Card::Duel) && self.nullify_round(player, target) {
            return false;
        }
        if reveal == 1 {
            self.reveal(player, Card::Duel);
        }
        let yields = self.role[player] == Role::Lord && self.role[target] == Role::Loyalist;
        let point = Point::new(DecisionKind::DuelYield, target, Choice(u8::from(yields)))
            .about(player)
            .with_card(Card::Duel);
        match self.decide(point, |_| 0) {
            Choice(0) => {}
            yielded => {
                if yielded == Choice(2) {
                    // One exchange first: the target discards a kill.
                    if let Some(card) = self.answers(target, Card::Kill, player) {
                        self.emit(Event::Respond { pig: target, card });
                    }
                }
                self.deal_damage(target, player);
                return false;
            }
        }
        let point = Point::new(DecisionKind::DuelFirst, player, Choice(0)).about(target);
        let (first, second) = if self.decide_if(point, Choice(1), |_| 0) {
            (player, target)
        } else {
            (target, player)
        };
        let mut player_discarded = false;
        let (mut pig, mut other) = (first, second);
        loop {
            let Some(card) = self.answers(pig, Card::Kill, other) else {
                self.lose_duel(pig, other, player);
                if D::PLAIN || !self.duel_goes_on(pig, other) {
                    return player_discarded;
                }
                // Asked again, the loser still has no kill.
                continue;
            };
            player_discarded |= pig == player;
            self.emit(Event::Respond { pig, card });
            if pig == second {
                let point =
                    Point::new(DecisionKind::DuelContinues, player, Choice(0)).about(target);
                if !self.decide_if(point, Choice(0), |_| 0) {
                    return player_discarded;
                }
            }
            (pig, other) = (other, pig);
        }
    }

    /// Whether the duel goes on after `loser` took its damage from
    /// `winner` (never, by the rules; a deviating run asks while the loser
    /// lives and the game goes on).
    fn duel_goes_on(&mut self, loser: Seat, winner: Seat) -> bool {
        if !self.alive[loser] || self.winner.is_some() {
            return false;
        }
        let point = Point::new(DecisionKind::DuelEnds, loser, Choice(0))
            .about(winner)
            .with_card(Card::Duel);
        self.decide_if(point, Choice(1), |_| 0)
    }

    /// `loser` has no kill left in `player`'s duel: it takes 1 damage from
    /// the winner.
    fn lose_duel(&mut self, loser: Seat, winner: Seat, player: Seat) {
        let source = if loser == player {
            let point = Point::new(DecisionKind::DuelDamageSource, player, Choice(0)).about(winner);
            if self.decide_if(point, Choice(1), |_| 0) {
                player
            } else {
                winner
            }
        } else {
            winner
        };
        self.deal_damage(loser, source);
    }

    /// N: every other living pig discards a K or takes 1 damage.
    pub(crate) fn play_invasion(&mut self, player: Seat) {
        self.play_area_trick(player, Card::Invasion, Card::Kill);
    }

    /// W: every other living pig discards a D or takes 1 damage.
    pub(crate) fn play_volley(&mut self, player: Seat) {
        self.play_area_trick(player, Card::Volley, Card::Dodge);
    }

    /// N or W: for each other living pig in turn, from the one after the
    /// player going forward: a nullify round for it; if not nullified, it
    /// discards its leftmost `answer` card or takes 1 damage from the
    /// player. If that damage hit MP and the player is unrevealed, MP now
    /// suspects the player. Pigs that die meanwhile are skipped.
    fn play_area_trick(&mut self, player: Seat, card: Card, answer: Card) {
        self.emit(Event::Play {
            pig: player,
            card,
            target: None,
        });
        if !D::PLAIN {
            self.trick = Some(card);
            self.given_place = [None; SEATS];
            self.trick_player = player;
            self.area_played = true;
        }
        self.resolve_area_trick(player, card, answer);
        if !D::PLAIN {
            self.trick = None;
        }
    }

    /// The resolution of [`Self::play_area_trick`], once played.
    fn resolve_area_trick(&mut self, player: Seat, card: Card, answer: Card) {
        if !D::PLAIN && self.winner.is_some() {
            // Played after the game was decided (a deviating run's phase
            // that went on): it reaches nobody.
            return;
        }
        if self.reveal_on_play(player, None, card, 2) == 0 {
            self.reveal(player, card);
        }
        let point = Point::new(DecisionKind::AreaStart, player, Choice(0)).with_card(card);
        let start = self.decide(point, |_| 0);
        let way = if start == Choice(2) {
            Way::Backward
        } else {
            Way::Forward
        };
        let from = match start {
            Choice(1) => self.n - 1,
            Choice(3) => self.next_seat(player),
            _ => player,
        };
        let mut pig = from;
        // The last seat the walk reaches before the player's own (for a
        // deviating run's contexts).
        let last = match start {
            _ if D::PLAIN => player,
            Choice(1) if player == self.n - 1 => player - 1,
            Choice(1) => self.n - 1,
            Choice(2) | Choice(3) => self.next_seat(player),
            _ => self.previous_seat(player),
        };
        // Once the game is decided (a deviating run may go on): whether the
        // pigs left answer in full, or only discard their card.
        let mut after_end = AfterEnd::Stop;
        let mut walked = 0;
        while walked < self.n {
            walked += 1;
            pig = self.step(pig, way);
            if !self.alive[pig] && (D::PLAIN || self.area_passes_dead(player, pig, card)) {
                continue;
            }
            let asked = if D::PLAIN {
                pig != player
            } else {
                self.area_asks(player, pig, card, pig == last)
            };
            if !asked {
                continue;
            }
            if after_end == AfterEnd::DiscardOnly {
                if let Some(card) = self.answers(pig, answer, player) {
                    self.emit(Event::Respond { pig, card });
                }
                continue;
            }
            if self.nullify_held(player, pig, card) && self.nullify_round(player, pig) {
                continue;
            }
            if let Some(response) = self.answers(pig, answer, player) {
                self.emit(Event::Respond {
                    pig,
                    card: response,
                });
                if (pig == 0 || !D::PLAIN)
                    && !self.suspected[player]
                    && self.lord_suspects(pig, player, card, false)
                {
                    self.suspect(player);
                }
                continue;
            }
            let decided = self.winner.is_some();
            self.deal_damage(pig, player);
            if self.winner.is_some() {
                // The game is decided: by the rules nothing more happens.
                if D::PLAIN {
                    return;
                }
                if !decided {
                    after_end = self.after_end(player, pig, card);
                    if after_end == AfterEnd::Stop {
                        return;
                    }
                }
                continue;
            }
            if (pig == 0 || !D::PLAIN)
                && !self.suspected[player]
                && self.lord_suspects(pig, player, card, true)
            {
                self.suspect(player);
            } else if !D::PLAIN && pig == 0 && self.suspected[player] && !self.revealed[player] {
                // Hurt again by a pig it suspects: the suspicion, kept as
                // a count, is raised again.
                self.suspicions[player] = self.suspicions[player].saturating_add(1);
            }
            if !self.alive[pig] {
                let point = Point::new(DecisionKind::AreaContinues, player, Choice(0))
                    .about(pig)
                    .with_card(card);
                match self.decide(point, |_| 0) {
                    Choice(1) => return,
                    Choice(2) => {
                        // The walk starts again: every living pig is asked
                        // again (a death is needed each time: it ends).
                        pig = from;
                        walked = 0;
                    }
                    _ => {}
                }
            }
        }
    }

    /// Whether the resolution of `player`'s invasion or volley `card` goes
    /// on after `pig`'s death decided the game: never, by the rules.
    fn after_end(&mut self, player: Seat, pig: Seat, card: Card) -> AfterEnd {
        let point = Point::new(DecisionKind::GameOverStops, player, Choice(0))
            .about(pig)
            .with_card(card);
        match self.decide(point, |_| 0) {
            Choice(1) => AfterEnd::Answer,
            Choice(2) => AfterEnd::DiscardOnly,
            _ => AfterEnd::Stop,
        }
    }

    /// Whether `player`'s invasion or volley `card` asks the living `pig`
    /// to answer: every other pig.
    fn area_asks(&mut self, player: Seat, pig: Seat, card: Card, last: bool) -> bool {
        let rule = pig != player;
        let point = Point::new(DecisionKind::AreaAsks, player, Choice(u8::from(!rule)))
            .about(pig)
            .with_card(card);
        let mut extra = if pig < player {
            Feature::Wrapped.bit()
        } else {
            0
        };
        if last {
            extra |= Feature::LastAsked.bit();
        }
        self.decide_if(point, Choice(0), |_| extra)
    }

    /// The card `pig` gives up to answer `other`'s card (or, in a duel, its
    /// kill) with: its leftmost `card`, whenever it holds one, by the rules
    /// (in a deviating run, a decision, and so is answering with another
    /// card when it holds none).
    fn answers(&mut self, pig: Seat, card: Card, other: Seat) -> Option<Card> {
        if !D::PLAIN {
            if !self.hand[pig].contains(&card) {
                return self.answers_otherwise(pig, card, other);
            }
            let leftmost = self.hand[pig].iter().position(|&c| c == card);
            let given = self.given_place[pig];
            // A search that starts one place past the card given last in
            // this trick misses the leftmost one only where it lies there
            // or before.
            let past_given = given.filter(|&q| leftmost.is_some_and(|l| l <= q));
            let mut point = Point::new(DecisionKind::Answers, pig, Choice(0))
                .about(other)
                .with_card(card)
                .legal(if past_given.is_some() { 0b111 } else { 0b011 });
            if let Some(place) = leftmost {
                point = point.at(place);
            }
            let taken = match self.decide(point, |_| 0) {
                Choice(0) => self.take_leftmost(pig, card),
                Choice(2) => {
                    let beyond = past_given.and_then(|q| {
                        let hand = &self.hand[pig];
                        (q + 1..hand.len()).find(|&i| hand[i] == card)
                    });
                    match beyond {
                        Some(index) => {
                            self.remove_card(pig, index);
                            true
                        }
                        None => false,
                    }
                }
                _ => return None,
            };
            if taken {
                self.given_place[pig] = Some(self.removed_at);
            }
            if let (true, Card::Kill, Some(trick)) =
                (taken && pig != self.current, card, self.trick)
            {
                self.kill_answered[pig] |= 1 << trick as u8;
            }
            return taken.then_some(card);
        }
        self.take_leftmost(pig, card).then_some(card)
    }

    /// The card `pig`, holding no `card`, answers with all the same: none
    /// by the rules; a nullify, or the other basic card, in a deviating run.
    fn answers_otherwise(&mut self, pig: Seat, card: Card, other: Seat) -> Option<Card> {
        let basic = match card {
            Card::Dodge => Card::Kill,
            Card::Kill => Card::Dodge,
            _ => return None,
        };
        let hand = &self.hand[pig];
        let legal = 0b001
            | if hand.contains(&Card::Nullify) {
                0b010
            } else {
                0
            }
            | if hand.contains(&basic) { 0b100 } else { 0 };
        if legal == 0b001 {
            return None;
        }
        let point = Point::new(DecisionKind::AnswerWith, pig, Choice(0))
            .about(other)
            .with_card(card)
            .legal(legal);
        let instead = match self.decide(point, |_| 0) {
            Choice(1) => Card::Nullify,
            Choice(2) => basic,
            _ => return None,
        };
        self.take_leftmost(pig, instead).then_some(instead)
    }

    /// Whether MP, having answered (`damaged` false) or been hurt by
    /// `player`'s invasion or volley `card`, now suspects it (not yet
    /// suspected): when it was hurt and the player is unrevealed.
    fn lord_suspects(&mut self, pig: Seat, player: Seat, card: Card, damaged: bool) -> bool {
        if pig != 0 && (D::PLAIN || self.revealed[player] || pig == player) {
            // Only the lord's own damage makes it suspect (a deviating run
            // asks about every pig hit by an unrevealed player).
            return false;
        }
        let rule = pig == 0 && damaged && !self.revealed[player];
        let kind = if pig == 0 {
            DecisionKind::Suspect
        } else {
            DecisionKind::SuspectOther
        };
        let point = Point::new(kind, pig, Choice(u8::from(rule)))
            .about(player)
            .with_card(card);
        let mut extra = if damaged { Feature::Damaged.bit() } else { 0 };
        if self.revealed_in_resolution & (1 << player) != 0 {
            extra |= Feature::SubjectRevealedInResolution.bit();
        }
        self.decide_if(point, Choice(1), |_| extra)
    }

    /// MP now suspects `player`.
    fn suspect(&mut self, player: Seat) {
        if !D::PLAIN {
            self.other_suspicions(DecisionKind::SuspicionReplaces, player, self.trick);
        }
        self.suspected[player] = true;
        if !D::PLAIN {
            self.once_suspected |= 1 << player;
            self.suspicions[player] = self.suspicions[player].saturating_add(1);
        }
        self.emit(Event::Suspect { pig: player });
    }
}

impl<T: Tracer, D: Decider> Table<'_, T, D> {
    /// Whether `pig`, whose kill has `target` and which holds a duel with
    /// a target, still kills (it does, by the rules: each card is playable
    /// on its own). Deviating runs only.
    fn kill_beside_duel(&mut self, pig: Seat, target: Seat) -> bool {
        if !self.hand[pig].contains(&Card::Duel) {
            return true;
        }
        let Some(duel) = self.duel_target_by_rules(pig) else {
            return true;
        };
        let legal = if duel == target { 0b011 } else { 0b111 };
        let point = Point::new(DecisionKind::KillBesideDuel, pig, Choice(0))
            .about(target)
            .with_card(Card::Kill)
            .legal(legal);
        self.decide(point, |_| 0) == Choice(0)
    }

    /// Whether `pig` may duel `target` (by the rules, at any distance: a
    /// decision where the target is not its next living pig). Deviating
    /// runs only.
    fn duel_in_reach(&mut self, pig: Seat, target: Seat) -> bool {
        if target == self.next_alive(pig) {
            return true;
        }
        let point = Point::new(DecisionKind::DuelDistance, pig, Choice(0))
            .about(target)
            .with_card(Card::Duel);
        self.decide_if(point, Choice(0), |_| 0)
    }

    /// Whether the walk of `player`'s invasion or volley `card` passes the
    /// dead `pig` over (it does, by the rules). Deviating runs only.
    fn area_passes_dead(&mut self, player: Seat, pig: Seat, card: Card) -> bool {
        let point = Point::new(DecisionKind::AreaPassesDead, player, Choice(0))
            .about(pig)
            .with_card(card);
        self.decide_if(point, Choice(0), |_| 0)
    }
}

/// What the pigs left do once an invasion or volley has decided the game.
#[derive(Clone, Copy, PartialEq, Eq)]
enum AfterEnd {
    /// Nothing: the resolution stops (the rules).
    Stop,
    /// They answer as before: a nullify round, their card or 1 damage.
    Answer,
    /// They discard their card if they hold one, and nothing else.
    DiscardOnly,
}

/// What one scan of the hand has decided so far.
#[derive(Default)]
struct Scan {
    /// Whether each card kind is playable, once decided.
    playable: [Option<bool>; Card::ALL.len()],
    /// The kill target, once looked for.
    kill_target: Option<Option<Seat>>,
    /// The duel target, once looked for.
    duel_target: Option<Option<Seat>>,
}
