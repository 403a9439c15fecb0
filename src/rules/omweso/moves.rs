//! An Omweso move from its decision to its end: the recorded flight (events for the
//! animation and records), the quiet way (search), the opening three, a direction
//! chosen mid-turn, and a never-ending move.

use super::*;

/// An Omweso move under way: the sowing, its rules and what the turn keeps.
pub(crate) struct OmwesoFlight {
    pub(crate) sowing: Sowing,
    pub(crate) rules: OmwesoMove,
    /// Laps of the turn before this part of it.
    pub(crate) first_lap: u64,
    /// The seeds as they lay when the turn began, if not the state's own (a turn
    /// resumed after a direction choice).
    pub(crate) turn_start: Option<Seeds>,
    pub(crate) choices: Vec<LapStart>,
}

impl OmwesoFlight {
    /// Plays at most `max_laps` more laps.
    #[inline]
    pub(crate) fn run(&mut self, max_laps: u64) -> MoveEnd {
        self.sowing.run(&mut self.rules, max_laps)
    }
}

/// Starts a normal move or a reverse capture (the opening three is played at once
/// by [`play_opening_three`]).
#[inline(always)]
pub(crate) fn begin(s: &GameState, d: &Decision, rec: Recorder) -> OmwesoFlight {
    let p = s.to_decide;
    let mut sowing = Sowing::start(s, d, rec);
    if let Decision::Reverse(_) = d {
        sowing.dir = Direction::Cw;
    }
    OmwesoFlight {
        sowing,
        rules: OmwesoMove {
            may_capture: may_capture(s, p),
            columns: 0,
        },
        first_lap: 0,
        turn_start: None,
        choices: Vec::new(),
    }
}

/// The opening three: 2 seeds into the next pit, 1 into the pit after it; the turn
/// ends at once.
pub(crate) fn play_opening_three(s: &mut GameState, d: &Decision, rec: &mut Recorder) {
    let p = s.to_decide;
    let b = s.board;
    let slot = d
        .start_pit()
        .and_then(|pit| b.slot(pit))
        .expect("a checked start");
    let base = b.base[p as usize];
    let len = b.circuit_len;
    let pos = slot - base;
    let next = base + (pos + 1) % len;
    let after = base + (pos + 2) % len;
    s.seeds.pits[slot] = 0;
    rec.push(|| Event::Lift {
        pit: b.pit_of_slot[slot],
        count: 3,
    });
    for target in [next, next, after] {
        s.seeds.pits[target] += 1;
        rec.push(|| Event::Drop {
            pit: b.pit_of_slot[target],
        });
    }
    let outcome = Omweso::end_of_turn(s, &CapturedColumns::default(), rec);
    close_turn::<Omweso>(s, rec, outcome, false, false);
}

/// Goes on with a turn after the mover chose the next lap's direction.
pub(crate) fn resume(
    s: &mut GameState,
    dir: Direction,
    rec: Recorder,
) -> Result<OmwesoFlight, (u64, Box<Seeds>, Recorder)> {
    let Pending::Direction(m) = &s.pending else {
        unreachable!("checked: a direction is pending");
    };
    let b = s.board;
    let base = b.base[s.to_decide as usize];
    let from = b.slot(m.from).expect("validated") - base;
    let origin = b.slot(m.origin).expect("validated") - base;
    let here = LapStart {
        pits: s.seeds.grid(b).pits,
        hand: s.seeds.hand,
        from: m.from,
        origin: m.origin,
        dir,
    };
    if m.choices.contains(&here) {
        // The same choice from the same lap start: the move goes round for ever.
        return Err((m.laps, Box::new(Seeds::from_tableau(b, &m.turn_start)), rec));
    }
    let mut choices = m.choices.clone();
    choices.push(here);
    let mut sowing = Sowing::new(b, s.to_decide, &s.seeds, from, rec);
    sowing.origin = origin;
    sowing.dir = dir;
    sowing.laps = m.laps;
    Ok(OmwesoFlight {
        sowing,
        rules: OmwesoMove {
            may_capture: true,
            columns: m.captured_columns.iter().fold(0, |a, &c| a | 1 << c),
        },
        first_lap: m.laps,
        turn_start: Some(Seeds::from_tableau(b, &m.turn_start)),
        choices,
    })
}

/// Carries out what a move's part came to; the flight's recorder is handed back.
pub(crate) fn finish(s: &mut GameState, f: &mut OmwesoFlight, end: MoveEnd) -> Recorder {
    let sowing = &mut f.sowing;
    // The seeds as they lay when the turn began: the state's own, unless the turn
    // was resumed after a direction choice. Copied only when needed.
    let turn_start =
        |f_turn_start: &mut Option<Seeds>, s: &GameState| f_turn_start.take().unwrap_or(s.seeds);
    if end == MoveEnd::NeverEnding {
        let mut rec = std::mem::replace(&mut sowing.rec, Recorder::new(false));
        let start = turn_start(&mut f.turn_start, s);
        never_ending(s, sowing.laps, start, &mut rec);
        return rec;
    }
    sowing.condense(f.first_lap);
    let mut rec = std::mem::replace(&mut sowing.rec, Recorder::new(false));
    match end {
        MoveEnd::Landed(_) => {
            s.seeds = sowing.seeds;
            s.changed();
            let turn = CapturedColumns(f.rules.columns);
            let outcome = Omweso::end_of_turn(s, &turn, &mut rec);
            close_turn::<Omweso>(s, &mut rec, outcome, false, false);
        }
        MoveEnd::AskDirection => {
            let start = turn_start(&mut f.turn_start, s);
            s.seeds = sowing.seeds;
            s.changed();
            let (from, origin, laps) = (sowing.from, sowing.origin, sowing.laps);
            let choices = std::mem::take(&mut f.choices);
            ask_direction(s, &start, (from, origin, laps), f.rules.columns, choices);
        }
        MoveEnd::NeverEnding | MoveEnd::Paused => unreachable!("a paused move is not finished"),
    }
    rec
}

/// The turn waits for the mover's direction: the seeds (hand included) are the
/// state's; `start` lay so when the turn began; `from`, `origin` (positions of the
/// mover's circuit) and `laps` say where the move stands.
fn ask_direction(
    s: &mut GameState,
    start: &Seeds,
    (from, origin, laps): (usize, usize, u64),
    columns: u32,
    choices: Vec<LapStart>,
) {
    let b = s.board;
    let base = b.base[s.to_decide as usize];
    s.pending = Pending::Direction(MoveInProgress {
        from: b.pit_of_slot[base + from],
        origin: b.pit_of_slot[base + origin],
        laps,
        captured_columns: columns_of(columns),
        turn_start: start.grid(b),
        choices,
    });
}

/// The columns of a set of captured columns (bit `c` for column `c`), lowest first;
/// no allocation when there are none (the common case).
fn columns_of(mut set: u32) -> Vec<u8> {
    let mut out = Vec::new();
    while set != 0 {
        out.push(set.trailing_zeros() as u8);
        set &= set - 1;
    }
    out
}

/// A turn start from `slot` (a normal move, or with `reverse` a reverse capture;
/// checked) played without events, as [`begin`], [`OmwesoFlight::run`] and
/// [`finish`] play it, but on both circuits held apart from the start: the state's
/// seeds are written only once the move is over (so a never-ending move, or one past
/// `rec.lap_limit`, leaves them as they lie). Search and playouts go this way.
#[inline(always)]
pub(crate) fn play_quiet(s: &mut GameState, slot: usize, reverse: bool, rec: &mut Recorder) {
    let p = s.to_decide;
    let b = s.board;
    let (mine, theirs) = (b.base[p as usize], b.base[p.opponent() as usize]);
    let from = slot - mine;
    let me = sixteen(&s.seeds.pits, mine);
    let mut at = Circuits {
        // The start pit emptied by an and: a byte store into `me` followed by the
        // lap's wide read of it would stall the first lap.
        me: lifted(&me, from),
        opp: sixteen(&s.seeds.pits, theirs),
        hand: me[from] as u32,
        from,
        origin: from,
        dir: if reverse {
            Direction::Cw
        } else {
            Direction::Ccw
        },
        laps: 0,
    };
    let mut rules = OmwesoMove {
        may_capture: may_capture(s, p),
        columns: 0,
    };
    let mut nothing_saved = NOTHING_SAVED;
    let end = laps16(
        &mut at,
        &mut nothing_saved,
        &mut rules,
        p == Player::South,
        rec.lap_limit,
    );
    s.changed();
    let put = |s: &mut GameState, at: &Circuits| {
        s.seeds.pits[mine..mine + LEN].copy_from_slice(&at.me);
        s.seeds.pits[theirs..theirs + LEN].copy_from_slice(&at.opp);
        s.seeds.hand = at.hand;
    };
    match end {
        MoveEnd::Landed(_) => {
            put(s, &at);
            let turn = CapturedColumns(rules.columns);
            let outcome = Omweso::end_of_turn(s, &turn, rec);
            close_turn_inline::<Omweso>(s, rec, outcome, false, false);
        }
        MoveEnd::AskDirection => {
            let start = s.seeds;
            put(s, &at);
            let here = (at.from, at.origin, at.laps);
            ask_direction(s, &start, here, rules.columns, Vec::new());
        }
        MoveEnd::NeverEnding => {
            let start = s.seeds;
            never_ending(s, at.laps, start, rec);
        }
        // Search gave up on this move; nothing changes.
        MoveEnd::Paused => rec.cut_short = true,
    }
}

/// A direction chosen, the turn resumed without events: as [`resume`],
/// [`OmwesoFlight::run`] and [`finish`] play it, on both circuits held apart, the
/// paused move's lists moved on rather than copied.
pub(crate) fn resume_quiet(s: &mut GameState, dir: Direction, rec: &mut Recorder) {
    let Pending::Direction(mut m) = std::mem::replace(&mut s.pending, Pending::Turn) else {
        unreachable!("checked: a direction is pending");
    };
    let p = s.to_decide;
    let b = s.board;
    let (mine, theirs) = (b.base[p as usize], b.base[p.opponent() as usize]);
    let here = |s: &GameState, m: &MoveInProgress| LapStart {
        pits: s.seeds.grid(b).pits,
        hand: s.seeds.hand,
        from: m.from,
        origin: m.origin,
        dir,
    };
    if !m.choices.is_empty() && m.choices.contains(&here(s, &m)) {
        // The same choice from the same lap start: the move goes round for ever.
        let start = Seeds::from_tableau(b, &m.turn_start);
        never_ending(s, m.laps, start, rec);
        return;
    }
    let mut at = Circuits {
        me: sixteen(&s.seeds.pits, mine),
        opp: sixteen(&s.seeds.pits, theirs),
        hand: s.seeds.hand,
        from: b.slot(m.from).expect("validated") - mine,
        origin: b.slot(m.origin).expect("validated") - mine,
        dir,
        laps: m.laps,
    };
    let mut rules = OmwesoMove {
        may_capture: true,
        columns: m.captured_columns.iter().fold(0, |a, &c| a | 1 << c),
    };
    let stop_at = rec.lap_limit.max(m.laps);
    let mut nothing_saved = NOTHING_SAVED;
    let end = laps16(
        &mut at,
        &mut nothing_saved,
        &mut rules,
        p == Player::South,
        stop_at,
    );
    if end == MoveEnd::Paused {
        // Search gave up on this move; nothing changes.
        s.pending = Pending::Direction(m);
        rec.cut_short = true;
        return;
    }
    s.changed();
    if end == MoveEnd::NeverEnding {
        let start = Seeds::from_tableau(b, &m.turn_start);
        never_ending(s, at.laps, start, rec);
        return;
    }
    let lap_start = (end == MoveEnd::AskDirection).then(|| here(s, &m));
    s.seeds.pits[mine..mine + LEN].copy_from_slice(&at.me);
    s.seeds.pits[theirs..theirs + LEN].copy_from_slice(&at.opp);
    s.seeds.hand = at.hand;
    if let Some(lap_start) = lap_start {
        m.choices.push(lap_start);
        m.from = b.pit_of_slot[mine + at.from];
        m.origin = b.pit_of_slot[mine + at.origin];
        m.laps = at.laps;
        m.captured_columns = columns_of(rules.columns);
        s.pending = Pending::Direction(m);
        return;
    }
    let turn = CapturedColumns(rules.columns);
    let outcome = Omweso::end_of_turn(s, &turn, rec);
    close_turn::<Omweso>(s, rec, outcome, false, false);
}

/// A never-ending move annuls the game; the seeds lie as before the move.
pub(crate) fn never_ending(s: &mut GameState, laps: u64, turn_start: Seeds, rec: &mut Recorder) {
    s.seeds = turn_start;
    s.changed();
    rec.push(|| Event::NeverEnding {
        laps,
        restored: turn_start.grid(s.board),
    });
    let outcome = Omweso::on_never_ending(s).expect("a never-ending move annuls the game");
    finish_game(s, outcome, rec);
}
