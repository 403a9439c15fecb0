//! What a player meets on the everyday paths (issue 42), with the whole interface in
//! and clicked as a person does (`common::player`): a past position shows its own
//! counts, Undo and Redo keep "Last move" true, the wheel over a window scrolls the
//! window and never the camera, Settings fits or scrolls at the largest text size,
//! the title's Resume resumes, and Escape closes a page before it leaves the game.

use crate::common::player::{Player, data_folder, saved};
use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use mancala_hall::game::play::records::ShownGame;
use mancala_hall::game::play::session::{History, LastMove, Redo, Undo, ViewPast};
use mancala_hall::game::show::camera::View;
use mancala_hall::game::show::seeds::{SeedView, mirror_mismatches};
use mancala_hall::game::ui::access::Access;
use mancala_hall::game::ui::pages::Page;
use mancala_hall::game::{AppState, Mode};
use mancala_hall::rules::{Game, GameState, Lot, Tableau};
use std::time::Duration;

const STEP: Duration = Duration::from_millis(50);

fn shown(p: &mut Player) -> (GameState, Tableau) {
    p.app
        .world_mut()
        .run_system_once(|shown: ShownGame| (shown.state().clone(), shown.counts().clone()))
        .expect("ShownGame reads")
}

#[test]
fn a_past_position_shows_its_own_counts_and_status() {
    let data = data_folder("everyday-past");
    let mut p = Player::start(&["--game", "hawalis"], &data, STEP);
    p.play_random(3, &mut Lot(11));
    let now = p.state();
    let after_first = p.app.world().resource::<History>().before[1].clone();
    assert_ne!(
        after_first.seeds(),
        now.seeds(),
        "the first move changed something since"
    );
    // "1. South ..." in the Moves list: the position after the first decision.
    p.app.world_mut().write_message(ViewPast(Some(1)));
    p.frames(3);
    assert_eq!(
        *p.app.world().resource::<State<Mode>>().get(),
        Mode::Viewing
    );
    let (state, counts) = shown(&mut p);
    assert_eq!(
        state, after_first,
        "the status panel tells of the viewed position"
    );
    assert_eq!(
        &counts,
        after_first.seeds(),
        "the count badges show the viewed position"
    );
    let world = p.app.world_mut();
    let seeds: Vec<SeedView> = world.query::<&SeedView>().iter(world).copied().collect();
    assert!(
        mirror_mismatches(&after_first, &seeds).is_empty(),
        "the seeds lie as then"
    );
    // Back to the game: today's position again.
    p.app.world_mut().write_message(ViewPast(None));
    p.frames(3);
    let (state, counts) = shown(&mut p);
    assert_eq!(state, now);
    assert_eq!(&counts, now.seeds());
}

#[test]
fn undo_and_redo_keep_the_last_move_true() {
    let data = data_folder("everyday-undo");
    let mut p = Player::start(&["--game", "hawalis"], &data, STEP);
    p.play_random(2, &mut Lot(5));
    let record = p.app.world().resource::<History>().record.clone().unwrap();
    let before = p.app.world().resource::<History>().before.clone();
    let last = |p: &Player| p.app.world().resource::<LastMove>().0.clone();
    let first = Some((before[0].to_decide(), record.decisions[0].clone()));
    let second = Some((before[1].to_decide(), record.decisions[1].clone()));
    assert_eq!(last(&p), second);
    for (undo, want) in [
        (true, first.clone()),
        (true, None),
        (false, first),
        (false, second),
    ] {
        if undo {
            p.app.world_mut().write_message(Undo);
        } else {
            p.app.world_mut().write_message(Redo);
        }
        p.frames(3);
        assert_eq!(last(&p), want);
    }
}

#[test]
fn the_wheel_over_a_window_scrolls_the_window_not_the_camera() {
    let data = data_folder("everyday-wheel");
    // On the title: the options window.
    let mut p = Player::start(&[], &data, STEP);
    let over = p.find_still("start");
    p.point_at(over + Vec2::new(0.0, 80.0));
    p.wheel(-3.0);
    p.wheel(3.0);
    assert_eq!(
        p.app.world().resource::<View>().zoom,
        View::default().zoom,
        "title"
    );
    drop(p);

    // In a game: over the board the wheel zooms; over Settings it does not.
    let data = data_folder("everyday-wheel-game");
    let mut p = Player::start(&["--game", "hawalis"], &data, STEP);
    p.point_at(Vec2::new(640.0, 420.0));
    p.wheel(2.0);
    let zoomed = p.app.world().resource::<View>().zoom;
    assert_ne!(
        zoomed,
        View::default().zoom,
        "over the board the wheel zooms"
    );
    p.click("settings");
    let at = p.find_still("explain");
    p.point_at(at);
    p.wheel(-3.0);
    p.wheel(3.0);
    assert_eq!(
        p.app.world().resource::<View>().zoom,
        zoomed,
        "over Settings"
    );
}

#[test]
fn settings_fit_or_scroll_at_the_largest_text_size() {
    for window in ["1280x720", "640x360"] {
        let data = data_folder(&format!("everyday-settings-{window}"));
        let mut p = Player::start(&["--game", "hawalis", "--window", window], &data, STEP);
        p.app.world_mut().resource_mut::<Access>().text_scale = 2.0;
        p.frames(3);
        p.click("settings");
        let before = *p.app.world().resource::<Access>();
        // The last two settings: reached (scrolled to if need be) and clicked.
        p.click("reduced_motion");
        p.click("explain");
        let after = *p.app.world().resource::<Access>();
        assert_ne!(
            after.reduced_motion, before.reduced_motion,
            "{window}: reduced motion"
        );
        assert_ne!(after.explain, before.explain, "{window}: explain each move");
    }
}

#[test]
fn the_titles_resume_resumes_the_autosaved_game_on_a_fresh_start() {
    let data = data_folder("everyday-resume");
    let (save, state) = saved(Game::Hawalis, 2);
    std::fs::write(data.join("autosave.json"), save.to_json()).unwrap();
    let mut p = Player::start(&[], &data, STEP);
    p.click("resume");
    p.until_screen(AppState::InGame);
    p.frames(3);
    assert_eq!(p.state(), state, "the autosaved Hawalis game");
    drop(p);

    // Nothing saved and no game left: Resume is there but does nothing.
    let data = data_folder("everyday-resume-none");
    let mut p = Player::start(&[], &data, STEP);
    p.click("resume");
    p.frames(5);
    assert_eq!(
        *p.app.world().resource::<State<AppState>>().get(),
        AppState::Menu
    );
}

#[test]
fn escape_closes_the_rules_page_before_it_leaves_the_game() {
    let data = data_folder("everyday-escape");
    let mut p = Player::start(&["--game", "hawalis"], &data, STEP);
    p.app
        .world_mut()
        .resource_mut::<NextState<Page>>()
        .set(Page::Rules(Game::Hawalis));
    p.frames(3);
    p.press(KeyCode::Escape);
    p.frames(2);
    assert_eq!(*p.app.world().resource::<State<Page>>().get(), Page::Closed);
    assert_eq!(
        *p.app.world().resource::<State<AppState>>().get(),
        AppState::InGame
    );
    p.press(KeyCode::Escape);
    p.until_screen(AppState::Menu);
}

#[test]
fn saving_says_so_briefly_by_name_not_by_path() {
    use mancala_hall::game::play::records::SaveGame;
    use mancala_hall::game::play::session::{Confirmation, Notice};
    let data = data_folder("everyday-save");
    let mut p = Player::start(&["--game", "hawalis"], &data, STEP);
    p.play_random(1, &mut Lot(3));
    p.app.world_mut().write_message(SaveGame);
    p.frames(2);
    let said = p.app.world().resource::<Confirmation>().text.clone();
    let said = said.expect("a confirmation");
    let saved: Vec<_> = std::fs::read_dir(data.join("saves")).unwrap().collect();
    assert_eq!(saved.len(), 1, "one file saved");
    assert!(said.starts_with("Saved as “hawalis-"), "{said}");
    assert!(
        !said.contains('/') && !said.contains(".json"),
        "no path: {said}"
    );
    assert_eq!(p.app.world().resource::<Notice>().0, None, "not an error");
    // It goes by itself.
    p.frames((Confirmation::SHOWN_S / STEP.as_secs_f32()) as usize + 5);
    assert_eq!(p.app.world().resource::<Confirmation>().text, None);
}

#[test]
fn buttons_keep_their_places_while_seeds_move_and_a_hint_shows() {
    use mancala_hall::game::play::computer::{AskHint, Hint};
    use mancala_hall::game::play::session::DecisionMade;
    use mancala_hall::game::show::animation::Animation;
    use mancala_hall::game::ui::buttons::ButtonPlaces;
    use mancala_hall::rules::random_decision;
    let data = data_folder("everyday-buttons");
    let mut p = Player::start(&["--game", "hawalis"], &data, STEP);
    p.play_random(1, &mut Lot(9));
    let (undo, hint) = (p.find_still("undo"), p.find_still("hint"));
    let places = |p: &Player| {
        let b = p.app.world().resource::<ButtonPlaces>();
        (b.get("undo"), b.get("hint"))
    };
    // While a turn's seeds move.
    let d = random_decision(&p.state(), &mut Lot(4)).unwrap();
    p.app.world_mut().write_message(DecisionMade::here(d));
    p.frames(3);
    assert!(
        p.app.world().resource::<Animation>().busy(),
        "seeds are moving"
    );
    assert_eq!(places(&p), (Some(undo), Some(hint)), "while seeds move");
    while p.app.world().resource::<Animation>().busy() {
        p.frames(1);
    }
    p.frames(3);
    assert_eq!(
        places(&p),
        (Some(undo), Some(hint)),
        "the person's turn again"
    );
    // While a hint is worked out, and once it is shown.
    p.app.world_mut().write_message(AskHint);
    p.frames(2);
    let until = std::time::Instant::now() + Duration::from_secs(60);
    while p
        .app
        .world()
        .resource::<Hint>()
        .for_state(&p.state())
        .is_none()
    {
        assert!(std::time::Instant::now() < until, "no hint in 60 s");
        assert_eq!(
            places(&p),
            (Some(undo), Some(hint)),
            "while the hint is worked out"
        );
        p.frames(1);
        std::thread::sleep(Duration::from_millis(5));
    }
    p.frames(3);
    assert_eq!(places(&p), (Some(undo), Some(hint)), "with the hint shown");
}

#[test]
fn while_the_computer_moves_the_status_tells_no_stale_end_of_turn() {
    use mancala_hall::game::play::session::DecisionMade;
    use mancala_hall::game::show::animation::Animation;
    use mancala_hall::rules::{Player as Side, random_decision};
    let data = data_folder("everyday-banner");
    let args = [
        "--game", "hawalis", "--north", "computer", "--level", "beginner",
    ];
    let mut p = Player::start(&args, &data, STEP);
    let d = random_decision(&p.state(), &mut Lot(3)).unwrap();
    p.app.world_mut().write_message(DecisionMade::here(d));
    let mut souths_end_shown = false;
    let mut norths_move_shown = false;
    let until = std::time::Instant::now() + Duration::from_secs(120);
    while !norths_move_shown || p.app.world().resource::<Animation>().busy() {
        assert!(std::time::Instant::now() < until, "North never moved");
        p.frames(1);
        let world = p.app.world();
        let (anim, last) = (world.resource::<Animation>(), world.resource::<LastMove>());
        let banner = anim.banner.clone().unwrap_or_default();
        match &last.0 {
            Some((Side::South, _)) if banner.contains("South") => souths_end_shown = true,
            Some((Side::North, _)) if anim.busy() => {
                norths_move_shown = true;
                assert!(
                    !banner.contains("South"),
                    "\"North is moving…\" above a stale \"{banner}\""
                );
            }
            _ => {}
        }
    }
    assert!(souths_end_shown, "South's end of turn was announced");
}

#[test]
fn omwesos_set_up_window_leaves_souths_pits_in_sight() {
    use mancala_hall::game::play::session::{Seats, StartGame};
    use mancala_hall::rules::{Options, Pending, Player as Side, SetUp};
    for window in ["1280x720", "640x360"] {
        let data = data_folder("everyday-arrange");
        let mut p = Player::start(&["--game", "omweso", "--window", window], &data, STEP);
        // Free set-up, as the title's options choose it.
        let options = Options {
            set_up: SetUp::Free,
            ..Options::default()
        };
        let state = GameState::new(Game::Omweso, options).unwrap();
        let seats = *p.app.world().resource::<Seats>();
        p.app
            .world_mut()
            .write_message(StartGame::fresh(state, seats));
        p.frames(3);
        assert_eq!(p.state().pending(), &Pending::Arrange);
        let done = p.find_still("arrange:done");
        p.frames(5);
        let board = p.state().board();
        let pits = p.pits_on_screen();
        let south: Vec<_> = pits
            .iter()
            .filter(|(pit, _)| board.index(*pit).map(|i| board.owner(i)) == Some(Side::South))
            .collect();
        assert_eq!(south.len(), 16, "{window}: South's pits are drawn");
        // The window's top edge lies above its Done button by its title and a line.
        for (pit, at) in south {
            assert!(
                at.y < done.y - 40.0,
                "{window}: South's pit {pit:?} at {at} is under the set-up window (Done at {done})"
            );
        }
    }
}

/// The rectangles of the egui areas `ids` in the frame just drawn (egui points), for
/// those drawn in it.
fn drawn_areas(p: &mut Player, ids: &[&str]) -> Vec<Option<bevy_egui::egui::Rect>> {
    use bevy_egui::{EguiContexts, egui};
    let ids: Vec<String> = ids.iter().map(|s| s.to_string()).collect();
    p.app
        .world_mut()
        .run_system_once(move |mut contexts: EguiContexts| {
            let ctx = contexts.ctx_mut().expect("the interface's context");
            ctx.memory(|m| {
                let visible = m.areas().visible_layer_ids();
                ids.iter()
                    .map(|id| {
                        let id = egui::Id::new(id);
                        visible
                            .iter()
                            .any(|layer| layer.id == id)
                            .then(|| m.area_rect(id))
                            .flatten()
                    })
                    .collect::<Vec<_>>()
            })
        })
        .expect("egui's memory reads")
}

#[test]
fn the_result_panel_never_covers_the_scores() {
    use mancala_hall::game::play::session::{DecisionMade, Seats, StartGame};
    use mancala_hall::game::ui::hud::{RESULT_PANEL, STATUS_BAR};
    use mancala_hall::rules::{Options, Player as Side};
    // Hawalis: South's 3,5 ends in the empty front pit of the last column and takes
    // North's last seeds (tests/review.rs): the game is over.
    let rows = vec![
        vec![0, 0, 0, 0, 0, 0, 2],
        vec![0, 0, 0, 0, 0, 0, 3],
        vec![0, 0, 0, 0, 0, 0, 0],
        vec![2, 0, 0, 0, 0, 2, 0],
    ];
    for window in ["1280x720", "640x360"] {
        for text_scale in [1.0, 1.25, 1.5, 2.0] {
            let data = data_folder(&format!("everyday-result-{window}-{text_scale}"));
            let mut p = Player::start(&["--game", "hawalis", "--window", window], &data, STEP);
            p.app.world_mut().resource_mut::<Access>().text_scale = text_scale;
            let start = GameState::from_rows(Game::Hawalis, Options::default(), &rows, Side::South)
                .unwrap();
            let seats = *p.app.world().resource::<Seats>();
            p.app
                .world_mut()
                .write_message(StartGame::fresh(start, seats));
            p.frames(3);
            p.app
                .world_mut()
                .write_message(DecisionMade::here("3,5".parse().unwrap()));
            let what = format!("{window} at text size {text_scale}");
            let mut shown = None;
            for _ in 0..600 {
                p.frames(1);
                if let [Some(panel), Some(status)] =
                    drawn_areas(&mut p, &[RESULT_PANEL, STATUS_BAR])[..]
                {
                    shown = Some((panel, status));
                    break;
                }
            }
            let (panel, status) = shown.unwrap_or_else(|| panic!("{what}: no result panel"));
            assert!(p.state().is_over(), "{what}");
            // A few frames more: egui places a window with the size it had before.
            p.frames(3);
            let [Some(panel_now), Some(status_now)] =
                drawn_areas(&mut p, &[RESULT_PANEL, STATUS_BAR])[..]
            else {
                panic!("{what}: the panel went away");
            };
            for (panel, status) in [(panel, status), (panel_now, status_now)] {
                assert!(
                    !panel.intersects(status),
                    "{what}: the result panel {panel:?} covers the status and its scores {status:?}"
                );
            }
        }
    }
}

#[test]
fn the_board_lights_the_persons_pits_and_the_hint_and_nothing_while_seeds_move() {
    use mancala_hall::game::play::computer::{AskHint, Hint};
    use mancala_hall::game::play::session::DecisionMade;
    use mancala_hall::game::show::animation::Animation;
    use mancala_hall::game::show::board::{PitLook, PitView};
    use mancala_hall::rules::{Pit, legal_decisions};
    let data = data_folder("everyday-lit");
    let mut p = Player::start(&["--game", "hawalis"], &data, STEP);
    p.frames(3);
    let looks = |p: &mut Player| -> Vec<(Pit, PitLook)> {
        let world = p.app.world_mut();
        world
            .query::<(&PitView, &PitLook)>()
            .iter(world)
            .map(|(v, l)| (v.pit, *l))
            .collect()
    };
    let legal: Vec<Pit> = legal_decisions(&p.state())
        .iter()
        .filter_map(|d| d.start_pit())
        .collect();
    let lit: Vec<Pit> = looks(&mut p)
        .into_iter()
        .filter(|(_, l)| *l == PitLook::Legal)
        .map(|(pit, _)| pit)
        .collect();
    assert!(!legal.is_empty());
    assert_eq!(
        lit.iter().collect::<std::collections::BTreeSet<_>>(),
        legal.iter().collect::<std::collections::BTreeSet<_>>(),
        "the person's legal pits, and only those, are lit"
    );
    // While seeds move nobody may play: no pit is lit as playable.
    let first = legal_decisions(&p.state())[0].clone();
    p.app.world_mut().write_message(DecisionMade::here(first));
    p.frames(3);
    assert!(p.app.world().resource::<Animation>().busy());
    assert!(
        looks(&mut p).iter().all(|(_, l)| *l != PitLook::Legal),
        "no pit playable while seeds move"
    );
    while p.app.world().resource::<Animation>().busy() {
        p.frames(1);
    }
    // A hint marks its pit.
    p.app.world_mut().write_message(AskHint);
    let mut hinted = None;
    for _ in 0..600 {
        p.frames(1);
        let s = p.state();
        if let Some(d) = p.app.world().resource::<Hint>().for_state(&s) {
            hinted = d.start_pit();
            break;
        }
    }
    let hinted = hinted.expect("a hint within 600 frames");
    p.frames(2);
    let look = looks(&mut p)
        .into_iter()
        .find(|(pit, _)| *pit == hinted)
        .map(|(_, l)| l);
    assert_eq!(look, Some(PitLook::Marked), "the hint's pit {hinted:?}");
}

#[test]
fn skip_and_the_space_bar_show_a_turn_at_once() {
    use mancala_hall::game::play::session::DecisionMade;
    use mancala_hall::game::show::animation::Animation;
    use mancala_hall::rules::{apply, legal_decisions};
    let data = data_folder("everyday-skip");
    let mut p = Player::start(&["--game", "hawalis", "--north", "person"], &data, STEP);
    let busy = |p: &Player| p.app.world().resource::<Animation>().busy();
    let seeds_as_the_rules_say = |p: &mut Player| {
        let state = p.state();
        let world = p.app.world_mut();
        let seeds: Vec<SeedView> = world.query::<&SeedView>().iter(world).copied().collect();
        mirror_mismatches(&state, &seeds).is_empty()
    };
    for way in ["the Skip button", "the space bar"] {
        // The longest turn: seconds of seeds moving at normal speed.
        let state = p.state();
        let events = |d: &mancala_hall::rules::Decision| {
            let mut s = state.clone();
            apply(&mut s, d.clone()).map_or(0, |e| e.len())
        };
        let d = legal_decisions(&state)
            .into_iter()
            .max_by_key(events)
            .unwrap();
        p.app.world_mut().write_message(DecisionMade::here(d));
        p.frames(3);
        assert!(busy(&p), "{way}: seeds are moving");
        if way == "the Skip button" {
            // At once: the button goes with the seeds' last move.
            let at = p.find("skip");
            p.click_at(at);
        } else {
            p.press(KeyCode::Space);
        }
        p.frames(2);
        assert!(!busy(&p), "{way}: the turn is shown at once");
        assert!(
            seeds_as_the_rules_say(&mut p),
            "{way}: the seeds lie as the rules say"
        );
    }
}
