//! The one sowing kernel every game uses: laps, relay, direction, drop-by-drop events
//! and exact never-ending-move detection (Brent's cycle finding on the lap-start state).
//!
//! A game supplies a [`MoveRules`]: what happens after a drop (Anywoli's fours), how a
//! lap ends (relay, stop, or captured seeds sown again from the origin) and whether the
//! mover may choose the next lap's direction (Omweso).

use super::{Board, Direction, Event, Player, Tableau};

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
#[derive(Debug, PartialEq, Eq)]
pub enum MoveEnd {
    /// The last lap ended in this pit (flat index).
    Landed(usize),
    /// The mover must choose the next lap's direction (Omweso).
    AskDirection,
    /// The lap-start state repeated: the move never ends.
    NeverEnding,
    /// The recorder's lap limit was reached (search only).
    CutShort,
}

/// One game's rules for the course of a move.
pub trait MoveRules {
    /// Whether [`MoveRules::after_drop`] does anything (lets the kernel skip it).
    const DROP_HOOK: bool = false;
    /// After every drop but a lap's last.
    fn after_drop(&mut self, _sowing: &mut Sowing<'_>, _pit: usize) {}
    /// After a lap's last drop into `landing`.
    fn lap_end(&mut self, sowing: &mut Sowing<'_>, landing: usize) -> LapEnd;
    /// Before a lap starts (not the first): may the mover choose its direction?
    fn offers_direction(&self, _sowing: &Sowing<'_>) -> bool {
        false
    }
}

/// A move in progress on a player's circuit.
pub struct Sowing<'a> {
    pub board: &'a Board,
    pub player: Player,
    pub seeds: &'a mut Tableau,
    /// The next lap drops its first seed into the pit after this one.
    pub from: usize,
    /// The pit the current chain of laps was lifted from.
    pub origin: usize,
    pub dir: Direction,
    /// Laps played in this move.
    pub laps: u64,
    pub rec: &'a mut Recorder,
    recording: bool,
}

impl<'a> Sowing<'a> {
    /// A move by `player` whose next lap starts after `from`.
    pub fn new(
        board: &'a Board,
        player: Player,
        seeds: &'a mut Tableau,
        from: usize,
        rec: &'a mut Recorder,
    ) -> Sowing<'a> {
        let recording = rec.on;
        Sowing {
            board,
            player,
            seeds,
            from,
            origin: from,
            dir: Direction::Ccw,
            laps: 0,
            rec,
            recording,
        }
    }

    /// Records an event if this lap is one that is reported.
    #[inline]
    pub fn record(&mut self, event: impl FnOnce() -> Event) {
        if self.recording {
            self.rec.events.push(event());
        }
    }

    /// Lifts every seed of a pit into the hand.
    pub fn lift(&mut self, pit: usize) {
        let count = self.seeds.pits[pit] as u32;
        self.seeds.pits[pit] = 0;
        self.seeds.hand += count;
        let p = self.board.pit(pit);
        self.record(|| Event::Lift { pit: p, count });
    }

    /// Moves every seed of a pit to `to`; returns how many.
    pub fn capture(&mut self, pit: usize, to: super::CaptureTo) -> u32 {
        let count = self.seeds.pits[pit] as u32;
        self.seeds.pits[pit] = 0;
        match to {
            super::CaptureTo::Store(p) => self.seeds.stores[p as usize] += count,
            super::CaptureTo::OffBoard(p) => self.seeds.captured[p as usize] += count,
            super::CaptureTo::Hand => self.seeds.hand += count,
        }
        let from = self.board.pit(pit);
        self.record(|| Event::Capture { from, count, to });
        count
    }

    /// Drops the hand one seed at a time into the pits after `from`, in `dir`.
    /// Returns the pit of the last drop. The origin is never skipped.
    fn sow_lap<R: MoveRules>(&mut self, rules: &mut R) -> usize {
        let board = self.board;
        let circuit = board.circuit(self.player);
        let len = circuit.len();
        let mut pos = board
            .circuit_position(self.player, self.from)
            .expect("a lap starts on the mover's circuit");
        let step = match self.dir {
            Direction::Ccw => 1,
            Direction::Cw => len - 1,
        };
        let n = self.seeds.hand;
        let mut pit = self.from;
        for i in 1..=n {
            pos += step;
            if pos >= len {
                pos -= len;
            }
            pit = circuit[pos] as usize;
            self.seeds.pits[pit] += 1;
            self.seeds.hand -= 1;
            if self.recording {
                let p = board.pit(pit);
                self.rec.events.push(Event::Drop { pit: p });
            }
            if R::DROP_HOOK && i < n {
                rules.after_drop(self, pit);
            }
        }
        pit
    }

    /// Plays laps until the move ends, the mover must decide, or a cycle proves the
    /// move never ends. The hand must hold the next lap's seeds.
    pub fn run<R: MoveRules>(&mut self, rules: &mut R) -> MoveEnd {
        let first_lap = self.laps;
        let mut cycle = Brent::new(self);
        let end = loop {
            self.recording = self.rec.on && self.laps < EVENT_LAPS;
            let landing = self.sow_lap(rules);
            self.laps += 1;
            match rules.lap_end(self, landing) {
                LapEnd::Stop => break MoveEnd::Landed(landing),
                LapEnd::Relay => {
                    let p = self.board.pit(landing);
                    self.record(|| Event::Relay { pit: p });
                    self.lift(landing);
                    self.from = landing;
                    self.origin = landing;
                }
                LapEnd::SowFromOrigin => self.from = self.origin,
            }
            self.dir = Direction::Ccw;
            if rules.offers_direction(self) {
                break MoveEnd::AskDirection;
            }
            if cycle.repeats(self) {
                break MoveEnd::NeverEnding;
            }
            if self.laps >= self.rec.lap_limit {
                break MoveEnd::CutShort;
            }
        };
        self.recording = self.rec.on;
        let condensed_from = first_lap.max(EVENT_LAPS);
        if end == MoveEnd::CutShort {
            self.rec.cut_short = true;
        }
        if self.rec.on
            && self.laps > condensed_from
            && !matches!(end, MoveEnd::NeverEnding | MoveEnd::CutShort)
        {
            let laps = self.laps - condensed_from;
            let tableau = self.seeds.clone();
            self.rec.events.push(Event::Condensed { laps, tableau });
        }
        end
    }

    /// Where a lap of `hand` seeds from `from` in `dir` would end, and how many seeds
    /// that pit would hold just before the last drop (without sowing).
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

/// The most pits on any board (Nsolo 4 x 36).
const MAX_PITS: usize = 4 * 36;

/// Brent's cycle finding on lap-start states: one saved state, bounded memory.
struct Brent {
    pits: [u8; MAX_PITS],
    len: usize,
    hand: u32,
    from: usize,
    origin: usize,
    dir: Direction,
    power: u64,
    lam: u64,
}

impl Brent {
    fn new(s: &Sowing<'_>) -> Brent {
        let len = s.seeds.pits.len();
        let mut pits = [0; MAX_PITS];
        pits[..len].copy_from_slice(&s.seeds.pits);
        Brent {
            pits,
            len,
            hand: s.seeds.hand,
            from: s.from,
            origin: s.origin,
            dir: s.dir,
            power: 1,
            lam: 1,
        }
    }

    /// Called with each new lap-start state; true once a state repeats.
    #[inline]
    fn repeats(&mut self, s: &Sowing<'_>) -> bool {
        if self.hand == s.seeds.hand
            && self.from == s.from
            && self.origin == s.origin
            && self.dir == s.dir
            && self.pits[..self.len] == s.seeds.pits[..]
        {
            return true;
        }
        if self.power == self.lam {
            self.pits[..self.len].copy_from_slice(&s.seeds.pits);
            self.hand = s.seeds.hand;
            self.from = s.from;
            self.origin = s.origin;
            self.dir = s.dir;
            self.power *= 2;
            self.lam = 0;
        }
        self.lam += 1;
        false
    }
}
