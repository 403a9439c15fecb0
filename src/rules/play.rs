//! Playing: the legal decisions, applying one, and what every game does at the end of a
//! turn (game over, the next player, passes, repetition).

use super::sowing::{LapEnd, MoveEnd, MoveRules, Recorder, Sowing};
use super::state::GameSummary;
use super::{
    Decision, Direction, EndReason, Event, Game, GameResult, GameState, Lot, NeverEndingRule,
    Outcome, Pending, Player, RuleError, anywoli, nsolo, omweso,
};

/// Every decision the player to decide may make now. Omweso's free set-up lists only
/// the standard arrangement (any arrangement of at most 10 a pit is legal; see
/// [`is_legal`]). Resigning and time-outs are never listed.
pub fn legal_decisions(s: &GameState) -> Vec<Decision> {
    match &s.pending {
        Pending::Turn => match s.game {
            Game::Omweso => omweso::turn_starts(s),
            Game::Anywoli => anywoli::turn_starts(s, s.to_decide),
            Game::Nsolo | Game::Hawalis | Game::BaoKigogo => sow_or_single_starts(s, s.to_decide),
        },
        Pending::Direction(_) => vec![
            Decision::Direction(Direction::Ccw),
            Decision::Direction(Direction::Cw),
        ],
        Pending::Strip { .. } => nsolo::strip_choices(s),
        Pending::Arrange => vec![s.standard_arrangement(s.to_decide)],
        Pending::NextGame(_) => vec![Decision::NextGame],
        Pending::Over(_) => Vec::new(),
    }
}

/// Whether `decision` may be applied now.
pub fn is_legal(s: &GameState, decision: &Decision) -> bool {
    check(s, decision).is_ok()
}

fn check(s: &GameState, d: &Decision) -> Result<(), RuleError> {
    if s.is_over() {
        return Err(RuleError::GameOver);
    }
    let ok = match (&s.pending, d) {
        (_, Decision::Resign) => s.game == Game::Nsolo,
        (Pending::NextGame(_), _) => matches!(d, Decision::NextGame),
        (_, Decision::TimeOut) => s.options.decision_time_limit().is_some(),
        (Pending::Arrange, Decision::Arrange(rows)) => {
            return omweso::check_arrangement(s, rows).map_err(RuleError::Illegal);
        }
        (Pending::Turn, Decision::Sow(pit))
            if matches!(s.game, Game::Nsolo | Game::Hawalis | Game::BaoKigogo) =>
        {
            sow_or_single_is_legal(s, s.to_decide, *pit)
        }
        _ => legal_decisions(s).contains(d),
    };
    if ok {
        Ok(())
    } else {
        Err(RuleError::Illegal(format!(
            "{} is not legal for {} now ({})",
            super::shorten(&super::notation::to_text(d)),
            s.to_decide,
            describe_pending(&s.pending)
        )))
    }
}

fn describe_pending(p: &Pending) -> &'static str {
    match p {
        Pending::Turn => "a turn must start from one of the legal pits",
        Pending::Direction(_) => "a direction, ccw or cw, must be chosen",
        Pending::Strip { .. } => "a seed must be stripped from an occupied opponent pit",
        Pending::Arrange => "the seeds must be arranged",
        Pending::NextGame(_) => "the next game of the match must start",
        Pending::Over(_) => "the game is over",
    }
}

/// Applies a decision and returns the events it caused. On error the state is unchanged.
pub fn apply(s: &mut GameState, decision: Decision) -> Result<Vec<Event>, RuleError> {
    let mut rec = Recorder::new(true);
    apply_into(s, decision, &mut rec)?;
    Ok(rec.events)
}

/// Applies a decision without recording events (search, playouts).
pub fn apply_quiet(s: &mut GameState, decision: Decision) -> Result<(), RuleError> {
    apply_into(s, decision, &mut Recorder::new(false))
}

fn apply_into(s: &mut GameState, d: Decision, rec: &mut Recorder) -> Result<(), RuleError> {
    // Anywoli's moves are checked by playing them (a never-ending one is illegal).
    let anywoli_sow = s.game == Game::Anywoli
        && matches!(s.pending, Pending::Turn)
        && matches!(d, Decision::Sow(_));
    if !anywoli_sow {
        check(s, &d)?;
    }
    let me = s.to_decide;
    match d {
        Decision::Resign => finish_game(s, win(me.opponent(), 0, EndReason::Resigned), rec),
        Decision::TimeOut => finish_game(s, win(me.opponent(), 1, EndReason::TimeOut), rec),
        Decision::NextGame => omweso::next_game(s, rec),
        Decision::Arrange(rows) => omweso::arrange(s, rows, rec),
        Decision::Direction(dir) => omweso::continue_turn(s, dir, rec),
        Decision::Strip(_) | Decision::EndStrip => nsolo::strip(s, &d, rec),
        Decision::Sow(_) | Decision::Reverse(_) | Decision::OpeningThree(_) => match s.game {
            Game::Omweso => omweso::play_turn(s, &d, rec),
            Game::Anywoli => return anywoli::play_turn(s, &d, rec),
            Game::Nsolo => nsolo::play_turn(s, &d, rec),
            Game::Hawalis | Game::BaoKigogo => super::hawalis::play_turn(s, &d, rec),
        },
    }
    Ok(())
}

/// For search: applies a decision, but gives up a move longer than `max_laps` laps,
/// leaving the state unchanged and returning `Ok(false)`. Real play uses [`apply`].
pub fn apply_bounded(
    s: &mut GameState,
    decision: Decision,
    max_laps: u64,
) -> Result<bool, RuleError> {
    let mut rec = Recorder::new(false);
    rec.lap_limit = max_laps;
    apply_into(s, decision, &mut rec)?;
    Ok(!rec.cut_short)
}

/// A uniformly random legal decision (random arrangements for Omweso's free set-up),
/// or `None` when the game is over.
pub fn random_decision(s: &GameState, lot: &mut Lot) -> Option<Decision> {
    if matches!(s.pending, Pending::Arrange) {
        return Some(omweso::random_arrangement(s, lot));
    }
    if s.game == Game::Anywoli && matches!(s.pending, Pending::Turn) {
        // Rejection sampling: uniform over the legal pits, but only the chosen
        // pit's move is played out to see that it ends.
        let mut pits: Vec<usize> = s
            .board
            .own_pits(s.to_decide)
            .filter(|&i| s.seeds.pits[i] > 0)
            .collect();
        while !pits.is_empty() {
            let i = pits.swap_remove(lot.below(pits.len()));
            if anywoli::move_ends(s, s.to_decide, i) {
                return Some(Decision::Sow(s.board.pit(i)));
            }
        }
        return None;
    }
    let all = legal_decisions(s);
    (!all.is_empty()).then(|| all[lot.below(all.len())].clone())
}

/// A win for `winner`.
pub(crate) fn win(winner: Player, points: u32, reason: EndReason) -> Outcome {
    Outcome {
        result: GameResult::Win(winner),
        points,
        reason,
    }
}

/// A result without a winner (draw or annulled).
pub(crate) fn no_win(result: GameResult, reason: EndReason) -> Outcome {
    Outcome {
        result,
        points: 0,
        reason,
    }
}

/// Nsolo, Hawalis, Bao Kigogo: pits of 2 or more; only when there are none, single
/// seeds whose next pit on the circuit is empty.
pub(crate) fn sow_or_single_starts(s: &GameState, p: Player) -> Vec<Decision> {
    let pits = &s.seeds.pits;
    let own = s.board.own_pits(p);
    let mut out: Vec<Decision> = own
        .clone()
        .filter(|&i| pits[i] >= 2)
        .map(|i| Decision::Sow(s.board.pit(i)))
        .collect();
    if out.is_empty() {
        let circuit = s.board.circuit(p);
        for (pos, &i) in circuit.iter().enumerate() {
            let next = circuit[(pos + 1) % circuit.len()] as usize;
            if pits[i as usize] == 1 && pits[next] == 0 {
                out.push(Decision::Sow(s.board.pit(i as usize)));
            }
        }
        out.sort_by_key(|d| d.start_pit());
    }
    out
}

/// The same rule as [`sow_or_single_starts`] for one pit, without listing them all.
fn sow_or_single_is_legal(s: &GameState, p: Player, pit: super::Pit) -> bool {
    let Some(i) = s.board.index(pit).filter(|&i| s.board.owner(i) == p) else {
        return false;
    };
    let pits = &s.seeds.pits;
    match pits[i] {
        0 => false,
        1 => {
            let own = s.board.own_pits(p);
            let circuit = s.board.circuit(p);
            let pos = s.board.circuit_position(p, i).unwrap_or(0);
            let next = circuit[(pos + 1) % circuit.len()] as usize;
            pits[own].iter().all(|&n| n < 2) && pits[next] == 0
        }
        _ => true,
    }
}

/// Nsolo, Hawalis, Bao Kigogo: sow and relay from every occupied landing until a lap
/// ends in an empty pit.
pub(crate) struct RelayUntilEmpty;

impl MoveRules for RelayUntilEmpty {
    fn lap_end(&mut self, s: &mut Sowing<'_>, landing: usize) -> LapEnd {
        if s.seeds.pits[landing] == 1 {
            LapEnd::Stop
        } else {
            LapEnd::Relay
        }
    }
}

/// Nsolo, Hawalis, Bao Kigogo: plays the move of `d`. Returns the pit where it ended,
/// or `None` if it never ends (then the game is already over by the Option).
pub(crate) fn relay_move(s: &mut GameState, d: &Decision, rec: &mut Recorder) -> Option<usize> {
    let p = s.to_decide;
    let from = s.board.index(d.start_pit()?)?;
    let board = s.board.clone();
    let mut seeds = s.seeds.clone();
    let mut sowing = Sowing::new(&board, p, &mut seeds, from, rec);
    sowing.lift(from);
    let end = sowing.run(&mut RelayUntilEmpty);
    let laps = sowing.laps;
    match end {
        MoveEnd::Landed(landing) => {
            s.seeds = seeds;
            Some(landing)
        }
        MoveEnd::CutShort => None, // search gave up on this move; nothing changes
        _ => {
            let restored = s.seeds.clone();
            rec.push(|| Event::NeverEnding { laps, restored });
            let outcome = match s.options.never_ending {
                NeverEndingRule::Draw => no_win(GameResult::Draw, EndReason::NeverEndingMove),
                NeverEndingRule::MoverLoses => win(p.opponent(), 0, EndReason::NeverEndingMove),
            };
            finish_game(s, outcome, rec);
            None
        }
    }
}

/// Nsolo, Hawalis, Bao Kigogo: the mover wins if the opponent has no seeds left or,
/// to move, has no legal move.
pub(crate) fn removal_game_end(s: &GameState, mover: Player) -> Option<Outcome> {
    let opp = mover.opponent();
    if s.side_total(opp) == 0 {
        Some(win(mover, 0, EndReason::NoSeedsLeft))
    } else if sow_or_single_starts(s, opp).is_empty() {
        Some(win(mover, 0, EndReason::NoLegalMove))
    } else {
        None
    }
}

/// Ends a turn: reports it, ends the game if `outcome` says so, else hands the turn
/// on (extra turn, passes) and applies the repetition rule.
pub(crate) fn close_turn(
    s: &mut GameState,
    rec: &mut Recorder,
    outcome: Option<Outcome>,
    extra_turn: bool,
    seeds_left_board: bool,
) {
    let mover = s.to_decide;
    rec.push(|| Event::EndTurn { player: mover });
    // Saturating: a loaded position may hold any count.
    s.flags.turns_played[mover] = s.flags.turns_played[mover].saturating_add(1);
    if let Some(o) = outcome {
        finish_game(s, o, rec);
        return;
    }
    let mut next = if extra_turn {
        rec.push(|| Event::ExtraTurn { player: mover });
        mover
    } else {
        mover.opponent()
    };
    if s.game == Game::Anywoli {
        let mut passes = 0;
        while !anywoli::can_move(s, next) {
            rec.push(|| Event::Pass { player: next });
            next = next.opponent();
            passes += 1;
            if passes == 2 {
                s.to_decide = mover;
                let o = anywoli::rows_to_stores(s, rec, EndReason::NobodyCanMove);
                finish_game(s, o, rec);
                return;
            }
        }
    }
    s.to_decide = next;
    s.pending = Pending::Turn;
    // A position from before seeds left the board can never come back.
    if seeds_left_board && s.game != Game::Omweso {
        s.history.clear();
    }
    let occurrences = s.history.push(s.position_hash());
    if occurrences < 2 {
        return;
    }
    rec.push(|| Event::Repetition { occurrences });
    match s.game {
        Game::Omweso if occurrences >= 3 => {
            finish_game(s, no_win(GameResult::Annulled, EndReason::Repetition), rec)
        }
        Game::Anywoli if occurrences >= 3 => {
            let o = anywoli::rows_to_stores(s, rec, EndReason::Repetition);
            finish_game(s, o, rec);
        }
        Game::Nsolo | Game::Hawalis | Game::BaoKigogo => {
            finish_game(s, no_win(GameResult::Draw, EndReason::Repetition), rec)
        }
        _ => {}
    }
}

/// Ends the game; in an Omweso match, scores it and either ends the match or waits for
/// the next game.
pub(crate) fn finish_game(s: &mut GameState, outcome: Outcome, rec: &mut Recorder) {
    rec.push(|| Event::GameOver(outcome));
    let Some(m) = &mut s.match_score else {
        s.pending = Pending::Over(outcome);
        return;
    };
    m.games.push(GameSummary {
        first: m.first,
        outcome,
    });
    if let GameResult::Win(w) = outcome.result {
        m.points[w] = m.points[w].saturating_add(outcome.points);
        if outcome.reason == EndReason::GrandSlam || m.points[w] >= s.options.match_target as u32 {
            m.winner = Some(w);
        }
    }
    let (points, winner) = ([m.points.south, m.points.north], m.winner);
    rec.push(|| Event::MatchScore { points, winner });
    s.pending = if winner.is_some() {
        Pending::Over(outcome)
    } else {
        Pending::NextGame(outcome)
    };
}
