//! The in-game interface (egui): the HUD, the prompts for mid-turn decisions, the
//! game-over panel, the seed counts and the move list. The menu is in `menu.rs`,
//! the rules, story and tutorial pages in `pages.rs`.

use super::animation::{Animation, Speed};
use super::board::{PitView, StoreView};
use super::camera::MainCamera;
use super::input::{ArrangeDraft, Choice, CountDisplay, HoveredPit};
use super::language::Tr;
use super::pages::{Page, Pages};
use super::play::{
    ComputerPlayer, DecisionMade, LastMove, Notice, Seat, Seats, StartGame, person_to_decide,
};
use super::seeds::Resync;
use super::{AppState, CurrentGame, Setup};
use crate::rules::{
    Decision, Direction, Game, GameResult, GameState, Lot, Pending, Player, random_decision,
};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPlugin, EguiPrimaryContextPass, egui};

/// The interface plugin.
pub fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .init_resource::<super::title::Miniatures>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                super::menu::menu.run_if(in_state(AppState::Menu)),
                (hud, prompts, count_labels, records_panel).run_if(in_state(AppState::InGame)),
            ),
        );
}

/// One line saying what happens now.
pub fn status_line(tr: Tr, game: &GameState) -> String {
    let who = tr.player(game.to_decide());
    match game.pending() {
        Pending::Over(o) | Pending::NextGame(o) => tr.outcome(o),
        Pending::Direction(_) => tr.f("status.direction", &[("player", &who)]),
        Pending::Strip { remaining } => tr.f(
            "status.strip",
            &[("player", &who), ("remaining", remaining)],
        ),
        Pending::Arrange => tr.f("status.arrange", &[("player", &who)]),
        Pending::Turn => tr.f("status.to_move", &[("player", &who)]),
    }
}

/// A decision in words, for the choice prompt.
fn decision_label(tr: Tr, d: &Decision) -> String {
    match d {
        Decision::Sow(_) => tr.f("choice.sow", &[("move", d)]),
        Decision::Reverse(_) => tr.f("choice.reverse", &[("move", d)]),
        Decision::OpeningThree(_) => tr.f("choice.opening_three", &[("move", d)]),
        other => other.to_string(),
    }
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
    mut pages: ResMut<Pages>,
    mut next: ResMut<NextState<AppState>>,
    mut tr: ResMut<Tr>,
    mut access: ResMut<super::access::Access>,
    kiosk: Option<Res<super::kiosk::Kiosk>>,
    tutorial: Option<Res<super::tutorial::TutorialRun>>,
) -> Result {
    let in_tutorial = tutorial.is_some();
    let attract = kiosk
        .as_ref()
        .is_some_and(|k| k.phase == super::kiosk::KioskPhase::Attract);
    if attract {
        // The attract loop draws its own captions and invitation.
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    if access.explain
        && let Some(c) = &anim.caption
    {
        egui::Area::new(egui::Id::new("caption"))
            .anchor(egui::Align2::CENTER_TOP, [0.0, 12.0])
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::window(ui.style()).show(ui, |ui| {
                    ui.set_max_width(520.0);
                    ui.label(egui::RichText::new(c).strong());
                });
            });
    }
    let t = &mut *tr;
    let tr_now = *t;
    let tr = tr_now;
    let s = &game.0;
    let shown = anim.counts(s).clone();
    egui::Window::new(s.game().name())
        .anchor(egui::Align2::LEFT_TOP, [12.0, 12.0])
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            match (&last.0, anim.busy()) {
                (Some((who, _)), true) => {
                    ui.label(tr.f("hud.moving", &[("player", &tr.player(*who))]))
                }
                _ => ui.label(status_line(tr, s)),
            };
            for p in [Player::North, Player::South] {
                let own: u32 = shown.pits[s.board().own_pits(p)]
                    .iter()
                    .map(|&n| n as u32)
                    .sum();
                let line = match s.game() {
                    Game::Anywoli => tr.f(
                        "hud.store",
                        &[("player", &tr.player(p)), ("n", &shown.stores[p as usize])],
                    ),
                    Game::Omweso => tr.f("hud.on_side", &[("player", &tr.player(p)), ("n", &own)]),
                    _ => tr.f(
                        "hud.captured",
                        &[
                            ("player", &tr.player(p)),
                            ("n", &shown.captured[p as usize]),
                        ],
                    ),
                };
                ui.label(line);
            }
            if let Some(m) = s.match_score() {
                ui.separator();
                ui.label(tr.f(
                    "hud.match_to",
                    &[
                        ("target", &s.options().match_target),
                        ("south", &m.points.south),
                        ("north", &m.points.north),
                    ],
                ));
                for (i, g) in m.games.iter().enumerate() {
                    let r = match g.outcome.result {
                        GameResult::Win(p) => format!("{} +{}", tr.player(p), g.outcome.points),
                        GameResult::Draw => tr.t("hud.draw").to_string(),
                        GameResult::Annulled => tr.t("hud.annulled").to_string(),
                    };
                    ui.small(tr.f(
                        "hud.match_game",
                        &[
                            ("n", &(i + 1)),
                            ("result", &r),
                            (
                                "why",
                                &tr.t(crate::content::i18n::reason_key(g.outcome.reason)),
                            ),
                        ],
                    ));
                }
            }
            if let Some((who, d)) = &last.0 {
                ui.small(tr.f(
                    "hud.last_move",
                    &[("player", &tr.player(*who)), ("move", d)],
                ));
            }
            if let Some(b) = &anim.banner {
                ui.strong(b);
            }
            if let Some(n) = &notice.0 {
                ui.colored_label(egui::Color32::LIGHT_RED, n);
            }
            ui.separator();
            ui.collapsing(tr.t("menu.settings"), |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label(tr.t("hud.speed"));
                    for sp in Speed::ALL {
                        ui.radio_value(&mut *speed, sp, tr.t(speed_key(sp)));
                    }
                });
                ui.add(egui::Slider::new(&mut volume.0, 0.0..=1.0).text(tr.t("hud.sound")));
                ui.checkbox(&mut view.north_seat, tr.t("hud.north_seat"));
                if kiosk.is_none() {
                    // On a touch screen there is no hover: counts always show there.
                    ui.horizontal_wrapped(|ui| {
                        ui.label(tr.t("hud.counts"));
                        ui.radio_value(&mut *counts, CountDisplay::Always, tr.t("hud.always"));
                        ui.radio_value(&mut *counts, CountDisplay::OnHover, tr.t("hud.on_hover"));
                        ui.radio_value(&mut *counts, CountDisplay::Off, tr.t("hud.off"));
                    });
                }
                super::menu::settings_ui(ui, t, &mut access);
            });
            ui.horizontal(|ui| {
                if anim.busy() && ui.button(tr.t("hud.skip")).clicked() {
                    anim.skip();
                }
                if ui.button(tr.t("hud.rules")).clicked() {
                    pages.open = Some(Page::Rules(s.game()));
                }
                if kiosk.is_none() && !in_tutorial && ui.button(tr.t("hud.save")).clicked() {
                    save.write(super::history::SaveGame);
                }
                let menu = ui.button(tr.t("hud.menu"));
                super::probe::report_menu_button(menu.rect.center(), ui.ctx().zoom_factor());
                if menu.clicked() {
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
    tr: Res<Tr>,
    celebration: Option<Res<super::celebration::Celebration>>,
) -> Result {
    let tr = *tr;
    let ctx = contexts.ctx_mut()?;
    // Read the state in place (this runs every frame); a fresh game replaces it after.
    let mut fresh_game = None;
    let s = &game_mut.0;
    let person = person_to_decide(s, &seats, &anim);
    let mut play = |d: Decision| out.write(DecisionMade(d));
    if person {
        let who = s.to_decide();
        let name = tr.player(who);
        match s.pending() {
            Pending::Turn if !choice.0.is_empty() => {
                let options = choice.0.clone();
                egui::Window::new(tr.t("prompt.which_move"))
                    .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -20.0])
                    .collapsible(false)
                    .show(ctx, |ui| {
                        for d in options {
                            if ui.button(decision_label(tr, &d)).clicked() {
                                choice.0.clear();
                                play(d);
                            }
                        }
                        if ui.button(tr.t("prompt.cancel")).clicked() {
                            choice.0.clear();
                        }
                    });
            }
            Pending::Direction(_) => {
                egui::Window::new(tr.f("prompt.direction", &[("player", &name)]))
                    .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -20.0])
                    .collapsible(false)
                    .show(ctx, |ui| {
                        ui.horizontal(|ui| {
                            if ui.button(tr.t("prompt.ccw")).clicked() {
                                play(Decision::Direction(Direction::Ccw));
                            }
                            if ui.button(tr.t("prompt.cw")).clicked() {
                                play(Decision::Direction(Direction::Cw));
                            }
                        });
                    });
            }
            Pending::Arrange => {
                egui::Window::new(tr.f("prompt.arrange", &[("player", &name)]))
                    .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -20.0])
                    .collapsible(false)
                    .show(ctx, |ui| {
                        ui.label(tr.t("prompt.arrange_how"));
                        ui.horizontal(|ui| {
                            if ui.button(tr.t("prompt.done")).clicked() {
                                let d = draft
                                    .decision(s)
                                    .unwrap_or_else(|| s.standard_arrangement(who));
                                play(d);
                            }
                            if draft.pits.is_some()
                                && ui.button(tr.t("prompt.start_again")).clicked()
                            {
                                *draft = ArrangeDraft::default();
                                resync.write(Resync);
                            }
                        });
                        ui.horizontal(|ui| {
                            if ui.button(tr.t("prompt.standard")).clicked() {
                                play(s.standard_arrangement(who));
                            }
                            if ui.button(tr.t("prompt.random_arrangement")).clicked() {
                                let mut lot = Lot(computer.lot.next_u64());
                                if let Some(d) = random_decision(s, &mut lot) {
                                    play(d);
                                }
                            }
                        });
                    });
            }
            Pending::Strip { remaining } => {
                egui::Window::new(tr.f(
                    "prompt.strip",
                    &[("player", &name), ("remaining", remaining)],
                ))
                .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -20.0])
                .collapsible(false)
                .show(ctx, |ui| {
                    ui.label(tr.t("prompt.strip_how"));
                    if s.options().bonus_up_to_k
                        && ui.button(tr.t("prompt.stop_stripping")).clicked()
                    {
                        play(Decision::EndStrip);
                    }
                });
            }
            _ => {}
        }
    }
    // The result panel, once the last move has been shown and celebrated.
    if !anim.busy()
        && celebration.is_none_or(|c| c.finished())
        && let Some(o) = s.outcome()
    {
        egui::Window::new(tr.t("over.title"))
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.heading(match o.result {
                    GameResult::Win(p) => tr.f("over.wins", &[("player", &tr.player(p))]),
                    GameResult::Draw => tr.t("over.draw").to_string(),
                    GameResult::Annulled => tr.t("over.annulled").to_string(),
                });
                ui.label(tr.t(crate::content::i18n::reason_key(o.reason)));
                if s.game() == Game::Omweso {
                    ui.label(tr.f("over.points", &[("n", &o.points)]));
                    if let Some(m) = s.match_score() {
                        ui.label(tr.f(
                            "over.match",
                            &[("south", &m.points.south), ("north", &m.points.north)],
                        ));
                        if let Some(w) = m.winner {
                            ui.strong(tr.f("over.match_winner", &[("player", &tr.player(w))]));
                        }
                    }
                }
                ui.horizontal(|ui| {
                    if matches!(s.pending(), Pending::NextGame(_))
                        && seats.of(s.to_decide()) == Seat::Person
                        && ui.button(tr.t("over.next_game")).clicked()
                    {
                        play(Decision::NextGame);
                    }
                    if ui.button(tr.t("over.play_again")).clicked() {
                        let mut options = *s.options();
                        options.seed = setup.next_seed();
                        fresh_game = GameState::new(s.game(), options).ok();
                    }
                    if ui.button(tr.t("over.back_to_menu")).clicked() {
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
    // The camera works in window points, egui in points divided by its zoom.
    let zoom = ctx.zoom_factor();
    // Badges sit in the gap between four pits, at each pit's corner nearest the
    // viewer's lower right, so they never cover seeds; they scale with the pits.
    let flat = |v: Vec3| Vec3::new(v.x, 0.0, v.z).normalize_or_zero();
    let right = flat(*cam_at.right());
    let toward = flat(*cam_at.back());
    let corner = (right + toward) * 0.5 * crate::game::layout::PIT_SPACING * 0.98;
    let to_screen = |at: Vec3| {
        camera
            .world_to_viewport(cam_at, at)
            .ok()
            .map(|p| egui::pos2(p.x / zoom, p.y / zoom))
    };
    let badge = |at: Vec3, n: u32, offset: Vec3| {
        let (Some(centre), Some(edge), Some(p)) = (
            to_screen(at),
            to_screen(at + right * 0.5),
            to_screen(at + offset),
        ) else {
            return;
        };
        // Whole points only: every size is a set of glyphs in egui's font atlas, and a
        // size that followed the camera smoothly would fill it in a few seconds.
        let size = (centre.distance(edge) * 0.5).round().clamp(9.0, 18.0);
        let text = n.to_string();
        let galley = painter.layout_no_wrap(
            text,
            egui::FontId::proportional(size),
            egui::Color32::from_rgb(250, 238, 214),
        );
        let pad = egui::vec2(size * 0.35, size * 0.12);
        // A pill, at least round.
        let mut extent = galley.size() + 2.0 * pad;
        extent.x = extent.x.max(extent.y);
        let rect = egui::Rect::from_center_size(p, extent);
        painter.rect_filled(
            rect,
            rect.height() / 2.0,
            egui::Color32::from_rgba_unmultiplied(34, 20, 12, 215),
        );
        painter.galley(
            rect.center() - galley.size() / 2.0,
            galley,
            egui::Color32::WHITE,
        );
    };
    for (view, at) in &pits {
        let show = *display == CountDisplay::Always || hovered.0 == Some(view.pit);
        if show {
            badge(at.translation(), t.pits[view.index] as u32, corner);
        }
    }
    for (store, at) in &stores {
        badge(at.translation(), t.stores[store.0 as usize], toward * 1.15);
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
    tr: Res<Tr>,
    kiosk: Option<Res<super::kiosk::Kiosk>>,
    tutorial: Option<Res<super::tutorial::TutorialRun>>,
) -> Result {
    let attract = kiosk
        .as_ref()
        .is_some_and(|k| k.phase == super::kiosk::KioskPhase::Attract);
    if tutorial.is_some() || attract {
        // A lesson is not a game to take back, save or list.
        return Ok(());
    }
    let tr = *tr;
    let ctx = contexts.ctx_mut()?;
    let undo_ok = super::history::undo_allowed(&game.0, kiosk.as_deref());
    // Compact, in the corner: no title bar over the buttons.
    egui::Window::new(tr.t("moves.title"))
        .anchor(egui::Align2::RIGHT_BOTTOM, [-12.0, -12.0])
        .title_bar(false)
        .resizable(false)
        .show(ctx, |ui| {
            if replay.active {
                ui.label(tr.f(
                    "moves.watching",
                    &[("n", &replay.next), ("total", &replay.decisions.len())],
                ));
                ui.horizontal(|ui| {
                    if ui.button(tr.t("moves.step_back")).clicked()
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
                    let label = if replay.playing {
                        tr.t("moves.pause")
                    } else {
                        tr.t("moves.play")
                    };
                    if ui.button(label).clicked() {
                        replay.playing = !replay.playing;
                    }
                    if !replay.playing
                        && ui.button(tr.t("moves.step")).clicked()
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
                    if ui.button(tr.t("moves.stop_watching")).clicked() {
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
                        egui::Button::new(tr.t("moves.undo")),
                    )
                    .clicked()
                {
                    undo.write(super::history::Undo);
                }
                if ui
                    .add_enabled(
                        undo_ok && !history.redo.is_empty(),
                        egui::Button::new(tr.t("moves.redo")),
                    )
                    .clicked()
                {
                    redo.write(super::history::Redo);
                }
                if ui
                    .button(if *open {
                        tr.t("moves.hide_list")
                    } else {
                        tr.t("moves.list")
                    })
                    .clicked()
                {
                    *open = !*open;
                }
            });
            if person_to_decide(&game.0, &seats, &anim) {
                ui.horizontal(|ui| {
                    if hint.thinking() {
                        ui.label(tr.t("moves.thinking"));
                    } else if ui.button(tr.t("moves.hint")).clicked() {
                        ask.write(super::play::AskHint);
                    }
                    if let Some(d) = hint.for_state(&game.0) {
                        ui.strong(tr.f("moves.hint_is", &[("move", d)]));
                    }
                });
            }
            if let Some(n) = viewing.0 {
                ui.strong(tr.f("moves.showing", &[("n", &(n + 1))]));
                if ui.button(tr.t("moves.back_to_game")).clicked() {
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
                                .map(|s| tr.player(s.to_decide()).to_string())
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

/// The key of an animation speed's name.
pub fn speed_key(s: Speed) -> &'static str {
    match s {
        Speed::Slow => "speed.slow",
        Speed::Normal => "speed.normal",
        Speed::Fast => "speed.fast",
        Speed::Instant => "speed.instant",
    }
}
