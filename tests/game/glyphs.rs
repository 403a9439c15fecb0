//! New glyphs reach the screen in the frame whose text uses them: egui's font
//! texture is updated before the asset events that make the renderer upload it.
//! Checked in the schedule itself, since which of two unordered systems runs first
//! is up to the executor (the wrong order left letters out of a frame's text).

use bevy::asset::AssetEventSystems;
use bevy::ecs::schedule::{NodeId, ScheduleLabel, SystemSet};
use bevy::prelude::*;
use bevy_egui::{EguiPlugin, EguiPostUpdateSet};
use mancala_hall::game::ui::hud::new_glyphs_in_their_own_frame;

/// An app with egui and image assets, headless; `ordered` adds the game's ordering.
fn app(ordered: bool) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, AssetPlugin::default()))
        .init_asset::<Image>()
        .init_asset::<bevy::shader::Shader>()
        .add_plugins(EguiPlugin::default());
    if ordered {
        new_glyphs_in_their_own_frame(&mut app);
    }
    app
}

/// Whether, in `app`'s PostUpdate, the system named `system` is in `set`.
fn in_set(app: &App, system: &str, set: impl SystemSet) -> bool {
    let graph = app.get_schedule(PostUpdate.intern()).unwrap().graph();
    let Some(set) = graph.system_sets.get_key(set.intern()) else {
        return false;
    };
    graph.systems.iter().any(|(key, sys, _)| {
        sys.name().to_string().contains(system)
            && graph
                .hierarchy()
                .contains_edge(NodeId::Set(set), NodeId::System(key))
    })
}

/// Whether `a` is ordered directly before `b` in `app`'s PostUpdate.
fn before(app: &App, a: impl SystemSet, b: impl SystemSet) -> bool {
    let graph = app.get_schedule(PostUpdate.intern()).unwrap().graph();
    match (
        graph.system_sets.get_key(a.intern()),
        graph.system_sets.get_key(b.intern()),
    ) {
        (Some(a), Some(b)) => graph
            .dependency()
            .contains_edge(NodeId::Set(a), NodeId::Set(b)),
        _ => false,
    }
}

#[test]
fn egui_texture_changes_become_asset_events_in_the_same_frame() {
    let app = app(true);
    // Where the two systems live (if bevy or bevy_egui move them, this must be
    // looked at again).
    assert!(in_set(
        &app,
        "update_egui_textures_system",
        EguiPostUpdateSet::PostProcessOutput
    ));
    assert!(in_set(&app, "Image>::asset_events", AssetEventSystems));
    // The game orders them; bevy_egui alone does not.
    assert!(before(
        &app,
        EguiPostUpdateSet::PostProcessOutput,
        AssetEventSystems
    ));
    assert!(!before(
        &self::app(false),
        EguiPostUpdateSet::PostProcessOutput,
        AssetEventSystems
    ));
}
