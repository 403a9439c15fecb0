//! What the rules report: one event per physical action, in order. The animation plays
//! exactly this stream; [`Tableau::apply_event`] replays it on the seeds alone.

use super::{Pit, Player};
use serde::{Deserialize, Serialize};

/// Where captured seeds go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CaptureTo {
    /// Anywoli: into this player's store.
    Store(Player),
    /// Nsolo, Hawalis, Bao Kigogo: off the board, to this player's captured pile.
    OffBoard(Player),
    /// Omweso: into the mover's hand, to be sown again.
    Hand,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameResult {
    Win(Player),
    Draw,
    /// Omweso: the game does not count and is played again.
    Annulled,
}

/// The rule that ended a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Omweso: the opponent's 16 pits are empty (12 points, the match).
    GrandSlam,
    /// Omweso: captures from both end columns in one turn (2 points).
    BothEndColumns,
    /// Omweso: a capture left the opponent's front row empty (2 points).
    FrontRowEmpty,
    /// Omweso: captures in two turns before the opponent's first capture (2 points).
    TwoCapturesFirst,
    /// The player to move has no legal move.
    NoLegalMove,
    /// Nsolo, Hawalis, Bao Kigogo: a player has no seeds left.
    NoSeedsLeft,
    /// Anywoli: no seeds left on the board.
    BoardEmpty,
    /// Anywoli: four seeds left, given by the last-four convention.
    LastFour,
    /// Anywoli, Option: one store holds more than half the seeds.
    Decided,
    /// Anywoli: neither player can move (only in set-up positions).
    NobodyCanMove,
    /// The same position occurred again (see each game).
    Repetition,
    /// A move that never ends (see each game).
    NeverEndingMove,
    /// Nsolo: a player resigned.
    Resigned,
    /// Omweso blitz: a player ran out of time.
    TimeOut,
}

/// The result of one game: who won, the points it is worth and why it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    pub result: GameResult,
    /// Omweso points (1, 2 or 12); 0 in the other games.
    pub points: u32,
    pub reason: EndReason,
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

/// One physical action of the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// All `count` seeds of the pit are lifted into the hand.
    Lift { pit: Pit, count: u32 },
    /// One seed from the hand drops into the pit.
    Drop { pit: Pit },
    /// The lap ended in an occupied pit: its seeds will be lifted and sown on.
    Relay { pit: Pit },
    /// `count` seeds leave the pit for `to`.
    Capture {
        from: Pit,
        count: u32,
        to: CaptureTo,
    },
    /// Nsolo's bonus strip: one seed leaves the pit, off the board to `by`.
    Strip { pit: Pit, by: Player },
    /// Omweso free set-up: the player's two rows now hold these seeds (top row first).
    Arrange { player: Player, rows: Vec<Vec<u8>> },
    /// A long move: `laps` more laps were played without events; the seeds now lie so.
    Condensed { laps: u64, tableau: Tableau },
    /// The move never ends: it is not carried out and the seeds lie as before it.
    NeverEnding { laps: u64, restored: Tableau },
    /// A random draw (first player by lot, Anywoli's lottery) fell on this player.
    Lot { winner: Player },
    /// The player's turn is over.
    EndTurn { player: Player },
    /// The player plays another turn at once (Anywoli).
    ExtraTurn { player: Player },
    /// The player cannot move and passes (Anywoli).
    Pass { player: Player },
    /// The position after this turn has now occurred `occurrences` times.
    Repetition { occurrences: u32 },
    /// The game is over.
    GameOver(Outcome),
    /// Omweso match: the points after a game, and whether the match is decided.
    MatchScore {
        points: [u32; 2],
        winner: Option<Player>,
    },
    /// Omweso match: a new game starts with these seeds; `first` moves (or arranges) first.
    NewGame { first: Player, tableau: Tableau },
}

/// The seeds alone: in each pit, in the stores, off the board and in the hand.
/// Serialized with `rows` in grid form.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "TableauJson", into = "TableauJson")]
pub struct Tableau {
    pub cols: u8,
    /// Seeds per pit, flat: `row * cols + col`.
    pub pits: Vec<u8>,
    /// Store contents (Anywoli), indexed by `Player as usize`.
    pub stores: [u32; 2],
    /// Seeds each player has taken off the board (Nsolo, Hawalis, Bao Kigogo).
    pub captured: [u32; 2],
    /// Seeds in the mover's hand (between a lift and the drops).
    pub hand: u32,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableauJson {
    rows: Vec<Vec<u8>>,
    #[serde(default)]
    stores: Sides,
    #[serde(default)]
    captured: Sides,
    #[serde(default)]
    hand: u32,
}

/// A number for each player, as `{"south": .., "north": ..}` in JSON.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sides {
    pub south: u32,
    pub north: u32,
}

impl From<[u32; 2]> for Sides {
    fn from(a: [u32; 2]) -> Sides {
        Sides {
            south: a[0],
            north: a[1],
        }
    }
}

impl From<Sides> for [u32; 2] {
    fn from(s: Sides) -> [u32; 2] {
        [s.south, s.north]
    }
}

impl TryFrom<TableauJson> for Tableau {
    type Error = String;
    fn try_from(j: TableauJson) -> Result<Tableau, String> {
        let (cols, pits) = flatten_rows(&j.rows)?;
        Ok(Tableau {
            cols,
            pits,
            stores: j.stores.into(),
            captured: j.captured.into(),
            hand: j.hand,
        })
    }
}

impl From<Tableau> for TableauJson {
    fn from(t: Tableau) -> TableauJson {
        TableauJson {
            rows: t.rows(),
            stores: t.stores.into(),
            captured: t.captured.into(),
            hand: t.hand,
        }
    }
}

/// Checks that rows are a non-empty rectangle and flattens them.
pub(crate) fn flatten_rows(rows: &[Vec<u8>]) -> Result<(u8, Vec<u8>), String> {
    let cols = rows.first().map_or(0, |r| r.len());
    if rows.is_empty() || cols == 0 || cols > 255 || rows.iter().any(|r| r.len() != cols) {
        return Err("`rows` must be a non-empty rectangle of pit counts".into());
    }
    Ok((cols as u8, rows.concat()))
}

impl Tableau {
    /// The pits as grid rows, row 0 first.
    pub fn rows(&self) -> Vec<Vec<u8>> {
        self.pits
            .chunks(self.cols.max(1) as usize)
            .map(|r| r.to_vec())
            .collect()
    }

    /// Every seed: pits, stores, off the board and in hand. Never changes in a game.
    /// Counted without overflow: absurd counts in a loaded position give `u32::MAX`
    /// (which matches no game's total) rather than a panic.
    pub fn total(&self) -> u32 {
        let sum = self.pits.iter().map(|&s| s as u64).sum::<u64>()
            + self
                .stores
                .iter()
                .chain(&self.captured)
                .map(|&s| s as u64)
                .sum::<u64>()
            + self.hand as u64;
        u32::try_from(sum).unwrap_or(u32::MAX)
    }

    fn index(&self, pit: Pit) -> Result<usize, String> {
        let rows = self.pits.len() / self.cols.max(1) as usize;
        if (pit.row as usize) < rows && pit.col < self.cols {
            Ok(pit.row as usize * self.cols as usize + pit.col as usize)
        } else {
            Err(format!("pit [{}, {}] is off the board", pit.row, pit.col))
        }
    }

    /// Replays one event on the seeds; an event that does not fit is an error.
    pub fn apply_event(&mut self, event: &Event) -> Result<(), String> {
        match event {
            Event::Lift { pit, count } => {
                let i = self.index(*pit)?;
                if self.pits[i] as u32 != *count || *count == 0 {
                    return Err(format!(
                        "lift of {count} from a pit holding {}",
                        self.pits[i]
                    ));
                }
                self.pits[i] = 0;
                self.hand = self.hand.checked_add(*count).ok_or("hand overflow")?;
            }
            Event::Drop { pit } => {
                let i = self.index(*pit)?;
                if self.hand == 0 {
                    return Err("drop from an empty hand".into());
                }
                self.hand -= 1;
                self.pits[i] = self.pits[i]
                    .checked_add(1)
                    .ok_or("more than 255 seeds in a pit")?;
            }
            Event::Capture { from, count, to } => {
                let i = self.index(*from)?;
                if (self.pits[i] as u32) < *count {
                    return Err(format!(
                        "capture of {count} from a pit holding {}",
                        self.pits[i]
                    ));
                }
                self.pits[i] -= *count as u8;
                let into = match to {
                    CaptureTo::Store(p) => &mut self.stores[*p as usize],
                    CaptureTo::OffBoard(p) => &mut self.captured[*p as usize],
                    CaptureTo::Hand => &mut self.hand,
                };
                *into = into.checked_add(*count).ok_or("seed count overflow")?;
            }
            Event::Strip { pit, by } => {
                let i = self.index(*pit)?;
                if self.pits[i] == 0 {
                    return Err("strip from an empty pit".into());
                }
                self.pits[i] -= 1;
                let into = &mut self.captured[*by as usize];
                *into = into.checked_add(1).ok_or("seed count overflow")?;
            }
            Event::Arrange { player, rows } => {
                let (cols, flat) = flatten_rows(rows)?;
                let half = self.pits.len() / 2;
                if cols != self.cols || flat.len() != half {
                    return Err("arrangement of the wrong shape".into());
                }
                let range = match player {
                    Player::North => 0..half,
                    Player::South => half..self.pits.len(),
                };
                self.pits[range].copy_from_slice(&flat);
            }
            Event::Condensed { tableau, .. } => *self = tableau.clone(),
            Event::NeverEnding { restored, .. } => *self = restored.clone(),
            Event::NewGame { tableau, .. } => *self = tableau.clone(),
            Event::Relay { .. }
            | Event::Lot { .. }
            | Event::EndTurn { .. }
            | Event::ExtraTurn { .. }
            | Event::Pass { .. }
            | Event::Repetition { .. }
            | Event::GameOver(_)
            | Event::MatchScore { .. } => {}
        }
        Ok(())
    }
}
