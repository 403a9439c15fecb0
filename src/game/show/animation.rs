//! Plays the rules' event stream, in order, on the seed entities: lifts into a hand,
//! drops along an arc one seed at a time, relays, captures, strips; announcements for
//! the rest. Input waits while this runs. Every speed ends in the same state.

use super::seeds::{Place, Resync, SeedView, default_hand, hand_above, seed_position, snap_to};
use crate::content::explain::{banner, caption};
use crate::game::CurrentGame;
use crate::rules::{CaptureTo, Event, Pit};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_tweening::{Lens, Tween, TweenAnim, TweeningPlugin};
use std::collections::VecDeque;
use std::time::Duration;

pub use crate::settings::Speed;

/// Laps of a very long move that are shown before it jumps to its end.
pub const SHOWN_LAPS: usize = 6;

/// The events still to show, and what is being shown.
#[derive(Resource, Default)]
pub struct Animation {
    /// Each event, and whether it is the first of a decision's.
    queue: VecDeque<(Event, bool)>,
    /// Seconds until the next event. Not a `Timer`: what a frame overshoots is carried
    /// into the next event (several short events can pass in one frame), so that the
    /// rhythm does not depend on the frame rate.
    wait: f32,
    hand: Option<Vec3>,
    /// A pit to highlight (relay, capture) while it matters.
    pub highlight: Option<Pit>,
    /// The pit the last event shown happened at (a seed lifted, dropped, relayed,
    /// captured or stripped): where the eye is, which a wide board's close view
    /// follows.
    pub focus: Option<Pit>,
    /// The latest announcement (end of turn, pass, game over...).
    pub banner: Option<String>,
    /// The caption explaining the event being shown (see `crate::content::explain`).
    pub caption: Option<String>,
    /// Seeds slide flat instead of hopping (the reduced-motion setting).
    pub flat: bool,
    /// The event shown last (a caption may depend on it).
    previous: Option<Event>,
    /// The seeds as the events shown so far leave them (the HUD shows these, so
    /// that it never tells a turn's result before the board does).
    pub shown: Option<crate::rules::Tableau>,
}

impl Animation {
    /// Queues the events of one decision, played on the seeds `before` it. A very
    /// long move (or one that never ends) is shown for its first few laps; the board
    /// then jumps to where the rules' condensed or never-ending event puts it.
    pub fn push(&mut self, before: crate::rules::Tableau, events: Vec<Event>) {
        if !self.busy() || self.shown.is_none() {
            self.shown = Some(before);
        }
        let jump = events
            .iter()
            .position(|e| matches!(e, Event::Condensed { .. } | Event::NeverEnding { .. }));
        let mut lifts = 0;
        for (i, e) in events.into_iter().enumerate() {
            if matches!(e, Event::Lift { .. }) {
                lifts += 1;
            }
            let skipped = jump.is_some_and(|j| i < j && lifts > SHOWN_LAPS);
            if !skipped {
                self.queue.push_back((e, i == 0));
            }
        }
    }

    /// The seeds to show in numbers: as the board shows them while a turn is shown.
    pub fn counts<'a>(&'a self, state: &'a crate::rules::GameState) -> &'a crate::rules::Tableau {
        match &self.shown {
            Some(t) if self.busy() => t,
            _ => state.seeds(),
        }
    }

    /// Whether events are still being shown (input waits).
    pub fn busy(&self) -> bool {
        !self.queue.is_empty() || self.wait > 0.0
    }
}

/// What the write path ([`crate::game::play::session`]) asks of the animation: the
/// only way it changes what is shown. Carried out in order, first thing in
/// [`crate::game::Flow::Animate`], the frame they are sent.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum AnimationOrder {
    /// Show one decision's events, played on the seeds `before` it ([`Animation::push`]).
    Show {
        before: crate::rules::Tableau,
        events: Vec<Event>,
    },
    /// Mark a pit (a long move being worked out from it).
    Mark(Option<Pit>),
    /// Drop everything queued and shown: another game or position is on the board.
    Stop,
}

/// Carries out the write path's orders. The animation is their only reader, so it
/// takes them (a decision's events are moved, not copied).
fn take_orders(mut orders: ResMut<Messages<AnimationOrder>>, mut anim: ResMut<Animation>) {
    for order in orders.drain() {
        match order {
            AnimationOrder::Show { before, events } => anim.push(before, events),
            AnimationOrder::Mark(pit) => anim.highlight = pit,
            AnimationOrder::Stop => *anim = Animation::default(),
        }
    }
}

/// A sound the animation asks for (played by the audio plugin, if present).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sound {
    Drop,
    Capture,
    GameOver,
}

/// The animation plugin.
pub fn plugin(app: &mut App) {
    if !app.is_plugin_added::<TweeningPlugin>() {
        app.add_plugins(TweeningPlugin);
    }
    app.add_message::<Sound>()
        .add_message::<AnimationOrder>()
        .add_message::<crate::game::shared::SkipAnimation>()
        .init_resource::<Animation>()
        .init_resource::<Speed>()
        .add_systems(
            Update,
            (take_orders, play_events, check_mirror)
                .chain()
                .in_set(crate::game::Flow::Animate),
        );
}

/// A hop along a parabola from `start` to `end`, with a small rebound as the seed
/// lands (none for a flat slide).
struct Hop {
    start: Vec3,
    end: Vec3,
    height: f32,
}

/// Where a hop is at `ratio` (0..1) of its time: it flies the arc in the first 84%,
/// lands, and settles with a small rebound (a flat slide has none). Returns the share
/// of the way across and the height above the straight line.
pub fn hop_at(height: f32, ratio: f32) -> (f32, f32) {
    const LAND: f32 = 0.84;
    if height <= 0.0 {
        return (ratio, 0.0);
    }
    let r = (ratio / LAND).min(1.0);
    let mut y = height * 4.0 * r * (1.0 - r);
    if ratio > LAND && ratio < 1.0 {
        y += (0.08 * height).min(0.025)
            * ((ratio - LAND) / (1.0 - LAND) * std::f32::consts::PI).sin();
    }
    (r, y)
}

impl Lens<Transform> for Hop {
    fn lerp(&mut self, mut target: Mut<'_, Transform>, ratio: f32) {
        let (along, up) = hop_at(self.height, ratio);
        target.translation = self.start.lerp(self.end, along) + Vec3::Y * up;
    }
}

/// Normal-speed seconds an event takes.
fn duration(e: &Event) -> f32 {
    match e {
        Event::Lift { .. } => 0.30,
        Event::Drop { .. } => 0.20,
        Event::Relay { .. } => 0.25,
        Event::Capture { .. } => 0.45,
        Event::Strip { .. } => 0.35,
        Event::Arrange { .. } | Event::NewGame { .. } => 0.5,
        Event::Condensed { .. } => 1.2,
        Event::NeverEnding { .. } => 2.0,
        Event::EndTurn { .. } => 0.15,
        Event::ExtraTurn { .. } | Event::Pass { .. } | Event::Lot { .. } => 0.8,
        Event::Repetition { .. } => 0.6,
        Event::GameOver(_) => 0.6,
        Event::MatchScore { .. } => 0.0,
    }
}

/// The pace and manner of showing: the clock, the speed, the language of captions,
/// the reduced-motion setting, and a person's wish to skip to the end.
#[derive(SystemParam)]
pub struct Showing<'w, 's> {
    skips: MessageReader<'w, 's, crate::game::shared::SkipAnimation>,
    time: Res<'w, Time>,
    speed: Res<'w, Speed>,
    tr: Res<'w, crate::game::shared::Tr>,
    access: Res<'w, crate::game::shared::Access>,
}

/// Shows queued events as time passes.
pub fn play_events(
    mut commands: Commands,
    how: Showing,
    game: Res<CurrentGame>,
    mut anim: ResMut<Animation>,
    mut seeds: Query<(Entity, &mut SeedView, &mut Transform)>,
    mut resync: MessageWriter<Resync>,
    mut sounds: MessageWriter<Sound>,
) {
    let Showing {
        mut skips,
        time,
        speed,
        tr,
        access,
    } = how;
    let lang = tr.0;
    if anim.flat != access.reduced_motion {
        anim.flat = access.reduced_motion;
    }
    let skip = skips.read().count() > 0;
    if skip || (*speed == Speed::Instant && anim.busy()) {
        if let Some(b) = anim.queue.iter().rev().find_map(|(e, _)| banner(lang, e)) {
            anim.banner = Some(b);
        }
        anim.caption = None;
        anim.previous = None;
        anim.queue.clear();
        anim.wait = 0.0;
        anim.highlight = None;
        anim.hand = None;
        resync.write(Resync);
        return;
    }
    if !anim.busy() {
        return;
    }
    anim.wait -= time.delta_secs();
    let factor = speed.factor();
    while anim.wait <= 0.0 {
        let Some((e, first)) = anim.queue.pop_front() else {
            anim.wait = 0.0;
            anim.highlight = None;
            break;
        };
        if first {
            // The last decision's announcement ("South's turn is over") and
            // caption are stale once the next one is shown.
            anim.banner = None;
            anim.caption = None;
        }
        let secs = duration(&e) / factor;
        anim.wait += secs;
        if let Some(c) = caption(
            lang,
            &game.0,
            anim.shown.as_ref(),
            anim.previous.as_ref(),
            &e,
        ) {
            anim.caption = Some(c);
        }
        if let Some(t) = &mut anim.shown
            && t.apply_event(&e).is_err()
        {
            anim.shown = None;
        }
        if let Some(b) = banner(lang, &e) {
            anim.banner = Some(b);
        }
        if !matches!(e, Event::Drop { .. }) {
            anim.previous = Some(e.clone());
        }
        if let Some(pit) = event_pit(&e) {
            anim.focus = Some(pit);
        }
        match e {
            Event::Drop { .. } => {
                sounds.write(Sound::Drop);
            }
            Event::Capture { .. } | Event::Strip { .. } => {
                sounds.write(Sound::Capture);
            }
            Event::GameOver(_) => {
                sounds.write(Sound::GameOver);
            }
            _ => {}
        }
        show(&mut commands, &game, &mut anim, &mut seeds, &e, secs);
    }
}

/// The pit an event happens at, if it happens at one.
fn event_pit(e: &Event) -> Option<Pit> {
    match e {
        Event::Lift { pit, .. }
        | Event::Drop { pit }
        | Event::Relay { pit }
        | Event::Strip { pit, .. } => Some(*pit),
        Event::Capture { from, .. } => Some(*from),
        _ => None,
    }
}

/// The seeds of a place, bottom slot first.
fn in_place(
    seeds: &Query<(Entity, &mut SeedView, &mut Transform)>,
    place: Place,
) -> Vec<(usize, Entity)> {
    let mut v: Vec<(usize, Entity)> = seeds
        .iter()
        .filter(|(_, s, _)| s.place == place)
        .map(|(e, s, _)| (s.slot, e))
        .collect();
    v.sort_unstable();
    v
}

/// How a seed travels: the height of its hop and how long it takes.
#[derive(Clone, Copy, Debug)]
struct Flight {
    height: f32,
    secs: f32,
}

/// Moves every seed in `from` onto those already in `to`, in order, each to its
/// `position`.
fn fly_all(
    commands: &mut Commands,
    seeds: &mut Query<(Entity, &mut SeedView, &mut Transform)>,
    (from, to): (Place, Place),
    position: impl Fn(SeedView) -> Vec3,
    flight: Flight,
) {
    let base = in_place(seeds, to).len();
    for (k, (_, s)) in in_place(seeds, from).into_iter().enumerate() {
        let at = SeedView {
            place: to,
            slot: base + k,
        };
        fly(commands, seeds, s, position(at), at, flight);
    }
}

/// Moves a seed to `at` (its place and slot), at `to`, along `flight`.
fn fly(
    commands: &mut Commands,
    seeds: &mut Query<(Entity, &mut SeedView, &mut Transform)>,
    e: Entity,
    to: Vec3,
    at: SeedView,
    Flight { height, secs }: Flight,
) {
    if let Ok((_, mut s, tf)) = seeds.get_mut(e) {
        *s = at;
        let tween = Tween::new(
            EaseFunction::QuadraticInOut,
            Duration::from_secs_f32(secs.max(0.001)),
            Hop {
                start: tf.translation,
                end: to,
                height,
            },
        );
        commands.entity(e).insert(TweenAnim::new(tween));
    }
}

fn show(
    commands: &mut Commands,
    game: &CurrentGame,
    anim: &mut Animation,
    seeds: &mut Query<(Entity, &mut SeedView, &mut Transform)>,
    e: &Event,
    secs: f32,
) {
    let state = &game.0;
    let board = state.board();
    let kind = state.game();
    let flight = secs * 0.9;
    // Seeds slide flat with reduced motion.
    let flat = anim.flat;
    let hop = |height: f32| Flight {
        height: if flat { 0.0 } else { height },
        secs: flight,
    };
    let index = |p: &Pit| board.index(*p);
    // Where a seed rests at a place and slot (one in the hand, above `hand`).
    let position = |at: SeedView, hand: Vec3| seed_position(board, kind, at.place, at.slot, hand);
    match e {
        Event::Lift { pit, .. } => {
            let Some(i) = index(pit) else { return };
            let hand = hand_above(board, i);
            anim.hand = Some(hand);
            let (from, to) = (Place::Pit(i), Place::Hand);
            fly_all(
                commands,
                seeds,
                (from, to),
                |at| position(at, hand),
                hop(0.0),
            );
        }
        Event::Drop { pit } => {
            let Some(i) = index(pit) else { return };
            let in_hand = in_place(seeds, Place::Hand);
            let Some(&(_, top)) = in_hand.last() else {
                return;
            };
            let slot = in_place(seeds, Place::Pit(i)).len();
            let at = SeedView {
                place: Place::Pit(i),
                slot,
            };
            fly(commands, seeds, top, position(at, Vec3::ZERO), at, hop(0.5));
            // The rest of the hand moves on above this pit.
            let hand = hand_above(board, i);
            anim.hand = Some(hand);
            for (k, &(_, s)) in in_hand[..in_hand.len() - 1].iter().enumerate() {
                let at = SeedView {
                    place: Place::Hand,
                    slot: k,
                };
                fly(commands, seeds, s, position(at, hand), at, hop(0.0));
            }
        }
        Event::Relay { pit } => anim.highlight = Some(*pit),
        Event::Capture { from, to, .. } => {
            let Some(i) = index(from) else { return };
            anim.highlight = Some(*from);
            let place = match to {
                CaptureTo::Store(p) => Place::Store(*p),
                CaptureTo::OffBoard(p) => Place::Captured(*p),
                CaptureTo::Hand => Place::Hand,
            };
            let hand = anim.hand.unwrap_or(default_hand());
            let from = Place::Pit(i);
            fly_all(
                commands,
                seeds,
                (from, place),
                |at| position(at, hand),
                hop(1.0),
            );
        }
        Event::Strip { pit, by } => {
            let Some(i) = index(pit) else { return };
            anim.highlight = Some(*pit);
            let Some(&(_, top)) = in_place(seeds, Place::Pit(i)).last() else {
                return;
            };
            let place = Place::Captured(*by);
            let at = SeedView {
                place,
                slot: in_place(seeds, place).len(),
            };
            fly(commands, seeds, top, position(at, Vec3::ZERO), at, hop(1.0));
        }
        Event::Condensed { tableau, .. } | Event::NewGame { tableau, .. } => {
            snap_to(commands, state, tableau, seeds);
        }
        Event::NeverEnding { restored, .. } => snap_to(commands, state, restored, seeds),
        Event::Arrange { .. } => {
            // The arrangement is the state's own until the first move.
            let t = state.seeds().clone();
            snap_to(commands, state, &t, seeds);
        }
        _ => {}
    }
}

/// Once a turn has been shown, the seed entities must equal the rules state. Checked
/// in debug builds (and by the tests); a mismatch is logged and repaired by a resync.
fn check_mirror(
    anim: Res<Animation>,
    game: Res<CurrentGame>,
    seeds: Query<&SeedView>,
    mut was_busy: Local<bool>,
    mut resync: MessageWriter<Resync>,
) {
    let busy = anim.busy();
    if cfg!(debug_assertions) && *was_busy && !busy {
        let all: Vec<SeedView> = seeds.iter().copied().collect();
        let wrong = super::seeds::mirror_mismatches(&game.0, &all);
        if !wrong.is_empty() {
            error!("seed entities differ from the rules state: {wrong:?}");
            resync.write(Resync);
        }
    }
    *was_busy = busy;
}

#[cfg(test)]
mod tests {
    use super::hop_at;

    #[test]
    fn a_hop_lands_settles_and_ends_exactly_at_rest() {
        // Halfway through the flight it is high; it lands at 84% of its time.
        let (along, up) = hop_at(0.6, 0.42);
        assert!((along - 0.5).abs() < 1e-5 && up > 0.5);
        let (along, up) = hop_at(0.6, 0.84);
        assert!((along - 1.0).abs() < 1e-6 && up.abs() < 1e-5);
        // Then a small rebound, no higher than a seed's radius.
        let (_, up) = hop_at(0.6, 0.92);
        assert!(up > 0.01 && up <= 0.025 + 1e-6, "{up}");
        assert_eq!(hop_at(0.6, 1.0), (1.0, 0.0));
        // A flat slide has no arc and no rebound.
        assert_eq!(hop_at(0.0, 0.92), (0.92, 0.0));
    }
}
