//! `mancala-hall ladder GAME GAMES [A B]`: the strength ladder of one game (or of one
//! pair of players), printed as a table (see [`crate::ai::ladder`]).

use crate::ai::ladder::{Contestant, ladder_pairs, print_ladder};
use crate::rules::Game;

/// Runs the ladder the arguments ask for (after the word `ladder`).
pub fn run(args: &[String]) -> Result<(), String> {
    let game = args.first().and_then(|g| Game::from_id(g));
    let games = args
        .get(1)
        .and_then(|n| n.parse::<u32>().ok())
        .filter(|&n| n > 0);
    let (Some(game), Some(games)) = (game, games) else {
        return Err("give a game and a number of games a pair".into());
    };
    let pairs = match (args.get(2), args.get(3)) {
        (Some(a), Some(b)) => match (Contestant::from_name(a), Contestant::from_name(b)) {
            (Some(a), Some(b)) => vec![(a, b)],
            _ => return Err("players are beginner, player, expert, master, greedy, random".into()),
        },
        _ => ladder_pairs(),
    };
    print_ladder(game, games, &pairs);
    Ok(())
}
