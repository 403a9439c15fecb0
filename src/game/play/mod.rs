//! Play: the game being played and everything that decides in it. A person's click
//! or key ([`input`]), the computer ([`computer`]) and a replay or a saved game
//! ([`records`]) become messages that [`session`], the one writer of the rules state,
//! applies, a very long move worked out off the frame ([`long_moves`]); [`review`]
//! works out the game review and shows its moments; [`crash`] keeps the game safe if
//! anything panics.

pub mod computer;
pub mod crash;
pub mod input;
pub mod long_moves;
pub mod records;
pub mod review;
pub mod session;

/// Play's plugin: the write path, the person's input, the computer, records and the
/// review (all headless too).
pub fn plugin(app: &mut bevy::prelude::App) {
    app.add_plugins((
        session::plugin,
        computer::plugin,
        input::plugin,
        records::plugin,
        review::plugin,
    ));
}
