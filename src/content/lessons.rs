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
//! `assets/i18n/<language>/tutorial.ftl`. Each step also carries [`Step::after`], the
//! board after the turn, worked out by hand from the rules: the tests check that the
//! rules engine really reaches it, and that the events show the rule the step teaches.
//!
//! The lessons are data, one file a game: `assets/lessons/<game>.json`, compiled in and
//! read once ([`load`]). A file holds the `game`, the `title` key and the `steps`; a step
//! holds what it `teaches`, its `position` as the engine reads positions
//! (`docs/engine.md`), its `prompts` (an `instruction` key and the `expected` decisions
//! in the decision notation, `"3,1"`, `"cw"`, `"strip 0,3"`), its `explanation` key, its
//! `after` (a position's `rows`, `stores`, `captured` and `to_move`) and a `note` that
//! works the turn out for the reader of the file. A file that cannot be used gives a
//! [`LessonError`] naming the file and the field.

use crate::rules::{Decision, Game, GameState, Pending, Pit, Player};
use serde::Deserialize;
use std::sync::OnceLock;

/// Key of the menu button that opens a game's tutorial ("Learn to play").
pub const START: &str = "tutorial-start";
/// Key of the button that goes on to the next step.
pub const NEXT: &str = "tutorial-next";
/// Key of the button that sets the step up again.
pub const AGAIN: &str = "tutorial-again";
/// Key of the hint shown when the learner picks something else than asked.
pub const WRONG: &str = "tutorial-wrong";
/// Key of the message shown at the end of a lesson.
pub const DONE: &str = "tutorial-done";
/// Key of the button that leaves the tutorial.
pub const EXIT: &str = "tutorial-exit";
/// Key of the word shown before the step number ("Step").
pub const STEP: &str = "tutorial-step";

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
/// ([`crate::content::packed`]; the browser build has no file system).
pub fn source(game: Game) -> (&'static str, &'static str) {
    match game {
        Game::Omweso => (
            "assets/lessons/omweso.json",
            crate::packed_text!("lessons/omweso.json"),
        ),
        Game::Anywoli => (
            "assets/lessons/anywoli.json",
            crate::packed_text!("lessons/anywoli.json"),
        ),
        Game::Nsolo => (
            "assets/lessons/nsolo.json",
            crate::packed_text!("lessons/nsolo.json"),
        ),
        Game::Hawalis => (
            "assets/lessons/hawalis.json",
            crate::packed_text!("lessons/hawalis.json"),
        ),
        Game::BaoKigogo => (
            "assets/lessons/bao_kigogo.json",
            crate::packed_text!("lessons/bao_kigogo.json"),
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

/// The lesson of a game, from its file. Should the file be unusable (the tests make
/// sure it is not), the error goes to standard error and the lesson has no steps: the
/// interface then does not start it, and nothing panics.
pub fn lesson(game: Game) -> Lesson {
    match load(game) {
        Ok(l) => l.clone(),
        Err(e) => {
            eprintln!("tutorial not available: {e}");
            Lesson {
                game,
                title: START,
                steps: Vec::new(),
            }
        }
    }
}
