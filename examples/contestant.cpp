// 猪国杀 (SDOI2010, Luogu P2482) -- a contestant-style solution.
//
// Written from /work/shared/problem/rules.md (and statement.md, the
// sample) alone: one file, plain arrays, tokens read with scanf, the first
// m deck cards used and anything after them ignored.
//
// Injected mistakes (each off by default; compile with -DMISTAKE_<ID>).
// Each one is the catalogue row of the same id (plan/catalogue.md):
//
//   MISTAKE_LOYALIST_FIGHTS_LORD         a ZP dueled by MP fights with its kills
//   MISTAKE_NULLIFY_STARTS_AFTER_PLAYER  every nullify round starts after the trick's/J's player (asked last)
//   MISTAKE_DYING_SKIPS_PEACH            a dying pig never eats a peach
//   MISTAKE_DUEL_PLAYER_FIRST            in a duel the player discards a kill first
//   MISTAKE_REWARD_AFTER_LAST_REBEL      the last FP's killer still draws 3 before the game ends
//   MISTAKE_INVASION_FROM_FIRST_PIG      N/W resolve from pig 1 in seat order, not from the player's next
//   MISTAKE_SECOND_CROSSBOW_STAYS        Z is not playable while a crossbow is equipped
//   MISTAKE_RIGHTMOST_CARD               every response/rescue takes the rightmost card of the kind
//   MISTAKE_SUSPICION_SURVIVES_REVEAL    a reveal does not clear MP's suspicion
//   MISTAKE_SINGLE_NULLIFY               nobody may counter a J: the chain stops at one J
//   MISTAKE_EAT_EVERY_PEACH              a dying pig eats every peach it holds (+1 HP each)
//   MISTAKE_PEACH_AT_FULL_HP             P is playable at HP 4 (HP stays 4)
//   MISTAKE_SCAN_RESUMES_AFTER_PLAY      after any play the scan goes on from the played card's position
//   MISTAKE_PENALTY_KEEPS_WEAPON         MP's penalty discards its hand but keeps its crossbow
//   MISTAKE_SUSPICION_WITHOUT_DAMAGE     MP also suspects an N/W player it answered (K/D) without damage
//   MISTAKE_KILL_IGNORES_DEATHS          the kill target is the next seat; if that pig is dead, no target
//   MISTAKE_REBEL_DUELS_NEAREST_ENEMY    an FP duels the first living MP or revealed ZP going forward
//   MISTAKE_PROTECTS_BY_TRUE_ROLE        nullify protect/attack decided by the target's true role
//   MISTAKE_KILL_ANY_DISTANCE            the kill target is the first hostile living pig at any distance
//   MISTAKE_LORD_IGNORES_SUSPICION       MP's kill and duel targets are only revealed FPs
//   MISTAKE_LOYALIST_ATTACKS_SUSPECTED   a ZP also targets pigs MP suspects
//   MISTAKE_REBEL_TARGETS_BY_TRUE_ROLE   an FP's kill target is the next living pig if MP or ZP by true role
//   MISTAKE_UNLIMITED_KILLS              no one-kill limit per phase
//   MISTAKE_DUEL_KILL_COUNTS_AS_PLAYED   a kill discarded in the player's duel counts as the phase's kill
//   MISTAKE_SCAN_RESUMES_AFTER_PEACH     only after a P the scan goes on from the P's position
//   MISTAKE_SCAN_RESUMES_AFTER_CROSSBOW  only after a Z the scan goes on from the Z's position
//   MISTAKE_KILL_REVEALS_ONLY_ON_HIT     K reveals its player only if the target did not dodge
//   MISTAKE_DUEL_REVEALS_ONLY_IF_NOT_NULLIFIED  F reveals its player only if not nullified
//   MISTAKE_NULLIFY_DOES_NOT_REVEAL      playing a J never reveals its player
//   MISTAKE_AREA_TRICK_REVEALS           playing N or W reveals its player
//   MISTAKE_SUSPECTS_REVEALED_PLAYERS    MP suspects a damaging N/W player even when it is revealed
//   MISTAKE_VOLLEY_NO_SUSPICION          only N (never W) makes MP suspect its player
//   MISTAKE_SUSPECTS_ONLY_TRUE_REBELS    MP suspects a damaging N/W player only if it is an FP by true role
//   MISTAKE_COUNTER_ROUND_RESTARTS_AT_PLAYER  every counter round starts again from the trick's player
//   MISTAKE_PROTECTS_SELF_UNREVEALED     the trick's target protects itself even when unrevealed
//   MISTAKE_REBELS_NEVER_COUNTER         an FP never plays an even (attacking) J
//   MISTAKE_LOYALISTS_NEVER_COUNTER      MP and ZPs never play an even (attacking) J
//   MISTAKE_VOLLEY_NOT_NULLIFIED         no nullify round for W
//   MISTAKE_DUEL_NOT_NULLIFIED           no nullify round for F
//   MISTAKE_DUEL_DAMAGE_FROM_PLAYER      a duel's damage source is always its player
//   MISTAKE_DUEL_ONE_KILL_EACH           in a duel each side discards at most one kill
//   MISTAKE_AREA_TRICK_STOPS_AT_DEATH    an N/W resolution stops as soon as a pig dies from it
//   MISTAKE_NO_RESCUE_OUTSIDE_OWN_TURN   a dying pig eats a peach only during its own turn
//   MISTAKE_NO_REWARD_FOR_REBEL_KILLER   an FP killing an FP draws no reward
//   MISTAKE_NO_PENALTY                   MP killing a ZP keeps its hand and weapon
//   MISTAKE_REWARD_DRAWS_TWO             the reward for an FP is 2 cards
//   MISTAKE_LAST_CARD_NOT_KEPT           the deck's last card is drawn like any other; then nothing
//   MISTAKE_WEAPON_PRINTED_IN_HAND       a crossbow is printed as Z after the hand
//   MISTAKE_EMPTY_HAND_LINE_MISSING      a living pig with an empty hand prints no line
//
// Narrow mistakes (each off by default; compile with -DNARROW_<ID>). Each
// one breaks a single rule of rules.md in a single context only, the way a
// real wrong submission does: examples/narrow.tsv is their manifest (id,
// section, split, meaning), examples/narrow-switches.txt their list batch by
// batch.
//
#include <cstdio>
#include <cstring>

const int MAXN = 12;
const int MAXH = 1 << 17;  // hand capacity per pig
const int MAXM = 2005;

enum { MP = 0, ZP = 1, FP = 2 };

int n, m;
int role[MAXN], hp[MAXN];
bool dead[MAXN], revealed[MAXN], suspected[MAXN], crossbow[MAXN];
char hand[MAXN][MAXH];
int len[MAXN];
char deck[MAXM];
int top;
bool over;
int winner;
int current;     // whose turn it is
bool killUsed;   // the current player has played its kill this phase
#ifdef NARROW_CROSSBOW_ONLY_THIS_TURN
bool crossbowThisTurn;
#endif
#ifdef NARROW_KILL_TARGET_FIXED_AT_TURN_START
int turnNext;    // the pig after the current one, as it was at the turn's start
#endif
#if defined(NARROW_NO_REWARD_FROM_AREA_TRICK) || defined(NARROW_AREA_GOES_ON_AFTER_GAME_END)
bool inArea;
#endif
#ifdef NARROW_NO_PENALTY_IN_DUEL
bool inDuel;
#endif
#ifdef NARROW_SEAT_LINK_STALE_AFTER_DEATH
int nxt[MAXN];   // next living pig, repaired at each death
#endif
#ifdef NARROW_PEACH_HP_READ_AT_PHASE_START
int phaseHp;     // the current pig's HP when its play phase began
#endif
#ifdef NARROW_DUEL_CANCELLED_BY_ANY_J
int chainLength; // J played in the last nullify round
#endif
#ifdef NARROW_CHAIN_COUNT_KEPT_ACROSS_AREA
int chainCount;  // J played so far in this trick
#endif
#ifdef NARROW_AREA_REWARD_AFTER_RESOLUTION
int areaReward = -1;  // cards the N/W player is owed, -1 outside an N/W
#endif
#ifdef NARROW_PENALTY_AT_TURN_END
bool penaltyDue;
#endif
#ifdef NARROW_REWARD_CARDS_WAIT_NEXT_TURN
bool inPlay;     // the current pig is in its play phase
int fresh;       // cards at the right end of its hand gained in this phase
#endif
#ifdef NARROW_LOYALIST_IGNORES_J_REVEAL
bool showedHostility[MAXN];  // revealed by a K or an F
#endif

#ifdef NARROW_TURN_ORDER_RESTARTS_AFTER_DEATH
bool deathInTurn;  // some pig died since the turn began
#endif
#ifdef NARROW_CROSSBOW_AFTER_KILL_WAITS
bool crossbowLate;  // the crossbow was first equipped after this phase's kill
#endif
#ifdef NARROW_RESCUED_ENDS_OWN_TURN
bool turnOver;     // the current pig was rescued from dying in its own turn
#endif
#ifdef NARROW_TARGETS_READ_REVEALS_AT_TURN_START
bool revealedAtTurn[MAXN];  // who was revealed when the current turn began
#endif
#ifdef NARROW_LOYALIST_COUNTERS_ONLY_OWN_SIDE_TRICK
int trickUser;     // the player of the trick being nullified
#endif
#ifdef NARROW_AREA_J_REVEALS_AFTER_RESOLUTION
bool inAreaJ;      // an N/W is being resolved
bool revealLater[MAXN];
#endif
#ifdef NARROW_REBEL_COUNT_DROPS_ON_LOYALIST_DEATH
int rebelsLeft;    // living FPs
#endif
#ifdef NARROW_LORD_DUEL_KEEPS_OLD_SUSPICION
bool onceSuspected[MAXN];  // MP's duel list: every pig it has suspected
#endif

#ifdef NARROW_B5_04
int killTargetUsed = -1;  // the target of the phase's kill
#endif
#ifdef NARROW_B5_15
bool areaSnap;             // an N/W is being resolved
bool snapRevealed[MAXN];   // who was revealed when it was played
#endif
#ifdef NARROW_B5_18
int b5TrickUser;           // the player of the trick being nullified
#endif
#ifdef NARROW_B5_19
int b5LastJ = -1;          // the player of the last J of the last chain
#endif
#ifdef NARROW_B5_23
bool b5InArea;             // an N/W is being resolved
bool b5KeepHand[MAXN];     // died in it: hand discarded at its end
#endif
#ifdef NARROW_B5_24
bool b5Rescued[MAXN];      // ate a peach when dying in this turn
#endif

#ifdef NARROW_B5_29
bool duelUsed;             // the current pig has played an F this phase
#endif

#ifdef NARROW_B6_03
int b6DuelTurn;            // discards made in duels so far (never reset)
#endif
#ifdef NARROW_B6_05
int b6LastSrc[MAXN] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
bool b6InDuel;
#endif
#ifdef NARROW_B6_11
bool b6KillSpent[MAXN];    // answered an N with a K outside its turn
#endif
#ifdef NARROW_B6_12
int b6Suspicion[MAXN];     // how often MP suspected the pig
#endif
#ifdef NARROW_B6_14
char b6Need;               // the card that answers the N/W being resolved
#endif
#ifdef NARROW_B6_15
int b6Rebels;              // FPs not yet down to 0 HP
#endif
#ifdef NARROW_B6_16
bool b6Skip[MAXH];         // the current pig's cards found unplayable this phase
bool b6InPhase;
#endif
#ifdef NARROW_B6_17
bool b6DeckUsedUp;
#endif
#ifdef NARROW_B6_21
bool b6Rewarded;           // a reward was given in this turn
#endif
#ifdef NARROW_B6_27
bool b6EmptyAtDeath[MAXN];
#endif
#ifdef NARROW_B6_28
char b6LastPlayed;         // the card the current pig played last
#endif

#ifdef NARROW_B7_01
bool b7NoDraw;             // the draws of the game's first turn
#endif
#ifdef NARROW_B7_06
bool b7DeathInTurn;        // some pig died in this turn
#endif
#ifdef NARROW_B7_12
int b7Kills;               // kills played this phase
#endif
#ifdef NARROW_B7_18
bool b7Slot0Gone[MAXN];    // the starting first card has left the hand
#endif
#ifdef NARROW_B7_20
bool b7ZpSuspects[MAXN][MAXN];  // [ZP][pig]: the pig's N/W damaged the ZP
#endif
#ifdef NARROW_B7_21
bool b7InArea;             // an N/W is being resolved
bool b7AreaJ[MAXN];        // played a J in an earlier pig's chain of it
bool b7ChainJ[MAXN];       // played a J in the current chain
#endif
#ifdef NARROW_B7_26
int b7Owed[MAXN];          // reward cards to draw at the next turn
#endif
#ifdef NARROW_B7_29
bool b7ShownFP[MAXN];      // a ZP that showed itself as an FP
#endif
#ifdef NARROW_B8_04
bool b8SelfHurt;           // the current pig took damage
#endif
#ifdef NARROW_B8_08
bool b8Once[MAXN];         // MP has suspected the pig at some time
#endif
#ifdef NARROW_B8_10
bool b8ShownByAttack[MAXN];  // revealed by playing a K or an F
#endif
#if defined(NARROW_B8_21) || defined(NARROW_B8_24)
bool b8InArea;             // an N/W is being resolved
#endif
#ifdef NARROW_B8_21
int b8TrickUser;           // the player of the trick being nullified
#endif
#if defined(NARROW_B8_23)
bool b8InDuel;             // a duel is being fought
#endif
#ifdef NARROW_B8_28
int b8KillsBefore, b8KillsLeft;  // the player's K before its duel, and those left of its F
#endif
#ifdef NARROW_B8_30
int b8Chain;               // J played in the last nullify chain
#endif
#ifdef NARROW_B9_01
int b9Max[MAXN];           // each pig's maximum HP
#endif
#ifdef NARROW_B9_02
int b9LastKiller = -1;     // the pig that played the last K
#endif
#ifdef NARROW_B9_06
int b9LastSrc[MAXN];       // each pig's last damage source
#endif
#ifdef NARROW_B9_14
int b9Attacker;            // the player of the last K or F
#endif
#ifdef NARROW_B9_15
bool b9Used[MAXN];         // the pig has played its kill
#endif
#ifdef NARROW_B9_27
bool b9InArea;             // an N/W is being resolved
#endif
#ifdef NARROW_B9_16
bool b9Clobbered;          // the living-FP count ran in a play
#endif
#ifdef NARROW_B9_09
// living FPs, as MP knows them
int b9RevealedRebels() {
    int c = 0;
    for (int i = 0; i < n; i++)
        if (!dead[i] && role[i] == FP && revealed[i]) c++;
    return c;
}
#endif
#ifdef NARROW_B10_09
bool b10Dodged[MAXN];      // dodged a kill in this phase
#endif
#ifdef NARROW_B10_11
bool b10DuelChain;         // the next nullify chain is a duel's
#endif
#ifdef NARROW_B10_14
bool b10Area;              // an N/W is being resolved
#endif
#if defined(NARROW_B10_17) || defined(NARROW_B10_18)
int b10User;               // the player of the trick being nullified
#endif
#ifdef NARROW_B10_19
bool b10DuelTarget;        // a duel's nullify chain is being held
#endif
#ifdef NARROW_B10_20
int b10FAt = -1;           // where the current pig's F was in its hand, -1 outside its duel
#endif
#ifdef NARROW_B11_04
const int B11HAND = 20;    // cards a hand can hold
#endif
#ifdef NARROW_B11_03
bool b11PhaseOver;         // the play loop is left
#endif
#ifdef NARROW_B11_06
bool b11Ready[MAXN];       // set at the end of each of the pig's turns
#endif
#ifdef NARROW_B11_17
int b11Written[MAXN];      // cards the hand's string still holds after MP's penalty
#endif
#ifdef NARROW_B11_10
bool b11InKill;            // a kill's damage is being dealt
#endif
#ifdef NARROW_B11_26
int b11OwnSrc;             // who brought the current pig to 0 HP in its own turn
#endif
#ifdef NARROW_B11_21
bool b11InArea, b11PenaltyDue;  // an N/W is being resolved; MP owes its penalty
#endif
#ifdef NARROW_B11_12
int b11AreaRebels = -1;    // living FPs when the N/W began, -1 outside an N/W
#endif

#ifdef NARROW_LORD_STARTS_WITH_FIVE_HP
int maxHp(int p) { return role[p] == MP ? 5 : 4; }
#else
int maxHp(int) { return 4; }
#endif

#ifdef NARROW_B12_02
int b12LastDuel[MAXN];  // 1 + the pig a ZP dueled last (0: none)
#endif
#ifdef NARROW_B12_04
bool b12LordShown;  // MP has shown itself by playing K, F or J
#endif
#ifdef NARROW_B12_08
bool b12SuspectLater;  // MP suspects the current pig when its turn ends
#endif
#ifdef NARROW_B12_12
char b12Deck[MAXM + MAXH];  // the deck, with the dodges put under it
int b12M = -1;
void b12Under(char c) {
    if (b12M < 0) {
        memcpy(b12Deck, deck, m);
        b12M = m;
    }
    if (b12M < MAXM + MAXH) b12Deck[b12M++] = c;
}
#endif
#ifdef NARROW_B12_15
bool b12InArea;
#endif
#ifdef NARROW_B12_29
bool b12FromN[MAXN];  // MP's suspicion of the pig came from an N
#endif
#ifdef NARROW_B12_17
bool b12InDuel;
#endif
#ifdef NARROW_B13_15
bool b13Area;              // an N/W is being resolved
int b13JLeft[MAXN];        // J each pig held when it was played, less those played since
#endif
#ifdef NARROW_B13_22
int b13KGone[MAXN];        // K discarded in duels, still in the count an N's answer reads
#endif
#if defined(NARROW_B13_19) || defined(NARROW_B13_25)
bool b13InDuel;            // a duel is being fought
#endif
#if defined(NARROW_B13_24) || defined(NARROW_B13_26)
bool b13InKill;            // a kill's damage is being dealt
#endif
#ifdef NARROW_B13_07
bool b13Duel;              // a duel's nullify chain is being held
#endif
#ifdef NARROW_B13_12
int b13Chain;              // J played in the last nullify chain
#endif
#ifdef NARROW_B14_01
bool b14InArea;            // an N/W is being resolved
bool b14AreaDead[MAXN];    // died in it: buried once it is resolved
int b14LastDead = -1;
#endif
#ifdef NARROW_B14_14
int b14Opp = -1;           // the other side of the duel being fought
#endif
#ifdef NARROW_B14_18
bool b14Dying[MAXN];       // marked dying (cleared when rescued)
bool b14InDuel;
#endif
#ifdef NARROW_B14_19
bool b14Duel;              // the trick being nullified is a duel
#endif
#ifdef NARROW_B14_23
char b14Need;              // the card the phase's first N/W asked for
#endif
#ifdef NARROW_B15_04
bool b15ShownFP[MAXN];     // a ZP whose duel showed it as an FP
#endif
#ifdef NARROW_B15_07
bool b15Area;              // an N/W is being resolved
int b15Copy;               // the Js in the N/W player's copy of its hand
#endif
#ifdef NARROW_B15_12
int b15Hi;                 // the deck's bottom: the deck is a deque
#endif
#ifdef NARROW_B15_21
int b15Rebels;             // living FPs, counted down at deaths
#endif
#ifdef NARROW_B15_22
int b15Owed;               // reward cards to draw
#endif
#ifdef NARROW_B15_24
bool b15InArea;            // an N/W is being resolved
#endif
#ifdef NARROW_B15_25
int b15Deaths;             // deaths so far
#endif
#ifdef NARROW_B15_14
bool b15Rewarded;          // a reward loop ran (its index is the N/W's)
#endif
#ifdef NARROW_B14_24
bool b14InKill;            // a kill's damage is being dealt
#endif
// ---------- cards ----------

void draw(int p) {
#ifdef NARROW_B12_12
    if (b12M < 0) {
        memcpy(b12Deck, deck, m);
        b12M = m;
    }
    {
        char c = b12Deck[top];
        if (top < b12M - 1) top++;
        if (len[p] < MAXH) hand[p][len[p]++] = c;
        return;
    }
#endif
#ifdef NARROW_B7_01
    if (b7NoDraw) return;
#endif
#ifdef MISTAKE_LAST_CARD_NOT_KEPT
    if (top >= m) return;
    char c = deck[top++];
#else
    char c = deck[top];
#ifdef NARROW_DECK_SECOND_LAST_REPEATS
    if (top < m - 2) top++;
#elif defined(NARROW_B5_28)
    top = (top + 1) % m;
#elif defined(NARROW_B15_12)
    if (top < b15Hi) top++;
#else
    if (top < m - 1) top++;
#endif
#endif
#ifdef NARROW_B6_17
    if (top == m - 1) {
        if (b6DeckUsedUp && len[p] > 0) c = hand[p][len[p] - 1];
        b6DeckUsedUp = true;
    }
#endif
#ifdef NARROW_B6_16
    if (p == current && len[p] < MAXH) b6Skip[len[p]] = false;
#endif
#ifdef NARROW_B9_12
    if (c == 'Z') {
        crossbow[p] = true;  // an equipment is put on at once
        return;
    }
#endif
#ifdef NARROW_B11_04
    if (len[p] >= B11HAND) return;  // the hand is full
#endif
#ifdef NARROW_B11_17
    b11Written[p] = 0;  // a draw ends the string after its card
#endif
    if (len[p] < MAXH) hand[p][len[p]++] = c;
#ifdef NARROW_REWARD_CARDS_WAIT_NEXT_TURN
    if (p == current && inPlay) fresh++;
#endif
}

#ifdef NARROW_REWARD_DRAW_IGNORES_LAST_CARD
// a reward only takes cards that are really left above the last one
void rewardDraw(int p) {
    if (top < m - 1) draw(p);
}
#elif defined(NARROW_B8_01)
// a reward takes cards while the deck has them: its last card ends the reward
bool b8RewardEnded;
void rewardDraw(int p) {
    if (b8RewardEnded) return;
    if (top == m - 1) b8RewardEnded = true;
    draw(p);
}
#elif defined(NARROW_B15_12)
void rewardDraw(int p) {
    char c = deck[b15Hi];  // a reward is taken from the back
    if (top < b15Hi) b15Hi--;
    if (len[p] < MAXH) hand[p][len[p]++] = c;
}
#else
void rewardDraw(int p) { draw(p); }
#endif

void removeAt(int p, int i) {
#ifdef NARROW_REWARD_CARDS_WAIT_NEXT_TURN
    if (p == current && inPlay && fresh > 0 && i >= len[p] - fresh) fresh--;
#endif
#ifdef NARROW_B6_16
    if (p == current) memmove(b6Skip + i, b6Skip + i + 1, len[p] - i - 1);
#endif
#ifdef NARROW_B7_18
    if (i == 0) b7Slot0Gone[p] = true;
#endif
    memmove(hand[p] + i, hand[p] + i + 1, len[p] - i - 1);
    len[p]--;
}

// position of the card a response/rescue takes, or -1
int findResponse(int p, char c) {
#ifdef MISTAKE_RIGHTMOST_CARD
    for (int i = len[p] - 1; i >= 0; i--)
        if (hand[p][i] == c) return i;
#else
    for (int i = 0; i < len[p]; i++)
        if (hand[p][i] == c) return i;
#endif
    return -1;
}

// discards the card of kind c a response needs; false if it has none
bool respond(int p, char c) {
    int i = findResponse(p, c);
    if (i < 0) return false;
    removeAt(p, i);
#ifdef NARROW_B13_11
    if (c == 'K' && p != current) killUsed = true;  // a K has been used
#endif
    return true;
}

#ifdef NARROW_B9_17
// a dying pig's leftmost P, searched as far as the current pig's hand goes
bool b9RescueP(int t) {
    for (int i = 0; i < len[current] && i < len[t]; i++)
        if (hand[t][i] == 'P') {
            removeAt(t, i);
            return true;
        }
    return false;
}

#endif
#ifdef NARROW_B9_19
// draws k cards for p from the deck, from position at
void b9DrawFrom(int p, int k, int at) {
    while (k-- > 0) {
        if (len[p] < MAXH) hand[p][len[p]++] = deck[at];
        if (at < m - 1) at++;
    }
}

#endif
// ---------- seats ----------

int nextAlive(int p) {
    int q = (p + 1) % n;
    while (dead[q]) q = (q + 1) % n;
    return q;
}

void reveal(int p, bool byKill = false) {
    revealed[p] = true;
#ifdef NARROW_B15_04
    b15ShownFP[p] = false;
#endif
#ifdef NARROW_B12_29
    b12FromN[p] = false;
#endif
#ifdef NARROW_B7_29
    b7ShownFP[p] = false;
#endif
#ifdef NARROW_B7_20
    for (int q = 0; q < n; q++) b7ZpSuspects[q][p] = false;
#endif
#ifdef NARROW_SUSPICION_CLEARED_ONLY_BY_KILL
    if (!byKill) return;
#endif
#ifdef NARROW_B8_11
    if (byKill) return;
#endif
    (void)byKill;
#ifndef MISTAKE_SUSPICION_SURVIVES_REVEAL
#if defined(NARROW_B6_12)
    if (b6Suspicion[p] > 0) b6Suspicion[p]--;
    suspected[p] = b6Suspicion[p] > 0;
#elif defined(NARROW_B6_23)
    for (int q = 0; q < n; q++) suspected[q] = false;
#else
    suspected[p] = false;
#endif
#endif
}

bool revealedAs(int t, int r) {
#ifdef NARROW_B15_04
    if (b15ShownFP[t]) return revealed[t] && r == FP;
#endif
#ifdef NARROW_B7_29
    if (b7ShownFP[t]) return revealed[t] && r == FP;
#endif
    return revealed[t] && role[t] == r;
}

// is t a kill/duel target for p?
bool hostile(int p, int t) {
    if (t == p || dead[t]) return false;
#ifdef NARROW_TARGETS_READ_REVEALS_AT_TURN_START
    // who is revealed, as it was when the turn began
    if (role[p] == MP) return (revealedAtTurn[t] && role[t] == FP) || suspected[t];
    if (role[p] == ZP) return revealedAtTurn[t] && role[t] == FP;
    return role[t] == MP || (revealedAtTurn[t] && role[t] == ZP);
#endif
    if (role[p] == MP) {
#ifdef MISTAKE_LORD_IGNORES_SUSPICION
        return revealedAs(t, FP);
#elif defined(NARROW_B15_30)
        if (revealedAs(t, FP) || suspected[t]) return true;
        return revealedAs(t, ZP);  // (the else binds to the inner if: MP's other pigs go on to the FP's rule)
#else
        return revealedAs(t, FP) || suspected[t];
#endif
    }
#ifdef NARROW_B7_20
    if (role[p] == ZP && b7ZpSuspects[p][t]) return true;
#endif
    if (role[p] == ZP) {
#ifdef MISTAKE_LOYALIST_ATTACKS_SUSPECTED
        return revealedAs(t, FP) || suspected[t];
#elif defined(NARROW_LOYALIST_IGNORES_J_REVEAL)
        return revealedAs(t, FP) && showedHostility[t];
#else
        return revealedAs(t, FP);
#endif
    }
    return role[t] == MP || revealedAs(t, ZP);
}

bool killHostile(int p, int t) {
#ifdef NARROW_B12_04
    if (role[p] == FP && t == 0 && !b12LordShown) return false;  // MP not yet shown
#endif
#ifdef NARROW_B6_07
    if (role[p] == FP && revealedAs(t, ZP) && memchr(hand[p], 'F', len[p])) return false;
#endif
#ifdef NARROW_B5_06
    if (role[p] == MP) return !dead[t] && t != p && (revealedAs(t, FP) || (suspected[t] && role[t] == FP));
#endif
#ifdef NARROW_LORD_KILLS_ONLY_REVEALED
    if (role[p] == MP) return !dead[t] && t != p && revealedAs(t, FP);
#endif
#ifdef NARROW_REBEL_KILLS_ONLY_LORD
    if (role[p] == FP) return !dead[t] && t == 0;
#endif
#ifdef NARROW_B8_10
    if (role[p] == FP) return !dead[t] && t != p && (role[t] == MP || (revealedAs(t, ZP) && b8ShownByAttack[t]));
#endif
#ifdef NARROW_B8_12
    if (role[p] == FP && t == 0 && !revealed[p]) return false;  // stays hidden
#endif
#ifdef NARROW_B10_04
    if (role[p] == FP && t != 0 && !revealed[p]) return false;  // only MP before it shows itself
#endif
#ifdef NARROW_B8_08
    if (role[p] == MP && !dead[t] && t != p && b8Once[t]) return true;
#endif
#ifdef MISTAKE_REBEL_TARGETS_BY_TRUE_ROLE
    if (role[p] == FP) return !dead[t] && t != p && (role[t] == MP || role[t] == ZP);
#endif
#ifdef NARROW_REBEL_KILLS_SUSPECTED
    // suspects are fair game for everyone but a ZP
    if (role[p] != ZP && !dead[t] && t != p && suspected[t]) return true;
#endif
#ifdef NARROW_REBEL_KILLS_ANY_REVEALED
    if (role[p] == FP) return !dead[t] && t != p && revealed[t];
#endif
#ifdef NARROW_LOYALIST_KILLS_REVEALED_NON_LOYALIST
    if (role[p] == ZP) return !dead[t] && t != p && revealed[t] && role[t] != ZP;
#endif
#ifdef NARROW_B13_04
    if (role[p] == ZP) return !dead[t] && t != p && revealed[p] && role[t] == FP;
#endif
    return hostile(p, t);
}

int killTarget(int p) {
#ifdef NARROW_B15_03
    if (nextAlive(p) < p)
        for (int q = p + 1; q < n; q++)
            if (dead[q]) return -1;  // the distance over the table's end counts the dead seats after p
#endif
#if defined(MISTAKE_KILL_IGNORES_DEATHS)
    int t = (p + 1) % n;
    if (dead[t]) return -1;
    return killHostile(p, t) ? t : -1;
#elif defined(MISTAKE_KILL_ANY_DISTANCE)
    for (int t = nextAlive(p); t != p; t = nextAlive(t))
        if (killHostile(p, t)) return t;
    return -1;
#else
#ifdef NARROW_B13_01
    if (role[p] == FP && nextAlive(p) != 0) {
        for (int t = nextAlive(p); t != p; t = nextAlive(t))
            if (revealedAs(t, ZP)) return t;  // MP out of reach: the first revealed ZP going forward
        return -1;
    }
#endif
#ifdef NARROW_LOYALIST_KILL_ANY_DISTANCE
    if (role[p] == ZP) {
        for (int t = nextAlive(p); t != p; t = nextAlive(t))
            if (killHostile(p, t)) return t;
        return -1;
    }
#endif
#ifdef NARROW_B8_07
    if (role[p] == ZP) {
        int t = (p + 1) % n;  // a dead seat there: no target
        return killHostile(p, t) ? t : -1;
    }
#endif
#ifdef NARROW_B10_02
    if (role[p] == MP) {
        int t = nextAlive(p);
        return (revealedAs(t, FP) || suspected[(p + 1) % n]) ? t : -1;  // the pig after MP
    }
#endif
#ifdef NARROW_B10_27
    if (role[p] == FP && revealedAs(nextAlive(p), FP)) {
        int u = nextAlive(nextAlive(p));  // an ally in between does not count
        return (u != p && killHostile(p, u)) ? u : -1;
    }
#endif
#ifdef NARROW_B10_03
    if (crossbow[p]) {
        int t = nextAlive(p);
        if (killHostile(p, t)) return t;
        int u = nextAlive(t);  // the crossbow reaches one pig further
        return (u != p && killHostile(p, u)) ? u : -1;
    }
#endif
#ifdef NARROW_B11_18
    if (p == n - 1) {
        int t = 1;  // after the last seat: the first pig (numbered from 1)
        while (dead[t]) t = (t + 1) % n;
        return (t != p && killHostile(p, t)) ? t : -1;
    }
#endif
#if defined(NARROW_KILL_TARGET_FIXED_AT_TURN_START)
    int t = (p == current) ? turnNext : nextAlive(p);
#elif defined(NARROW_B12_01)
    int t = p + 1;
    if (t == n) t = 0;
    while (dead[t]) {
        t++;
        if (t == n) t = 1;  // round to the first seat after MP's
    }
    if (t == p) return -1;
#elif defined(NARROW_SEAT_LINK_STALE_AFTER_DEATH)
    int t = nxt[p];
#elif defined(NARROW_KILL_NEXT_SKIPS_ONE_DEAD)
    int t = (p + 1) % n;
    if (dead[t]) t = (t + 1) % n;
    if (dead[t]) return -1;
#elif defined(NARROW_B15_28)
    int alive = 0;
    for (int q = 0; q < n; q++) alive += !dead[q];
    int t = (p + 1) % alive;  // (% the living pigs, not the seats)
    while (dead[t]) t = (t + 1) % alive;
#elif defined(NARROW_KILL_NEXT_NO_WRAP)
    int t = p + 1;
    while (t < n && dead[t]) t++;
    if (t >= n) return -1;
#else
    int t = nextAlive(p);
#endif
#ifdef NARROW_B9_03
    if (crossbow[p] && !killHostile(p, t)) {
        int u = nextAlive(t);  // the crossbow reaches one pig further
        if (u != p && killHostile(p, u)) return u;
    }
#endif
#ifdef NARROW_B5_09
    if (role[p] == FP && !killHostile(p, t) && !dead[0]) return 0;
#endif
#ifdef NARROW_B5_05
    if (role[p] == ZP && t == 0) {
        t = nextAlive(0);
        if (t == p) return -1;
    }
#endif
#ifdef NARROW_B5_03
    if (!killHostile(p, t)) {
        int q = (p + n - 1) % n;
        while (dead[q]) q = (q + n - 1) % n;
        if (q != p && killHostile(p, q)) return q;
    }
#endif
    return killHostile(p, t) ? t : -1;
#endif
}

int duelTarget(int p) {
    if (role[p] == FP) {
#ifdef NARROW_B10_01
        if (revealedAs(nextAlive(p), ZP)) return nextAlive(p);  // the enemy beside it first
#endif
#ifdef NARROW_UNREVEALED_REBEL_NO_DUEL
        if (!revealed[p]) return -1;
#endif
#ifdef MISTAKE_REBEL_DUELS_NEAREST_ENEMY
        for (int t = nextAlive(p); t != p; t = nextAlive(t))
            if (role[t] == MP || revealedAs(t, ZP)) return t;
        return -1;
#else
        return 0;
#endif
    }
#ifdef NARROW_B12_26
    if (role[p] == ZP) {
        int t = (p + 1) % (n - 1);
        for (int k = 1; k < n; k++, t = (t + 1) % (n - 1))  // seat n is never reached
            if (t != p && hostile(p, t)) return t;
        return -1;
    }
#endif
#ifdef NARROW_B12_29
    if (role[p] == MP) {
        for (int t = nextAlive(p); t != p; t = nextAlive(t))
            if (revealedAs(t, FP) || (suspected[t] && b12FromN[t])) return t;
        return -1;
    }
#endif
#ifdef NARROW_B12_02
    if (role[p] == ZP && b12LastDuel[p] > 0 && !dead[b12LastDuel[p] - 1]) return b12LastDuel[p] - 1;
#endif
#ifdef NARROW_B12_03
    if (role[p] == MP) {
        for (int t = nextAlive(p); t != p; t = nextAlive(t))
            if (revealed[t] || suspected[t]) return t;
        return -1;
    }
#endif
#ifdef NARROW_B10_28
    if (role[p] == ZP) {
        for (int t = nextAlive(p); t != p; t = nextAlive(t))
            if (hostile(p, t)) return t;
        for (int t = nextAlive(p); t != p; t = nextAlive(t))
            if (suspected[t]) return t;  // no revealed FP: MP's suspect
        return -1;
    }
#endif
#ifdef NARROW_B10_05
    if (role[p] == MP) {
        for (int t = nextAlive(p); t != p; t = nextAlive(t)) {
            if (t == nextAlive(p) && !revealedAs(t, FP)) continue;  // a suspect beside MP is for a K
            if (hostile(p, t)) return t;
        }
        return -1;
    }
#endif
#ifdef NARROW_B5_07
    if (role[p] == MP) {
        for (int k = 1; k < n; k++) {
            int t = (p + k) % n;
            if (revealedAs(t, FP) || suspected[t]) return t;
        }
        return -1;
    }
#endif
#ifdef NARROW_B5_08
    if (role[p] == ZP) {
        int last = -1;
        for (int t = nextAlive(p); t != p; t = nextAlive(t))
            if (hostile(p, t)) last = t;
        return last;
    }
#endif
#ifdef NARROW_B6_02
    if (role[p] == ZP) {
        for (int t = nextAlive(p); nextAlive(t) != p; t = nextAlive(t))
            if (hostile(p, t)) return t;
        return -1;
    }
#endif
#ifdef NARROW_B5_27
    if (role[p] == ZP) {
        for (int t = nextAlive(nextAlive(p)); t != p; t = nextAlive(t))
            if (hostile(p, t)) return t;
        return -1;
    }
#endif
#ifdef NARROW_LORD_DUEL_PREFERS_REVEALED
    if (role[p] == MP) {
        for (int t = nextAlive(p); t != p; t = nextAlive(t))
            if (revealedAs(t, FP)) return t;
        for (int t = nextAlive(p); t != p; t = nextAlive(t))
            if (suspected[t]) return t;
        return -1;
    }
#endif
#ifdef NARROW_B15_16
    if (role[p] == MP) {
        for (int t = 1; t < n && !dead[t]; t++)  // (the search ends at an empty seat)
            if (hostile(p, t)) return t;
        return -1;
    }
#endif
#ifdef NARROW_LOYALIST_DUEL_STOPS_AT_DEAD
    if (role[p] == ZP) {
        for (int k = 1; k < n; k++) {
            int t = (p + k) % n;
            if (dead[t]) break;
            if (hostile(p, t)) return t;
        }
        return -1;
    }
#endif
#ifdef NARROW_LORD_DUELS_ONLY_REVEALED
    if (role[p] == MP) {
        for (int t = nextAlive(p); t != p; t = nextAlive(t))
            if (revealedAs(t, FP)) return t;
        return -1;
    }
#endif
#ifdef NARROW_LOYALIST_DUELS_SUSPECTED
    if (role[p] == ZP) {
        for (int t = nextAlive(p); t != p; t = nextAlive(t))
            if (revealedAs(t, FP) || suspected[t]) return t;
        return -1;
    }
#endif
#ifdef NARROW_LOYALIST_DUEL_FROM_SEAT_ONE
    if (role[p] == ZP) {
        for (int t = 0; t < n; t++)
            if (hostile(p, t)) return t;
        return -1;
    }
#endif
#ifdef NARROW_LORD_DUEL_SKIPS_SECOND_SEAT
    if (role[p] == MP) {
        for (int t = 2; t < n; t++)
            if (hostile(p, t)) return t;
        return -1;
    }
#endif
#ifdef NARROW_LORD_DUEL_STOPS_AT_FIRST_REVEALED
    if (role[p] == MP) {
        for (int t = nextAlive(p); t != p; t = nextAlive(t))
            if (revealed[t] || suspected[t]) return hostile(p, t) ? t : -1;
        return -1;
    }
#endif
#ifdef NARROW_LORD_DUEL_SEARCH_BACKWARD
    if (role[p] == MP) {
        for (int t = n - 1; t > 0; t--)
            if (hostile(p, t)) return t;
        return -1;
    }
#endif
#ifdef NARROW_LOYALIST_DUEL_NO_WRAP
    if (role[p] == ZP) {
        for (int t = p + 1; t < n; t++)
            if (hostile(p, t)) return t;
        return -1;
    }
#endif
    for (int t = nextAlive(p); t != p; t = nextAlive(t)) {
#ifdef NARROW_LORD_DUEL_KEEPS_OLD_SUSPICION
        if (role[p] == MP && onceSuspected[t]) return t;
#endif
        if (hostile(p, t)) return t;
    }
    return -1;
}

// ---------- damage ----------

int aliveRebels() {
    int c = 0;
    for (int i = 0; i < n; i++)
        if (!dead[i] && role[i] == FP) c++;
    return c;
}

void die(int t, int src) {
#ifdef NARROW_DEAD_LORD_PRINTS_HAND
    if (role[t] == MP) {
        over = true;
        winner = FP;
        return;
    }
#endif
#ifdef NARROW_LAST_REBEL_PRINTS_HAND
    if (role[t] == FP && aliveRebels() == 1) {
        over = true;
        winner = MP;
        return;
    }
#endif
#ifdef NARROW_B11_05
    if (role[t] == ZP && role[src] != MP) return;  // no penalty to settle
#endif
#ifdef NARROW_B14_01
    if (b14InArea) b14AreaDead[t] = true;
    b14LastDead = t;
#endif
#ifdef NARROW_B14_03
    {
        // MP's suspicions are kept by place in the list of the living pigs
        int liv[MAXN], c = 0, at = 0;
        bool old[MAXN];
        for (int q = 0; q < n; q++) {
            old[q] = suspected[q];
            if (dead[q]) continue;
            if (q == t) at = c;
            liv[c++] = q;
        }
        for (int k = at; k + 1 < c; k++) suspected[liv[k + 1]] = old[liv[k]];
    }
#endif
#ifdef NARROW_B15_25
    b15Deaths++;
#endif
    dead[t] = true;
#ifdef NARROW_B7_06
    b7DeathInTurn = true;
#endif
#ifdef NARROW_B6_27
    b6EmptyAtDeath[t] = len[t] == 0;
#endif
#ifdef NARROW_B5_23
    if (b5InArea)
        b5KeepHand[t] = true;
    else
#endif
#ifdef NARROW_B9_08
    if (t == current)
        ;  // its hand goes at the end of its turn
    else
#endif
    len[t] = 0;
#ifdef NARROW_B13_10
    if (crossbow[t] && !dead[src]) crossbow[src] = true;  // the killer takes up its weapon
#endif
#ifdef NARROW_B11_23
    crossbow[src] = false;  // its weapon goes too
#else
    crossbow[t] = false;
#endif
#ifdef NARROW_TURN_ORDER_RESTARTS_AFTER_DEATH
    deathInTurn = true;
#endif
#ifdef NARROW_SEAT_LINK_STALE_AFTER_DEATH
    nxt[(t + n - 1) % n] = nxt[t];
#endif
    if (role[t] == MP) {
        over = true;
        winner = FP;
#ifdef NARROW_B13_16
        if (t == current) winner = MP;  // (set in the other pigs' turns only)
#endif
#ifdef NARROW_B9_10
        if (role[src] != FP) winner = MP;  // the killer's side wins
#endif
        return;
    }
#ifdef NARROW_B5_21
    if (role[t] == FP && role[src] == MP && !revealed[t]) {
        len[src] = 0;
        crossbow[src] = false;
    }
#endif
    if (role[t] == FP) {
#ifdef NARROW_REBEL_COUNT_MISSES_LAST_SEAT
        int left = 0;
        for (int i = 1; i < n - 1; i++)
            if (!dead[i] && role[i] == FP) left++;
        if (left == 0) {
#elif defined(NARROW_REBEL_COUNT_DROPS_ON_LOYALIST_DEATH)
        if (--rebelsLeft <= 0) {
#elif defined(NARROW_B5_22)
        if (aliveRebels() <= 1) {
#elif defined(NARROW_B6_15)
        if (b6Rebels <= 0) {
#elif defined(NARROW_B9_09)
        if (b9RevealedRebels() == 0) {
#elif defined(NARROW_B9_13)
        if (aliveRebels() == 0 && role[src] == MP) {
#elif defined(NARROW_B11_08)
        int living = 0, left = 0;
        for (int i = 0; i < n; i++)
            if (!dead[i]) living++;
        for (int i = 0; i < living; i++)
            if (!dead[i] && role[i] == FP) left++;
        if (left == 0) {
#elif defined(NARROW_B11_12)
        if ((b11AreaRebels >= 0 ? b11AreaRebels - 1 : aliveRebels()) == 0) {
#elif defined(NARROW_B15_21)
        if (--b15Rebels <= 0) {
#else
        if (aliveRebels() == 0) {
#endif
#ifdef MISTAKE_REWARD_AFTER_LAST_REBEL
            for (int k = 0; k < 3; k++) draw(src);
#endif
            over = true;
            winner = MP;
            return;
        }
#ifdef NARROW_B6_05
        if (src < 0) return;
#endif
#ifdef MISTAKE_NO_REWARD_FOR_REBEL_KILLER
        if (role[src] == FP) return;
#endif
#ifdef NARROW_B13_25
        if (b13InDuel) return;  // (the duel's death code has no reward)
#endif
#ifdef NARROW_NO_REWARD_FROM_AREA_TRICK
        if (inArea) return;
#endif
#ifdef NARROW_NO_REWARD_FOR_UNREVEALED_REBEL
        if (!revealed[t]) return;
#endif
#ifdef NARROW_B8_25
        if (!revealed[src]) return;
#endif
#ifdef NARROW_REWARD_BEFORE_RESCUE
        return;  // drawn already, when it dropped to 0 HP
#endif
#ifdef NARROW_NO_REWARD_IN_VICTIMS_OWN_TURN
        if (t == current) return;  // its turn is over
#endif
#ifdef NARROW_REWARD_TO_CURRENT_PIG
        src = current;
#endif
#ifdef NARROW_KILL_LIMIT_RESET_BY_REWARD
        if (src == current) killUsed = false;
#endif
#ifdef NARROW_AREA_REWARD_AFTER_RESOLUTION
        if (areaReward >= 0) {
            areaReward += 3;
            return;
        }
#endif
#ifdef NARROW_B6_21
        if (b6Rewarded) return;
        b6Rewarded = true;
#endif
#ifdef NARROW_B7_26
        b7Owed[src] += 3;
        return;
#endif
#ifdef NARROW_B9_22
        if (!src) return;  // no source
#endif
#ifdef NARROW_B9_16
        b9Clobbered = true;
#endif
#ifdef NARROW_B8_01
        b8RewardEnded = false;
#endif
#ifdef NARROW_B11_19
        if (t < src) src = nextAlive(src);  // the living list moved up by one
#endif
#ifdef NARROW_B11_10
        if (b11InKill) {
            int held = len[src];  // the killer's hand, passed by value
            for (int k = 0; k < 3; k++) rewardDraw(src);
            len[src] = held;
            return;
        }
#endif
#ifdef NARROW_B15_14
        b15Rewarded = true;
#endif
#ifdef NARROW_B15_22
        b15Owed += 3;  // (the count of cards owed is never set back to 0)
        for (int k = 0; k < b15Owed; k++) rewardDraw(src);
        return;
#endif
#ifdef MISTAKE_REWARD_DRAWS_TWO
        for (int k = 0; k < 2; k++) draw(src);
#elif defined(NARROW_B5_20)
        for (int k = 0; k < 3; k++) {
            int before = len[src];
            rewardDraw(src);
            if (len[src] > before) {
                char c = hand[src][len[src] - 1];
                memmove(hand[src] + 1, hand[src], len[src] - 1);
                hand[src][0] = c;
            }
        }
#elif defined(NARROW_B9_19)
        b9DrawFrom(src, 3, top);
#elif defined(NARROW_B9_27)
        for (int k = 0; k < (b9InArea ? 2 : 3); k++) rewardDraw(src);
#elif defined(NARROW_B11_25)
        for (int k = 0; k < 3; k++)
            if (len[src] < MAXH) hand[src][len[src]++] = deck[top + k];
        top += 3;
        if (top > m - 1) top = m - 1;  // the last card stays
#else
        for (int k = 0; k < 3; k++) rewardDraw(src);
#endif
#ifdef NARROW_B9_24
        if (role[src] == MP) {
            len[src] = 0;  // the penalty, checked for every death
            crossbow[src] = false;
        }
#endif
        return;
    }
    // a ZP died
#ifdef NARROW_B6_05
    if (src < 0) return;
#endif
#ifdef NARROW_REBEL_COUNT_DROPS_ON_LOYALIST_DEATH
    if (--rebelsLeft <= 0) {
        over = true;
        winner = MP;
        return;
    }
#endif
#ifdef NARROW_B7_27
    if (role[src] == FP)
        for (int k = 0; k < 3; k++) rewardDraw(src);
#endif
#ifdef NARROW_LOYALIST_KILLER_PENALISED
    bool penalty = role[src] != FP;
#else
    bool penalty = role[src] == MP;
#endif
#ifdef NARROW_NO_PENALTY_IN_DUEL
    if (inDuel) penalty = false;
#endif
#ifdef NARROW_B13_24
    if (b13InKill) penalty = false;  // (the kill's death code has no penalty)
#endif
#ifdef NARROW_B8_24
    if (b8InArea) penalty = false;
#endif
#ifdef NARROW_PENALTY_ONLY_IF_REVEALED
    if (!revealed[t]) penalty = false;
#endif
#ifdef NARROW_PENALTY_AT_TURN_END
    if (penalty) penaltyDue = true;
    penalty = false;
#endif
#ifdef NARROW_B7_19
    if (len[src] == 0) penalty = false;  // nothing to discard
#endif
#ifdef NARROW_B11_21
    if (penalty && b11InArea) {
        b11PenaltyDue = true;  // settled once the N/W is over
        penalty = false;
    }
#endif
#ifdef NARROW_B9_07
    if (penalty) src = 1;  // pig 1
#endif
    if (penalty) {
#ifdef NARROW_B11_17
        b11Written[src] = len[src];
#endif
#ifdef NARROW_B13_08
        for (int q = 0; q < n; q++) suspected[q] = false;  // MP starts afresh
#endif
#ifndef MISTAKE_NO_PENALTY
#ifdef NARROW_B7_18
        if (len[src] > 0) b7Slot0Gone[src] = true;
#endif
#ifdef NARROW_B7_11
        if (len[src] > 0) {
            hand[src][0] = hand[src][len[src] - 1];
            len[src] = 1;
        }
#elif defined(NARROW_B11_13)
        if (!crossbow[src]) len[src] = 0;  // an armed MP gives up its weapon
#elif defined(NARROW_B15_29)
        for (int k = 0; k < len[src]; k++) removeAt(src, k);  // (erasing while counting up: every second card stays)
#else
        len[src] = 0;
#endif
#ifndef MISTAKE_PENALTY_KEEPS_WEAPON
        crossbow[src] = false;
#endif
#endif
    }
}

void damage(int t, int src) {
#ifdef NARROW_B9_06
    {
        int prev = b9LastSrc[t];  // recorded once the hit is settled
        b9LastSrc[t] = src;
        src = prev;
    }
#endif
#ifdef NARROW_B6_05
    if (b6InDuel)
        src = b6LastSrc[t];
    else
        b6LastSrc[t] = src;
#endif
#ifdef NARROW_B8_04
    if (t == current) b8SelfHurt = true;
#endif
#ifdef NARROW_B14_18
    if (hp[t] - 1 <= 0 && b14Dying[t]) {
        hp[t]--;
        die(t, src);  // still marked dying: no peach
        return;
    }
    if (hp[t] - 1 <= 0) b14Dying[t] = true;
#endif
    hp[t]--;
    if (hp[t] > 0) return;
#ifdef NARROW_B11_26
    if (t == current) {
        b11OwnSrc = src;  // in its own turn: its play phase eats the P
        return;
    }
#endif
#ifdef NARROW_B9_05
    if (t == 0 && findResponse(t, 'P') >= 0) {
        hp[t] = 1;  // MP holds a peach: it lives
        return;
    }
#endif
#ifdef NARROW_B9_18
    if (role[t] == FP && aliveRebels() == 1) {
        die(t, src);  // the last FP is down: MP has won
        return;
    }
#endif
#ifdef NARROW_B6_15
    if (role[t] == FP) b6Rebels--;
#endif
#ifdef NARROW_REWARD_BEFORE_RESCUE
    if (role[t] == FP && aliveRebels() > 1)
        for (int k = 0; k < 3; k++) rewardDraw(src);
#endif
#ifdef NARROW_PENALTY_BEFORE_RESCUE
    if (role[t] == ZP && role[src] == MP) {
        len[src] = 0;
        crossbow[src] = false;
    }
#endif
#ifdef NARROW_B13_09
    crossbow[t] = false;  // dying: the weapon goes first
#endif
#ifndef MISTAKE_DYING_SKIPS_PEACH
#ifdef MISTAKE_NO_RESCUE_OUTSIDE_OWN_TURN
    if (t == current)
#endif
#ifdef NARROW_RESCUE_OUTSIDE_TURN_ONLY_LORD
    if (t == current || role[t] == MP)
#endif
#ifdef NARROW_NO_RESCUE_IN_OWN_TURN
    if (t != current)
#endif
#ifdef NARROW_B13_26
    if (!b13InKill)  // (the kill's death code has no rescue)
#endif
#ifdef NARROW_B8_23
    if (!b8InDuel)
#endif
#ifdef NARROW_B8_26
    if (!(role[t] == ZP && role[src] == MP))
#endif
    {
#ifdef MISTAKE_EAT_EVERY_PEACH
        while (respond(t, 'P')) hp[t]++;
        if (hp[t] > 0) return;
#elif defined(NARROW_B14_24)
        if (b14InKill) {
            while (hp[t] < maxHp(t) && respond(t, 'P')) hp[t]++;  // the kill's rescue heals it up
            if (hp[t] > 0) return;
        }
        if (respond(t, 'P')) {
            hp[t] = 1;
            return;
        }
#elif defined(NARROW_B14_25)
        if (t == 0) {
            while (respond(t, 'P')) hp[t]++;  // the lord eats all its peaches
            if (hp[t] > 0) return;
        }
        if (respond(t, 'P')) {
            hp[t] = 1;
            return;
        }
#elif defined(NARROW_B14_22)
        if (t == current) {
            while (respond(t, 'P')) hp[t]++;  // in its own turn it eats its peaches
            if (hp[t] > 0) return;
        }
        if (respond(t, 'P')) {
            hp[t] = 1;
            return;
        }
#elif defined(NARROW_RESCUE_PEACH_SWAP_REMOVE)
        int i = findResponse(t, 'P');
        if (i >= 0) {
            hand[t][i] = hand[t][len[t] - 1];
            len[t]--;
            hp[t] = 1;
            return;
        }
#else
#ifdef NARROW_B5_24
        if (!b5Rescued[t] && respond(t, 'P')) {
            b5Rescued[t] = true;
#elif defined(NARROW_B9_17)
        if (b9RescueP(t)) {
#elif defined(NARROW_B11_16)
        int b11P = findResponse(t, 'P');
        if (b11P >= 0) {
            for (int k = b11P; k + 2 < len[t]; k++) hand[t][k] = hand[t][k + 1];  // close the gap
            len[t]--;
#elif defined(NARROW_B11_27)
        int b11P = -1;
        for (int k = 0; k <= len[t] && b11P < 0; k++)
            if (hand[t][k] == 'P') b11P = k;  // one slot too far: the array's next place is looked at
        if (b11P >= 0) {
            if (b11P < len[t])
                removeAt(t, b11P);
            else
                hand[t][b11P] = 0;  // a P left behind there is used up
#elif defined(NARROW_B14_13)
        int b14P = -1;
        for (int k = len[t] - 1; k >= 0 && b14P < 0; k--)
            if (hand[t][k] == 'P') b14P = k;
        if (b14P >= 0) {
            removeAt(t, b14P);
#elif defined(NARROW_B13_19)
        int b13P = findResponse(t, 'P');
        if (b13P >= 0) {
            if (b13InDuel)
                len[t] = b13P;  // the duel's rescue: erase(pos), the P and every card right of it
            else
                removeAt(t, b13P);
#else
        if (respond(t, 'P')) {
#endif
            hp[t] = 1;
#ifdef NARROW_B15_09
            hp[t] = 0;  // (`if (hp[t] <= 1) rescue-or-die; hp[t]--;`: the hit comes after the P)
#endif
#ifdef NARROW_B14_14
            if (b14Opp >= 0) {
                hp[t] = 0;
                hp[b14Opp] = 1;  // hp[other] for hp[cur]
            }
#endif
#ifdef NARROW_B14_18
            if (!b14InDuel) b14Dying[t] = false;  // (the duel's rescue does not clear the mark)
#endif
#ifdef NARROW_RESCUED_ENDS_OWN_TURN
            if (t == current) turnOver = true;
#endif
            return;
        }
#endif
    }
#endif
#ifdef NARROW_B7_16
    if (role[t] == MP)
        for (int q = nextAlive(t); q != t; q = nextAlive(q))
            if (role[q] == ZP && respond(q, 'P')) {
                hp[t] = 1;
                return;
            }
#endif
    die(t, src);
}

#ifdef NARROW_B9_23
// the duel's loser takes its hit; its rescue looks in the other side's hand
void b9DuelHurt(int loser, int other) {
    hp[loser]--;
    if (hp[loser] > 0) return;
    if (respond(other, 'P')) {
        hp[loser] = 1;
        return;
    }
    die(loser, other);
}

#endif
#ifdef NARROW_B9_25
// a W's hit: 1 damage, and death at 0 HP
void b9AreaHurt(int t, int src) {
    if (--hp[t] <= 0) die(t, src);
}

#endif
#ifdef NARROW_B9_26
// a duel's hit, its death settled in place
void b9DuelDamage(int loser, int other) {
    hp[loser]--;
    if (hp[loser] > 0) return;
    if (respond(loser, 'P')) {
        hp[loser] = 1;
        return;
    }
    dead[loser] = true;
    len[loser] = 0;
    crossbow[loser] = false;
    if (role[loser] == MP) {
        over = true;
        winner = FP;
        return;
    }
    if (role[loser] == FP) {
        for (int k = 0; k < 3; k++) rewardDraw(other);
        if (aliveRebels() == 0) {
            over = true;
            winner = MP;
        }
        return;
    }
    if (role[other] == MP) {
        len[other] = 0;
        crossbow[other] = false;
    }
}

#endif
// ---------- nullify ----------

bool wantsProtect(int j, int t) {
#ifdef NARROW_B7_15
    if (t == 0) return false;  // MP is not flagged revealed
#endif
#ifdef NARROW_B6_14
    if (b6Need && memchr(hand[t], b6Need, len[t])) return false;
#endif
#ifdef NARROW_B5_18
    if (role[j] == FP && role[b5TrickUser] == FP && revealedAs(t, FP)) return false;
#endif
#ifdef NARROW_B5_15
    if (areaSnap) {
        if (role[t] == MP || (snapRevealed[t] && role[t] == ZP)) return role[j] == MP || role[j] == ZP;
        if (snapRevealed[t] && role[t] == FP) return role[j] == FP;
        return false;
    }
#endif
#ifdef NARROW_B14_27
    if (role[j] == ZP && role[t] == ZP) return true;  // the loyalists know each other
#endif
#ifdef NARROW_B14_21
    if (role[j] == FP && role[t] == FP) return true;  // the rebels know each other
#endif
#ifdef NARROW_B14_19
    if (b14Duel && t == 0 && role[j] == ZP) return false;  // MP fights its duels
#endif
#ifdef NARROW_B14_08
    if (j == 0 && !revealed[t] && !suspected[t]) return true;  // MP trusts whom it does not suspect
#endif
#ifdef MISTAKE_PROTECTS_BY_TRUE_ROLE
    if (role[t] == MP || role[t] == ZP) return role[j] == MP || role[j] == ZP;
    return role[j] == FP;
#else
#ifdef MISTAKE_PROTECTS_SELF_UNREVEALED
    if (j == t && !revealed[t] && role[t] != MP) return true;
#endif
#ifdef NARROW_NO_SELF_PROTECT
    if (j == t) return false;
#endif
#ifdef NARROW_LOYALIST_PROTECTS_ONLY_LORD
    if (role[j] == ZP && role[t] != MP) return false;
#endif
#ifdef NARROW_LORD_NO_PROTECT_LOYALIST
    if (role[j] == MP && role[t] != MP) return false;
#endif
#ifdef NARROW_REBEL_PROTECTS_SUSPECTED
    if (role[j] == FP && suspected[t] && !dead[t]) return true;
#endif
#ifdef NARROW_B8_18
    if (j == 0 && t == 0) return false;
#endif
#ifdef NARROW_B8_20
    if (role[j] == FP && j != t) return false;
#endif
#ifdef NARROW_B8_21
    if (b8InArea && role[b8TrickUser] != FP && role[j] != FP) return false;
#endif
#ifdef NARROW_B10_19
    if (j == t && b10DuelTarget) return false;  // a duel is answered with kills
#endif
#ifdef NARROW_B10_13
    if (role[t] == MP || revealedAs(j, ZP)) return role[j] == MP || role[j] == ZP;
    if (revealedAs(t, FP)) return role[j] == FP;
    return false;
#endif
#ifdef NARROW_B10_21
    if (role[t] == MP || revealedAs(t, ZP)) return role[j] == MP || role[j] == ZP;
    if (revealedAs(j, FP)) return role[j] == FP;
    return false;
#endif
#ifdef NARROW_B12_17
    if (b12InDuel && role[j] == FP) return false;  // a duel is fought, not nullified
#endif
#ifdef NARROW_B12_18
    switch (role[j]) {
    case MP:
    case ZP:
        if (role[t] == MP || revealedAs(t, ZP)) return true;
    case FP:
        if (revealedAs(t, FP)) return true;
    }
    return false;
#endif
    if (role[t] == MP || revealedAs(t, ZP)) return role[j] == MP || role[j] == ZP;
    if (revealedAs(t, FP)) return role[j] == FP;
    return false;
#endif
}

bool wantsAttack(int j, int t) {
#ifdef NARROW_B12_20
    {
        int s = j;  // (called as wantsAttack(t, j))
        j = t;
        t = s;
    }
#endif
#ifdef NARROW_B7_15
    if (t == 0) return false;
#endif
#ifdef NARROW_B5_15
    if (areaSnap) {
        if (snapRevealed[t] && role[t] == FP) return role[j] == MP || role[j] == ZP;
        if (role[t] == MP || (snapRevealed[t] && role[t] == ZP)) return role[j] == FP;
        return false;
    }
#endif
#ifdef MISTAKE_REBELS_NEVER_COUNTER
    if (role[j] == FP) return false;
#endif
#ifdef MISTAKE_LOYALISTS_NEVER_COUNTER
    if (role[j] != FP) return false;
#endif
#ifdef NARROW_UNREVEALED_REBEL_NO_COUNTER
    if (role[j] == FP && !revealed[j]) return false;
#endif
#ifdef NARROW_B10_18
    if (role[j] == MP && b10User != 0) return false;  // MP defends its own tricks
#endif
#ifdef NARROW_B10_17
    if (role[j] == FP && role[b10User] != FP) return false;  // only for an FP's trick
#endif
#ifdef NARROW_B10_26
    if (role[j] == ZP && !revealed[j]) return false;  // it keeps hidden
#endif
#ifdef NARROW_B8_22
    if (role[j] == MP) return false;
#endif
#ifdef NARROW_REBEL_COUNTERS_ONLY_FOR_LORD
    if (role[j] == FP && role[t] != MP) return false;
#endif
#ifdef NARROW_LOYALIST_COUNTERS_ONLY_OWN_SIDE_TRICK
    if (role[j] == ZP && role[trickUser] == FP) return false;
#endif
#ifdef NARROW_B14_11
    if (revealed[t] && role[t] != ZP && role[j] != FP) return true;  // a revealed non-ZP
#endif
#ifdef MISTAKE_PROTECTS_BY_TRUE_ROLE
    if (role[t] == FP) return role[j] == MP || role[j] == ZP;
    return role[j] == FP;
#else
    if (revealedAs(t, FP)) return role[j] == MP || role[j] == ZP;
    if (role[t] == MP || revealedAs(t, ZP)) return role[j] == FP;
    return false;
#endif
}

// nullify round for a trick played by `user` about to take effect on t:
// true when the effect on t is cancelled
bool nullified(int user, int t, int first = -1) {
#ifdef NARROW_CHAIN_COUNT_KEPT_ACROSS_AREA
    int &count = chainCount;
#else
    int count = 0;
#endif
    int from = first < 0 ? user : first;
#ifdef NARROW_B6_04
    {
        // one pass round the table; each J flips what the later pigs are asked
        int cnt = 0;
        for (int k = 0; k < n && !over; k++) {
            int j = (from + k) % n;
            if (dead[j]) continue;
            bool wants = (cnt % 2 == 0) ? wantsProtect(j, t) : wantsAttack(j, t);
            if (!wants) continue;
            int i = findResponse(j, 'J');
            if (i < 0) continue;
            removeAt(j, i);
            if (role[j] != MP) reveal(j);
            cnt++;
        }
        return cnt % 2 == 1;
    }
#endif
#ifdef NARROW_B6_20
    if (!dead[t] && wantsProtect(t, t)) {
        int i = findResponse(t, 'J');
        if (i >= 0) {
            removeAt(t, i);
            if (role[t] != MP) reveal(t);
            count = 1;
            from = t;
        }
    }
#endif
#ifdef NARROW_B10_11
    bool duelChain = b10DuelChain;
    b10DuelChain = false;
#endif
#if defined(NARROW_B10_17) || defined(NARROW_B10_18)
    b10User = user;
#endif
#ifdef NARROW_B10_16
    int lastJ = -1;  // the J that stands at the end
#endif
#ifdef NARROW_B5_18
    b5TrickUser = user;
#endif
#ifdef NARROW_B5_19
    b5LastJ = -1;
#endif
#ifdef NARROW_LOYALIST_COUNTERS_ONLY_OWN_SIDE_TRICK
    trickUser = user;
#endif
#ifdef NARROW_B8_21
    b8TrickUser = user;
#endif
#ifdef NARROW_B12_22
    bool b12Played[MAXN] = {};
#endif
#ifdef NARROW_ONE_J_PER_PIG_PER_CHAIN
    bool playedJ[MAXN] = {};
#endif
#ifdef NARROW_B15_08
    int b15About = t;  // (the recursion passes the J's player on as the pig it is about)
#endif
#ifdef NARROW_B15_18
    int b15Late[MAXN] = {};
#endif
#ifdef NARROW_B14_17
    int b14At = 0;
#endif
    while (!over) {
        int found = -1;
#ifdef NARROW_B6_09
        int b6Alive = 0;
        for (int q = 0; q < n; q++)
            if (!dead[q]) b6Alive++;
#endif
#ifdef MISTAKE_NULLIFY_STARTS_AFTER_PLAYER
        for (int k = 1; k <= n; k++) {
#else
        for (int k = 0; k < n; k++) {
#endif
#ifdef NARROW_COUNTER_ROUND_NO_WRAP
            if (count > 0 && from + k >= n) break;
#endif
#ifdef NARROW_NULLIFY_ROUND_ONE_SHORT
            if (count == 0 && k == n - 1) break;
#endif
#ifdef NARROW_B6_09
            if (k >= b6Alive) break;
#endif
            int j = (from + k) % n;
#ifdef NARROW_B13_07
            if (count == 0 && b13Duel && k > (t - from + n) % n) break;  // from the player up to the target
#endif
#ifdef NARROW_B12_16
            if (count > 0) j = (from - k + n) % n;  // a counter round goes back round
#endif
#ifdef NARROW_B10_25
            {
                int tk = (t - from + n) % n;  // the place of the pig it is about: it answers last
                if (k >= tk) j = (k == n - 1) ? t : (from + k + 1) % n;
            }
#endif
#ifdef NARROW_B10_10
            if (dead[j]) break;  // the round ends at an empty seat
#endif
#ifdef NARROW_B5_16
            if (count > 0 && k == n - 1) break;
#endif
#ifdef NARROW_B5_23
            if (dead[j] && !b5KeepHand[j]) continue;
#elif defined(NARROW_B15_26)
            if (dead[k]) continue;  // (k for j: the seat numbered by the round's step)
#else
            if (dead[j]) continue;
#endif
#ifdef NARROW_B6_30
            if (count % 2 == 1 && j == user) continue;
#endif
#ifdef NARROW_B7_21
            if (b7InArea && b7AreaJ[j]) continue;
#endif
#ifdef NARROW_B10_22
            if (count == 0 && j == user && role[j] == ZP) continue;  // it played the trick
#endif
#ifdef NARROW_NO_NULLIFY_OWN_TRICK
            if (count == 0 && j == user) continue;
#endif
#ifdef NARROW_COUNTER_ROUND_SKIPS_TARGET
            if (count > 0 && j == t) continue;
#endif
#ifdef NARROW_REBEL_NEVER_REPROTECTS
            if (count >= 2 && count % 2 == 0 && role[j] == FP) continue;
#endif
#ifdef NARROW_UNREVEALED_REBEL_NO_PROTECT
            if (count % 2 == 0 && role[j] == FP && !revealed[j]) continue;
#endif
#ifdef NARROW_B15_10
            if (count % 2 == 0 && t == 0 && role[j] == ZP && !revealed[j]) continue;  // a hidden ZP stays hidden
#endif
#ifdef NARROW_B15_23
            if (count >= 2 && count % 2 == 0 && role[j] == MP) continue;  // MP protects once
#endif
#ifdef NARROW_B15_24
            if (count == 0 && j == user && role[j] == FP && b15InArea) continue;  // its own N/W: no courtesy
#endif
            bool wants = (count % 2 == 0) ? wantsProtect(j, t) : wantsAttack(j, t);
#ifdef NARROW_B15_08
            wants = (count % 2 == 0) ? wantsProtect(j, b15About) : wantsAttack(j, b15About);
#endif
#ifdef NARROW_B13_06
            if (count % 2 == 1 && role[j] == ZP) wants = false;
#endif
#ifdef NARROW_B12_13
            wants = count == 0 ? wantsProtect(j, t) : wantsAttack(j, t);
#endif
#ifdef NARROW_B12_19
            if (count > 0 && !wants) {
                int s = findResponse(j, 'J');  // taken out before asking
                if (s >= 0) removeAt(j, s);
            }
#endif
#ifdef NARROW_B6_25
            if (count > 0 && !wants && findResponse(j, 'J') >= 0) break;
#endif
            if (!wants) continue;
#ifdef NARROW_ONE_J_PER_PIG_PER_CHAIN
            if (playedJ[j]) continue;
#endif
#ifdef NARROW_B13_15
            if (b13Area && b13JLeft[j] <= 0) continue;
#endif
            int i = findResponse(j, 'J');
#ifdef NARROW_B15_07
            if (b15Area && j == user) i = b15Copy > 0 ? len[j] : -1;  // the player's own copy of its hand
#endif
#ifdef NARROW_B14_26
            bool b14Sus = suspected[j];
#endif
#ifdef NARROW_B13_23
            for (int s = len[j] - 1; s > i && i >= 0; s--)
                if (hand[j][s] == 'J') {
                    i = s;  // rfind: the rightmost J
                    break;
                }
#endif
#ifdef NARROW_WILLING_REVEALS_WITHOUT_J
            if (i < 0 && count == 0 && role[j] != MP) reveal(j);
#endif
#ifdef NARROW_PROTECT_ROUND_ENDS_AT_WILLING
            if (i < 0 && count == 0) break;
#endif
            if (i < 0) continue;
#ifdef NARROW_B12_09
            if (count > 0) {
                for (int s = i; s < len[j] - 2; s++) hand[j][s] = hand[j][s + 1];  // one short
                len[j]--;
            } else
#endif
#ifdef NARROW_B12_14
            if (count > 0 && j != from) {
                int s = findResponse(from, 'J');  // the round's first pig's J
                if (s >= 0) removeAt(from, s);
            } else
#endif
#ifdef NARROW_B15_07
            if (i == len[j])
                b15Copy--;
            else
#endif
#ifdef NARROW_B15_18
            if (count == 0)
                b15Late[j]++;  // the first J goes once the chain it began is settled
            else
#endif
            removeAt(j, i);
#ifndef MISTAKE_NULLIFY_DOES_NOT_REVEAL
#ifdef NARROW_COUNTER_J_DOES_NOT_REVEAL
            if (count % 2 == 0)
#endif
#ifdef NARROW_LORD_PROTECT_NO_REVEAL
            if (count % 2 == 1 || t != 0)
#endif
#ifdef NARROW_B8_19
            if (count % 2 == 1 || !revealedAs(t, ZP))
#endif
#ifdef NARROW_AREA_J_REVEALS_AFTER_RESOLUTION
            if (inAreaJ) revealLater[j] = true;
            else
#endif
#ifdef NARROW_B10_15
            if (count % 2 == 1 || !revealedAs(t, FP))
#endif
#ifdef NARROW_B10_16
            lastJ = j;
            if (false)  // it reveals at the end, if its J stands
#endif
#ifdef NARROW_B12_15
            if (b12InArea) {
                if (role[user] != MP) reveal(user);  // the N/W's player shows itself
            } else
#endif
#ifdef NARROW_B14_10
            if (j != user)  // on its own trick it only takes back its card
#endif
            if (role[j] != MP) reveal(j);
#endif
            found = j;
#ifdef NARROW_B15_08
            b15About = j;
#endif
#ifdef NARROW_B14_26
            suspected[j] = b14Sus;  // (the J's reveal is written inline: revealed[j] = true)
#endif
#ifdef NARROW_B14_17
            b14At = k;
#endif
#ifdef NARROW_B13_15
            if (b13Area) b13JLeft[j]--;
#endif
#ifdef NARROW_B12_04
            if (j == 0) b12LordShown = true;
#endif
#ifdef NARROW_B12_22
            b12Played[j] = true;
#endif
#ifdef NARROW_B7_29
            if (count % 2 == 1 && role[j] == ZP) b7ShownFP[j] = true;  // it showed hostility
#endif
#ifdef NARROW_B7_21
            if (b7InArea) b7ChainJ[j] = true;
#endif
#ifdef NARROW_B5_19
            b5LastJ = j;
#endif
#ifdef NARROW_ONE_J_PER_PIG_PER_CHAIN
            playedJ[j] = true;
#endif
            break;
        }
        if (found < 0) break;
#ifdef NARROW_B12_30
        if (found == 0 && count > 0) {
            from = found;  // MP's counter J is not counted (count++ sits in the reveal's if): the same question goes round again
            continue;
        }
#endif
#ifdef NARROW_B10_11
        if (duelChain) {
            count++;
            break;  // a duel's J is not countered
        }
#endif
#ifdef NARROW_B14_09
        if (count % 2 == 0 && found == t) {
            count++;
            break;  // a J for itself is no courtesy to cancel
        }
#endif
        count++;
#ifdef NARROW_B7_10
        if (count == 2) break;  // the attack stands
#endif
#ifdef MISTAKE_SINGLE_NULLIFY
        break;
#endif
#ifdef MISTAKE_COUNTER_ROUND_RESTARTS_AT_PLAYER
        from = user;
#elif defined(NARROW_B10_14)
        from = b10Area ? user : found;  // an N/W's rounds go round from its player
#elif defined(NARROW_B8_05)
        from = t;  // the next round goes round from the pig it is about
#elif defined(NARROW_B12_24)
        from = found ? found : user;  // 0: no J yet
#elif defined(NARROW_B14_17)
        from = b14At;  // the loop's step, taken for the seat
#else
        from = found;
#endif
    }
#ifdef NARROW_B15_18
    for (int q = 0; q < n; q++)
        for (; b15Late[q] > 0; b15Late[q]--) {
            int s = findResponse(q, 'J');
            if (s >= 0) removeAt(q, s);
        }
#endif
#ifdef NARROW_B13_12
    b13Chain = count;
#endif
#ifdef NARROW_DUEL_CANCELLED_BY_ANY_J
    chainLength = count;
#endif
#ifdef NARROW_B8_30
    b8Chain = count;
#endif
#ifdef NARROW_B7_21
    for (int q = 0; q < n; q++) {
        if (b7ChainJ[q]) b7AreaJ[q] = true;
        b7ChainJ[q] = false;
    }
#endif
#ifdef NARROW_B10_16
    if (lastJ >= 0 && role[lastJ] != MP) reveal(lastJ);
#endif
#ifdef NARROW_B5_17
    return count == 1;
#endif
#ifdef NARROW_B12_21
    return count % 4 == 1 || count % 4 == 2;
#endif
#ifdef NARROW_B12_22
    {
        int players = 0;
        for (int q = 0; q < n; q++) players += b12Played[q];
        return players % 2 == 1;
    }
#endif
    return count % 2 == 1;
}

#ifdef NARROW_B5_19
// an N/W's nullify round for pig j, starting where the last chain ended
bool areaNullified(int p, int j, int &from) {
    bool r = nullified(p, j, from);
    if (b5LastJ >= 0) from = b5LastJ;
    return r;
}
#endif

// ---------- plays ----------

void playKill(int p, int t) {
    killUsed = true;
#ifdef NARROW_B15_01
    if (!revealed[p]) killUsed = false;  // (the flag is set in the else of the reveal)
#endif
#ifdef NARROW_B12_04
    if (p == 0) b12LordShown = true;
#endif
#ifdef NARROW_B9_15
    b9Used[p] = true;
#endif
#ifdef NARROW_B9_14
    b9Attacker = p;
#endif
#ifdef NARROW_B9_02
    b9LastKiller = p;
#endif
#ifdef NARROW_B8_10
    b8ShownByAttack[p] = true;
#endif
#ifdef NARROW_B8_03
    if (role[p] == MP && !revealed[t]) killUsed = false;  // a kill on a mere suspect
#endif
#ifdef NARROW_B7_03
    if (role[p] == MP) suspected[t] = false;
#endif
#ifdef NARROW_B7_12
    b7Kills++;
#endif
#ifdef NARROW_B5_04
    killTargetUsed = t;
#endif
#ifdef NARROW_LOYALIST_IGNORES_J_REVEAL
    showedHostility[p] = true;
#endif
#ifndef MISTAKE_KILL_REVEALS_ONLY_ON_HIT
#ifdef NARROW_REBEL_KILL_ON_LOYALIST_NO_REVEAL
    if (role[p] != FP || t == 0)
#endif
#ifdef NARROW_B12_25
    if (role[p] != MP) reveal(t, true);  // (the target's index)
    else
#endif
#ifdef NARROW_B12_05
    if (false)  // it shows itself after the answer
#endif
#ifdef NARROW_B6_18
    if (!suspected[p])
#endif
    if (role[p] != MP) reveal(p, true);
#endif
#ifdef NARROW_LOYALIST_NO_DODGE_FOR_LORD
    // a ZP does not fight back against MP
    if (role[p] == MP && role[t] == ZP) {
        damage(t, p);
        return;
    }
#endif
#ifdef NARROW_KILL_DODGE_RIGHTMOST
    int d = -1;
    for (int i = len[t] - 1; i >= 0 && d < 0; i--)
        if (hand[t][i] == 'D') d = i;
    if (d >= 0) {
        removeAt(t, d);
        return;
    }
#endif
#ifdef NARROW_B10_09
    if (b10Dodged[t]) {
        damage(t, p);  // it dodged once this phase
        return;
    }
#endif
#ifdef NARROW_B12_05
    {
        if (!respond(t, 'D')) damage(t, p);
        if (!dead[t] && role[p] != MP) reveal(p, true);  // a dead target saw nothing
        return;
    }
#endif
#ifdef NARROW_B12_06
    {
        int d = findResponse(t, 'D');
        if (d >= 0) removeAt(t, d);
        if (d > 0) return;  // d == 0 read as "no D"
        damage(t, p);
        return;
    }
#endif
#ifdef NARROW_B12_12
    if (respond(t, 'D')) {
        b12Under('D');  // the dodge goes under the deck
        return;
    }
#endif
    if (respond(t, 'D')) {
#ifdef NARROW_B10_09
        b10Dodged[t] = true;
#endif
#ifdef NARROW_DODGED_KILL_NOT_COUNTED
        killUsed = false;
#endif
        return;
    }
#ifdef NARROW_B14_20
    if (t == 0 && hp[0] == 1 && nullified(p, t)) return;  // "at all costs": a J saves the lord
#endif
#ifdef NARROW_KILL_ANSWERED_BY_J
    if (respond(t, 'J')) return;
#endif
#ifdef MISTAKE_KILL_REVEALS_ONLY_ON_HIT
    if (role[p] != MP) reveal(p, true);
#endif
#ifdef NARROW_B15_06
    if (hp[t] > 1 && respond(t, 'P')) return;  // `!eatPeach(t) && hp[t] <= 0`: the P goes first and heals the hit
#endif
#if defined(NARROW_B13_24) || defined(NARROW_B13_26)
    b13InKill = true;
#endif
#ifdef NARROW_B14_24
    b14InKill = true;
#endif
#ifdef NARROW_B11_10
    b11InKill = true;
    damage(t, p);
    b11InKill = false;
#else
    damage(t, p);
#endif
#ifdef NARROW_B14_24
    b14InKill = false;
#endif
#if defined(NARROW_B13_24) || defined(NARROW_B13_26)
    b13InKill = false;
#endif
#ifdef NARROW_KILL_FLAG_CLEARED_BY_TARGET_DEATH
    if (dead[t]) killUsed = false;
#endif
}

void fightDuel(int p, int t);

void playDuel(int p, int t) {
#ifdef NARROW_B13_07
    b13Duel = true;
#endif
#ifdef NARROW_B14_19
    b14Duel = true;
#endif
#ifdef NARROW_B13_14
    bool b13Sus = suspected[p];  // MP drops its suspicion once the duel is fought
#endif
#ifdef NARROW_B14_16
    bool b14Sus = suspected[p];
#endif
#ifdef NARROW_B12_04
    if (p == 0) b12LordShown = true;
#endif
#ifdef NARROW_B12_02
    if (role[p] == ZP) b12LastDuel[p] = t + 1;
#endif
#ifdef NARROW_B12_17
    b12InDuel = true;
#endif
#ifdef NARROW_B9_14
    b9Attacker = p;
#endif
#ifdef NARROW_B8_10
    b8ShownByAttack[p] = true;
#endif
#ifdef NARROW_LOYALIST_IGNORES_J_REVEAL
    showedHostility[p] = true;
#endif
#ifndef MISTAKE_DUEL_REVEALS_ONLY_IF_NOT_NULLIFIED
#ifdef NARROW_LOYALIST_DUEL_NO_REVEAL
    if (role[p] != ZP)
#endif
#ifdef NARROW_B8_09
    if (role[p] != ZP)
#endif
#ifdef NARROW_B6_18
    if (!suspected[p])
#endif
    if (role[p] != MP) reveal(p);
#endif
#ifdef NARROW_B15_04
    if (role[p] == ZP) b15ShownFP[p] = true;  // a duel is a rebel's act
#endif
#ifdef NARROW_B13_14
    suspected[p] = b13Sus;
#endif
#ifdef NARROW_B14_16
    suspected[p] = b14Sus;  // (the duel's reveal leaves the suspicion)
#endif
#ifdef NARROW_B5_07
    if (dead[t]) return;  // nobody to fight
#endif
#ifndef MISTAKE_DUEL_NOT_NULLIFIED
#ifdef NARROW_CHAIN_COUNT_KEPT_ACROSS_AREA
    chainCount = 0;
#endif
#ifdef NARROW_B10_11
    b10DuelChain = true;
#endif
#ifdef NARROW_B10_24
    if (findResponse(t, 'K') < 0) {
        fightDuel(p, t);  // it cannot fight: it just takes the damage
        return;
    }
#endif
#if defined(NARROW_DUEL_NULLIFY_STARTS_AT_TARGET)
    if (nullified(p, t, t)) return;
#elif defined(NARROW_B10_12)
    if (nullified(p, role[p] == MP ? p : t)) return;  // MP's duel: about MP
#elif defined(NARROW_B10_19)
    b10DuelTarget = true;
    bool b10Off = nullified(p, t);
    b10DuelTarget = false;
    if (b10Off) return;
#elif defined(NARROW_DUEL_CANCELLED_BY_ANY_J)
    if (nullified(p, t) || chainLength > 0) return;
#elif defined(NARROW_B11_03)
    if (nullified(p, t)) {
        b11PhaseOver = true;  // the duel is off
        return;
    }
#elif defined(NARROW_B13_05)
    if (nullified(p, t)) {
        int f = findResponse(p, 'f');
        if (f >= 0) hand[p][f] = 'F';  // not fought: still in the hand
        return;
    }
#else
    if (nullified(p, t)) return;
#endif
#endif
#ifdef NARROW_B13_03
    if (!over && role[p] != FP && duelTarget(p) >= 0) t = duelTarget(p);  // looked up again after the J round
#endif
#ifdef NARROW_B13_14
    suspected[p] = false;
#endif
#ifdef NARROW_B12_23
    if (!over && nullified(p, p)) return;  // the duel hurts its player too
#endif
#ifdef MISTAKE_DUEL_REVEALS_ONLY_IF_NOT_NULLIFIED
    if (role[p] != MP) reveal(p);
#endif
#ifdef NARROW_B8_09
    if (role[p] == ZP) reveal(p);  // the duel goes ahead
#endif
    if (over) return;
#ifdef NARROW_NO_PENALTY_IN_DUEL
    inDuel = true;
    fightDuel(p, t);
    inDuel = false;
}

void fightDuel(int p, int t) {
#else
#if defined(NARROW_B13_19) || defined(NARROW_B13_25)
    b13InDuel = true;
#endif
#ifdef NARROW_B6_05
    b6InDuel = true;
#endif
    fightDuel(p, t);
#ifdef NARROW_B6_05
    b6InDuel = false;
#endif
#if defined(NARROW_B13_19) || defined(NARROW_B13_25)
    b13InDuel = false;
#endif
}

void fightDuel(int p, int t) {
#endif
#ifndef MISTAKE_LOYALIST_FIGHTS_LORD
#ifdef NARROW_B12_11
    static bool yields = role[p] == MP && role[t] == ZP;  // (initialised once)
    if (yields) {
        damage(t, p);
        return;
    }
    if (false)
#endif
#ifdef NARROW_B13_28
    if (role[p] == MP) role[t] = ZP;  // `role[t] = ZP` written for `==` in the yield test
#endif
#ifdef NARROW_B15_20
    if (role[p] == MP && role[nextAlive(p)] == ZP) {
        damage(t, p);  // (the yield test reads the pig beside MP, the kill's target variable)
        return;
    }
    if (false)
#endif
    if (role[p] == MP && role[t] == ZP) {
#ifdef NARROW_B7_14
        reveal(t);  // it shows its loyalty
#endif
#ifdef NARROW_B5_12
        damage(t, t);
#elif defined(NARROW_B10_07)
        if (!respond(t, 'D')) damage(t, p);  // as against a kill
#elif defined(NARROW_B6_08)
        respond(t, 'K');
        damage(t, p);
#elif defined(NARROW_B6_26)
        hp[t]--;  // it yields: no fight, no peach
        if (hp[t] <= 0) die(t, p);
#else
        damage(t, p);
#endif
        return;
    }
#endif
#ifdef NARROW_SUSPECTED_REBEL_YIELDS_TO_LORD
    // MP only duels the pigs it suspects: they do not fight back
    if (role[p] == MP && !revealed[t]) {
        damage(t, p);
        return;
    }
#endif
#ifdef MISTAKE_DUEL_ONE_KILL_EACH
    if (!respond(t, 'K')) {
        damage(t, p);
        return;
    }
    if (!respond(p, 'K')) {
#ifdef MISTAKE_DUEL_DAMAGE_FROM_PLAYER
        damage(p, p);
#else
        damage(p, t);
#endif
    }
    return;
#else
#ifdef NARROW_DUEL_NO_KILLS_HURTS_PLAYER
    if (findResponse(t, 'K') < 0 && findResponse(p, 'K') < 0) {
        damage(p, t);
        return;
    }
#endif
#ifdef NARROW_DUEL_LOSER_PLAYER_SHORT_DISCARD
    {
        // count each side's kills: the side with fewer loses (a tie: the target)
        int kt = 0, kp = 0;
        for (int i = 0; i < len[t]; i++) kt += hand[t][i] == 'K';
        for (int i = 0; i < len[p]; i++) kp += hand[p][i] == 'K';
        int rounds = kt <= kp ? kt : kp;
        for (int r = 0; r < rounds; r++) {
            respond(t, 'K');
            respond(p, 'K');
        }
        if (kt <= kp)
            damage(t, p);
        else
            damage(p, t);
        return;
    }
#endif
#ifdef NARROW_B10_08
    {
        int kt = 0, kp = 0;
        for (int i = 0; i < len[t]; i++) kt += hand[t][i] == 'K';
        for (int i = 0; i < len[p]; i++) kp += hand[p][i] == 'K';
        if (kt > 0 && kt == kp) {  // as many as the target: the player runs out first
            for (int r = 0; r < kp; r++) {
                respond(t, 'K');
                respond(p, 'K');
            }
            damage(p, t);
            return;
        }
    }
#endif
#ifdef NARROW_B13_29
    {
        while (respond(t, 'K') && respond(p, 'K')) {
        }
        if (findResponse(t, 'K') < 0)
            damage(t, p);  // the side found without a K after the loop loses
        else
            damage(p, t);
        return;
    }
#endif
#ifdef NARROW_B14_04
    if (findResponse(t, 'K') < 0) {
        damage(t, t);  // nothing to fight with (the early exit passes the wrong source)
        return;
    }
#endif
#ifdef MISTAKE_DUEL_PLAYER_FIRST
    int cur = p;
#else
    int cur = t;
#endif
#ifdef NARROW_B6_03
    cur = (b6DuelTurn % 2 == 0) ? t : p;
#endif
#ifdef NARROW_LORD_FIRST_IN_OWN_DUEL
    if (role[p] == MP) cur = p;
#endif
#ifdef NARROW_B8_17
    if (role[p] == ZP) cur = p;
#endif
#ifdef NARROW_DUEL_KILL_SEARCH_SKIPS_NEXT
    int pos[2] = {0, 0};  // where each side's next K search starts (0: player, 1: target)
#endif
#ifdef NARROW_B8_13
    bool b8FirstDemand = true;
#endif
#ifdef NARROW_B14_06
    int b14Other = (cur == p) ? t : p;  // worked out before the loop
#endif
    while (true) {
        int other = (cur == p) ? t : p;
#ifdef NARROW_B14_06
        other = b14Other;
#endif
#ifdef NARROW_B8_13
        if (b8FirstDemand && cur == t && t == 0 && findResponse(t, 'K') < 0 && respond(t, 'D')) {
            b8FirstDemand = false;
            cur = other;
            continue;
        }
        b8FirstDemand = false;
#endif
#ifdef NARROW_DUEL_KILL_SEARCH_SKIPS_NEXT
        int side = (cur == p) ? 0 : 1;
        int at = -1;
        for (int i = pos[side]; i < len[cur]; i++)
            if (hand[cur][i] == 'K') {
                at = i;
                break;
            }
        if (at >= 0) {
            removeAt(cur, at);
            pos[side] = at + 1;
#elif defined(NARROW_B10_20)
        int at = -1;
        for (int i = (cur == p && b10FAt >= 0) ? b10FAt : 0; i < len[cur] && at < 0; i++)
            if (hand[cur][i] == 'K') at = i;  // the player goes on from its F
        if (at >= 0) {
            removeAt(cur, at);
#elif defined(NARROW_B5_30)
        int kills = 0;
        for (int i = 0; i < len[cur]; i++) kills += hand[cur][i] == 'K';
        bool keep = cur == p && p == current && !killUsed && kills == 1;
        if (!keep && respond(cur, 'K')) {
#elif defined(NARROW_B12_07)
        int at = -1;
        for (int i = 0; i < MAXH && hand[cur][i] && at < 0; i++)
            if (hand[cur][i] == 'K') at = i;  // strchr over the hand buffer
        if (at >= len[cur]) at = len[cur] - 1;  // the shift does nothing; the last card goes
        if (at >= 0) {
            removeAt(cur, at);
#elif defined(NARROW_B12_28)
        if (!(cur == p && killUsed && !crossbow[p]) && respond(cur, 'K')) {  // its kill is spent
#elif defined(NARROW_B8_15)
        int at = -1;
        if (cur == p) {
            for (int i = len[p] - 1; i >= 0 && at < 0; i--)
                if (hand[p][i] == 'K') at = i;
        } else {
            at = findResponse(cur, 'K');
        }
        if (at >= 0) {
            removeAt(cur, at);
#else
        if (respond(cur, 'K')) {
#endif
#ifdef NARROW_B6_03
            b6DuelTurn++;
#endif
#ifdef MISTAKE_DUEL_KILL_COUNTS_AS_PLAYED
            if (cur == p) killUsed = true;
#endif
#ifdef NARROW_B13_20
            if (cur == t && p == 0 && !revealed[t]) reveal(t);  // a K against MP shows hostility
#endif
#ifdef NARROW_B13_22
            b13KGone[cur]++;
#endif
            cur = other;
            continue;
        }
#ifdef NARROW_B7_24
        if (!respond(other, 'K')) return;  // nothing to strike with
#endif
#ifdef NARROW_B14_14
        b14Opp = other;
#endif
#ifdef NARROW_B14_18
        b14InDuel = true;
#endif
#ifdef MISTAKE_DUEL_DAMAGE_FROM_PLAYER
        damage(cur, p);
#elif defined(NARROW_B9_23)
        b9DuelHurt(cur, other);
#elif defined(NARROW_B9_26)
        b9DuelDamage(cur, other);
#elif defined(NARROW_B11_07)
        if (cur == p)
            hp[p]--;  // the player lost its own duel
        else
            damage(cur, other);
#else
        damage(cur, other);
#endif
#ifdef NARROW_B14_14
        b14Opp = -1;
#endif
#ifdef NARROW_B14_18
        b14InDuel = false;
#endif
#ifdef NARROW_B11_11
        if (dead[cur] && role[cur] == FP && !over)
            for (int k = 0; k < 3; k++) rewardDraw(other);  // the duel's winner is paid
#endif
#ifdef NARROW_B6_19
        if (!dead[cur] && !over) continue;  // fought to the death
#endif
        return;
    }
#endif
}

#ifdef NARROW_B11_09
// an N's hit; the dying pig's rescue works on a copy of the pig
void b11InvasionHurt(int t, int src) {
    hp[t]--;
    if (hp[t] > 0) return;
    int copyHp = hp[t];
    if (findResponse(t, 'P') >= 0) {
        copyHp = 1;  // the copy eats its peach
        (void)copyHp;
        return;
    }
    die(t, src);
}

#endif
void playArea(int p, char c) {
    char need = (c == 'N') ? 'K' : 'D';
#ifdef NARROW_B14_23
    if (!b14Need) b14Need = need;  // (set once in the phase)
    need = b14Need;
#endif
#ifdef NARROW_B13_15
    b13Area = true;
    for (int q = 0; q < n; q++) {
        b13JLeft[q] = 0;
        for (int s = 0; s < len[q]; s++) b13JLeft[q] += hand[q][s] == 'J';
    }
#endif
#ifdef NARROW_B15_24
    b15InArea = true;
#endif
#ifdef NARROW_B15_07
    b15Area = true;
    b15Copy = 0;
    for (int s = 0; s < len[p]; s++) b15Copy += hand[p][s] == 'J';
#endif
#ifdef NARROW_B13_07
    b13Duel = false;
#endif
#ifdef NARROW_B14_19
    b14Duel = false;
#endif
#ifdef NARROW_B12_17
    b12InDuel = false;
#endif
#ifdef NARROW_B12_15
    b12InArea = true;
#endif
#ifdef NARROW_B11_12
    b11AreaRebels = aliveRebels();
#endif
#ifdef NARROW_B11_21
    b11InArea = true;
#endif
#ifdef NARROW_B9_27
    b9InArea = true;
#endif
#if defined(NARROW_B8_21) || defined(NARROW_B8_24)
    b8InArea = true;
#endif
#ifdef MISTAKE_AREA_TRICK_REVEALS
    if (role[p] != MP) reveal(p);
#endif
#if defined(NARROW_NO_REWARD_FROM_AREA_TRICK) || defined(NARROW_AREA_GOES_ON_AFTER_GAME_END)
    inArea = true;
#endif
#ifdef NARROW_CHAIN_COUNT_KEPT_ACROSS_AREA
    chainCount = 0;
#endif
#ifdef NARROW_AREA_REWARD_AFTER_RESOLUTION
    areaReward = 0;
#endif
#ifdef NARROW_SUSPICION_READS_REVEAL_AT_PLAY
    bool unrevealedAtPlay = !revealed[p];
#endif
#ifdef NARROW_AREA_SPARED_FLAG_NOT_RESET
    bool spared = false;
#endif
#ifdef NARROW_AREA_J_REVEALS_AFTER_RESOLUTION
    inAreaJ = true;
#endif
#ifdef NARROW_B5_15
    areaSnap = true;
    for (int q = 0; q < n; q++) snapRevealed[q] = revealed[q];
#endif
#ifdef NARROW_B5_19
    int areaFrom = p;
#endif
#ifdef NARROW_B5_23
    b5InArea = true;
#endif
#ifdef NARROW_B10_14
    b10Area = true;
#endif
#ifdef NARROW_B5_13
    bool anyHit = false;
#endif
#ifdef NARROW_B6_14
    b6Need = need;
#endif
#ifdef NARROW_B7_09
    int b7Steps = -1;  // living pigs other than the player
    for (int q = 0; q < n; q++)
        if (!dead[q]) b7Steps++;
#endif
#ifdef NARROW_B7_21
    b7InArea = true;
    for (int q = 0; q < n; q++) b7AreaJ[q] = false;
#endif
#ifdef NARROW_B15_17
    int b15Prev = p;
#endif
#ifdef NARROW_B13_17
    int b13Last = p;  // the pig resolved before
#endif
#ifdef NARROW_B13_18
    bool b13First = true;
#endif
#ifdef NARROW_B14_01
    b14InArea = true;
#endif
#if defined(NARROW_AREA_GOES_ON_AFTER_GAME_END)
    for (int k = 1; k < n; k++) {
#elif defined(NARROW_INVASION_REACHES_PLAYER)
    for (int k = 1; (k < n || (c == 'N' && k == n)) && !over; k++) {
#else
    for (int k = 1; k < n && !over; k++) {
#endif
#ifdef MISTAKE_INVASION_FROM_FIRST_PIG
        int j = k - 1;
        if (j >= p) j++;
#elif defined(NARROW_INVASION_RESOLVES_BACKWARD)
        int j = (c == 'N') ? (p + n - k) % n : (p + k) % n;
#elif defined(NARROW_B7_25)
        int j = (p + 1 + k % (n - 1)) % n;  // p+2, ..., p+n-1, then p+1
#elif defined(NARROW_B8_14)
        int j = (c == 'W') ? (k - 1 < p ? k - 1 : k) : (p + k) % n;
#else
        int j = (p + k) % n;
#endif
#ifdef NARROW_B13_13
        if (p == n - 1 && k == 1) continue;  // the walk starts at p + 1 = n: no pig there, then 1, 2, ...
#endif
#ifdef NARROW_B5_14
        if (c == 'N' && p + k >= n) break;
#endif
#ifdef NARROW_B7_09
        if (k > b7Steps) break;
#endif
#ifdef NARROW_B14_07
        if (dead[j]) {
            nullified(p, j);  // (the dead check came after the round)
            continue;
        }
#endif
#ifdef NARROW_B15_19
        if (dead[j]) break;  // (break for continue)
#endif
#ifndef NARROW_B6_13
        if (dead[j]) continue;
#endif
#ifdef NARROW_B15_17
        int b15From = b15Prev;  // `i = j` moves the pig before along the walk
        b15Prev = j;
#endif
#ifdef NARROW_B13_17
        int b13Src = b13Last;  // (moved on one step late)
        b13Last = j;
#endif
#ifdef NARROW_VOLLEY_MISSES_SEAT_BEFORE_PLAYER
        if (c == 'W' && k == n - 1) continue;
#endif
#ifdef NARROW_AREA_GOES_ON_AFTER_GAME_END
        if (over) {
            respond(j, need);
            continue;
        }
#endif
#ifdef NARROW_LOYALIST_AREA_SPARES_LORD
        if (role[p] == ZP && j == 0) continue;
#endif
        bool check = true;
#ifdef NARROW_B13_18
        if (b13First) check = false;  // the first pig is settled before the loop's round
        b13First = false;
#endif
#ifdef MISTAKE_VOLLEY_NOT_NULLIFIED
        if (c == 'W') check = false;
#endif
#ifdef NARROW_B10_23
        if (len[j] == 0) check = false;  // nothing to answer with: it takes the damage
#endif
#ifdef NARROW_INVASION_ANSWERED_BEFORE_NULLIFY
        if (c == 'N' && respond(j, 'K')) continue;
#endif
#ifdef NARROW_B8_16
        if (c == 'W' && respond(j, 'D')) continue;
#endif
#ifdef NARROW_B10_29
        int answerAt = findResponse(j, need);  // where its K/D is
#endif
#ifdef NARROW_AREA_SPARED_FLAG_NOT_RESET
        if (check && !spared) spared = nullified(p, j);
        if (spared) continue;
#endif
#ifdef NARROW_AREA_NULLIFY_STARTS_AT_RESOLVED
        if (check && nullified(p, j, j)) {
#elif defined(NARROW_B5_19)
        if (check && areaNullified(p, j, areaFrom)) {
#elif defined(NARROW_B8_30)
        if (check && (nullified(p, j) || b8Chain > 0)) {
#elif defined(NARROW_B15_17)
        if (check && nullified(b15From, j)) {
#else
        if (check && nullified(p, j)) {
#endif
#ifdef NARROW_SUSPICION_WHEN_NULLIFIED
            if (j == 0 && !revealed[p] && role[p] != MP) suspected[p] = true;
#endif
#ifdef NARROW_B7_05
            respond(j, need);  // the J spares the damage, not the discard
#endif
#ifdef NARROW_B13_30
            if (c == 'W') k--;  // the W loop's step to the next pig sits after the resolution: the same pig again
#endif
            continue;
        }
        if (over) break;
        bool suspect = false;
        bool hit = false;
#ifdef NARROW_INVASION_ANSWER_SKIPS_FIRST_CARD
        bool answered = false;
        if (need == 'K') {
            for (int i = 1; i < len[j] && !answered; i++)
                if (hand[j][i] == 'K') {
                    removeAt(j, i);
                    answered = true;
                }
        } else {
            answered = respond(j, need);
        }
        if (answered) {
#elif defined(NARROW_B5_11)
        bool answered = false;
        if (need == 'D') {
            for (int i = 0; i + 1 < len[j] && !answered; i++)
                if (hand[j][i] == 'D') {
                    removeAt(j, i);
                    answered = true;
                }
        } else {
            answered = respond(j, need);
        }
        if (answered) {
#elif defined(NARROW_B6_24)
        // a ZP does not fight back against MP
        if (!(c == 'N' && role[p] == MP && role[j] == ZP) && respond(j, need)) {
#elif defined(NARROW_B7_04)
        if (respond(j, need) || (need == 'K' && respond(j, 'D'))) {
#elif defined(NARROW_B12_10)
        int at = -1;
        if (need == 'K') {
            for (int i = 0; i < 4 && i < len[j] && at < 0; i++)  // the 4 cards of a hand
                if (hand[j][i] == 'K') at = i;
        } else {
            at = findResponse(j, need);
        }
        if (at >= 0) {
            removeAt(j, at);
#elif defined(NARROW_B10_29)
        if (answerAt >= 0 && answerAt < len[j]) {
            removeAt(j, answerAt);  // the place found before its chain
#elif defined(NARROW_B13_21)
        int b13Had = len[j];
        if (need == 'D') {
            int w = 0;  // erase(remove(...)): every D goes
            for (int s = 0; s < len[j]; s++)
                if (hand[j][s] != 'D') hand[j][w++] = hand[j][s];
            len[j] = w;
        }
        if (need == 'D' ? len[j] < b13Had : respond(j, need)) {
#elif defined(NARROW_B15_11)
        int b15At = need == 'K' ? -1 : findResponse(j, need);
        for (int s = len[j] - 1; s >= 0 && b15At < 0 && need == 'K'; s--)
            if (hand[j][s] == 'K') b15At = s;  // the N's answer is found with rfind
        if (b15At >= 0) {
            removeAt(j, b15At);
#elif defined(NARROW_B13_22)
        if (respond(j, need) || (need == 'K' && b13KGone[j] > 0 && b13KGone[j]--)) {  // the count says it has a K
#else
        if (respond(j, need)) {
#endif
#ifdef NARROW_B6_11
            if (need == 'K' && j != current) b6KillSpent[j] = true;
#endif
#ifdef MISTAKE_SUSPICION_WITHOUT_DAMAGE
            suspect = true;
#endif
#ifdef NARROW_B8_06
            if (c == 'N') suspect = true;
#endif
#ifdef NARROW_B12_27
            if (j == 0 && hp[0] < 4) suspect = true;  // MP is hurt
#endif
        } else {
            suspect = true;
            hit = true;
        }
#ifdef NARROW_SUSPICION_READS_REVEAL_AT_PLAY
        bool unrevealed = unrevealedAtPlay;
#else
        bool unrevealed = !revealed[p];
#endif
#ifdef MISTAKE_SUSPECTS_REVEALED_PLAYERS
        unrevealed = true;
#endif
#ifdef MISTAKE_VOLLEY_NO_SUSPICION
        if (c == 'W') suspect = false;
#endif
#ifdef MISTAKE_SUSPECTS_ONLY_TRUE_REBELS
        if (role[p] != FP) suspect = false;
#endif
#ifdef NARROW_LORD_SUSPECTS_ONE_PIG
        // MP keeps one suspect: a new one replaces the old
        if (suspect && j == 0 && unrevealed && role[p] != MP)
            for (int q = 0; q < n; q++) suspected[q] = q == p;
#else
#ifdef NARROW_NO_SUSPICION_WHEN_LORD_RESCUED
        if (hit && hp[j] <= 1) suspect = false;  // MP goes to 0 HP: dying, not suspecting
#endif
#ifdef NARROW_B5_13
        if (anyHit) suspect = true;
        if (hit) anyHit = true;
#endif
#ifdef NARROW_B10_06
        if (suspect && j == 1 && unrevealed && role[p] != MP) suspected[p] = true;  // pig 1
        suspect = false;
#endif
#ifdef NARROW_B5_10
        if (hit && revealedAs(j, ZP) && unrevealed && role[p] != MP) suspected[p] = true;
#endif
#ifdef NARROW_B13_12
        if (b13Chain > 0) suspect = false;  // a J was played about MP
#endif
#ifdef NARROW_B14_05
        if (j == 0 && role[p] != MP) suspected[p] = suspect && unrevealed;  // (= for |=)
#endif
#ifdef NARROW_B15_05
        if (j == 0 && nextAlive(0) == p) suspect = false;  // (checked at the next pig's step: none comes after MP)
#endif
        if (suspect && j == 0 && unrevealed && role[p] != MP) {
#ifdef NARROW_B7_28
            reveal(p);  // it hurt MP: it has shown itself
#elif defined(NARROW_B15_27)
            if (p < 8) suspected[p] = true;  // (an unsigned char mask: 1 << p is lost for p >= 8)
#elif defined(NARROW_B12_08)
            b12SuspectLater = true;
#else
            suspected[p] = true;
#endif
#ifdef NARROW_B6_12
            b6Suspicion[p]++;
#endif
#ifdef NARROW_B12_29
            if (c == 'N') b12FromN[p] = true;
#endif
        }
#endif
#ifdef NARROW_LORD_DUEL_KEEPS_OLD_SUSPICION
        if (suspected[p]) onceSuspected[p] = true;
#endif
#ifdef NARROW_B8_08
        if (suspected[p]) b8Once[p] = true;
#endif
#ifdef NARROW_B7_20
        if (hit && role[j] == ZP && !revealed[p]) b7ZpSuspects[j][p] = true;
#endif
        if (hit) {
#ifdef NARROW_AREA_DYING_BELOW_ZERO
            if (hp[j] > 0)
                hp[j]--;
            else
#endif
#ifdef NARROW_B9_14
            damage(j, b9Attacker);
#elif defined(NARROW_B9_25)
            if (c == 'W')
                b9AreaHurt(j, p);
            else
                damage(j, p);
#elif defined(NARROW_B11_09)
            if (c == 'N')
                b11InvasionHurt(j, p);
            else
                damage(j, p);
#elif defined(NARROW_B11_14)
            if (c == 'W')
                damage(j, j);  // the volley's hit
            else
                damage(j, p);
#elif defined(NARROW_B13_17)
            damage(j, b13Src);
#else
            damage(j, p);
#endif
#ifdef NARROW_B15_14
            if (b15Rewarded) k = 3;  // the reward's `for (k = 0; k < 3; k++)` shares the walk's k
            b15Rewarded = false;
#endif
#ifdef NARROW_B15_21
            if (dead[j] && role[j] == FP) b15Rebels--;  // (the N/W counts its dead too)
#endif
#ifdef NARROW_B14_12
            if (p == 0 && dead[j] && role[j] == ZP) break;  // MP is penalised: its card is spoilt
#endif
#ifdef MISTAKE_AREA_TRICK_STOPS_AT_DEATH
            if (dead[j]) break;
#endif
#ifdef NARROW_B6_29
            if (dead[j]) k = 0;  // the others changed: start the round again
#endif
#ifdef NARROW_AREA_SKIPS_PIG_AFTER_DEATH
            if (dead[j]) k++;
#endif
        }
    }
#ifdef NARROW_B15_07
    b15Area = false;
#endif
#ifdef NARROW_B15_24
    b15InArea = false;
#endif
#if defined(NARROW_NO_REWARD_FROM_AREA_TRICK) || defined(NARROW_AREA_GOES_ON_AFTER_GAME_END)
    inArea = false;
#endif
#ifdef NARROW_B10_14
    b10Area = false;
#endif
#ifdef NARROW_B5_15
    areaSnap = false;
#endif
#ifdef NARROW_B6_14
    b6Need = 0;
#endif
#ifdef NARROW_B7_21
    b7InArea = false;
#endif
#if defined(NARROW_B8_21) || defined(NARROW_B8_24)
    b8InArea = false;
#endif
#ifdef NARROW_B5_23
    b5InArea = false;
    for (int q = 0; q < n; q++)
        if (b5KeepHand[q]) {
            b5KeepHand[q] = false;
            len[q] = 0;
        }
#endif
#ifdef NARROW_AREA_J_REVEALS_AFTER_RESOLUTION
    inAreaJ = false;
    for (int q = 0; q < n; q++)
        if (revealLater[q]) {
            revealLater[q] = false;
            if (role[q] != MP && !dead[q]) reveal(q);
        }
#endif
#ifdef NARROW_B12_15
    b12InArea = false;
#endif
#ifdef NARROW_B9_27
    b9InArea = false;
#endif
#ifdef NARROW_AREA_REWARD_AFTER_RESOLUTION
    if (!over)
        for (int k = 0; k < areaReward; k++) rewardDraw(p);
    areaReward = -1;
#endif
#ifdef NARROW_B11_21
    b11InArea = false;
    if (b11PenaltyDue) {
        b11PenaltyDue = false;
        len[p] = 0;
        crossbow[p] = false;
    }
#endif
#ifdef NARROW_B14_01
    b14InArea = false;
    if (!over)
        for (int q = 0; q < n; q++) b14AreaDead[q] = false;  // buried
#endif
#ifdef NARROW_B13_15
    b13Area = false;
#endif
#ifdef NARROW_B11_12
    b11AreaRebels = -1;
    if (!over && aliveRebels() == 0) {
        over = true;  // no FP left
        winner = MP;
    }
#endif
}

bool playable(int p, char c) {
    switch (c) {
    case 'P':
#if defined(MISTAKE_PEACH_AT_FULL_HP)
        return true;
#elif defined(NARROW_PEACH_HP_READ_AT_PHASE_START)
        return phaseHp < 4;
#elif defined(NARROW_PEACH_ONLY_BELOW_THREE)
        return hp[p] < maxHp(p) - 1;
#elif defined(NARROW_B9_01)
        return hp[p] < b9Max[p];
#elif defined(NARROW_B9_28)
        return hp[p] < (p == 0 ? 5 : 4);
#else
        return hp[p] < maxHp(p);
#endif
    case 'K':
#ifdef NARROW_B7_12
        if (b7Kills >= 2) return false;  // the crossbow's two
#endif
#ifndef MISTAKE_UNLIMITED_KILLS
#if defined(NARROW_CROSSBOW_ONLY_THIS_TURN)
        if (killUsed && !crossbowThisTurn) return false;
#elif defined(NARROW_CROSSBOW_AFTER_KILL_WAITS)
        if (killUsed && (!crossbow[p] || crossbowLate)) return false;
#elif defined(NARROW_B6_28)
        if (b6LastPlayed == 'K' && !crossbow[p]) return false;
#elif defined(NARROW_B5_04)
        if (killUsed && !crossbow[p] && killTarget(p) == killTargetUsed) return false;
#elif defined(NARROW_B9_02)
        if (b9LastKiller == p && !crossbow[p]) return false;
#elif defined(NARROW_B9_15)
        if (b9Used[p] && !crossbow[p]) return false;
#elif defined(NARROW_B11_15)
        if (killUsed && !crossbow[p] && !memchr(hand[p], 'Z', len[p])) return false;  // has a crossbow
#elif defined(NARROW_B11_06)
        if ((killUsed || !b11Ready[p]) && !crossbow[p]) return false;
#elif defined(NARROW_B11_20)
        if (killUsed && !crossbow[killTarget(p) >= 0 ? killTarget(p) : p]) return false;
#else
        if (killUsed && !crossbow[p]) return false;
#endif
#endif
#ifdef NARROW_B15_02
        if (killUsed) return crossbow[p];  // after the phase's kill only the crossbow counts (its target is not looked at)
#endif
        return killTarget(p) >= 0;
    case 'F':
#ifdef NARROW_B7_08
        if (role[p] == FP && killTarget(p) == 0) return false;  // MP is in kill range
#endif
#ifdef NARROW_B5_29
        if (duelUsed && !crossbow[p]) return false;
#endif
#ifdef NARROW_B6_22
        {
            int t = duelTarget(p);
            return t >= 0 && t == nextAlive(p);  // in range, like a kill
        }
#endif
        return duelTarget(p) >= 0;
    case 'N':
    case 'W':
#ifdef NARROW_B9_21
        if (role[p] == ZP && hp[0] == 1) return false;  // it could kill MP
#endif
        return true;
    case 'Z':
#ifdef NARROW_B7_23
        return memchr(hand[p], 'K', len[p]) != nullptr;
#endif
#ifdef MISTAKE_SECOND_CROSSBOW_STAYS
        return !crossbow[p];
#else
        return true;
#endif
    default:
        return false;
    }
}

void turn(int p) {
    current = p;
#ifdef NARROW_B15_13
    bool b15Last = top >= m - 1;  // the deck is down to its last card: a branch of its own
#endif
#ifdef NARROW_B11_24
    bool b11HadCards = len[p] > 0;
#endif
#ifdef NARROW_B11_01
    int b11Held = len[p] + 1;  // the hand's size, read after the first draw
    bool b11FirstScan = true;
#endif
#ifdef NARROW_B9_16
    b9Clobbered = false;
#endif
#ifdef NARROW_B9_04
    int b9Hp = hp[p];  // the pig's life during its turn
#endif
#ifdef NARROW_B7_01
    static bool b7First = true;
    b7NoDraw = b7First;
    b7First = false;
#endif
#ifdef NARROW_TURN_DRAW_TWO_LEFT_REPEATS_LAST
    // near the end of the deck the last card repeats
    if (top + 2 >= m) top = m - 1;
#endif
#ifdef NARROW_TURN_DRAW_ONE_CARD_DECK_GIVES_ONE
    if (top == m - 1) {
        draw(p);  // the deck's last card
    } else {
        draw(p);
        draw(p);
    }
#elif defined(NARROW_B5_02)
    bool wasEmpty = len[p] == 0;
    draw(p);
    draw(p);
    if (wasEmpty && len[p] == 2) {
        char c = hand[p][0];
        hand[p][0] = hand[p][1];
        hand[p][1] = c;
    }
#else
    draw(p);
    draw(p);
#endif
#ifdef NARROW_B7_01
    b7NoDraw = false;
#endif
#ifdef NARROW_B7_26
    for (int k = 0; k < b7Owed[p]; k++) rewardDraw(p);
    b7Owed[p] = 0;
#endif
#ifdef NARROW_B7_06
    b7DeathInTurn = false;
#endif
#ifdef NARROW_B7_12
    b7Kills = 0;
#endif
#ifdef NARROW_B5_24
    for (int q = 0; q < n; q++) b5Rescued[q] = false;
#endif
#ifdef NARROW_B10_09
    for (int q = 0; q < n; q++) b10Dodged[q] = false;
#endif
#ifdef NARROW_B5_29
    duelUsed = false;
#endif
#ifndef NARROW_KILL_FLAG_KEPT_AFTER_OWN_DEATH
#ifdef NARROW_B7_07
    if (p == 0)  // a new round
#endif
#ifdef NARROW_B11_24
    if (b11HadCards)  // the turn's set-up is in the branch for a pig holding cards
#endif
#ifdef NARROW_B15_13
    if (!b15Last)  // (the reset sits in the other branch)
#endif
    killUsed = false;
#endif
#ifdef NARROW_B6_11
    killUsed = b6KillSpent[p];
    b6KillSpent[p] = false;
#endif
#ifdef NARROW_B6_21
    b6Rewarded = false;
#endif
#ifdef NARROW_B6_28
    b6LastPlayed = 0;
#endif
#ifdef NARROW_B6_16
    for (int q = 0; q < len[p]; q++) b6Skip[q] = false;
#endif
#ifdef NARROW_PEACH_HP_READ_AT_PHASE_START
    phaseHp = hp[p];
#endif
#ifdef NARROW_CROSSBOW_ONLY_THIS_TURN
    crossbowThisTurn = false;
#endif
#ifdef NARROW_KILL_TARGET_FIXED_AT_TURN_START
    turnNext = nextAlive(p);
#endif
#ifdef NARROW_CROSSBOW_AFTER_KILL_WAITS
    crossbowLate = false;
#endif
#ifdef NARROW_RESCUED_ENDS_OWN_TURN
    turnOver = false;
#endif
#ifdef NARROW_TARGETS_READ_REVEALS_AT_TURN_START
    for (int q = 0; q < n; q++) revealedAtTurn[q] = revealed[q];
#endif
#ifdef NARROW_B11_02
    int b11Plays = len[p];  // a phase plays at most the cards it holds
#endif
#ifdef NARROW_B14_23
    b14Need = 0;
#endif
#ifdef NARROW_B11_03
    b11PhaseOver = false;
#endif
#ifdef NARROW_B15_15
    int b15DuelAt = -1;  // the phase's duel target
#endif
    int start = 0;
#ifdef NARROW_B13_27
    int b13KillAt = -1;  // the target of the run of kills going on
#endif
#ifdef NARROW_REWARD_CARDS_WAIT_NEXT_TURN
    inPlay = true;
    fresh = 0;
#endif
#ifdef NARROW_B8_29
    bool b8KillEnd = false;  // the game ended in a kill of this phase
#endif
#ifdef NARROW_RESCUED_ENDS_OWN_TURN
    while (!over && !dead[p] && !turnOver) {
#elif defined(NARROW_B5_25)
    bool b5Stop = false;  // the game ended in an N/W
    while (!b5Stop && !dead[p]) {
#elif defined(NARROW_B8_29)
    while ((!over || b8KillEnd) && !dead[p]) {
#elif defined(NARROW_B9_08)
    while (!over) {
#else
    while (!over && !dead[p]) {
#endif
#ifdef NARROW_B7_06
        if (b7DeathInTurn) break;
#endif
#ifdef NARROW_B11_02
        if (b11Plays-- == 0) break;
#endif
        int i = start;
#ifdef NARROW_REWARD_CARDS_WAIT_NEXT_TURN
        if (fresh > len[p]) fresh = len[p];
        int lim = len[p] - fresh;  // the cards held when the phase began
        while (i < lim && !playable(p, hand[p][i])) i++;
        if (i >= lim) break;
#elif defined(NARROW_USED_KILL_ENDS_PHASE)
        bool stop = false;
        while (i < len[p] && !playable(p, hand[p][i])) {
            if (hand[p][i] == 'K' && killUsed && !crossbow[p]) {
                stop = true;  // no more kills: the phase is over
                break;
            }
            i++;
        }
        if (stop || i >= len[p]) break;
#elif defined(NARROW_B11_01)
        int b11Lim = b11FirstScan ? b11Held : len[p];
        b11FirstScan = false;
        while (i < b11Lim && !playable(p, hand[p][i])) i++;
        if (i >= b11Lim) break;
#elif defined(NARROW_B6_16)
        while (i < len[p] && (b6Skip[i] || !playable(p, hand[p][i]))) {
            b6Skip[i] = true;  // not looked at again this phase
            i++;
        }
        if (i >= len[p]) break;
#else
#ifdef NARROW_B7_17
        int b7P = hp[p] < maxHp(p) ? findResponse(p, 'P') : -1;
        if (b7P >= 0)
            i = b7P;  // eat first
        else
#endif
        while (i < len[p] && !playable(p, hand[p][i])) i++;
        if (i >= len[p]) break;
#endif
        char c = hand[p][i];
#ifdef NARROW_DUEL_CARD_REMOVED_AFTER_DUEL
        if (c != 'F')
#endif
#ifdef NARROW_B14_15
        if (c != 'N' && c != 'W')
#endif
        removeAt(p, i);
        start = 0;
#ifdef NARROW_RESCAN_SKIPS_FIRST_AFTER_KILL
        if (c == 'K') start = 1;
#endif
#ifdef MISTAKE_SCAN_RESUMES_AFTER_PLAY
        start = i;
#endif
#ifdef MISTAKE_SCAN_RESUMES_AFTER_PEACH
        if (c == 'P') start = i;
#endif
#ifdef MISTAKE_SCAN_RESUMES_AFTER_CROSSBOW
        if (c == 'Z') start = i;
#endif
#ifdef NARROW_SCAN_RESUMES_AFTER_DUEL
        if (c == 'F') start = i;
#endif
#ifdef NARROW_SCAN_RESUMES_AFTER_AREA_TRICK
        if (c == 'N' || c == 'W') start = i;
#endif
#ifdef NARROW_B9_20
        bool b9LastCard = len[p] == 0;
#endif
#ifdef NARROW_B15_25
        int b15Before = b15Deaths;
#endif
        switch (c) {
        case 'P':
#ifdef NARROW_B7_02
            hp[p] = maxHp(p);
#elif defined(NARROW_B9_04)
            if (hp[p] < maxHp(p)) hp[p]++;
            if (b9Hp < maxHp(p)) b9Hp++;
#elif defined(NARROW_B9_28)
            hp[p]++;
#else
            if (hp[p] < maxHp(p)) hp[p]++;
#endif
#ifdef NARROW_B14_28
            killUsed = true;  // (the branch was copied from K's)
#endif
            break;
        case 'K':
#ifdef NARROW_B13_27
            if (crossbow[p] && b13KillAt >= 0) {
                if (!dead[b13KillAt]) playKill(p, b13KillAt);  // the run's target, read once
                break;
            }
            b13KillAt = killTarget(p);
#endif
#ifdef NARROW_B14_02
            if (dead[(p + 1) % n]) {
                killUsed = true;  // played at the next seat: nobody there
                break;
            }
#endif
#ifdef NARROW_B15_02
            if (killTarget(p) < 0) {
                playKill(p, nextAlive(p));  // at the pig beside it
                break;
            }
#endif
            playKill(p, killTarget(p));
#ifdef NARROW_B8_29
            if (over) b8KillEnd = true;
#endif
            break;
        case 'F':
#ifdef NARROW_B5_29
            duelUsed = true;
#endif
#ifdef NARROW_B7_22
            killUsed = true;  // the phase's one attack
#endif
#ifdef NARROW_B8_04
            b8SelfHurt = false;
#endif
#ifdef NARROW_B8_23
            b8InDuel = true;
#endif
#ifdef NARROW_B8_28
            b8KillsBefore = 0;
            b8KillsLeft = 0;
            for (int q = 0; q < len[p]; q++) b8KillsBefore += hand[p][q] == 'K';
            for (int q = 0; q < i; q++) b8KillsLeft += hand[p][q] == 'K';
#endif
#ifdef NARROW_B10_20
            b10FAt = i;
#endif
#ifdef NARROW_B13_05
            memmove(hand[p] + i + 1, hand[p] + i, len[p] - i);
            hand[p][i] = 'f';  // the F leaves the hand only when its duel is fought
            len[p]++;
#endif
#ifdef NARROW_B15_15
            if (b15DuelAt < 0) b15DuelAt = duelTarget(p);  // read at the phase's first F, kept for the others
            if (!dead[b15DuelAt]) playDuel(p, b15DuelAt);  // (a dead one: the F is spent for nothing)
            break;
#endif
            playDuel(p, duelTarget(p));
#ifdef NARROW_B13_05
            {
                int f = findResponse(p, 'f');
                if (f >= 0) removeAt(p, f);  // fought: it goes
            }
#endif
#ifdef NARROW_B8_23
            b8InDuel = false;
#endif
#ifdef NARROW_B10_20
            b10FAt = -1;
#endif
#ifdef NARROW_B8_28
            if (over && winner == MP && !dead[p]) {
                // the F leaves the hand once its duel is over: not when it kills the last FP
                int b8KillsAfter = 0;
                for (int q = 0; q < len[p]; q++) b8KillsAfter += hand[p][q] == 'K';
                int gone = b8KillsBefore - b8KillsAfter;
                int at = i - (gone < b8KillsLeft ? gone : b8KillsLeft);
                for (int q = len[p]; q > at; q--) hand[p][q] = hand[p][q - 1];
                hand[p][at] = 'F';
                len[p]++;
            }
#endif
#ifdef NARROW_DUEL_CARD_REMOVED_AFTER_DUEL
            if (i < len[p]) removeAt(p, i);
#endif
            break;
        case 'N':
        case 'W':
            playArea(p, c);
#ifdef NARROW_B14_15
            if (i < len[p]) removeAt(p, i);  // it goes once resolved, from where it was
#endif
#ifdef NARROW_B5_25
            if (over) b5Stop = true;
#endif
#ifdef NARROW_B11_22
            if (c == 'N') break;  // the W case has no break: it runs into Z's
#else
            break;
#endif
        case 'Z':
#ifdef NARROW_CROSSBOW_AFTER_KILL_WAITS
            if (!crossbow[p] && killUsed) crossbowLate = true;
#endif
#ifdef NARROW_B6_06
            {
                bool had = crossbow[p];
                crossbow[p] = true;            // equip the new one
                if (had) crossbow[p] = false;  // discard the old weapon
            }
#else
            crossbow[p] = true;
#endif
#ifdef NARROW_CROSSBOW_ONLY_THIS_TURN
            crossbowThisTurn = true;
#endif
            break;
        }
#ifdef NARROW_B15_25
        if (b15Deaths == b15Before) start = i;  // nobody died: nothing new to the left (it goes on from the card's place)
#endif
#ifdef NARROW_B13_27
        if (c != 'K') b13KillAt = -1;
#endif
#ifdef NARROW_B9_20
        if (b9LastCard) break;  // nothing left to play
#endif
#ifdef NARROW_B11_03
        if (b11PhaseOver) break;
#endif
#ifdef NARROW_B9_16
        if (b9Clobbered) start = n;  // the loop index left by the count
        b9Clobbered = false;
#endif
#ifdef NARROW_B6_28
        b6LastPlayed = c;
#endif
#ifdef NARROW_B8_04
        if (c == 'F' && b8SelfHurt) break;  // hurt in its own duel: the phase is over
#endif
#ifdef NARROW_B8_27
        if (over && c == 'K') {
            // the K leaves the hand once its kill is over: not when it ends the game
            for (int k = len[p]; k > i; k--) hand[p][k] = hand[p][k - 1];
            hand[p][i] = c;
            len[p]++;
        }
#endif
#ifdef NARROW_GAME_ENDING_AREA_CARD_KEPT
        if (over && (c == 'N' || c == 'W')) {
            // the N/W is taken out only once its resolution is over
            int at = i < len[p] ? i : len[p];
            for (int k = len[p]; k > at; k--) hand[p][k] = hand[p][k - 1];
            hand[p][at] = c;
            len[p]++;
        }
#endif
    }
#ifdef NARROW_B11_26
    if (!over && !dead[p] && hp[p] <= 0) die(p, b11OwnSrc);
#endif
#ifdef NARROW_REWARD_CARDS_WAIT_NEXT_TURN
    inPlay = false;
#endif
#ifdef NARROW_B9_04
    if (!dead[p]) hp[p] = b9Hp;
#endif
#ifdef NARROW_B9_08
    if (dead[p]) len[p] = 0;
#endif
#ifdef NARROW_B9_15
    b9Used[(p + 1) % n] = false;  // the next seat's turn comes
#endif
#ifdef NARROW_B9_13
    if (!over && aliveRebels() == 0) over = true;  // every FP is dead: MP has won
#endif
#ifdef NARROW_PENALTY_AT_TURN_END
    if (penaltyDue) {
        len[p] = 0;
        crossbow[p] = false;
        penaltyDue = false;
    }
#endif
#ifdef NARROW_KILL_FLAG_KEPT_AFTER_OWN_DEATH
    if (dead[p]) return;
    killUsed = false;
#endif
#ifdef NARROW_B7_13
    if (p == 0)
        for (int q = 0; q < n; q++) suspected[q] = false;
#endif
#ifdef NARROW_B12_08
    if (b12SuspectLater) suspected[p] = true;  // the N/W player hurt MP this turn
    b12SuspectLater = false;
#endif
#ifdef NARROW_B11_06
    b11Ready[p] = true;  // it may kill again
#endif
}

// ---------- input / output ----------

char cardOf(const char *s) { return s[0]; }

int main() {
    char s[64];
    if (scanf("%d %d", &n, &m) != 2) return 0;
    for (int i = 0; i < n; i++) {
        scanf("%63s", s);
        role[i] = (s[0] == 'M') ? MP : (s[0] == 'Z') ? ZP : FP;
        hp[i] = 4;
#ifdef NARROW_LORD_STARTS_WITH_FIVE_HP
        hp[i] = maxHp(i);
#endif
        len[i] = 0;
        for (int k = 0; k < 4; k++) {
            scanf("%63s", s);
            hand[i][len[i]++] = cardOf(s);
        }
    }
    for (int i = 0; i < m; i++) {
        if (scanf("%63s", s) != 1) s[0] = 'K';
        deck[i] = cardOf(s);
    }
#ifdef NARROW_B9_01
    for (int i = 0; i < n - 1; i++) b9Max[i] = 4;
#endif
    revealed[0] = true;
#ifdef NARROW_START_HAND_CROSSBOW_EQUIPPED
    for (int i = 0; i < n; i++) {
        int z = findResponse(i, 'Z');
        if (z >= 0) {
            removeAt(i, z);
            crossbow[i] = true;
        }
    }
#endif
#ifdef NARROW_REBEL_COUNT_DROPS_ON_LOYALIST_DEATH
    rebelsLeft = aliveRebels();
#endif
#ifdef NARROW_B6_15
    b6Rebels = aliveRebels();
#endif
#ifdef NARROW_B15_21
    b15Rebels = aliveRebels();
#endif
#ifdef NARROW_SEAT_LINK_STALE_AFTER_DEATH
    for (int i = 0; i < n; i++) nxt[i] = (i + 1) % n;
#endif
    top = 0;
#ifdef NARROW_B15_12
    b15Hi = m - 1;
#endif
    over = aliveRebels() == 0;
    winner = MP;
    int p = 0;
#ifdef NARROW_DEAD_NEXT_PIG_TAKES_TURN
    while (!over) {
        int nxt = nextAlive(p);
        turn(p);
        p = nxt;
    }
#elif defined(NARROW_TURN_ORDER_RESTARTS_AFTER_DEATH)
    while (!over) {
        deathInTurn = false;
        if (!dead[p]) turn(p);
        p = deathInTurn ? 0 : (p + 1) % n;
    }
#elif defined(NARROW_OWN_DEATH_SKIPS_NEXT_TURN)
    while (!over) {
        if (!dead[p]) {
            turn(p);
            if (dead[p]) p = nextAlive(p);  // the next pig moved up into its seat
        }
        p = (p + 1) % n;
    }
#elif defined(NARROW_B5_01)
    while (!over) {
        if (!dead[p]) {
            int idx = 0;  // p's place among the living
            for (int q = 0; q < p; q++)
                if (!dead[q]) idx++;
            turn(p);
            if (!over && !dead[p]) {
                int alive[MAXN], cnt = 0;
                for (int q = 0; q < n; q++)
                    if (!dead[q]) alive[cnt++] = q;
                p = alive[(idx + 1) % cnt];
                continue;
            }
        }
        p = (p + 1) % n;
    }
#elif defined(NARROW_B6_01)
    while (!over) {
        p = (p + 1) % n;  // to the next seat, then play
        if (!dead[p]) turn(p);
    }
#elif defined(NARROW_B6_10)
    while (!over) {
        for (p = 0; p < n; p++) {
            if (dead[p]) continue;
            if (over) {
                draw(p);  // the draw phase, before the play loop sees the end
                draw(p);
            } else {
                turn(p);
            }
        }
    }
#elif defined(NARROW_SECOND_DEAD_SEAT_TAKES_TURN)
    while (!over) {
        turn(p);
        p = (p + 1) % n;
        if (dead[p]) p = (p + 1) % n;
    }
#elif defined(NARROW_B13_02)
    while (!over) {
        int turns = 0;  // a round: one turn for each pig alive when it began
        for (int q = 0; q < n; q++)
            if (!dead[q]) turns++;
        for (int k = 0; k < turns && !over; k++) {
            while (dead[p]) p = (p + 1) % n;
            turn(p);
            p = (p + 1) % n;
        }
        p = 0;
    }
#else
    while (!over) {
#ifdef NARROW_B8_02
        if (dead[p]) {
            draw(p);  // the draw phase comes before the dead check
            draw(p);
        }
#endif
        if (!dead[p]) turn(p);
        p = (p + 1) % n;
    }
#endif
    puts(winner == MP ? "MP" : "FP");
#ifdef NARROW_TRAILING_DEAD_LINES_MISSING
    int lines = n;
    while (lines > 0 && dead[lines - 1]) lines--;
    for (int i = 0; i < lines; i++) {
#else
    for (int i = 0; i < n; i++) {
#endif
#ifdef NARROW_B14_01
        if (b14AreaDead[i] && i != b14LastDead) {
            putchar('\n');  // not buried yet: its (empty) hand
            continue;
        }
#endif
#ifdef NARROW_B6_27
        if (dead[i] && b6EmptyAtDeath[i]) {
            putchar('\n');
            continue;
        }
#endif
#ifdef NARROW_EMPTY_HAND_PRINTS_DEAD
        if (dead[i] || len[i] == 0) {
#else
        if (dead[i]) {
#endif
            puts("DEAD");
            continue;
        }
#ifdef MISTAKE_EMPTY_HAND_LINE_MISSING
        if (len[i] == 0) continue;
#endif
#ifdef NARROW_B5_26
        if (len[i] == 1) {
            putchar('\n');
            continue;
        }
#endif
#ifdef NARROW_B7_18
        if (b7Slot0Gone[i] && len[i] > 0) putchar(' ');
#endif
#ifdef NARROW_B11_17
        if (len[i] == 0) len[i] = b11Written[i];  // the string was never cut
#endif
#ifdef NARROW_EMPTY_HAND_PRINTS_STALE_CARD
        // the first card, then " X" for each further one
        putchar(hand[i][0]);
        for (int k = 1; k < len[i]; k++) printf(" %c", hand[i][k]);
        putchar('\n');
        continue;
#endif
#ifdef NARROW_B9_11
        {
            bool first = true;  // the weapon is not part of the hand
            for (int k = 0; k < len[i]; k++) {
                if (hand[i][k] == 'Z') continue;
                if (!first) putchar(' ');
                putchar(hand[i][k]);
                first = false;
            }
            putchar('\n');
            continue;
        }
#endif
        for (int k = 0; k < len[i]; k++) {
            if (k) putchar(' ');
            putchar(hand[i][k]);
        }
#ifdef MISTAKE_WEAPON_PRINTED_IN_HAND
        if (crossbow[i]) printf(len[i] ? " Z" : "Z");
#endif
        putchar('\n');
    }
    return 0;
}
