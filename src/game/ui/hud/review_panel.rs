//! The game review's screen: the evaluation over the game as a graph (egui_plot),
//! the marked moments as dots of their mark's colour and shape, the moves with their
//! marks, and the selected moment in words and on the board (tags over the pit
//! played and the pit that was best). The kiosk's guided review of the three moments
//! that decided the game is the same panel, shorter. What it asks for goes to
//! `play/review.rs` as messages.

use super::MeasuredBars;
use crate::ai::review::{Mark, Moment};
use crate::game::Venue;
use crate::game::play::review::{CloseReview, GameReview, PlayFromHere, SelectMoment};
use crate::game::play::session::History;
use crate::game::show::board::PitView;
use crate::game::show::camera::MainCamera;
use crate::game::ui::access::PALETTE;
use crate::game::ui::language::Tr;
use crate::game::ui::puzzles::puzzle_making::{Made, MakePuzzle, PuzzleMaking};
use crate::rules::{Decision, Pit};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui_plot::{HLine, Line, MarkerShape, Plot, PlotPoint, Points, Text, VLine};

/// A mark's colour (Okabe–Ito: distinct under the common colour-vision
/// deficiencies), its shape on the graph and its sign in lists (the chess signs, so
/// that nothing relies on colour alone).
pub fn mark_style(mark: Mark) -> (egui::Color32, MarkerShape, &'static str) {
    match mark {
        Mark::Good => (PALETTE.text, MarkerShape::Circle, ""),
        Mark::Inaccuracy => (
            egui::Color32::from_rgb(240, 228, 66),
            MarkerShape::Circle,
            "?!",
        ),
        Mark::Mistake => (
            egui::Color32::from_rgb(230, 159, 0),
            MarkerShape::Square,
            "?",
        ),
        Mark::Blunder => (
            egui::Color32::from_rgb(213, 94, 0),
            MarkerShape::Diamond,
            "??",
        ),
    }
}

/// A mark's name.
pub fn mark_name(tr: Tr, mark: Mark) -> &'static str {
    match mark {
        Mark::Good => tr.t("review-mark-good"),
        Mark::Inaccuracy => tr.t("review-mark-inaccuracy"),
        Mark::Mistake => tr.t("review-mark-mistake"),
        Mark::Blunder => tr.t("review-mark-blunder"),
    }
}

/// Seeds as the review writes them: signed, one decimal.
fn seeds(v: f64) -> String {
    format!("{v:+.1}")
}

/// The pit a decision is played from (or stripped), for its tag on the board.
fn pit_of(d: &Decision) -> Option<Pit> {
    match d {
        Decision::Strip(p) => Some(*p),
        d => d.start_pit(),
    }
}

/// What the review panel can ask for.
#[derive(SystemParam)]
pub(super) struct ReviewActions<'w> {
    select: MessageWriter<'w, SelectMoment>,
    close: MessageWriter<'w, CloseReview>,
    play_here: MessageWriter<'w, PlayFromHere>,
    make_puzzle: MessageWriter<'w, MakePuzzle>,
    making: Res<'w, PuzzleMaking>,
}

/// The review panel's egui id.
pub(super) fn review_panel_id() -> egui::Id {
    egui::Id::new("review panel")
}

/// The review panel along the bottom of the screen, and the tags on the board.
#[allow(clippy::too_many_arguments)]
pub(super) fn review_panel(
    mut contexts: EguiContexts,
    review: Res<GameReview>,
    history: Res<History>,
    (tr, venue): (Res<Tr>, Res<State<Venue>>),
    mut go: ReviewActions,
    mut measured: ResMut<MeasuredBars>,
    cameras: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    pits: Query<(&PitView, &GlobalTransform)>,
    mut sentence: Local<Option<(usize, Tr, bool, String)>>,
) -> Result {
    if !review.open {
        return Ok(());
    }
    let tr = *tr;
    let ctx = contexts.ctx_mut()?;
    // The sentence of the selected moment, worked out once (it plays both decisions).
    let selected = review.selected_moment().cloned();
    if let Some(m) = &selected {
        let i = m.number - 1;
        // Worked out again once a fetched language's texts have come (the browser).
        let has_texts = tr.0.has_texts();
        if !matches!(&*sentence, Some((at, lang, had, _)) if *at == i && *lang == tr && *had == has_texts)
            && let Some(before) = history.before.get(i)
        {
            let line = crate::content::explain::review_sentence(tr.0, before, m);
            *sentence = Some((i, tr, has_texts, line));
        }
    }
    let line = sentence
        .as_ref()
        .filter(|(at, _, _, _)| selected.as_ref().is_some_and(|m| m.number - 1 == *at))
        .map(|(_, _, _, l)| l.clone());
    let screen = ctx.content_rect();
    let width = (screen.width() - 24.0).clamp(280.0, 980.0);
    let museum = *venue.get() == Venue::Museum;
    // A short window (a phone held sideways, a kiosk at touch scale) keeps the panel
    // to a low graph, the words and one row of buttons, so the board stays in view.
    let short = screen.height() < super::SHORT_WINDOW;
    let mut height = 0.0;
    egui::Window::new(tr.t("review-title"))
        .id(review_panel_id())
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -12.0])
        .title_bar(false)
        .resizable(false)
        .collapsible(false)
        .min_width(width)
        .max_width(width)
        .show(ctx, |ui| {
            ui.set_width(width);
            if review.guided {
                guided(ui, tr, &review, &selected, line.as_deref(), short, &mut go);
            } else if short {
                compact(ui, tr, &review, &selected, line.as_deref(), museum, &mut go);
            } else {
                whole(ui, tr, &review, &selected, line.as_deref(), museum, &mut go);
            }
            height = ui.min_rect().height();
        });
    // The camera keeps the board above the panel.
    let margin = ctx.global_style().spacing.window_margin.sum().y;
    measured.0.bottom = measured.0.bottom.max(12.0 + height + margin);
    if let (Some(m), Ok((camera, cam_at))) = (&selected, cameras.single()) {
        pit_tags(ctx, tr, m, camera, cam_at, &pits);
    }
    Ok(())
}

/// The whole review: a heading with the marks' key and the progress, the graph
/// beside the moves, the selected moment in words, and what can be done from it.
fn whole(
    ui: &mut egui::Ui,
    tr: Tr,
    review: &GameReview,
    selected: &Option<Moment>,
    line: Option<&str>,
    museum: bool,
    go: &mut ReviewActions,
) {
    ui.horizontal(|ui| {
        ui.heading(tr.t("review-title"));
        ui.add_space(8.0);
        marks_key(ui, tr);
        progress(ui, tr, review, false);
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            close_button(ui, tr, "review-close", go);
        });
    });
    let list_width = 230.0_f32.min(ui.available_width() * 0.35);
    ui.horizontal_top(|ui| {
        let graph_width = ui.available_width() - list_width - ui.spacing().item_spacing.x;
        ui.vertical(|ui| {
            ui.set_width(graph_width);
            graph(ui, tr, review, GRAPH_HEIGHT, go);
        });
        ui.vertical(|ui| {
            ui.set_width(list_width);
            moves_list(ui, tr, review, go);
        });
    });
    moment_words(ui, tr, review, selected, line);
    ui.horizontal_wrapped(|ui| {
        step_buttons(ui, tr, review, go);
        if !museum {
            ui.add_enabled_ui(review.selected.is_some(), |ui| {
                play_here_buttons(ui, tr, go)
            });
            make_puzzle_button(ui, tr, selected, go);
        }
    });
}

/// "Make a puzzle of this" at a marked decision, or what came of it.
fn make_puzzle_button(
    ui: &mut egui::Ui,
    tr: Tr,
    selected: &Option<Moment>,
    go: &mut ReviewActions,
) {
    let Some(m) = selected.as_ref().filter(|m| m.mark != Mark::Good) else {
        return;
    };
    let this_one = go.making.moment == Some(m.number - 1);
    match &go.making.made {
        Made::Making if this_one => {
            ui.spinner();
            ui.label(tr.t("review-puzzle_making"));
        }
        Made::Added(_) if this_one => {
            ui.label(egui::RichText::new(tr.t("review-puzzle_made")).color(PALETTE.accent));
        }
        Made::NotAPuzzle(_) if this_one => {
            ui.label(egui::RichText::new(tr.t("review-puzzle_not_made")).color(PALETTE.muted));
        }
        made => {
            let b = ui
                .add_enabled(
                    *made != Made::Making,
                    egui::Button::new(tr.t("review-make_puzzle")),
                )
                .on_hover_text(tr.t("review-make_puzzle_hint"));
            crate::game::ui::buttons::note_button(ui.ctx(), "review_make_puzzle", b.rect);
            if b.clicked() {
                go.make_puzzle.write(MakePuzzle);
            }
        }
    }
}

/// The button that closes the review (`key`: its word).
fn close_button(ui: &mut egui::Ui, tr: Tr, key: &'static str, go: &mut ReviewActions) {
    let close = ui.button(tr.t(key));
    crate::game::ui::buttons::note_button(ui.ctx(), "review_close", close.rect);
    if close.clicked() {
        go.close.write(CloseReview);
    }
}

/// "Play from here", against the computer or two players.
fn play_here_buttons(ui: &mut egui::Ui, tr: Tr, go: &mut ReviewActions) {
    for (key, name, against_computer) in [
        ("review-play_here_computer", "review_play_computer", true),
        ("review-play_here_people", "review_play_people", false),
    ] {
        let button = ui.button(tr.t(key));
        crate::game::ui::buttons::note_button(ui.ctx(), name, button.rect);
        if button.clicked() {
            go.play_here.write(PlayFromHere { against_computer });
        }
    }
}

/// The graph's height (points), and in a short window.
const GRAPH_HEIGHT: f32 = 120.0;
const SHORT_GRAPH_HEIGHT: f32 = 48.0;

/// The whole review in a short window: the graph without the list beside it (the
/// keys, Previous and Next and the graph select), the words, and one row of buttons,
/// "Play from here" as a menu of its two ways.
fn compact(
    ui: &mut egui::Ui,
    tr: Tr,
    review: &GameReview,
    selected: &Option<Moment>,
    line: Option<&str>,
    museum: bool,
    go: &mut ReviewActions,
) {
    progress(ui, tr, review, true);
    graph(ui, tr, review, SHORT_GRAPH_HEIGHT, go);
    // The position, the mark and the sentence run on as one paragraph.
    if let Some(m) = selected {
        let mut job = egui::text::LayoutJob::default();
        let style = ui.style().clone();
        let plain = |text: &str, colour: egui::Color32, job: &mut egui::text::LayoutJob| {
            egui::RichText::new(text).color(colour).append_to(
                job,
                &style,
                egui::FontSelection::Default,
                egui::Align::Center,
            );
        };
        plain(
            &format!("{}  ", tr.f("review-before_move", &[("n", &m.number)])),
            PALETTE.text,
            &mut job,
        );
        if m.mark != Mark::Good {
            let (colour, _, sign) = mark_style(m.mark);
            plain(
                &format!("{sign} {}  ", mark_name(tr, m.mark)),
                colour,
                &mut job,
            );
        }
        plain(line.unwrap_or_default(), PALETTE.text, &mut job);
        ui.label(job);
    }
    ui.horizontal_wrapped(|ui| {
        step_buttons(ui, tr, review, go);
        if !museum {
            // One row in a short window: "Make a puzzle of this" goes with the ways
            // to play on from here.
            ui.add_enabled_ui(review.selected.is_some(), |ui| {
                ui.menu_button(tr.t("review-play_here"), |ui| {
                    play_here_buttons(ui, tr, go);
                    make_puzzle_button(ui, tr, selected, go);
                });
            });
        }
        close_button(ui, tr, "review-close", go);
    });
}

/// What the marks look like: each sign in its colour, with its name.
fn marks_key(ui: &mut egui::Ui, tr: Tr) {
    for mark in [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder] {
        let (colour, _, sign) = mark_style(mark);
        ui.label(
            egui::RichText::new(format!("{sign} {}", mark_name(tr, mark)))
                .color(colour)
                .small(),
        );
    }
}

/// The kiosk's guided review: one moment after another, in words and on the board.
fn guided(
    ui: &mut egui::Ui,
    tr: Tr,
    review: &GameReview,
    selected: &Option<Moment>,
    line: Option<&str>,
    short: bool,
    go: &mut ReviewActions,
) {
    ui.vertical_centered(|ui| {
        ui.heading(tr.t("review-three_title"));
    });
    let height = if short { SHORT_GRAPH_HEIGHT } else { 90.0 };
    if !review.finished() {
        ui.label(tr.t("review-three_finding"));
        progress(ui, tr, review, true);
    } else {
        let steps = review.guided_moments();
        if steps.is_empty() {
            ui.label(tr.t("review-three_none"));
        } else if let Some(at) = review
            .selected
            .and_then(|s| steps.iter().position(|&i| i == s))
        {
            ui.strong(tr.f(
                "review-three_step",
                &[("n", &(at + 1)), ("total", &steps.len())],
            ));
        }
        graph(ui, tr, review, height, go);
        moment_words(ui, tr, review, selected, line);
    }
    ui.horizontal(|ui| {
        if review.finished() {
            step_buttons(ui, tr, review, go);
        }
        close_button(ui, tr, "review-three_done", go);
    });
}

/// How far the analysis has got, while it works.
fn progress(ui: &mut egui::Ui, tr: Tr, review: &GameReview, wide: bool) {
    if let Some(why) = &review.error {
        ui.colored_label(PALETTE.accent, tr.f("review-failed", &[("why", why)]));
        return;
    }
    let (done, total) = review.progress();
    if done < total {
        let text = tr.f("review-progress", &[("n", &(done + 1)), ("total", &total)]);
        let bar = egui::ProgressBar::new(done as f32 / total.max(1) as f32).text(text);
        ui.add(if wide { bar } else { bar.desired_width(260.0) });
        ui.ctx().request_repaint();
    }
}

/// The graph of the evaluation (South's side up), the marks as dots, the selected
/// decision as a line; a click or a drag on it selects the nearest decision.
fn graph(ui: &mut egui::Ui, tr: Tr, review: &GameReview, height: f32, go: &mut ReviewActions) {
    let total = review.progress().1.max(1);
    let (values, top) = graph_values(review);
    let shown = review.steps();
    let response = Plot::new("review graph")
        .height(height)
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_x(false)
        .show_y(false)
        .show_axes([true, false])
        .y_axis_min_width(0.0)
        .show(ui, |plot| {
            plot.set_plot_bounds(egui_plot::PlotBounds::from_min_max(
                [-0.5, -top * 1.08],
                [total as f64 + 0.5, top * 1.08],
            ));
            // Which side is which, at the top and the bottom of the scale (where there
            // is room for both).
            let sides = [
                ("review-south_ahead", top, egui::Align2::LEFT_TOP),
                ("review-north_ahead", -top, egui::Align2::LEFT_BOTTOM),
            ];
            let room = height >= 80.0;
            for (key, y, anchor) in sides.into_iter().filter(|_| room) {
                plot.text(
                    Text::new(
                        "",
                        PlotPoint::new(0.3, y),
                        egui::RichText::new(tr.t(key)).small().color(PALETTE.muted),
                    )
                    .anchor(anchor),
                );
            }
            plot.hline(HLine::new("", 0.0).color(PALETTE.edge).width(1.0));
            // The game's line, the area to the even line filled: above it South was
            // ahead, below it North.
            plot.line(
                Line::new(tr.t("review-axis_seeds"), values.clone())
                    .color(PALETTE.text)
                    .fill(0.0)
                    .fill_alpha(0.18)
                    .width(2.0),
            );
            for mark in [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder] {
                let dots: Vec<[f64; 2]> = review
                    .moments
                    .iter()
                    .enumerate()
                    .filter(|(i, m)| m.mark == mark && shown.contains(i))
                    .map(|(_, m)| [m.number as f64, m.south.clamp(-top, top)])
                    .collect();
                if dots.is_empty() {
                    continue;
                }
                let (colour, shape, sign) = mark_style(mark);
                plot.points(
                    Points::new(format!("{sign} {}", mark_name(tr, mark)), dots)
                        .color(colour)
                        .shape(shape)
                        .filled(true)
                        .radius(5.5),
                );
            }
            if let Some(m) = review.selected_moment() {
                plot.vline(
                    VLine::new("", m.number as f64)
                        .color(PALETTE.accent)
                        .width(2.0),
                );
            }
        });
    crate::game::ui::buttons::note_button(ui.ctx(), "review_graph", response.response.rect);
    let r = &response.response;
    if (r.clicked() || r.dragged())
        && let Some(at) = r.interact_pointer_pos()
    {
        let x = response.transform.value_from_position(at).x;
        if let Some(i) = moment_at(review, &shown, x)
            && review.selected != Some(i)
        {
            go.select.write(SelectMoment(i));
        }
    }
}

/// The graph's points (after each decision, South's lead in seeds; the start even)
/// and the top of its scale. The scale fits the game while it was open; a game decided
/// (worth all its seeds) runs along the edge, as a decided game does on a chess graph,
/// so that the swings before it stay visible.
fn graph_values(review: &GameReview) -> (Vec<[f64; 2]>, f64) {
    let values: Vec<[f64; 2]> = std::iter::once([0.0, 0.0])
        .chain(review.moments.iter().map(|m| [m.number as f64, m.south]))
        .collect();
    let all = review
        .record
        .as_ref()
        .and_then(|r| r.start_state().ok())
        .map_or(f64::INFINITY, |s| f64::from(s.seeds().total()));
    let top = (values
        .iter()
        .map(|v| v[1].abs())
        .filter(|v| *v < all - 0.5)
        .fold(4.0_f64, f64::max)
        * 1.15)
        .ceil();
    // A value beyond the scale is drawn at its edge.
    let values = values
        .into_iter()
        .map(|[x, y]| [x, y.clamp(-top, top)])
        .collect();
    (values, top)
}

/// The moment a click at `x` on the graph selects: decision n (from 1) stands at
/// x = n, and the start (x = 0) selects the first; the guided review keeps to its own
/// moments (`shown`), the nearest of them.
fn moment_at(review: &GameReview, shown: &[usize], x: f64) -> Option<usize> {
    let known = review.moments.len();
    if known == 0 {
        return None;
    }
    let i = (x.round().max(1.0) as usize).min(known) - 1;
    if !review.guided {
        return Some(i);
    }
    Some(
        shown
            .iter()
            .copied()
            .min_by_key(|&s| s.abs_diff(i))
            .unwrap_or(i),
    )
}

/// The selected moment: which position, its mark, and the sentence.
fn moment_words(
    ui: &mut egui::Ui,
    tr: Tr,
    review: &GameReview,
    selected: &Option<Moment>,
    line: Option<&str>,
) {
    let Some(m) = selected else {
        if review.finished() && !review.guided {
            ui.label(egui::RichText::new(tr.t("review-pick")).color(PALETTE.muted));
        }
        return;
    };
    ui.horizontal_wrapped(|ui| {
        ui.strong(tr.f("review-before_move", &[("n", &m.number)]));
        if m.mark != Mark::Good {
            let (colour, _, sign) = mark_style(m.mark);
            ui.label(
                egui::RichText::new(format!("{sign} {}", mark_name(tr, m.mark)))
                    .color(colour)
                    .strong(),
            );
        }
    });
    if let Some(line) = line {
        tr.paragraph(ui, line);
    }
}

/// Previous and next: through every decision, or the guided moments.
fn step_buttons(ui: &mut egui::Ui, tr: Tr, review: &GameReview, go: &mut ReviewActions) {
    let steps = review.steps();
    let at = review
        .selected
        .and_then(|s| steps.iter().position(|&i| i == s));
    let back = at.and_then(|a| a.checked_sub(1)).and_then(|a| steps.get(a));
    let on = match at {
        Some(a) => steps.get(a + 1),
        None => steps.first(),
    };
    let previous = ui.add_enabled(back.is_some(), egui::Button::new(tr.t("review-previous")));
    crate::game::ui::buttons::note_button(ui.ctx(), "review_previous", previous.rect);
    if previous.clicked()
        && let Some(&i) = back
    {
        go.select.write(SelectMoment(i));
    }
    let next = ui.add_enabled(on.is_some(), egui::Button::new(tr.t("review-next")));
    crate::game::ui::buttons::note_button(ui.ctx(), "review_next", next.rect);
    if next.clicked()
        && let Some(&i) = on
    {
        go.select.write(SelectMoment(i));
    }
}

/// The moves with their marks; a click selects one.
fn moves_list(ui: &mut egui::Ui, tr: Tr, review: &GameReview, go: &mut ReviewActions) {
    // The list follows the selection (a point on the graph, a key) once per change.
    let followed = egui::Id::new("review list follows");
    let follow = ui.ctx().data(|d| d.get_temp::<Option<usize>>(followed)) != Some(review.selected);
    egui::ScrollArea::vertical()
        .id_salt("review moves")
        .max_height(GRAPH_HEIGHT)
        .min_scrolled_height(GRAPH_HEIGHT)
        .show(ui, |ui| {
            for (i, m) in review.moments.iter().enumerate() {
                let (colour, _, sign) = mark_style(m.mark);
                let mut text = egui::RichText::new(format!(
                    "{}. {} {} {sign}",
                    m.number,
                    tr.player(m.by),
                    m.played
                ));
                let selected = review.selected == Some(i);
                // In its mark's colour, but dark on the selection's orange.
                if m.mark != Mark::Good && !selected {
                    text = text.color(colour);
                }
                let line = ui.selectable_label(selected, text);
                if selected && follow {
                    line.scroll_to_me(Some(egui::Align::Center));
                }
                // Noted only where it can be clicked (not scrolled out of the list).
                if ui.is_rect_visible(line.rect) {
                    crate::game::ui::buttons::note_button(
                        ui.ctx(),
                        &format!("review_move:{i}"),
                        line.rect,
                    );
                }
                if line.clicked() {
                    go.select.write(SelectMoment(i));
                }
            }
        });
    if follow {
        ui.ctx()
            .data_mut(|d| d.insert_temp(followed, review.selected));
    }
}

/// Tags over the pit played and the pit that was best, with their values for the
/// player who decided.
fn pit_tags(
    ctx: &egui::Context,
    tr: Tr,
    m: &Moment,
    camera: &Camera,
    cam_at: &GlobalTransform,
    pits: &Query<(&PitView, &GlobalTransform)>,
) {
    let zoom = ctx.zoom_factor();
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::new("review tags"),
    ));
    let at = |pit: Option<Pit>| {
        let pit = pit?;
        let (_, t) = pits.iter().find(|(v, _)| v.pit == pit)?;
        camera
            .world_to_viewport(cam_at, t.translation())
            .ok()
            .map(|p| egui::pos2(p.x / zoom, p.y / zoom))
    };
    let tag = |name: &str, centre: egui::Pos2, text: String, fill: egui::Color32, above: bool| {
        let font = egui::FontId::proportional(15.0);
        let galley = painter.layout_no_wrap(text, font, PALETTE.ink);
        let pad = egui::vec2(7.0, 3.0);
        let size = galley.size() + 2.0 * pad;
        let dy = if above { -30.0 } else { 30.0 };
        let rect = egui::Rect::from_center_size(centre + egui::vec2(0.0, dy), size);
        painter.line_segment([centre, rect.center()], egui::Stroke::new(2.0, fill));
        painter.rect_filled(rect, 5.0, fill);
        painter.galley(rect.min + pad, galley, PALETTE.ink);
        crate::game::ui::buttons::note_button(ctx, name, rect);
    };
    let played = at(pit_of(&m.played));
    let (_, _, sign) = mark_style(m.mark);
    // The colours of the pits' own glow (show/board.rs): the best pit is marked, sky
    // blue; the pit played is lit reddish purple, as a preview.
    let played_fill = if m.best == m.played {
        egui::Color32::from_rgb(86, 180, 233)
    } else {
        egui::Color32::from_rgb(204, 121, 167)
    };
    if let Some(p) = played {
        let text = tr.f(
            "review-played_tag",
            &[
                ("move", &format!("{} {sign}", m.played)),
                ("value", &seeds(m.played_value)),
            ],
        );
        tag("review_played_tag", p, text, played_fill, true);
    }
    if m.best != m.played
        && let Some(b) = at(pit_of(&m.best))
    {
        let text = tr.f(
            "review-best_tag",
            &[("move", &m.best), ("value", &seeds(m.best_value))],
        );
        // Sky blue (Okabe–Ito), below the pit: the two never cover each other.
        tag(
            "review_best_tag",
            b,
            text,
            egui::Color32::from_rgb(86, 180, 233),
            false,
        );
    }
}
