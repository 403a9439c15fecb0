//! Bao Kigogo (Wagogo, Dodoma), `05-bao-kigogo.md`: the rules of Hawalis
//! ([`super::hawalis`]) on a 4 x 12 board, 92 seeds, with the left end of each
//! player's front row empty at the start: South's (2,0) and North's (1,11).
//! The layout is made in [`super::GameState::new`]; the play is Hawalis's.
