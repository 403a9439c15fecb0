//! The settings file in play: read at start-up into the resources it sets, written
//! again whenever one of them really changes. The file's shape and its checks are
//! [`crate::settings`]; a kiosk and a screenshot check write nothing
//! ([`ReadOnlyFiles`]).

use super::access::Access;
use super::language::{FixedLanguage, Tr};
use crate::game::DataFolder;
use crate::game::ReadOnlyFiles;
use crate::game::play::session::Notice;
use crate::game::show::audio::SoundVolume;
use crate::game::show::camera::View;
use crate::settings::{CountDisplay, Settings, Speed};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// Reads the settings at start-up and writes their changes (needs files: not in tests).
pub fn plugin(app: &mut App) {
    app.init_resource::<DataFolder>()
        .add_systems(Startup, load_settings)
        .add_systems(
            Update,
            save_settings
                .after(crate::game::Flow::Animate)
                .run_if(not(resource_exists::<ReadOnlyFiles>)),
        );
}

/// The settings' file in the data folder.
const SETTINGS: &str = "settings.json";

/// The resources the settings file holds.
#[derive(SystemParam)]
pub struct SettingsResources<'w> {
    speed: ResMut<'w, Speed>,
    volume: ResMut<'w, SoundVolume>,
    counts: ResMut<'w, CountDisplay>,
    view: ResMut<'w, View>,
    tr: ResMut<'w, Tr>,
    access: ResMut<'w, Access>,
}

impl SettingsResources<'_> {
    /// The settings as they are now.
    fn current(&self) -> Settings {
        Settings {
            speed: *self.speed,
            volume: self.volume.0,
            counts: *self.counts,
            north_seat: self.view.north_seat,
            language: self.tr.0,
            text_scale: self.access.clamped_scale(),
            high_contrast: self.access.high_contrast,
            reduced_motion: self.access.reduced_motion,
            explain: self.access.explain,
        }
    }

    /// Whether any of them changed since the last frame.
    fn changed(&self) -> bool {
        self.speed.is_changed()
            || self.volume.is_changed()
            || self.counts.is_changed()
            || self.view.is_changed()
            || self.tr.is_changed()
            || self.access.is_changed()
    }
}

fn load_settings(
    mut r: SettingsResources,
    mut notice: ResMut<Notice>,
    (fixed, folder): (Option<Res<FixedLanguage>>, Res<DataFolder>),
) {
    let Some(path) = folder.file(SETTINGS) else {
        return;
    };
    let (s, problem) = Settings::load(&path);
    if problem.is_some() {
        notice.0 = problem;
    }
    *r.speed = s.speed;
    r.volume.0 = s.volume;
    *r.counts = s.counts;
    // Seated on North by the command line, or by the settings.
    r.view.north_seat = r.view.north_seat || s.north_seat;
    if fixed.is_none() {
        r.tr.0 = s.language;
    }
    *r.access = Access {
        text_scale: s.text_scale,
        high_contrast: s.high_contrast,
        reduced_motion: s.reduced_motion,
        explain: s.explain,
    };
}

fn save_settings(
    r: SettingsResources,
    folder: Res<DataFolder>,
    mut written: Local<Option<Settings>>,
) {
    if !r.changed() || r.speed.is_added() {
        return;
    }
    let Some(path) = folder.file(SETTINGS) else {
        return;
    };
    let s = r.current();
    // Orbiting the camera changes the view every frame: write only real changes.
    if written.as_ref() != Some(&s) {
        let _ = s.save(&path);
        *written = Some(s);
    }
}
