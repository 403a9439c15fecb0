//! Sound: a click for each seed that lands (four recordings, taken in turn at random
//! and each played a little higher or lower, so that a long relay never sounds
//! mechanical), a clack for captures, a chime at the end of a game. The animation
//! says what to play ([`Sound`]); volume is a setting.

use super::animation::Sound;
use bevy::audio::Volume;
use bevy::prelude::*;

/// Sound volume, 0.0 (off) to 1.0.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct SoundVolume(pub f32);

impl Default for SoundVolume {
    fn default() -> Self {
        SoundVolume(0.7)
    }
}

#[derive(Resource)]
struct Sounds {
    drops: Vec<Handle<AudioSource>>,
    capture: Handle<AudioSource>,
    game_over: Handle<AudioSource>,
}

/// The sound plugin.
pub fn plugin(app: &mut App) {
    app.init_resource::<SoundVolume>()
        .add_systems(Startup, load)
        .add_systems(Update, play.after(crate::game::Flow::Animate));
}

/// The sounds are built into the program, so that it finds them wherever it is run
/// from (and a kiosk install cannot lose them).
fn load(mut commands: Commands, mut sources: ResMut<Assets<AudioSource>>) {
    let mut add = |bytes: &'static [u8]| {
        sources.add(AudioSource {
            bytes: std::sync::Arc::from(bytes),
        })
    };
    commands.insert_resource(Sounds {
        drops: vec![
            add(include_bytes!("../../../assets/sounds/drop.ogg")),
            add(include_bytes!("../../../assets/sounds/drop2.ogg")),
            add(include_bytes!("../../../assets/sounds/drop3.ogg")),
            add(include_bytes!("../../../assets/sounds/drop4.ogg")),
        ],
        capture: add(include_bytes!("../../../assets/sounds/capture.ogg")),
        game_over: add(include_bytes!("../../../assets/sounds/game_over.ogg")),
    });
}

fn play(
    mut commands: Commands,
    mut sounds_to_play: MessageReader<Sound>,
    sounds: Option<Res<Sounds>>,
    volume: Res<SoundVolume>,
    mut variation: Local<u32>,
) {
    let Some(sounds) = sounds else { return };
    for s in sounds_to_play.read() {
        if volume.0 <= 0.0 {
            continue;
        }
        // A little variation in pitch, so that a long sowing does not drone.
        *variation = variation.wrapping_mul(1_103_515_245).wrapping_add(12_345);
        let speed = 0.9 + (*variation >> 16) as f32 % 20.0 / 100.0;
        let handle = match s {
            Sound::Drop => sounds.drops[(*variation >> 8) as usize % sounds.drops.len()].clone(),
            Sound::Capture => sounds.capture.clone(),
            Sound::GameOver => sounds.game_over.clone(),
        };
        commands.spawn((
            AudioPlayer::new(handle),
            PlaybackSettings::DESPAWN
                .with_volume(Volume::Linear(volume.0))
                .with_speed(speed),
        ));
    }
}
