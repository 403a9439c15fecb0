//! The interface (egui): the main menu, the in-game HUD, the prompts for mid-turn
//! decisions, the game-over panel and the rules panel.

use super::animation::{Animation, Speed};
use super::board::{PitView, StoreView};
use super::camera::MainCamera;
use super::input::{ArrangeDraft, Choice, CountDisplay, HoveredPit};
use super::play::{
    ComputerPlayer, DecisionMade, LastMove, Notice, Seat, Seats, StartGame, person_to_decide,
};
use super::seeds::Resync;
use super::{AppState, CurrentGame, Setup};
use crate::rules::{
    Decision, Direction, FirstPlayer, Game, GameResult, GameState, LastFour, Lot, NeverEndingRule,
    Pending, PlayMode, Player, SetUp, random_decision,
};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

/// Whether the rules panel is open.
#[derive(Resource, Default)]
pub struct RulesPanel(pub bool);

/// The interface plugin.
pub fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .init_resource::<RulesPanel>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                menu.run_if(in_state(AppState::Menu)),
                (hud, prompts, rules_panel, count_labels, records_panel)
                    .run_if(in_state(AppState::InGame)),
            ),
        );
}

/// One line saying what happens now.
pub fn status_line(game: &GameState) -> String {
    match game.pending() {
        Pending::Over(o) | Pending::NextGame(o) => match o.result {
            GameResult::Win(p) => format!("{p} wins: {}", o.reason.describe()),
            GameResult::Draw => format!("Draw: {}", o.reason.describe()),
            GameResult::Annulled => format!("Game annulled: {}", o.reason.describe()),
        },
        Pending::Direction(_) => {
            format!("{} chooses the direction of the next lap", game.to_decide())
        }
        Pending::Strip { remaining } => {
            format!(
                "{} strips {remaining} more seeds from the opponent",
                game.to_decide()
            )
        }
        Pending::Arrange => format!("{} arranges his seeds", game.to_decide()),
        Pending::Turn => format!("{} to move", game.to_decide()),
    }
}

/// One line describing each game, for the menu.
pub fn describe(game: Game) -> &'static str {
    match game {
        Game::Omweso => "Uganda's royal game: 4 x 8, captured seeds are sown again on your side.",
        Game::Anywoli => "Anuak game of 2 x 12 with stores: whoever makes a four takes it.",
        Game::Nsolo => "Ngoni game of 4 x n (up to 36): a capture earns a bonus strip.",
        Game::Hawalis => {
            "Oman and Zanzibar, 4 x 7: end in an empty front pit to take a whole file."
        }
        Game::BaoKigogo => "Wagogo game of Dodoma: the rules of Hawalis on a board of 4 x 12.",
    }
}

/// A short statement of a game's rules, for the rules panel.
pub fn rules_text(game: Game) -> &'static str {
    match game {
        Game::Omweso => {
            "Each player sows counter-clockwise around his own two rows from a pit of 2 or more. \
A lap ending in an occupied pit is lifted and sown on (relay); ending in an empty pit ends the turn. \
Ending in an occupied pit of your front row when both opponent pits of that column hold seeds captures them: \
they are sown again from the pit after the lap's origin. From your four leftmost pits you may sow clockwise \
when that lap captures directly. No captures on your first turn. While nobody has captured, a pit of exactly 3 \
may be sown as 2 and 1. A win is worth 1 point (the opponent cannot move), 2 (captures from both end columns \
in one turn, or emptying his front row) or 12 (emptying his whole side)."
        }
        Game::Anywoli => {
            "Sow counter-clockwise around all 24 pits from any pit of your row. A drop in the middle \
of a lap that makes exactly 4 sends them to the store of the pit's owner. If the last seed makes 4, you take \
them and play again; if it lands in an occupied pit you sow on; in an empty pit the turn ends. A player with an \
empty row passes. When 4 seeds are left they go to the last capturer; the larger store wins."
        }
        Game::Nsolo => {
            "Sow counter-clockwise around your two rows from a pit of 2 or more, relaying from every \
occupied landing until a lap ends in an empty pit. Single seeds move only when no pit holds 2, and only into an \
empty pit. Ending in an empty pit of your front row captures the opponent's facing front pit (k seeds), and you \
then strip k more of his seeds from anywhere. A player with no seeds, or unable to move, loses."
        }
        Game::Hawalis | Game::BaoKigogo => {
            "Sow counter-clockwise around your two rows from a pit of 2 or more, \
relaying from every occupied landing until a lap ends in an empty pit. Single seeds move only when no pit holds \
2, and only into an empty pit. Ending in an empty pit of your front row captures the opponent's facing front pit \
and, with it, the back pit behind it. You win by taking all his seeds or leaving him without a move; a repeated \
position is a draw."
        }
    }
}

/// A decision in words, for the choice prompt.
fn decision_label(d: &Decision) -> String {
    match d {
        Decision::Sow(p) => format!("Sow ({},{}) counter-clockwise", p.row, p.col),
        Decision::Reverse(p) => format!("Reverse capture from ({},{}), clockwise", p.row, p.col),
        Decision::OpeningThree(p) => format!("Opening three from ({},{})", p.row, p.col),
        other => other.to_string(),
    }
}

#[allow(clippy::too_many_arguments)]
fn menu(
    mut contexts: EguiContexts,
    offer: Option<Res<super::history::ResumeOffer>>,
    mut history: ResMut<super::history::History>,
    mut replay: ResMut<super::history::Replay>,
    mut computer: ResMut<ComputerPlayer>,
    mut setup: ResMut<Setup>,
    mut seats: ResMut<Seats>,
    mut game: ResMut<CurrentGame>,
    mut start: MessageWriter<StartGame>,
    mut next: ResMut<NextState<AppState>>,
    mut notice: ResMut<Notice>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Mancala Hall")
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            // Any window shape: the menu scrolls rather than running off the screen.
            let tall = ui.ctx().content_rect().height() * 0.85;
            egui::ScrollArea::vertical()
                .max_height(tall)
                .show(ui, |ui| {
                    ui.heading("Choose a game");
                    for g in Game::ALL {
                        ui.radio_value(&mut setup.game, g, g.name());
                        ui.small(describe(g));
                    }
                    ui.separator();
                    let game_kind = setup.game;
                    setup.options = options_for(game_kind, setup.options);
                    let o = &mut setup.options;
                    ui.heading("Options");
                    match game_kind {
                        Game::Omweso => {
                            ui.horizontal(|ui| {
                                ui.label("Set-up:");
                                ui.radio_value(
                                    &mut o.set_up,
                                    SetUp::Standard,
                                    "standard (4 in each back pit)",
                                );
                                ui.radio_value(&mut o.set_up, SetUp::Free, "free arrangement");
                            });
                            ui.checkbox(
                        &mut o.opening_three,
                        "Opening three: while nobody has captured, a 3 may be sown as 2 and 1",
                    );
                            ui.checkbox(
                                &mut o.grand_slam,
                                "Grand slam: emptying the opponent's side wins the match",
                            );
                            ui.checkbox(
                                &mut o.front_row_two_points,
                                "2 points for a capture that empties his front row",
                            );
                            ui.checkbox(
                                &mut o.two_captures_first,
                                "2 points for captures in two turns before his first",
                            );
                            ui.add(
                                egui::Slider::new(&mut o.match_target, 1..=24)
                                    .text("points to win the match"),
                            );
                            ui.horizontal(|ui| {
                                ui.label("Mode:");
                                ui.radio_value(&mut o.play_mode, PlayMode::Counting, "counting");
                                ui.radio_value(
                                    &mut o.play_mode,
                                    PlayMode::NoTakeBack,
                                    "no take-back",
                                );
                                let blitz = matches!(o.play_mode, PlayMode::Blitz { .. });
                                if ui.radio(blitz, "blitz (3 s a decision)").clicked() {
                                    o.play_mode = PlayMode::Blitz { seconds: 3 };
                                }
                            });
                        }
                        Game::Anywoli => {
                            ui.horizontal(|ui| {
                                ui.label("Last four go to:");
                                ui.radio_value(
                                    &mut o.last_four,
                                    LastFour::PenultimateCapturer,
                                    "the last capturer",
                                );
                                ui.radio_value(
                                    &mut o.last_four,
                                    LastFour::FirstFinalSeedCapturer,
                                    "the first last-seed capturer",
                                );
                                ui.radio_value(&mut o.last_four, LastFour::Lottery, "a lottery");
                            });
                            ui.checkbox(
                                &mut o.stop_when_decided,
                                "Stop when decided (a store passes 48) — the project's rule",
                            );
                        }
                        Game::Nsolo | Game::Hawalis | Game::BaoKigogo => {
                            if game_kind == Game::Nsolo {
                                ui.add(
                                    egui::Slider::new(&mut o.width, 8..=36).text("pits in a row"),
                                );
                                ui.checkbox(
                                    &mut o.bonus_up_to_k,
                                    "Bonus strip is up to k (may stop early)",
                                );
                            }
                            ui.horizontal(|ui| {
                                ui.label("A move that never ends:");
                                ui.radio_value(&mut o.never_ending, NeverEndingRule::Draw, "draw");
                                ui.radio_value(
                                    &mut o.never_ending,
                                    NeverEndingRule::MoverLoses,
                                    "the mover loses",
                                );
                            });
                        }
                    }
                    ui.separator();
                    ui.heading("Players");
                    let seats = &mut *seats;
                    for (label, seat) in [
                        ("South (near)", &mut seats.south),
                        ("North (far)", &mut seats.north),
                    ] {
                        ui.horizontal(|ui| {
                            ui.label(label);
                            ui.radio_value(seat, Seat::Person, "person");
                            ui.radio_value(seat, Seat::Computer, "computer");
                        });
                    }
                    ui.horizontal(|ui| {
                        ui.label("Computer:");
                        for level in crate::ai::Level::ALL {
                            ui.radio_value(&mut computer.level, Some(level), level.name());
                        }
                    });
                    ui.horizontal(|ui| {
                        ui.label("First:");
                        ui.radio_value(&mut o.first, FirstPlayer::South, "South");
                        ui.radio_value(&mut o.first, FirstPlayer::North, "North");
                        ui.radio_value(&mut o.first, FirstPlayer::Random, "by lot");
                    });
                    ui.separator();
                    ui.horizontal(|ui| {
                        if ui.button("Start").clicked() {
                            let mut options = setup.options;
                            options.seed = setup.next_seed();
                            match GameState::new(setup.game, options) {
                                Ok(s) => {
                                    game.0 = s;
                                    start.write(StartGame);
                                    next.set(AppState::InGame);
                                }
                                Err(e) => notice.0 = Some(e.to_string()),
                            }
                        }
                        if ui.button("Resume").clicked() {
                            next.set(AppState::InGame);
                        }
                    });
                    if let Some(offer) = &offer
                        && !offer.saves.is_empty()
                    {
                        ui.separator();
                        ui.heading("Saved games");
                        for listed in &offer.saves {
                            match &listed.loaded {
                                Ok((save, state)) => {
                                    ui.label(format!(
                                        "{} — {}, {} moves{}",
                                        listed.label,
                                        state.game().name(),
                                        save.record.decisions.len(),
                                        if state.is_over() { ", finished" } else { "" }
                                    ));
                                    ui.horizontal(|ui| {
                                        if !state.is_over() && ui.button("Resume").clicked() {
                                            *seats = Seats::from_saved(save.seats);
                                            *replay = super::history::Replay::default();
                                            *history =
                                                super::history::History::from_record(&save.record);
                                            game.0 = state.clone();
                                            start.write(StartGame);
                                            next.set(AppState::InGame);
                                        }
                                        if ui.button("Watch from the start").clicked() {
                                            let mut r = save.record.clone();
                                            r.decisions.clear();
                                            *history = super::history::History::from_record(&r);
                                            match super::history::start_replay(
                                                &save.record,
                                                &mut game,
                                                &mut replay,
                                                seats,
                                            ) {
                                                Ok(()) => {
                                                    start.write(StartGame);
                                                    next.set(AppState::InGame);
                                                }
                                                Err(e) => notice.0 = Some(e),
                                            }
                                        }
                                    });
                                }
                                Err(e) => {
                                    ui.colored_label(
                                        egui::Color32::LIGHT_RED,
                                        format!("{}: cannot be opened: {e}", listed.label),
                                    );
                                }
                            }
                        }
                    }
                    if let Some(n) = &notice.0 {
                        ui.colored_label(egui::Color32::LIGHT_RED, n);
                    }
                });
        });
    Ok(())
}

/// Options keep only what belongs to the chosen game (the rules refuse the rest).
fn options_for(game: Game, o: crate::rules::Options) -> crate::rules::Options {
    let d = crate::rules::Options::default();
    let mut out = d;
    out.first = o.first;
    out.seed = o.seed;
    match game {
        Game::Omweso => {
            out.set_up = o.set_up;
            out.opening_three = o.opening_three;
            out.grand_slam = o.grand_slam;
            out.front_row_two_points = o.front_row_two_points;
            out.two_captures_first = o.two_captures_first;
            out.match_target = o.match_target;
            out.play_mode = o.play_mode;
        }
        Game::Anywoli => {
            out.last_four = o.last_four;
            out.stop_when_decided = o.stop_when_decided;
        }
        Game::Nsolo => {
            out.width = o.width;
            out.bonus_up_to_k = o.bonus_up_to_k;
            out.never_ending = o.never_ending;
        }
        Game::Hawalis | Game::BaoKigogo => out.never_ending = o.never_ending,
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn hud(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    last: Res<LastMove>,
    notice: Res<Notice>,
    mut anim: ResMut<Animation>,
    mut speed: ResMut<Speed>,
    mut counts: ResMut<CountDisplay>,
    mut volume: ResMut<super::audio::SoundVolume>,
    mut view: ResMut<super::camera::View>,
    mut save: MessageWriter<super::history::SaveGame>,
    mut rules: ResMut<RulesPanel>,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let s = &game.0;
    let ctx = contexts.ctx_mut()?;
    let shown = anim.counts(s).clone();
    egui::Window::new(s.game().name())
        .anchor(egui::Align2::LEFT_TOP, [12.0, 12.0])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            match (&last.0, anim.busy()) {
                (Some((who, _)), true) => ui.label(format!("{who} is moving...")),
                _ => ui.label(status_line(s)),
            };
            for p in [Player::North, Player::South] {
                let own: u32 = shown.pits[s.board().own_pits(p)]
                    .iter()
                    .map(|&n| n as u32)
                    .sum();
                let line = match s.game() {
                    Game::Anywoli => format!("{p}: store {}", shown.stores[p as usize]),
                    Game::Omweso => format!("{p}: {own} seeds on his side"),
                    _ => format!("{p}: captured {}", shown.captured[p as usize]),
                };
                ui.label(line);
            }
            if let Some(m) = s.match_score() {
                ui.separator();
                ui.label(format!(
                    "Match to {}: South {} – North {}",
                    s.options().match_target,
                    m.points.south,
                    m.points.north
                ));
                for (i, g) in m.games.iter().enumerate() {
                    let r = match g.outcome.result {
                        GameResult::Win(p) => format!("{p} +{}", g.outcome.points),
                        GameResult::Draw => "draw".into(),
                        GameResult::Annulled => "annulled".into(),
                    };
                    ui.small(format!(
                        "Game {}: {r} ({})",
                        i + 1,
                        g.outcome.reason.describe()
                    ));
                }
            }
            if let Some((who, d)) = &last.0 {
                ui.small(format!("Last move: {who} {d}"));
            }
            if let Some(b) = &anim.banner {
                ui.strong(b);
            }
            if let Some(n) = &notice.0 {
                ui.colored_label(egui::Color32::LIGHT_RED, n);
            }
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("Speed:");
                for sp in Speed::ALL {
                    ui.radio_value(&mut *speed, sp, format!("{sp:?}").to_lowercase());
                }
            });
            ui.add(egui::Slider::new(&mut volume.0, 0.0..=1.0).text("sound"));
            ui.checkbox(&mut view.north_seat, "Camera on North's side");
            ui.horizontal(|ui| {
                ui.label("Counts:");
                ui.radio_value(&mut *counts, CountDisplay::Always, "always");
                ui.radio_value(&mut *counts, CountDisplay::OnHover, "on hover");
                ui.radio_value(&mut *counts, CountDisplay::Off, "off");
            });
            ui.horizontal(|ui| {
                if anim.busy() && ui.button("Skip (space)").clicked() {
                    anim.skip();
                }
                if ui.button("Rules").clicked() {
                    rules.0 = !rules.0;
                }
                if ui.button("Save").clicked() {
                    save.write(super::history::SaveGame);
                }
                if ui.button("Menu (esc)").clicked() {
                    next.set(AppState::Menu);
                }
            });
        });
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn prompts(
    mut contexts: EguiContexts,
    seats: Res<Seats>,
    anim: Res<Animation>,
    mut choice: ResMut<Choice>,
    mut draft: ResMut<ArrangeDraft>,
    mut resync: MessageWriter<Resync>,
    mut computer: ResMut<ComputerPlayer>,
    mut out: MessageWriter<DecisionMade>,
    mut start: MessageWriter<StartGame>,
    mut setup: ResMut<Setup>,
    mut game_mut: ResMut<CurrentGame>,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // Read the state in place (this runs every frame); a fresh game replaces it after.
    let mut fresh_game = None;
    let s = &game_mut.0;
    let person = person_to_decide(s, &seats, &anim);
    let mut play = |d: Decision| out.write(DecisionMade(d));
    if person {
        let who = s.to_decide();
        match s.pending() {
            Pending::Turn if !choice.0.is_empty() => {
                let options = choice.0.clone();
                egui::Window::new("Which move?")
                    .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -20.0])
                    .collapsible(false)
                    .show(ctx, |ui| {
                        for d in options {
                            if ui.button(decision_label(&d)).clicked() {
                                choice.0.clear();
                                play(d);
                            }
                        }
                        if ui.button("Cancel").clicked() {
                            choice.0.clear();
                        }
                    });
            }
            Pending::Direction(_) => {
                egui::Window::new(format!("{who}: direction of the next lap"))
                    .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -20.0])
                    .collapsible(false)
                    .show(ctx, |ui| {
                        ui.horizontal(|ui| {
                            if ui.button("⟲ counter-clockwise").clicked() {
                                play(Decision::Direction(Direction::Ccw));
                            }
                            if ui.button("⟳ clockwise (captures)").clicked() {
                                play(Decision::Direction(Direction::Cw));
                            }
                        });
                    });
            }
            Pending::Arrange => {
                egui::Window::new(format!("{who}: arrange your 32 seeds"))
                    .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -20.0])
                    .collapsible(false)
                    .show(ctx, |ui| {
                        ui.label("Click one of your pits to pick it up, then click pits to drop one seed into each (at most 10 a pit).");
                        ui.horizontal(|ui| {
                            if ui.button("Done").clicked() {
                                let d = draft.decision(s).unwrap_or_else(|| s.standard_arrangement(who));
                                play(d);
                            }
                            if draft.pits.is_some() && ui.button("Start again").clicked() {
                                *draft = ArrangeDraft::default();
                                resync.write(Resync);
                            }
                        });
                        ui.horizontal(|ui| {
                            if ui.button("Standard (4 in each back pit)").clicked() {
                                play(s.standard_arrangement(who));
                            }
                            if ui.button("Random arrangement").clicked() {
                                let mut lot = Lot(computer.lot.next_u64());
                                if let Some(d) = random_decision(s, &mut lot) {
                                    play(d);
                                }
                            }
                        });
                    });
            }
            Pending::Strip { remaining } => {
                egui::Window::new(format!("{who}: strip {remaining} more"))
                    .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -20.0])
                    .collapsible(false)
                    .show(ctx, |ui| {
                        ui.label("Click the opponent's pits to take one seed each.");
                        if s.options().bonus_up_to_k && ui.button("Stop stripping").clicked() {
                            play(Decision::EndStrip);
                        }
                    });
            }
            _ => {}
        }
    }
    if !anim.busy()
        && let Some(o) = s.outcome()
    {
        egui::Window::new("Game over")
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.heading(match o.result {
                    GameResult::Win(p) => format!("{p} wins"),
                    GameResult::Draw => "A draw".into(),
                    GameResult::Annulled => "The game is annulled".into(),
                });
                ui.label(o.reason.describe());
                if s.game() == Game::Omweso {
                    ui.label(format!("Points: {}", o.points));
                    if let Some(m) = s.match_score() {
                        ui.label(format!(
                            "Match: South {} – North {}",
                            m.points.south, m.points.north
                        ));
                        if let Some(w) = m.winner {
                            ui.strong(format!("{w} wins the match"));
                        }
                    }
                }
                ui.horizontal(|ui| {
                    if matches!(s.pending(), Pending::NextGame(_))
                        && seats.of(s.to_decide()) == Seat::Person
                        && ui.button("Next game").clicked()
                    {
                        play(Decision::NextGame);
                    }
                    if ui.button("Play again").clicked() {
                        let mut options = *s.options();
                        options.seed = setup.next_seed();
                        fresh_game = GameState::new(s.game(), options).ok();
                    }
                    if ui.button("Back to menu").clicked() {
                        next.set(AppState::Menu);
                    }
                });
            });
    }
    if let Some(fresh) = fresh_game {
        game_mut.0 = fresh;
        start.write(StartGame);
    }
    Ok(())
}

fn rules_panel(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    mut open: ResMut<RulesPanel>,
) -> Result {
    if !open.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut still_open = true;
    egui::Window::new(format!("Rules of {}", game.0.game().name()))
        .open(&mut still_open)
        .anchor(egui::Align2::RIGHT_TOP, [-12.0, 12.0])
        .default_width(380.0)
        .show(ctx, |ui| {
            ui.label(rules_text(game.0.game()));
        });
    open.0 = still_open;
    Ok(())
}

/// Seed counts over the pits and stores (always, on hover, or off), so that big
/// piles stay legible; while a turn is shown they follow the seeds as they land.
#[allow(clippy::too_many_arguments)]
fn count_labels(
    mut contexts: EguiContexts,
    game: Res<CurrentGame>,
    anim: Res<Animation>,
    display: Res<CountDisplay>,
    hovered: Res<HoveredPit>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    pits: Query<(&PitView, &GlobalTransform)>,
    stores: Query<(&StoreView, &GlobalTransform)>,
) -> Result {
    if *display == CountDisplay::Off {
        return Ok(());
    }
    let Ok((camera, cam_at)) = cameras.single() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Background,
        egui::Id::new("seed counts"),
    ));
    let t = anim.counts(&game.0);
    let label = |at: Vec3, n: u32| {
        if let Ok(p) = camera.world_to_viewport(cam_at, at + Vec3::new(0.0, 0.05, 0.42)) {
            painter.text(
                egui::pos2(p.x, p.y),
                egui::Align2::CENTER_CENTER,
                n.to_string(),
                egui::FontId::proportional(13.0),
                egui::Color32::from_rgb(250, 235, 200),
            );
        }
    };
    for (view, at) in &pits {
        let show = *display == CountDisplay::Always || hovered.0 == Some(view.pit);
        if show {
            label(at.translation(), t.pits[view.index] as u32);
        }
    }
    for (store, at) in &stores {
        label(
            at.translation() + Vec3::new(0.0, 0.0, 0.6),
            t.stores[store.0 as usize],
        );
    }
    Ok(())
}

/// Whether the move list is open.
#[derive(Resource, Default)]
pub struct MoveList(pub bool);

/// Undo and redo, the move list with past positions, and replay controls.
#[allow(clippy::too_many_arguments)]
fn records_panel(
    mut contexts: EguiContexts,
    mut game: ResMut<CurrentGame>,
    mut history: ResMut<super::history::History>,
    mut viewing: ResMut<super::history::Viewing>,
    mut replay: ResMut<super::history::Replay>,
    mut seats: ResMut<Seats>,
    anim: Res<Animation>,
    hint: Res<super::play::Hint>,
    mut ask: MessageWriter<super::play::AskHint>,
    mut open: Local<bool>,
    mut undo: MessageWriter<super::history::Undo>,
    mut redo: MessageWriter<super::history::Redo>,
    mut resync: MessageWriter<Resync>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let undo_ok = game.0.options().undo_allowed();
    egui::Window::new("Moves")
        .anchor(egui::Align2::RIGHT_BOTTOM, [-12.0, -12.0])
        .collapsible(true)
        .resizable(false)
        .show(ctx, |ui| {
            if replay.active {
                ui.label(format!(
                    "Watching a saved game: move {} of {}",
                    replay.next,
                    replay.decisions.len()
                ));
                ui.horizontal(|ui| {
                    if ui.button("◀ step back").clicked()
                        && let Some(r) = history.record.clone()
                    {
                        let mut whole = r.clone();
                        whole.decisions = replay.decisions.clone();
                        super::history::replay_step_back(&whole, &mut game, &mut replay);
                        history.before.truncate(replay.next);
                        if let Some(rec) = &mut history.record {
                            rec.decisions.truncate(replay.next);
                        }
                        resync.write(Resync);
                    }
                    let label = if replay.playing { "pause" } else { "play" };
                    if ui.button(label).clicked() {
                        replay.playing = !replay.playing;
                    }
                    if !replay.playing
                        && ui.button("step ▶").clicked()
                        && let Some(d) = replay.decisions.get(replay.next).cloned()
                    {
                        replay.next += 1;
                        ui.ctx().request_repaint();
                        let before = game.0.clone();
                        if crate::rules::apply_quiet(&mut game.0, d.clone()).is_ok() {
                            history.before.push(before);
                            if let Some(rec) = &mut history.record {
                                rec.decisions.push(d);
                            }
                            resync.write(Resync);
                        }
                    }
                    if ui.button("stop watching").clicked() {
                        *replay = super::history::Replay::default();
                        seats.paused = false;
                    }
                });
                return;
            }
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(
                        undo_ok && !history.before.is_empty(),
                        egui::Button::new("Undo (ctrl+z)"),
                    )
                    .clicked()
                {
                    undo.write(super::history::Undo);
                }
                if ui
                    .add_enabled(
                        undo_ok && !history.redo.is_empty(),
                        egui::Button::new("Redo (ctrl+y)"),
                    )
                    .clicked()
                {
                    redo.write(super::history::Redo);
                }
                if ui
                    .button(if *open { "Hide list" } else { "Move list" })
                    .clicked()
                {
                    *open = !*open;
                }
            });
            if person_to_decide(&game.0, &seats, &anim) {
                ui.horizontal(|ui| {
                    if hint.thinking() {
                        ui.label("Thinking of a hint...");
                    } else if ui.button("Hint").clicked() {
                        ask.write(super::play::AskHint);
                    }
                    if let Some(d) = hint.for_state(&game.0) {
                        ui.strong(format!("Hint: {d}"));
                    }
                });
            }
            if let Some(n) = viewing.0 {
                ui.strong(format!("Showing the position after move {}", n + 1));
                if ui.button("Back to the game").clicked() {
                    viewing.0 = None;
                    seats.paused = false;
                }
            }
            if *open && let Some(r) = &history.record {
                egui::ScrollArea::vertical()
                    .max_height(240.0)
                    .show(ui, |ui| {
                        for (i, d) in r.decisions.iter().enumerate() {
                            let who = history
                                .before
                                .get(i)
                                .map(|s| s.to_decide().to_string())
                                .unwrap_or_default();
                            let selected = viewing.0 == Some(i);
                            if ui
                                .selectable_label(selected, format!("{}. {who} {d}", i + 1))
                                .clicked()
                            {
                                viewing.0 = Some(i);
                                seats.paused = true;
                            }
                        }
                    });
            }
        });
    Ok(())
}
