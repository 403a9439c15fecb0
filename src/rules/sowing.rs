//! The one sowing kernel every game uses: laps, relay, direction, drop-by-drop events
//! and exact never-ending-move detection (Brent's cycle finding on the lap-start state).
//!
//! A move runs on its own copy of the seeds ([`Seeds`] is `Copy`), on the mover's
//! circuit of slots (see [`Board`]). A lap that is not reported drop by drop is one
//! vector add over the circuit: on a 16-pit circuit a `u128` of 16 byte lanes, on the
//! others one or two runs of consecutive slots. A game supplies a [`MoveRules`]: what
//! happens after a drop (Anywoli's fours), how a lap ends (relay, stop, or captured
//! seeds sown again from the origin) and whether the mover may choose the next lap's
//! direction (Omweso). [`Sowing::run`] takes a lap budget, so a long move can be
//! worked out in slices (see [`super::LongMove`]).

use super::lanes::Circuit;
pub(crate) use super::lanes::sow_lap;
use super::seeds::Seeds;
use super::{Board, Decision, Direction, Event, GameState, Player};

/// Laps of one move that are reported drop by drop; later laps are condensed into
/// one [`Event::Condensed`] so that a move's events stay bounded.
pub const EVENT_LAPS: u64 = 200;

/// Collects events, or ignores them (search and playouts).
#[derive(Debug, Default)]
pub struct Recorder {
    pub on: bool,
    pub events: Vec<Event>,
    /// Search only: give up a move after this many laps (the state is left unchanged
    /// and `cut_short` set). Real play never sets it: moves are followed exactly.
    pub lap_limit: u64,
    pub cut_short: bool,
}

impl Recorder {
    /// A recorder that keeps events if `on`.
    pub fn new(on: bool) -> Recorder {
        Recorder {
            on,
            events: Vec::new(),
            lap_limit: u64::MAX,
            cut_short: false,
        }
    }

    /// Records an event (built only when recording).
    #[inline]
    pub fn push(&mut self, event: impl FnOnce() -> Event) {
        if self.on {
            self.events.push(event());
        }
    }
}

/// How a lap ended, as the game's rules decide.
pub enum LapEnd {
    /// The move is over.
    Stop,
    /// Lift the landing pit and sow on from the next pit.
    Relay,
    /// The rules put seeds in the hand; sow them from the pit after the origin.
    SowFromOrigin,
}

/// How a move (or the part of it up to a decision) ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveEnd {
    /// The last lap ended at this position of the mover's circuit.
    Landed(usize),
    /// The mover must choose the next lap's direction (Omweso).
    AskDirection,
    /// The lap-start state repeated: the move never ends.
    NeverEnding,
    /// The lap budget of this call ran out; [`Sowing::run`] goes on from here.
    Paused,
}

/// One game's rules for the course of a move.
pub(crate) trait MoveRules {
    /// Whether [`MoveRules::after_drop`] does anything (then every lap is sown drop by drop).
    const DROP_HOOK: bool = false;
    /// After every drop but a lap's last, at this position of the mover's circuit.
    #[inline(always)]
    fn after_drop(&mut self, _sowing: &mut Sowing, _pos: usize) {}
    /// After a lap's last drop, at position `landing`.
    fn lap_end(&mut self, sowing: &mut Sowing, landing: usize) -> LapEnd;
    /// Before a lap starts (not the first): may the mover choose its direction?
    #[inline(always)]
    fn offers_direction(&self, _sowing: &Sowing) -> bool {
        false
    }
    /// Whether [`MoveRules::quiet_laps`] plays the laps that are not reported.
    const QUIET_LAPS: bool = false;
    /// Plays laps that are not reported, exactly as [`Sowing::run`] would, until the
    /// move ends, asks for a direction, never ends or reaches lap `stop_at`
    /// ([`MoveEnd::Paused`]): a game's own tight loop (Omweso's).
    fn quiet_laps(&mut self, _sowing: &mut Sowing, _cycle: &mut Brent, _stop_at: u64) -> MoveEnd {
        unreachable!("only with QUIET_LAPS")
    }
}

/// A move in progress on a player's circuit, on its own copy of the seeds.
pub struct Sowing {
    pub(crate) board: &'static Board,
    pub(crate) player: Player,
    pub(crate) seeds: Seeds,
    /// The mover's first slot and his circuit's length.
    pub(crate) base: usize,
    pub(crate) len: usize,
    /// The next lap drops its first seed into the position after this one.
    pub(crate) from: usize,
    /// The position the current chain of laps was lifted from.
    pub(crate) origin: usize,
    pub(crate) dir: Direction,
    /// Laps played in this move.
    pub(crate) laps: u64,
    pub(crate) rec: Recorder,
    recording: bool,
    /// The cycle finder of a paused move (kept off the stack of ordinary moves).
    cycle: Option<Box<Brent>>,
}

impl Sowing {
    /// The move a checked turn start `d` begins, on a copy of the seeds of `s`: the
    /// start pit lifted into the hand.
    #[inline(always)]
    pub(crate) fn start(s: &GameState, d: &Decision, rec: Recorder) -> Sowing {
        let p = s.to_decide;
        let slot = d
            .start_pit()
            .and_then(|pit| s.board.slot(pit))
            .expect("a checked start");
        let from = slot - s.board.base[p as usize];
        let mut sowing = Sowing::new(s.board, p, &s.seeds, from, rec);
        sowing.lift(from);
        sowing
    }

    /// A move by `player` on a copy of these seeds whose next lap starts after
    /// position `from`.
    #[inline(always)]
    pub(crate) fn new(
        board: &'static Board,
        player: Player,
        seeds: &Seeds,
        from: usize,
        rec: Recorder,
    ) -> Sowing {
        let recording = rec.on;
        Sowing {
            board,
            player,
            seeds: *seeds,
            base: board.base[player as usize],
            len: board.circuit_len,
            from,
            origin: from,
            dir: Direction::Ccw,
            laps: 0,
            rec,
            recording,
            cycle: None,
        }
    }

    /// Seeds at a position of the mover's circuit.
    #[inline(always)]
    pub(crate) fn at(&self, pos: usize) -> u8 {
        self.seeds.pits[self.base + pos]
    }

    /// Records an event if this lap is one that is reported.
    #[inline]
    pub(crate) fn record(&mut self, event: impl FnOnce() -> Event) {
        if self.recording {
            self.rec.events.push(event());
        }
    }

    /// Lifts every seed of a position of the mover's circuit into the hand.
    #[inline]
    pub(crate) fn lift(&mut self, pos: usize) {
        let slot = self.base + pos;
        let count = self.seeds.pits[slot] as u32;
        self.seeds.pits[slot] = 0;
        self.seeds.hand += count;
        let pit = self.board.pit_of_slot[slot];
        self.record(|| Event::Lift { pit, count });
    }

    /// Moves every seed of a slot to `to`; returns how many.
    #[inline]
    pub(crate) fn capture(&mut self, slot: usize, to: super::CaptureTo) -> u32 {
        let count = self.seeds.pits[slot] as u32;
        self.seeds.pits[slot] = 0;
        match to {
            super::CaptureTo::Store(p) => self.seeds.stores[p as usize] += count,
            super::CaptureTo::OffBoard(p) => self.seeds.captured[p as usize] += count,
            super::CaptureTo::Hand => self.seeds.hand += count,
        }
        let from = self.board.pit_of_slot[slot];
        self.record(|| Event::Capture { from, count, to });
        count
    }

    /// Drops the hand one seed at a time, with events and the drop hook.
    fn sow_by_drops<R: MoveRules>(&mut self, rules: &mut R) -> usize {
        let len = self.len;
        let step = match self.dir {
            Direction::Ccw => 1,
            Direction::Cw => len - 1,
        };
        let n = self.seeds.hand;
        let mut pos = self.from;
        for i in 1..=n {
            pos += step;
            if pos >= len {
                pos -= len;
            }
            let slot = self.base + pos;
            self.seeds.pits[slot] += 1;
            self.seeds.hand -= 1;
            if self.recording {
                let pit = self.board.pit_of_slot[slot];
                self.rec.events.push(Event::Drop { pit });
            }
            if R::DROP_HOOK && i < n {
                rules.after_drop(self, pos);
            }
        }
        pos
    }

    /// Sows the hand as one lap without events: returns the landing position.
    #[inline(always)]
    fn sow_quiet(&mut self) -> usize {
        let hand = self.seeds.hand;
        self.seeds.hand = 0;
        let circuit = &mut self.seeds.pits[self.base..self.base + self.len];
        sow_lap(circuit, self.from, hand, self.dir)
    }

    /// Plays laps until the move ends, the mover must decide, a cycle proves the move
    /// never ends, or `max_laps` more laps have been played ([`MoveEnd::Paused`]; call
    /// again to go on). The hand must hold the next lap's seeds. The laps go by
    /// [`lap_loop`], all of them here, except that a game with a quiet loop of its own
    /// ([`MoveRules::QUIET_LAPS`]) plays there those that are not reported.
    pub(crate) fn run<R: MoveRules>(&mut self, rules: &mut R, max_laps: u64) -> MoveEnd {
        let stop_at = self.laps.saturating_add(max_laps);
        let mut cycle = match self.cycle.take() {
            Some(b) => *b,
            None => Brent::new([0; super::board::MAX_PITS]),
        };
        let recorded_until = match (R::QUIET_LAPS, self.rec.on) {
            (false, _) => stop_at,
            (true, true) => stop_at.min(EVENT_LAPS),
            (true, false) => 0,
        };
        let mut end = MoveEnd::Paused;
        if self.laps < recorded_until {
            let laps = self.laps;
            let recorded = &mut Recorded {
                sowing: self,
                rules,
            };
            end = lap_loop(recorded, &mut cycle, laps, recorded_until).0;
        }
        if R::QUIET_LAPS && end == MoveEnd::Paused && self.laps < stop_at {
            self.recording = false;
            end = rules.quiet_laps(self, &mut cycle, stop_at);
        }
        if end == MoveEnd::Paused {
            self.cycle = Some(Box::new(cycle));
        }
        self.recording = self.rec.on;
        end
    }

    /// Adds the [`Event::Condensed`] of a move that went past the reported laps,
    /// counting from lap `first_lap` of this turn's part (call when the move ended or
    /// stopped for a decision).
    pub(crate) fn condense(&mut self, first_lap: u64) {
        let condensed_from = first_lap.max(EVENT_LAPS);
        if self.rec.on && self.laps > condensed_from {
            let laps = self.laps - condensed_from;
            let tableau = self.seeds.grid(self.board);
            self.rec.events.push(Event::Condensed { laps, tableau });
        }
    }

    /// Where a lap of `hand` seeds from flat pit `from` in `dir` would end, and how
    /// many seeds that pit would hold just before the last drop (without sowing).
    /// `pits` are in grid order, as [`super::Tableau::pits`].
    pub fn preview_landing(
        board: &Board,
        player: Player,
        pits: &[u8],
        from: usize,
        hand: u32,
        dir: Direction,
    ) -> (usize, u32) {
        let circuit = board.circuit(player);
        let len = circuit.len() as u32;
        let pos = board
            .circuit_position(player, from)
            .expect("on the circuit") as u32;
        let dist = (hand - 1) % len + 1;
        let landing_pos = match dir {
            Direction::Ccw => (pos + dist) % len,
            Direction::Cw => (pos + len - dist) % len,
        };
        let landing = circuit[landing_pos as usize] as usize;
        let earlier_drops = (hand - dist) / len;
        (landing, pits[landing] as u32 + earlier_drops)
    }
}

/// A move of [`Sowing::run`] between laps, with its game's rules: the board's slots,
/// every lap with its events while they are reported.
struct Recorded<'a, R> {
    sowing: &'a mut Sowing,
    rules: &'a mut R,
}

impl<R: MoveRules> Laps for Recorded<'_, R> {
    type Circuits = [u8; super::board::MAX_PITS];

    #[inline(always)]
    fn lap(&mut self, lap: u64) -> Option<MoveEnd> {
        let s = &mut *self.sowing;
        let reported = s.rec.on && lap < EVENT_LAPS;
        let landing = if R::DROP_HOOK || reported {
            s.recording = reported;
            s.sow_by_drops(self.rules)
        } else {
            s.recording = false;
            s.sow_quiet()
        };
        s.laps = lap + 1;
        s.recording = s.rec.on && s.laps <= EVENT_LAPS;
        match self.rules.lap_end(s, landing) {
            LapEnd::Stop => return Some(MoveEnd::Landed(landing)),
            LapEnd::Relay => {
                let pit = s.board.pit_of_slot[s.base + landing];
                s.record(|| Event::Relay { pit });
                s.lift(landing);
                s.from = landing;
                s.origin = landing;
            }
            LapEnd::SowFromOrigin => s.from = s.origin,
        }
        s.dir = Direction::Ccw;
        self.rules
            .offers_direction(s)
            .then_some(MoveEnd::AskDirection)
    }

    #[inline(always)]
    fn key(&self) -> u64 {
        lap_key(self.sowing)
    }

    #[inline(always)]
    fn circuits(&self) -> Self::Circuits {
        self.sowing.seeds.pits
    }

    #[inline(always)]
    fn same(&self, saved: &Self::Circuits) -> bool {
        self.sowing.seeds.pits == *saved
    }
}

/// What a game's quiet moves do in a lap, for [`quiet_laps`]: Anywoli's fours and
/// the relay games' plain laps.
pub(crate) trait QuietLaps<C: Circuit> {
    /// One lap of `hand` seeds counter-clockwise after position `from` of a circuit of
    /// `len` (with whatever its drops do): the landing, and its count after the drop.
    fn lap(&mut self, c: &mut C, len: usize, from: usize, hand: usize) -> (usize, u8);
    /// After the lap's last drop made `count` at `landing`: whether the move relays
    /// from there (else it is over, with whatever its end does).
    fn relays(&mut self, c: &mut C, landing: usize, count: u8) -> bool;
}

/// The quiet laps (search, playouts) of the games whose laps all go one way and
/// relay from the landing pit (Anywoli, Nsolo, Hawalis, Bao Kigogo): a move from
/// position `from` of a circuit of `len`, lap after lap by [`lap_loop`], as
/// [`Sowing::run`] plays it (only the circuit, the hand and the lap start change, and
/// after a relay the lap start is the origin), giving up after `limit` laps
/// ([`MoveEnd::Paused`]). Written once over the circuit's form ([`Circuit`]: the
/// positions of `C` past `len` never change).
#[inline(always)]
pub(crate) fn quiet_laps<C: Circuit>(
    rules: &mut impl QuietLaps<C>,
    c: &mut C,
    len: usize,
    from: usize,
    limit: u64,
) -> MoveEnd {
    debug_assert!(len >= 1 && from < len);
    let hand = c.at(from) as usize;
    c.empty(from);
    let mut one_way = OneWay {
        rules,
        c,
        len,
        from,
        hand,
    };
    // Nothing saved at first (and the circuit just read is not copied).
    let mut cycle = Cycle::new(C::EMPTY);
    lap_loop(&mut one_way, &mut cycle, 0, limit).0
}

/// A move of [`quiet_laps`] between laps.
struct OneWay<'a, Q, C> {
    rules: &'a mut Q,
    c: &'a mut C,
    len: usize,
    from: usize,
    hand: usize,
}

impl<Q: QuietLaps<C>, C: Circuit> Laps for OneWay<'_, Q, C> {
    type Circuits = C;

    #[inline(always)]
    fn lap(&mut self, _: u64) -> Option<MoveEnd> {
        let (landing, count) = self.rules.lap(self.c, self.len, self.from, self.hand);
        if !self.rules.relays(self.c, landing, count) {
            return Some(MoveEnd::Landed(landing));
        }
        self.hand = count as usize;
        self.c.empty(landing);
        self.from = landing;
        None
    }

    #[inline(always)]
    fn key(&self) -> u64 {
        (self.hand as u64) << 32 | self.from as u64
    }

    #[inline(always)]
    fn circuits(&self) -> C {
        *self.c
    }

    #[inline(always)]
    fn same(&self, saved: &C) -> bool {
        *self.c == *saved
    }
}

/// A move between two laps, as one lap loop holds it: each loop's own form of the
/// circuits and the rest of the lap start, and what one lap does. [`lap_loop`] plays
/// the laps, with the cycle finding and the stop.
pub(crate) trait Laps {
    /// The circuits of a lap start that Brent's cycle finding saves and compares, in
    /// the form the loop holds them.
    type Circuits: Copy + PartialEq;
    /// Plays the lap after lap `lap` (the laps played before it): `None` when the
    /// move goes on (the next lap start is ready: after a relay, or captured seeds to
    /// be sown again), else how it ended (landed, or a direction to choose).
    fn lap(&mut self, lap: u64) -> Option<MoveEnd>;
    /// The lap start's key besides its circuits: hand, lap start, origin, direction.
    fn key(&self) -> u64;
    /// The lap start's circuits (copied when saved).
    fn circuits(&self) -> Self::Circuits;
    /// Whether the lap start's circuits are `saved` (asked only when the key is the
    /// saved one's, which almost never happens).
    fn same(&self, saved: &Self::Circuits) -> bool;
}

/// The lap loop of every move, recorded or quiet, in every game: plays laps after lap
/// `laps` until the move ends, the mover must choose a direction, a lap start repeats
/// (the move never ends: Brent's cycle finding, [`Cycle`]) or lap `stop_at` is played
/// ([`MoveEnd::Paused`]; call again with the same `cycle` to go on). Returns how it
/// ended and the laps played by then. What a lap does, and the form of the circuits,
/// is the [`Laps`] given: the recorded kernel ([`Sowing::run`]), the one-way quiet
/// laps of Anywoli and the relay games ([`quiet_laps`]) and Omweso's quiet laps
/// (`omweso/laps.rs`). Brent's clock is brought up to date lazily ([`LapSchedule`]:
/// one compare a lap for the next save and the stop), and the key of a lap start is
/// looked at only once one is saved.
#[inline(always)]
pub(crate) fn lap_loop<L: Laps>(
    move_now: &mut L,
    cycle: &mut Cycle<L::Circuits>,
    mut laps: u64,
    stop_at: u64,
) -> (MoveEnd, u64) {
    let (mut saved, mut key) = (cycle.saved, cycle.key);
    let mut schedule = LapSchedule::new(cycle.clock, laps, stop_at);
    let mut ticked = true; // whether the last lap's tick was counted (left by a break)
    let end = loop {
        let end = move_now.lap(laps);
        laps += 1;
        if let Some(end) = end {
            ticked = false;
            break end;
        }
        if key != u64::MAX && move_now.key() == key && move_now.same(&saved) {
            ticked = false;
            break MoveEnd::NeverEnding;
        }
        if laps >= schedule.next {
            let (save, stop) = schedule.due(laps);
            if save {
                (saved, key) = (move_now.circuits(), move_now.key());
            }
            if stop {
                break MoveEnd::Paused;
            }
        }
    };
    (cycle.saved, cycle.key) = (saved, key);
    cycle.clock = schedule.clock_after(laps, ticked);
    (end, laps)
}

/// Brent's cycle finding on a move's lap starts, as [`lap_loop`] keeps it for every
/// move. It holds the lap start saved, its circuits in the form its [`Laps`] holds
/// them (`C`: the board's slots, a circuit's bytes or
/// [`Lanes`](super::lanes::Lanes)) and a key of the rest
/// (hand, lap start, origin, direction), with the clock that says when the next lap
/// start replaces it. Nothing is saved before the lap after [`CYCLES_FROM`] + 1 (see
/// [`BrentClock::START`]), so a move that ends sooner (nearly every move) never copies
/// a state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Cycle<C> {
    pub(crate) saved: C,
    /// The saved lap start's key; `u64::MAX` while nothing is saved.
    pub(crate) key: u64,
    pub(crate) clock: BrentClock,
}

impl<C: Copy + PartialEq> Cycle<C> {
    /// A move's start: nothing saved (`blank` holds the saved circuits' place).
    #[inline(always)]
    pub(crate) const fn new(blank: C) -> Cycle<C> {
        Cycle {
            saved: blank,
            key: u64::MAX,
            clock: BrentClock::START,
        }
    }
}

/// The cycle finder of [`Sowing::run`]: the board's slots.
pub(crate) type Brent = Cycle<[u8; super::board::MAX_PITS]>;

/// Laps of a move played before Brent's cycle finding saves its first lap start. A
/// never-ending move goes round its cycle for ever, so it is found all the same
/// (Brent's method needs only a lap start saved once the move is in its cycle, and
/// gaps between saves that double), at another lap than if the finding began at the
/// first; the moves that end sooner (nearly all) are spared the finding's work a lap.
pub(crate) const CYCLES_FROM: u64 = 64;

/// Brent's schedule ([`lap_loop`]'s): the first lap start saved is the one after
/// [`CYCLES_FROM`] + 1 laps, and it is replaced after 128, 256, 512... laps more (the
/// power of two the saved state is compared for doubles at every save, which is all
/// Brent's method needs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BrentClock {
    power: u64,
    lam: u64,
}

impl BrentClock {
    /// A move's start: the lap start after lap [`CYCLES_FROM`] + 1 is the first saved
    /// (tick `k` saves when `lam`, counted from 0, has reached `power`).
    pub(crate) const START: BrentClock = BrentClock {
        power: CYCLES_FROM,
        lam: 0,
    };

    /// Counts one lap start (after comparing it with the saved one); true when it is
    /// to be saved in place of the saved one.
    #[inline(always)]
    pub(crate) fn tick(&mut self) -> bool {
        let save = self.power == self.lam;
        if save {
            self.power *= 2;
            self.lam = 0;
        }
        self.lam += 1;
        save
    }

    /// Ticks until the one that saves, counting it: the next is the save when 1.
    #[inline(always)]
    pub(crate) fn ticks_to_save(self) -> u64 {
        self.power - self.lam + 1
    }

    /// Counts `n` ticks that do not save (fewer than [`BrentClock::ticks_to_save`]).
    #[inline(always)]
    pub(crate) fn skip(&mut self, n: u64) {
        debug_assert!(n < self.ticks_to_save(), "a skipped tick would have saved");
        self.lam += n;
    }
}

/// Brent's clock in [`lap_loop`], brought up to date lazily: it ticks once a
/// lap, but only the tick that saves changes more than its count, so it is worked
/// out there and on leaving, and one compare a lap (with [`LapSchedule::next`])
/// stands for both the next save and the stop.
pub(crate) struct LapSchedule {
    clock: BrentClock,
    /// The lap up to which the clock's ticks are counted.
    synced: u64,
    save_at: u64,
    stop_at: u64,
    /// The nearer of the next save and the stop: [`LapSchedule::due`] after it.
    pub(crate) next: u64,
}

impl LapSchedule {
    /// The schedule of a loop that starts after lap `laps` and stops at `stop_at`.
    #[inline(always)]
    pub(crate) fn new(clock: BrentClock, laps: u64, stop_at: u64) -> LapSchedule {
        let save_at = laps + clock.ticks_to_save();
        LapSchedule {
            clock,
            synced: laps,
            save_at,
            stop_at,
            next: save_at.min(stop_at),
        }
    }

    /// At lap `laps` (not before [`LapSchedule::next`]): whether this lap start is
    /// to be saved, and whether the loop is to stop.
    #[inline(always)]
    pub(crate) fn due(&mut self, laps: u64) -> (bool, bool) {
        let save = laps == self.save_at;
        if save {
            self.clock.skip(laps - 1 - self.synced);
            let saves = self.clock.tick();
            debug_assert!(saves, "the save comes at the lap worked out");
            self.synced = laps;
            self.save_at = laps + self.clock.ticks_to_save();
        }
        self.next = self.save_at.min(self.stop_at);
        (save, laps >= self.stop_at)
    }

    /// The clock on leaving after lap `laps`; `ticked`: whether that lap's tick was
    /// counted (not when the loop left before it).
    #[inline(always)]
    pub(crate) fn clock_after(&self, laps: u64, ticked: bool) -> BrentClock {
        let mut clock = self.clock;
        clock.skip(laps - self.synced - !ticked as u64);
        clock
    }
}

/// The key of a lap start of [`Sowing::run`] besides the seeds on the board: hand,
/// lap start, origin and direction in one word.
#[inline(always)]
pub(crate) fn lap_key(s: &Sowing) -> u64 {
    (s.seeds.hand as u64) << 32 | (s.from as u64) << 16 | (s.origin as u64) << 1 | s.dir as u64
}

#[cfg(test)]
mod tests {
    use super::{BrentClock, CYCLES_FROM, LapSchedule};

    /// A clock from the move's start ticked `ticks` times.
    fn ticked(ticks: u64) -> BrentClock {
        let mut clock = BrentClock::START;
        for _ in 0..ticks {
            clock.tick();
        }
        clock
    }

    #[test]
    fn brent_saves_nothing_before_lap_65_then_after_doubling_gaps() {
        let mut clock = BrentClock::START;
        let saves: Vec<u64> = (1..=1_000).filter(|_| clock.tick()).collect();
        assert_eq!(saves, [CYCLES_FROM + 1, 193, 449, 961]);
    }

    #[test]
    fn a_lap_schedule_saves_stops_and_leaves_the_clock_as_a_tick_a_lap_does() {
        for start in [0, 1, 63, 64, 65, 66, 100, 192, 193, 500] {
            let clock = ticked(start);
            for stop in [
                start + 1,
                start + 65,
                start + 70,
                start + 300,
                start + 1_000,
            ] {
                // A tick every lap.
                let mut every = clock;
                let want: Vec<u64> = (start + 1..=stop).filter(|_| every.tick()).collect();
                // The schedule, looked at only from its next lap on.
                let mut schedule = LapSchedule::new(clock, start, stop);
                let (mut saves, mut stopped) = (Vec::new(), None);
                for lap in start + 1..=stop + 5 {
                    if lap >= schedule.next {
                        let (save, stop) = schedule.due(lap);
                        if save {
                            saves.push(lap);
                        }
                        if stop {
                            stopped = Some(lap);
                            break;
                        }
                    }
                }
                assert_eq!(saves, want, "from lap {start} to {stop}");
                assert_eq!(stopped, Some(stop));
                assert_eq!(schedule.clock_after(stop, true), every);
                // Left at lap `leave` before its tick (the move ended there).
                for leave in (start + 1..=stop).step_by(7) {
                    let mut schedule = LapSchedule::new(clock, start, stop);
                    for lap in start + 1..leave {
                        if lap >= schedule.next {
                            schedule.due(lap);
                        }
                    }
                    assert_eq!(
                        schedule.clock_after(leave, false),
                        ticked(leave - 1),
                        "from lap {start}, left at {leave}"
                    );
                }
            }
        }
    }
}
