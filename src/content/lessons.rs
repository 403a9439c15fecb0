//! Interactive tutorials, one lesson per game, as plain data (no Bevy).
//!
//! A [`Lesson`] is a short series of [`Step`]s. Each step is a small prepared position
//! (few seeds, so that a visitor can follow every one) where the learner, always South,
//! is asked to make one turn. The turn is one or more [`Prompt`]s: the first starts the
//! turn (which pit to sow), the others are the decisions some rules ask for in the
//! middle of a turn (Omweso's direction, Nsolo's bonus strip). The interface shows the
//! prompt's instruction with its pits glowing ([`Step::glowing`]), lets the learner pick,
//! plays an accepted decision with [`crate::rules::apply`] and refuses anything else with
//! the gentle [`WRONG`] hint. Once the turn is over it shows the step's explanation.
//!
//! Every text is a translation key (see [`crate::content::i18n::text`]); the texts live in
//! `assets/i18n/<language>/tutorial.json`. Each step also carries [`Step::after`], the
//! board after the turn, worked out by hand from the rules: the tests check that the
//! rules engine really reaches it, and that the events show the rule the step teaches.

use crate::rules::{Decision, Direction, Game, GameState, Options, Pending, Pit, Player};
use serde::Deserialize;
use std::sync::OnceLock;

/// Key of the menu button that opens a game's tutorial ("Learn to play").
pub const START: &str = "tutorial.start";
/// Key of the button that goes on to the next step.
pub const NEXT: &str = "tutorial.next";
/// Key of the button that sets the step up again.
pub const AGAIN: &str = "tutorial.again";
/// Key of the hint shown when the learner picks something else than asked.
pub const WRONG: &str = "tutorial.wrong";
/// Key of the message shown at the end of a lesson.
pub const DONE: &str = "tutorial.done";
/// Key of the button that leaves the tutorial.
pub const EXIT: &str = "tutorial.exit";
/// Key of the word shown before the step number ("Step").
pub const STEP: &str = "tutorial.step";

/// The keys shared by every lesson.
pub const SHARED_KEYS: [&str; 7] = [START, NEXT, AGAIN, WRONG, DONE, EXIT, STEP];

/// The rule a step teaches: the events of the learner's turn must show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Teaches {
    /// Sowing one lap, counter-clockwise; the last seed falls into an empty pit.
    Sowing,
    /// The last seed lands in an occupied pit: lift them all and sow on.
    Relay,
    /// A capture.
    Capture,
    /// Omweso: a turn started clockwise from a leftmost pit, to capture.
    ReverseCapture,
    /// Omweso: a lap starting in a leftmost pit may go clockwise to capture.
    DirectionChoice,
    /// Anywoli: a drop in the middle of a lap makes four; they go to the pit's owner.
    FourMidLap,
    /// Anywoli: the last seed makes four; the mover takes them and plays again.
    FourLastSeed,
    /// Nsolo: the bonus strip after a capture.
    Strip,
    /// Nsolo, Hawalis, Bao Kigogo: a single seed moved into the empty next pit.
    SingleSeed,
}

/// One decision the learner is asked to make.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Prompt {
    /// Translation key of what the learner is asked to do (shown with the pits glowing).
    pub instruction: &'static str,
    /// The decisions accepted here (usually one); anything else is refused with [`WRONG`].
    /// Written in the decision notation in a lesson file (`"3,1"`, `"cw"`, `"strip 0,3"`).
    #[serde(deserialize_with = "notation")]
    pub expected: Vec<Decision>,
}

/// The seeds after a step's turn, written by hand from the rules. In a lesson file it
/// reads like a position without its game: `rows`, `stores` and `captured` (each
/// `{"south": .., "north": ..}`, 0 when left out) and `to_move`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(from = "AfterData")]
pub struct After {
    /// Pit counts row by row, as in the position JSON (row 0 on top, South at the bottom).
    pub rows: Vec<Vec<u8>>,
    /// Anywoli's stores, `[south, north]` (0 in the other games).
    pub stores: [u32; 2],
    /// Seeds each player has taken off the board, `[south, north]` (Nsolo, Hawalis,
    /// Bao Kigogo; 0 in the others).
    pub captured: [u32; 2],
    /// Who decides next (South again after Anywoli's extra turn).
    pub to_move: Player,
}

impl After {
    /// The same view of a state, to compare with a step's [`Step::after`].
    pub fn of(state: &GameState) -> After {
        let seeds = state.seeds();
        After {
            rows: seeds.rows(),
            stores: seeds.stores,
            captured: seeds.captured,
            to_move: state.to_decide(),
        }
    }
}

/// One step of a lesson: a prepared position and the turn the learner makes in it.
#[derive(Clone, Debug)]
pub struct Step {
    /// The rule this step teaches.
    pub teaches: Teaches,
    /// The prepared position; South is to move.
    pub position: GameState,
    /// The decisions of the learner's turn, in order: the first starts the turn, the
    /// others are asked in the middle of it. Never empty.
    pub prompts: Vec<Prompt>,
    /// Translation key of the explanation shown once the turn is over.
    pub explanation: &'static str,
    /// What the board looks like after the turn.
    pub after: After,
}

impl Step {
    /// Translation key of the step's first instruction.
    pub fn instruction(&self) -> &'static str {
        self.prompts[0].instruction
    }

    /// The prompt after `made` accepted decisions, or `None` once the turn is over.
    pub fn prompt(&self, made: usize) -> Option<&Prompt> {
        self.prompts.get(made)
    }

    /// Whether `decision` is what the learner is asked for after `made` accepted
    /// decisions of this step.
    pub fn accepts(&self, made: usize, decision: &Decision) -> bool {
        self.prompt(made)
            .is_some_and(|p| p.expected.contains(decision))
    }

    /// The pits to make glow after `made` accepted decisions: the pits of the expected
    /// decisions (none for a direction choice, which the interface asks with arrows).
    pub fn glowing(&self, made: usize) -> Vec<Pit> {
        let Some(p) = self.prompt(made) else {
            return Vec::new();
        };
        let mut pits: Vec<Pit> = p
            .expected
            .iter()
            .filter_map(|d| match d {
                Decision::Strip(pit) => Some(*pit),
                _ => d.start_pit(),
            })
            .collect();
        pits.sort();
        pits.dedup();
        pits
    }

    /// Every translation key of the step.
    pub fn keys(&self) -> Vec<&'static str> {
        let mut keys: Vec<&'static str> = self.prompts.iter().map(|p| p.instruction).collect();
        keys.push(self.explanation);
        keys
    }
}

/// The tutorial of one game.
#[derive(Clone, Debug)]
pub struct Lesson {
    /// The game taught.
    pub game: Game,
    /// Translation key of the lesson's title.
    pub title: &'static str,
    /// The steps, in teaching order: sowing, relay, capture, then the game's own rules.
    pub steps: Vec<Step>,
}

impl Lesson {
    /// Every translation key of the lesson (the shared ones not included).
    pub fn keys(&self) -> Vec<&'static str> {
        let mut keys = vec![self.title];
        for s in &self.steps {
            keys.extend(s.keys());
        }
        keys
    }
}

/// The lesson file of a game: its name (as in error messages) and its text, compiled in
/// (the browser build has no file system).
pub fn source(game: Game) -> (&'static str, &'static str) {
    match game {
        Game::Omweso => (
            "assets/lessons/omweso.json",
            include_str!("../../assets/lessons/omweso.json"),
        ),
        Game::Anywoli => (
            "assets/lessons/anywoli.json",
            include_str!("../../assets/lessons/anywoli.json"),
        ),
        Game::Nsolo => (
            "assets/lessons/nsolo.json",
            include_str!("../../assets/lessons/nsolo.json"),
        ),
        Game::Hawalis => (
            "assets/lessons/hawalis.json",
            include_str!("../../assets/lessons/hawalis.json"),
        ),
        Game::BaoKigogo => (
            "assets/lessons/bao_kigogo.json",
            include_str!("../../assets/lessons/bao_kigogo.json"),
        ),
    }
}

/// A lesson file that cannot be used: which file, where in it and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError {
    /// The file, e.g. `assets/lessons/omweso.json`.
    pub file: String,
    /// The field, as a path from the top of the file (`steps[2].prompts[0].expected[0]`);
    /// empty when the fault is the file as a whole (not JSON, text after the end).
    pub field: String,
    /// What is wrong with it.
    pub message: String,
}

impl std::fmt::Display for LessonError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.field.is_empty() {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{}: {}: {}", self.file, self.field, self.message)
        }
    }
}

impl std::error::Error for LessonError {}

/// Reads a lesson file. Its translation keys are borrowed from `text` (hence
/// `'static`), so they must be written without escapes. Besides serde's own checks
/// (every field known, present and of its type; positions valid as in the engine;
/// decisions in the notation), a lesson must have steps, each with a position of its
/// game where South starts a turn and at least one prompt, each accepting at least one
/// decision: what the interface relies on. That the decisions are legal and reach the
/// step's `after` is checked by the tests (`tests/tutorial.rs`).
pub fn parse(file: &str, text: &'static str) -> Result<Lesson, LessonError> {
    let fault = |field: String, message: String| LessonError {
        file: file.to_string(),
        field,
        message,
    };
    let mut de = serde_json::Deserializer::from_str(text);
    let data: LessonData = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let field = if path == "." { String::new() } else { path };
        fault(field, e.into_inner().to_string())
    })?;
    de.end().map_err(|e| fault(String::new(), e.to_string()))?;
    if data.steps.is_empty() {
        return Err(fault(
            "steps".into(),
            "a lesson needs at least one step".into(),
        ));
    }
    let mut steps = Vec::with_capacity(data.steps.len());
    for (i, s) in data.steps.into_iter().enumerate() {
        let at = |field: &str| format!("steps[{i}].{field}");
        let p = &s.position;
        if p.game() != data.game {
            return Err(fault(
                at("position.game"),
                format!("a position of {}, in a lesson of {}", p.game(), data.game),
            ));
        }
        if p.to_decide() != Player::South || *p.pending() != Pending::Turn {
            return Err(fault(
                at("position"),
                "the learner plays South: South must be about to start a turn".into(),
            ));
        }
        if s.prompts.is_empty() {
            return Err(fault(
                at("prompts"),
                "a step needs at least one prompt".into(),
            ));
        }
        if let Some(j) = s.prompts.iter().position(|p| p.expected.is_empty()) {
            return Err(fault(
                at(&format!("prompts[{j}].expected")),
                "a prompt must accept at least one decision".into(),
            ));
        }
        steps.push(Step {
            teaches: s.teaches,
            position: s.position,
            prompts: s.prompts,
            explanation: s.explanation,
            after: s.after,
        });
    }
    Ok(Lesson {
        game: data.game,
        title: data.title,
        steps,
    })
}

/// The lesson of a game read from its file, once; an error names the file and the
/// field (the tests make sure there is none).
pub fn load(game: Game) -> Result<&'static Lesson, &'static LessonError> {
    static LESSONS: OnceLock<Vec<Result<Lesson, LessonError>>> = OnceLock::new();
    let all = LESSONS.get_or_init(|| {
        Game::ALL
            .iter()
            .map(|&g| {
                let (file, text) = source(g);
                parse(file, text).and_then(|l| {
                    if l.game == g {
                        Ok(l)
                    } else {
                        Err(LessonError {
                            file: file.to_string(),
                            field: "game".into(),
                            message: format!("the lesson of {}, in the file of {g}", l.game),
                        })
                    }
                })
            })
            .collect()
    });
    let i = Game::ALL
        .iter()
        .position(|&g| g == game)
        .unwrap_or_default();
    all[i].as_ref()
}

/// A lesson file as written: a [`Lesson`] with notes for its reader.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonData {
    game: Game,
    title: &'static str,
    /// For the reader of the file (the grid's conventions); not shown.
    #[serde(default, rename = "note")]
    _note: String,
    steps: Vec<StepData>,
}

/// A step as written in a lesson file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StepData {
    teaches: Teaches,
    /// How the turn goes, worked out by hand from the rules; not shown.
    #[serde(default, rename = "note")]
    _note: String,
    /// A position as the engine reads it (docs/engine.md).
    position: GameState,
    prompts: Vec<Prompt>,
    explanation: &'static str,
    after: After,
}

/// [`After`] as written: a position's `rows`, `stores`, `captured` and `to_move`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AfterData {
    rows: Vec<Vec<u8>>,
    #[serde(default)]
    stores: SidesData,
    #[serde(default)]
    captured: SidesData,
    to_move: Player,
}

/// `{"south": .., "north": ..}`, as in the position JSON.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct SidesData {
    south: u32,
    north: u32,
}

impl From<AfterData> for After {
    fn from(a: AfterData) -> After {
        After {
            rows: a.rows,
            stores: [a.stores.south, a.stores.north],
            captured: [a.captured.south, a.captured.north],
            to_move: a.to_move,
        }
    }
}

/// Decisions written in the notation (`"3,1"`, `"3,1 cw"`, `"cw"`, `"strip 0,3"`).
fn notation<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Decision>, D::Error> {
    struct Notation(Decision);
    impl<'de> Deserialize<'de> for Notation {
        fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Notation, D::Error> {
            let text = String::deserialize(d)?;
            text.parse().map(Notation).map_err(serde::de::Error::custom)
        }
    }
    Ok(Vec::<Notation>::deserialize(d)?
        .into_iter()
        .map(|n| n.0)
        .collect())
}

/// The lesson of a game.
pub fn lesson(game: Game) -> Lesson {
    match game {
        Game::Omweso => omweso(),
        Game::Anywoli => anywoli(),
        Game::Nsolo => nsolo(),
        Game::Hawalis => hawalis(),
        Game::BaoKigogo => bao_kigogo(),
    }
}

/// Grid rows from a literal (row 0 on top).
fn grid<const C: usize, const R: usize>(r: [[u8; C]; R]) -> Vec<Vec<u8>> {
    r.iter().map(|row| row.to_vec()).collect()
}

/// South to move in a hand-made position with default options. Seeds missing from the
/// game's total are split between the players' stores (Anywoli) or captured piles
/// (the others), South getting any odd seed; Omweso positions hold all 64 seeds.
///
/// Panics if the position is invalid: the tests build every lesson.
fn position(game: Game, rows: Vec<Vec<u8>>) -> GameState {
    GameState::from_rows(game, Options::default(), &rows, Player::South)
        .unwrap_or_else(|e| panic!("tutorial position of {game}: {e}"))
}

/// A prompt.
fn ask(instruction: &'static str, expected: Decision) -> Prompt {
    Prompt {
        instruction,
        expected: vec![expected],
    }
}

fn sow(row: u8, col: u8) -> Decision {
    Decision::Sow(Pit::new(row, col))
}

fn strip(row: u8, col: u8) -> Decision {
    Decision::Strip(Pit::new(row, col))
}

/// The seeds after a turn; `side` is Anywoli's stores or the others' captured piles.
fn after(game: Game, rows: Vec<Vec<u8>>, side: [u32; 2], to_move: Player) -> After {
    let (stores, captured) = match game {
        Game::Anywoli => (side, [0, 0]),
        _ => ([0, 0], side),
    };
    After {
        rows,
        stores,
        captured,
        to_move,
    }
}

// Grid reminder. Four-row games: row 0 North's back row, row 1 North's front row,
// row 2 South's front row, row 3 South's back row; South sows CCW: right along row 3,
// then left along row 2. Anywoli: row 0 North, row 1 South; one circuit, right along
// row 1, then left along row 0; South's store is at the right end.

fn omweso() -> Lesson {
    let g = Game::Omweso;
    const N: Player = Player::North;
    let steps = vec![
        // 4 seeds from (3,1) fall into (3,2)..(3,5), all empty: the turn ends.
        Step {
            teaches: Teaches::Sowing,
            position: position(
                g,
                grid([
                    [4, 4, 4, 4, 4, 4, 4, 4],
                    [4, 4, 4, 4, 4, 4, 2, 0],
                    [0, 0, 0, 0, 0, 2, 0, 0],
                    [0, 4, 0, 0, 0, 0, 0, 0],
                ]),
            ),
            prompts: vec![ask("tutorial.omweso.1.do", sow(3, 1))],
            explanation: "tutorial.omweso.1.why",
            after: after(
                g,
                grid([
                    [4, 4, 4, 4, 4, 4, 4, 4],
                    [4, 4, 4, 4, 4, 4, 2, 0],
                    [0, 0, 0, 0, 0, 2, 0, 0],
                    [0, 0, 1, 1, 1, 1, 0, 0],
                ]),
                [0, 0],
                N,
            ),
        },
        // 2 seeds from (3,4): (3,5), then (3,6), which held 2: relay its 3 seeds into
        // (3,7), round the corner into (2,7) and (2,6), empty: the turn ends.
        Step {
            teaches: Teaches::Relay,
            position: position(
                g,
                grid([
                    [4, 4, 4, 4, 4, 4, 4, 4],
                    [4, 4, 4, 4, 4, 4, 4, 0],
                    [0, 0, 0, 0, 0, 0, 0, 0],
                    [0, 0, 0, 0, 2, 0, 2, 0],
                ]),
            ),
            prompts: vec![ask("tutorial.omweso.2.do", sow(3, 4))],
            explanation: "tutorial.omweso.2.why",
            after: after(
                g,
                grid([
                    [4, 4, 4, 4, 4, 4, 4, 4],
                    [4, 4, 4, 4, 4, 4, 4, 0],
                    [0, 0, 0, 0, 0, 0, 1, 1],
                    [0, 0, 0, 0, 0, 1, 0, 1],
                ]),
                [0, 0],
                N,
            ),
        },
        // 2 seeds from (3,6): (3,7), then (2,7), which held 1 and faces (1,7) = 2 and
        // (0,7) = 3: those 5 are captured and sown from the pit after the origin (3,6):
        // (3,7), (2,7), (2,6), (2,5), (2,4), empty: the turn ends.
        Step {
            teaches: Teaches::Capture,
            position: position(
                g,
                grid([
                    [4, 4, 4, 4, 4, 4, 4, 3],
                    [4, 4, 4, 4, 4, 4, 2, 2],
                    [0, 0, 0, 0, 0, 0, 0, 1],
                    [0, 2, 0, 0, 0, 0, 2, 0],
                ]),
            ),
            prompts: vec![ask("tutorial.omweso.3.do", sow(3, 6))],
            explanation: "tutorial.omweso.3.why",
            after: after(
                g,
                grid([
                    [4, 4, 4, 4, 4, 4, 4, 0],
                    [4, 4, 4, 4, 4, 4, 2, 0],
                    [0, 0, 0, 0, 1, 1, 1, 3],
                    [0, 2, 0, 0, 0, 0, 0, 2],
                ]),
                [0, 0],
                N,
            ),
        },
        // Reverse capture: 2 seeds from (3,1) clockwise: (3,0), then (2,0), which held 1
        // and faces (1,0) = 2 and (0,0) = 2. The 4 captured seeds go counter-clockwise
        // from the origin (3,1) (clockwise would end in the empty (2,2), no capture, so
        // no choice is offered): (3,2)..(3,5), empty: the turn ends.
        Step {
            teaches: Teaches::ReverseCapture,
            position: position(
                g,
                grid([
                    [2, 5, 4, 4, 4, 4, 4, 4],
                    [2, 4, 4, 4, 4, 4, 4, 4],
                    [1, 0, 0, 0, 0, 0, 0, 0],
                    [0, 2, 0, 0, 0, 0, 0, 0],
                ]),
            ),
            prompts: vec![ask(
                "tutorial.omweso.4.do",
                Decision::Reverse(Pit::new(3, 1)),
            )],
            explanation: "tutorial.omweso.4.why",
            after: after(
                g,
                grid([
                    [0, 5, 4, 4, 4, 4, 4, 4],
                    [0, 4, 4, 4, 4, 4, 4, 4],
                    [2, 0, 0, 0, 0, 0, 0, 0],
                    [1, 0, 1, 1, 1, 1, 0, 0],
                ]),
                [0, 0],
                N,
            ),
        },
        // 2 seeds from (2,2): (2,1), then (2,0), which held 2; (1,0) is empty, so no
        // capture: relay. The 3 seeds are lifted in the leftmost pit (2,0), and
        // clockwise they would end in (2,3) (held 1) facing (1,3) = 2 and (0,3) = 2:
        // the learner is asked the direction. Clockwise: (2,1), (2,2), (2,3) captures
        // 4, sown from after the origin (2,0); clockwise they would end in the empty
        // (2,4), so no choice: counter-clockwise (3,0)..(3,3), empty: the turn ends.
        Step {
            teaches: Teaches::DirectionChoice,
            position: position(
                g,
                grid([
                    [4, 4, 4, 2, 4, 4, 4, 4],
                    [0, 5, 5, 2, 5, 4, 4, 4],
                    [2, 0, 2, 1, 0, 0, 0, 0],
                    [0, 0, 0, 0, 0, 0, 0, 0],
                ]),
            ),
            prompts: vec![
                ask("tutorial.omweso.5.do", sow(2, 2)),
                ask("tutorial.omweso.5.do2", Decision::Direction(Direction::Cw)),
            ],
            explanation: "tutorial.omweso.5.why",
            after: after(
                g,
                grid([
                    [4, 4, 4, 0, 4, 4, 4, 4],
                    [0, 5, 5, 0, 5, 4, 4, 4],
                    [0, 2, 1, 2, 0, 0, 0, 0],
                    [1, 1, 1, 1, 0, 0, 0, 0],
                ]),
                [0, 0],
                N,
            ),
        },
    ];
    Lesson {
        game: g,
        title: "tutorial.omweso.title",
        steps,
    }
}

fn anywoli() -> Lesson {
    let g = Game::Anywoli;
    const N: Player = Player::North;
    let steps = vec![
        // 3 seeds from (1,9): (1,10), (1,11), then over to North's (0,11), empty.
        // 8 seeds on the board: 88 in the stores, 44 each.
        Step {
            teaches: Teaches::Sowing,
            position: position(
                g,
                grid([
                    [0, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0, 0],
                    [0, 0, 2, 0, 0, 0, 0, 0, 0, 3, 0, 0],
                ]),
            ),
            prompts: vec![ask("tutorial.anywoli.1.do", sow(1, 9))],
            explanation: "tutorial.anywoli.1.why",
            after: after(
                g,
                grid([
                    [0, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0, 1],
                    [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1, 1],
                ]),
                [44, 44],
                N,
            ),
        },
        // 2 seeds from (1,8): (1,9), then (1,10), which held 1 (now 2, not 4): relay
        // its 2 into (1,11) and (0,11), empty. 7 on the board: stores 45 and 44.
        Step {
            teaches: Teaches::Relay,
            position: position(
                g,
                grid([
                    [0, 0, 0, 0, 2, 0, 0, 1, 0, 0, 0, 0],
                    [0, 0, 1, 0, 0, 0, 0, 0, 2, 0, 1, 0],
                ]),
            ),
            prompts: vec![ask("tutorial.anywoli.2.do", sow(1, 8))],
            explanation: "tutorial.anywoli.2.why",
            after: after(
                g,
                grid([
                    [0, 0, 0, 0, 2, 0, 0, 1, 0, 0, 0, 1],
                    [0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1],
                ]),
                [45, 44],
                N,
            ),
        },
        // 4 seeds from (1,9): (1,10) 3 -> 4, mid-lap: to South's store (South owns
        // it); (1,11); (0,11) 3 -> 4, mid-lap: to North's store; (0,10), empty: the
        // turn ends. 14 on the board: stores 41 each, then 45 each.
        Step {
            teaches: Teaches::FourMidLap,
            position: position(
                g,
                grid([
                    [0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 3],
                    [0, 0, 0, 2, 0, 0, 0, 0, 0, 4, 3, 0],
                ]),
            ),
            prompts: vec![ask("tutorial.anywoli.3.do", sow(1, 9))],
            explanation: "tutorial.anywoli.3.why",
            after: after(
                g,
                grid([
                    [0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1, 0],
                    [0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1],
                ]),
                [45, 45],
                N,
            ),
        },
        // 3 seeds from (1,10): (1,11), (0,11), then (0,10) 3 -> 4 with the last seed:
        // South takes them (though North owns the pit) and plays again. 10 on the
        // board: stores 43 each, then South 47.
        Step {
            teaches: Teaches::FourLastSeed,
            position: position(
                g,
                grid([
                    [0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 3, 0],
                    [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0],
                ]),
            ),
            prompts: vec![ask("tutorial.anywoli.4.do", sow(1, 10))],
            explanation: "tutorial.anywoli.4.why",
            after: after(
                g,
                grid([
                    [0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1],
                    [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1],
                ]),
                [47, 43],
                Player::South,
            ),
        },
    ];
    Lesson {
        game: g,
        title: "tutorial.anywoli.title",
        steps,
    }
}

fn nsolo() -> Lesson {
    let g = Game::Nsolo;
    const N: Player = Player::North;
    let steps = vec![
        // 3 seeds from (3,2) into (3,3), (3,4), (3,5), empty. 10 on the board, 4 x 8
        // holds 60: 25 captured by each.
        Step {
            teaches: Teaches::Sowing,
            position: position(
                g,
                grid([
                    [0, 0, 0, 0, 2, 0, 0, 0],
                    [0, 2, 0, 0, 0, 1, 0, 0],
                    [0, 0, 0, 0, 0, 0, 2, 0],
                    [0, 0, 3, 0, 0, 0, 0, 0],
                ]),
            ),
            prompts: vec![ask("tutorial.nsolo.1.do", sow(3, 2))],
            explanation: "tutorial.nsolo.1.why",
            after: after(
                g,
                grid([
                    [0, 0, 0, 0, 2, 0, 0, 0],
                    [0, 2, 0, 0, 0, 1, 0, 0],
                    [0, 0, 0, 0, 0, 0, 2, 0],
                    [0, 0, 0, 1, 1, 1, 0, 0],
                ]),
                [25, 25],
                N,
            ),
        },
        // 2 seeds from (3,1): (3,2), then (3,3), which held 2: relay its 3 into
        // (3,4), (3,5), (3,6), empty. 12 on the board: 24 captured each.
        Step {
            teaches: Teaches::Relay,
            position: position(
                g,
                grid([
                    [0, 0, 0, 0, 0, 0, 3, 0],
                    [0, 0, 2, 0, 0, 0, 1, 0],
                    [0, 0, 0, 0, 2, 0, 0, 0],
                    [0, 2, 0, 2, 0, 0, 0, 0],
                ]),
            ),
            prompts: vec![ask("tutorial.nsolo.2.do", sow(3, 1))],
            explanation: "tutorial.nsolo.2.why",
            after: after(
                g,
                grid([
                    [0, 0, 0, 0, 0, 0, 3, 0],
                    [0, 0, 2, 0, 0, 0, 1, 0],
                    [0, 0, 0, 0, 2, 0, 0, 0],
                    [0, 0, 1, 0, 1, 1, 1, 0],
                ]),
                [24, 24],
                N,
            ),
        },
        // 3 seeds from (3,5): (3,6), (3,7), then the empty front pit (2,7), facing
        // North's front pit (1,7) = 2: those 2 are removed, then 2 more stripped, both
        // from (0,3). 12 on the board: 24 captured each; South ends with 28.
        Step {
            teaches: Teaches::Strip,
            position: position(
                g,
                grid([
                    [0, 0, 0, 3, 0, 0, 0, 0],
                    [0, 0, 0, 0, 2, 0, 0, 2],
                    [0, 0, 2, 0, 0, 0, 0, 0],
                    [0, 0, 0, 0, 0, 3, 0, 0],
                ]),
            ),
            prompts: vec![
                ask("tutorial.nsolo.3.do", sow(3, 5)),
                ask("tutorial.nsolo.3.do2", strip(0, 3)),
                ask("tutorial.nsolo.3.do3", strip(0, 3)),
            ],
            explanation: "tutorial.nsolo.3.why",
            after: after(
                g,
                grid([
                    [0, 0, 0, 1, 0, 0, 0, 0],
                    [0, 0, 0, 0, 2, 0, 0, 0],
                    [0, 0, 2, 0, 0, 0, 0, 1],
                    [0, 0, 0, 0, 0, 0, 1, 1],
                ]),
                [28, 24],
                N,
            ),
        },
        // Only single seeds: (2,4) may not move (its next pit (2,3) is occupied);
        // (2,3) moves into the empty (2,2), facing (1,2) = 1: captured (not the back
        // pit (0,2)), and 1 more stripped from (1,6). 9 on the board: 26 and 25
        // captured; South ends with 28.
        Step {
            teaches: Teaches::SingleSeed,
            position: position(
                g,
                grid([
                    [0, 0, 2, 0, 0, 1, 0, 0],
                    [0, 0, 1, 0, 0, 0, 2, 0],
                    [0, 0, 0, 1, 1, 0, 0, 0],
                    [0, 0, 0, 0, 0, 0, 1, 0],
                ]),
            ),
            prompts: vec![
                ask("tutorial.nsolo.4.do", sow(2, 3)),
                ask("tutorial.nsolo.4.do2", strip(1, 6)),
            ],
            explanation: "tutorial.nsolo.4.why",
            after: after(
                g,
                grid([
                    [0, 0, 2, 0, 0, 1, 0, 0],
                    [0, 0, 0, 0, 0, 0, 1, 0],
                    [0, 0, 1, 0, 1, 0, 0, 0],
                    [0, 0, 0, 0, 0, 0, 1, 0],
                ]),
                [28, 25],
                N,
            ),
        },
    ];
    Lesson {
        game: g,
        title: "tutorial.nsolo.title",
        steps,
    }
}

fn hawalis() -> Lesson {
    let g = Game::Hawalis;
    const N: Player = Player::North;
    let steps = vec![
        // 3 seeds from (3,1) into (3,2), (3,3), (3,4), empty. 10 on the board, 56 in
        // the game: 23 captured each.
        Step {
            teaches: Teaches::Sowing,
            position: position(
                g,
                grid([
                    [0, 2, 0, 0, 0, 0, 0],
                    [0, 0, 0, 2, 0, 0, 1],
                    [0, 0, 0, 0, 0, 2, 0],
                    [0, 3, 0, 0, 0, 0, 0],
                ]),
            ),
            prompts: vec![ask("tutorial.hawalis.1.do", sow(3, 1))],
            explanation: "tutorial.hawalis.1.why",
            after: after(
                g,
                grid([
                    [0, 2, 0, 0, 0, 0, 0],
                    [0, 0, 0, 2, 0, 0, 1],
                    [0, 0, 0, 0, 0, 2, 0],
                    [0, 0, 1, 1, 1, 0, 0],
                ]),
                [23, 23],
                N,
            ),
        },
        // 2 seeds from (3,3): (3,4), then (3,5), which held 1: relay its 2 into (3,6)
        // and round the corner into (2,6), empty; North's (1,6) is empty, so nothing
        // is captured. 10 on the board: 23 captured each.
        Step {
            teaches: Teaches::Relay,
            position: position(
                g,
                grid([
                    [0, 0, 0, 0, 2, 0, 0],
                    [0, 0, 2, 0, 0, 1, 0],
                    [0, 2, 0, 0, 0, 0, 0],
                    [0, 0, 0, 2, 0, 1, 0],
                ]),
            ),
            prompts: vec![ask("tutorial.hawalis.2.do", sow(3, 3))],
            explanation: "tutorial.hawalis.2.why",
            after: after(
                g,
                grid([
                    [0, 0, 0, 0, 2, 0, 0],
                    [0, 0, 2, 0, 0, 1, 0],
                    [0, 2, 0, 0, 0, 0, 1],
                    [0, 0, 0, 0, 1, 0, 1],
                ]),
                [23, 23],
                N,
            ),
        },
        // 3 seeds from (3,4): (3,5), (3,6), then the empty front pit (2,6): North's
        // front pit (1,6) = 2 and the back pit behind it (0,6) = 3 are captured.
        // 13 on the board: 22 and 21 captured; South ends with 27.
        Step {
            teaches: Teaches::Capture,
            position: position(
                g,
                grid([
                    [0, 1, 0, 0, 0, 0, 3],
                    [0, 0, 0, 2, 0, 0, 2],
                    [0, 0, 2, 0, 0, 0, 0],
                    [0, 0, 0, 0, 3, 0, 0],
                ]),
            ),
            prompts: vec![ask("tutorial.hawalis.3.do", sow(3, 4))],
            explanation: "tutorial.hawalis.3.why",
            after: after(
                g,
                grid([
                    [0, 1, 0, 0, 0, 0, 0],
                    [0, 0, 0, 2, 0, 0, 0],
                    [0, 0, 2, 0, 0, 0, 1],
                    [0, 0, 0, 0, 0, 1, 1],
                ]),
                [27, 21],
                N,
            ),
        },
        // Only single seeds: (3,5) may not move ((3,6) is occupied); (3,6) moves round
        // the corner into the empty front pit (2,6) and captures (1,6) = 1 and
        // (0,6) = 2. 9 on the board: 24 and 23 captured; South ends with 27.
        Step {
            teaches: Teaches::SingleSeed,
            position: position(
                g,
                grid([
                    [0, 0, 0, 1, 0, 0, 2],
                    [0, 2, 0, 0, 0, 0, 1],
                    [0, 0, 0, 1, 0, 0, 0],
                    [0, 0, 0, 0, 0, 1, 1],
                ]),
            ),
            prompts: vec![ask("tutorial.hawalis.4.do", sow(3, 6))],
            explanation: "tutorial.hawalis.4.why",
            after: after(
                g,
                grid([
                    [0, 0, 0, 1, 0, 0, 0],
                    [0, 2, 0, 0, 0, 0, 0],
                    [0, 0, 0, 1, 0, 0, 1],
                    [0, 0, 0, 0, 0, 1, 0],
                ]),
                [27, 23],
                N,
            ),
        },
    ];
    Lesson {
        game: g,
        title: "tutorial.hawalis.title",
        steps,
    }
}

fn bao_kigogo() -> Lesson {
    let g = Game::BaoKigogo;
    const N: Player = Player::North;
    let steps = vec![
        // 4 seeds from (3,7): (3,8)..(3,11); (3,11) held 1: relay its 2 into (2,11)
        // and (2,10), empty; North's (1,10) is empty: no capture. 12 on the board,
        // 92 in the game: 40 captured each.
        Step {
            teaches: Teaches::Relay,
            position: position(
                g,
                grid([
                    [0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0],
                    [1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0],
                    [0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0],
                    [0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 1],
                ]),
            ),
            prompts: vec![ask("tutorial.bao_kigogo.1.do", sow(3, 7))],
            explanation: "tutorial.bao_kigogo.1.why",
            after: after(
                g,
                grid([
                    [0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0],
                    [1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0],
                    [0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 1, 1],
                    [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0],
                ]),
                [40, 40],
                N,
            ),
        },
        // 2 seeds from (3,9): (3,10), then (3,11), which held 2: relay its 3 into
        // (2,11), (2,10), (2,9), empty front pit facing (1,9) = 3 with (0,9) = 1
        // behind: 4 captured. 14 on the board: 39 captured each; South ends with 43.
        Step {
            teaches: Teaches::Capture,
            position: position(
                g,
                grid([
                    [2, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0],
                    [0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0],
                    [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                    [0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2],
                ]),
            ),
            prompts: vec![ask("tutorial.bao_kigogo.2.do", sow(3, 9))],
            explanation: "tutorial.bao_kigogo.2.why",
            after: after(
                g,
                grid([
                    [2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                    [0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0],
                    [0, 0, 2, 0, 0, 0, 0, 0, 0, 1, 1, 1],
                    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
                ]),
                [43, 39],
                N,
            ),
        },
        // Only single seeds: (3,4) may not move ((3,5) is occupied); (2,1) moves into
        // the empty front pit (2,0) and captures (1,0) = 2 and (0,0) = 1. 9 on the
        // board: 42 and 41 captured; South ends with 45.
        Step {
            teaches: Teaches::SingleSeed,
            position: position(
                g,
                grid([
                    [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
                    [2, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0],
                    [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                    [0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0],
                ]),
            ),
            prompts: vec![ask("tutorial.bao_kigogo.3.do", sow(2, 1))],
            explanation: "tutorial.bao_kigogo.3.why",
            after: after(
                g,
                grid([
                    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0],
                    [0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0],
                    [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                    [0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0],
                ]),
                [45, 41],
                N,
            ),
        },
    ];
    Lesson {
        game: g,
        title: "tutorial.bao_kigogo.title",
        steps,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One-off check before the Rust literals go: the files hold exactly the lessons
    /// the literals built (positions, prompts, keys, afters).
    #[test]
    fn the_files_hold_the_lessons_of_the_literals() {
        for g in Game::ALL {
            let old = lesson(g);
            let new = load(g).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(old.game, new.game);
            assert_eq!(old.title, new.title);
            assert_eq!(old.steps.len(), new.steps.len(), "{g}");
            for (i, (a, b)) in old.steps.iter().zip(&new.steps).enumerate() {
                let what = format!("{g} step {}", i + 1);
                assert_eq!(a.teaches, b.teaches, "{what}");
                assert_eq!(a.position, b.position, "{what}");
                assert_eq!(a.position.to_json(), b.position.to_json(), "{what}");
                assert_eq!(a.prompts, b.prompts, "{what}");
                assert_eq!(a.explanation, b.explanation, "{what}");
                assert_eq!(a.after, b.after, "{what}");
            }
        }
    }
}
