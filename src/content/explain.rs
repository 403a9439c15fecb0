//! Moves in words, from the rules' events (no Bevy): the banner announcing how a
//! turn ended, and the caption line that explains each step as it is shown
//! ("Relay: the last seed fell in an occupied pit...").

use crate::content::i18n::{Language, fill, outcome_line, player_key, text};
use crate::rules::{CaptureTo, Event, GameState, Tableau};

/// The announcement for an event, if it has one (end of turn, pass, game over...).
pub fn banner(lang: Language, e: &Event) -> Option<String> {
    let who = |p| text(lang, player_key(p));
    Some(match e {
        Event::ExtraTurn { player } => {
            fill(lang, "banner-extra_turn", &[("player", &who(*player))])
        }
        Event::Pass { player } => fill(lang, "banner-pass", &[("player", &who(*player))]),
        Event::Lot { winner } => fill(lang, "banner-lot", &[("player", &who(*winner))]),
        Event::Repetition { occurrences } => fill(lang, "banner-repetition", &[("n", occurrences)]),
        Event::Condensed { laps, .. } => fill(lang, "banner-condensed", &[("n", laps)]),
        Event::NeverEnding { laps, .. } => fill(lang, "banner-never_ending", &[("n", laps)]),
        Event::GameOver(o) => outcome_line(lang, o),
        Event::EndTurn { player } => fill(lang, "banner-end_turn", &[("player", &who(*player))]),
        _ => return None,
    })
}

/// A sentence explaining `e` as it is shown, or `None` for events too small to
/// mention (single drops). `state` is the game (for its kind and board), `shown` the
/// seeds as the events before `e` left them, `previous` the event shown before.
pub fn caption(
    lang: Language,
    state: &GameState,
    shown: Option<&Tableau>,
    previous: Option<&Event>,
    e: &Event,
) -> Option<String> {
    let who = |p| text(lang, player_key(p));
    let board = state.board();
    let seeds_at = |pit| {
        board
            .index(pit)
            .and_then(|i| shown.map(|t| t.pits[i] as u32))
            .unwrap_or(0)
    };
    Some(match e {
        Event::Lift { pit, count } => {
            if matches!(previous, Some(Event::Relay { .. })) {
                return None;
            }
            let owner = board.index(*pit).map(|i| board.owner(i));
            let player = owner.map_or("", who);
            fill(lang, "explain-lift", &[("player", &player), ("n", count)])
        }
        Event::Relay { pit } => fill(lang, "explain-relay", &[("n", &seeds_at(*pit))]),
        Event::Capture { count, to, .. } => match to {
            CaptureTo::Hand => fill(lang, "explain-capture_resow", &[("n", count)]),
            CaptureTo::Store(p) => {
                fill(lang, "explain-four", &[("n", count), ("player", &who(*p))])
            }
            CaptureTo::OffBoard(p) => fill(
                lang,
                "explain-capture",
                &[("n", count), ("player", &who(*p))],
            ),
        },
        Event::Strip { by, .. } => fill(lang, "explain-strip", &[("player", &who(*by))]),
        Event::Arrange { player, .. } => {
            fill(lang, "explain-arrange", &[("player", &who(*player))])
        }
        Event::EndTurn { player } => {
            if matches!(previous, Some(Event::Arrange { .. })) {
                return None;
            }
            fill(lang, "explain-end_turn", &[("player", &who(*player))])
        }
        Event::NewGame { first, .. } => fill(lang, "explain-new_game", &[("player", &who(*first))]),
        Event::Drop { .. } | Event::MatchScore { .. } => return None,
        other => return banner(lang, other),
    })
}

/// Seeds taken in one decision's own events (captures and strips), for the review's
/// sentence.
fn seeds_taken(events: &[Event]) -> u32 {
    events
        .iter()
        .map(|e| match e {
            Event::Capture { count, .. } => *count,
            Event::Strip { .. } => 1,
            _ => 0,
        })
        .sum()
}

/// The review's sentence on a decision: whether it was the best, and if not, how many
/// seeds it gave up and what the better one was ("North's 3,5 gave up 6 seeds; 2,1
/// would have captured 9 seeds at once."). `before` is the position it was made in.
pub fn review_sentence(
    lang: Language,
    before: &GameState,
    m: &crate::ai::review::Moment,
) -> String {
    use crate::ai::review::Mark;
    let player = text(lang, player_key(m.by));
    let (played, best) = (m.played.to_string(), m.best.to_string());
    if m.played == m.best {
        return fill(
            lang,
            "review-sentence-best",
            &[("player", &player), ("move", &played)],
        );
    }
    if m.mark == Mark::Good {
        return fill(
            lang,
            "review-sentence-fine",
            &[("player", &player), ("move", &played), ("best", &best)],
        );
    }
    // A game won or lost counts as all its seeds: say so rather than count them.
    let all = f64::from(before.seeds().total());
    let args: [(&str, &dyn std::fmt::Display); 3] =
        [("player", &player), ("move", &played), ("best", &best)];
    if m.best_value >= all && m.played_value < all {
        return fill(lang, "review-sentence-missed_win", &args);
    }
    if m.played_value <= -all {
        return fill(lang, "review-sentence-lost_game", &args);
    }
    let lost = m.loss.round() as u64;
    let mut line = fill(
        lang,
        "review-sentence-lost",
        &[
            ("player", &player),
            ("move", &played),
            ("n", &lost),
            ("best", &best),
        ],
    );
    // Why, where the turn itself says it: the better decision took more at once.
    let taken = |d: &crate::rules::Decision| {
        let mut s = before.clone();
        crate::rules::apply(&mut s, d.clone()).map_or(0, |e| seeds_taken(&e))
    };
    let (by_best, by_played) = (taken(&m.best), taken(&m.played));
    if by_best > by_played {
        line.push(' ');
        line.push_str(&fill(
            lang,
            "review-reason-captures",
            &[("best", &best), ("n", &by_best)],
        ));
    }
    line
}
