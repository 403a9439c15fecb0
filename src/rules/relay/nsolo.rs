//! Nsolo (`docs/rules/03-nsolo.md`), of the Ngoni of Malawi and Zambia: 4 x n (8 to
//! 36 pits a row), two seeds in every pit but the rightmost of each player's front
//! row. A move ending in an empty front pit removes the k seeds of the facing front
//! pit and earns a bonus strip of k more, taken one pit at a time from anywhere on the
//! opponent's side; a player may resign.

use super::*;

/// Nsolo.
pub(crate) struct Nsolo;

impl Relay for Nsolo {
    const GAME: Game = Game::Nsolo;
    const COLS: Option<u8> = None;
    const OPTIONS: &'static [&'static str] = &[
        ALL_GAMES[0],
        ALL_GAMES[1],
        "width",
        "bonus_up_to_k",
        "never_ending",
    ];
    fn total_seeds(width: u8) -> u32 {
        8 * width as u32 - 4
    }
    /// Two in every pit but the rightmost of each player's front row.
    fn start_pits(rows: usize, cols: usize) -> Vec<u8> {
        let mut pits = vec![2; rows * cols];
        pits[2 * cols + cols - 1] = 0; // South's rightmost front pit
        pits[cols] = 0; // North's rightmost front pit, (1, 0)
        pits
    }
    /// A front-row landing captures the facing front pit (and a strip follows);
    /// a back-row landing ends the turn.
    #[inline(always)]
    fn land(s: &mut GameState, landing: usize, rec: &mut Recorder) {
        let cols = s.board.cols as usize;
        if landing >= cols {
            let other = s.board.base[s.to_decide.opponent() as usize];
            capture_and_strip(s, other + 3 * cols - 1 - landing, rec);
        } else {
            let outcome = <Self as Rules>::end_of_turn(s, &(), rec);
            close_turn_inline::<Self>(s, rec, outcome, false, false);
        }
    }
    /// The usual 4 x 8 board's circuit in two words of lanes; any other width as
    /// bytes, in a window of the widest circuit (72 pits).
    #[inline(always)]
    fn play_quiet_from(s: &mut GameState, slot: usize, rec: &mut Recorder) {
        match s.board.circuit_len {
            16 => quiet::play_quiet_in::<Self, Lanes<2>>(s, slot, 16, rec),
            len => quiet::play_quiet_in::<Self, [u8; quiet::WINDOW]>(s, slot, len, rec),
        }
    }

    const MAY_RESIGN: bool = true;
    const STRIPS: bool = true;
    fn own_choices(s: &GameState, out: &mut Vec<Decision>) {
        if matches!(s.pending, Pending::Strip { .. }) {
            strip_choices(s, out);
        }
    }
    fn is_legal_own(s: &GameState, d: &Decision) -> bool {
        matches!(s.pending, Pending::Strip { .. })
            && matches!(d, Decision::Strip(_) | Decision::EndStrip)
            && is_legal_strip(s, d)
    }
    fn settle_own(s: &mut GameState, d: &Decision, rec: &mut Recorder) {
        strip(s, d, rec)
    }
    fn play_own_quiet(s: &mut GameState, d: &Decision, rec: &mut Recorder) -> bool {
        strip_if_legal(s, d, rec)
    }
}

/// The facing front pit's k seeds are removed and a strip of k more is due.
fn capture_and_strip(s: &mut GameState, front: usize, rec: &mut Recorder) {
    let p = s.to_decide;
    let k = s.seeds.pits[front] as u32;
    if k > 0 {
        s.seeds.pits[front] = 0;
        s.seeds.captured[p as usize] += k;
        let from = s.board.pit_of_slot[front];
        rec.push(|| Event::Capture {
            from,
            count: k,
            to: CaptureTo::OffBoard(p),
        });
        let remaining = k.min(s.side_total(p.opponent()));
        if remaining > 0 {
            s.pending = Pending::Strip { remaining };
            return;
        }
    }
    let outcome = Nsolo::end_of_turn(s, &(), rec);
    close_turn::<Nsolo>(s, rec, outcome, false, k > 0);
}

/// One choice per occupied opponent pit, in grid order (and stopping, with
/// "bonus is up to k").
pub(crate) fn strip_choices(s: &GameState, out: &mut Vec<Decision>) {
    // The usual 4 x 8 board with its circuit's length a constant, as in turn_starts.
    match s.board.circuit_len {
        16 => strip_choices_on(s, 16, out),
        len => strip_choices_on(s, len, out),
    }
}

/// [`strip_choices`] on circuits of `len` pits.
#[inline(always)]
fn strip_choices_on(s: &GameState, len: usize, out: &mut Vec<Decision>) {
    let opp = s.to_decide.opponent();
    let occupied = s.seeds.occupied_bits(s.board.base[opp as usize], len);
    push_in_grid_order(s.board, opp, len, occupied, Decision::Strip, out);
    if s.options.bonus_up_to_k {
        out.push(Decision::EndStrip);
    }
}

/// Whether a strip decision is legal now.
pub(crate) fn is_legal_strip(s: &GameState, d: &Decision) -> bool {
    legal_strip(s, d).is_some()
}

/// What a legal strip decision does, `Some(Some(slot))` strip a seed from the
/// slot, `Some(None)` stop; `None` if it is not legal now.
#[inline(always)]
fn legal_strip(s: &GameState, d: &Decision) -> Option<Option<usize>> {
    if !matches!(s.pending, Pending::Strip { .. }) {
        return None;
    }
    let opp = s.to_decide.opponent();
    match d {
        Decision::Strip(pit) => s
            .board
            .slot(*pit)
            .filter(|&k| s.board.own_slots(opp).contains(&k) && s.seeds.pits[k] > 0)
            .map(Some),
        Decision::EndStrip => s.options.bonus_up_to_k.then_some(None),
        _ => None,
    }
}

/// Plays `d` as [`strip`] if it is a legal strip decision now; false (and nothing
/// changed) if it is not. Without events, the way search and playouts strip.
#[inline(always)]
pub(crate) fn strip_if_legal(s: &mut GameState, d: &Decision, rec: &mut Recorder) -> bool {
    let Some(taken) = legal_strip(s, d) else {
        return false;
    };
    s.changed();
    strip_slot(s, taken, rec);
    true
}

/// Strips one seed (or stops); the turn ends when the strip is done. `d`: a checked
/// strip decision.
pub(crate) fn strip(s: &mut GameState, d: &Decision, rec: &mut Recorder) {
    if let Some(taken) = legal_strip(s, d) {
        strip_slot(s, taken, rec);
    }
}

/// Strips one seed from the slot `taken` (`None`: stops).
#[inline(always)]
fn strip_slot(s: &mut GameState, taken: Option<usize>, rec: &mut Recorder) {
    let Pending::Strip { remaining } = s.pending else {
        return;
    };
    let p = s.to_decide;
    let mut left = 0;
    if let Some(k) = taken {
        s.seeds.pits[k] -= 1;
        s.seeds.captured[p as usize] += 1;
        s.changed();
        let pit = s.board.pit_of_slot[k];
        rec.push(|| Event::Strip { pit, by: p });
        // Only a strip still due needs the opponent's count.
        if remaining > 1 {
            left = (remaining - 1).min(s.side_total(p.opponent()));
        }
    }
    // In place: no drop of an old value to run.
    if let Pending::Strip { remaining } = &mut s.pending
        && left > 0
    {
        *remaining = left;
        return;
    }
    s.pending = Pending::Turn;
    let outcome = Nsolo::end_of_turn(s, &(), rec);
    close_turn::<Nsolo>(s, rec, outcome, false, true);
}
