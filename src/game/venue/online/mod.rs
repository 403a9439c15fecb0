//! Online play, the game's side (docs/online.md): a room on a game server, reached
//! over one WebSocket (`ewebsock`: a thread on the desktop, the browser's WebSocket
//! on the web).
//!
//! While a room is open, the decisions made here go to the server instead of the
//! rules (the session's [`Outbox`]); the decisions the server accepts, this player's
//! and the opponent's alike, come back in order as [`DecisionMade`] from the server
//! ([`DecidedAt::Server`]) and are played like any local decision, so animation, history, captions and sound work unchanged. The opponent's
//! seat is [`Seat::Remote`]: neither input nor the computer plays it. A dropped
//! connection is retried every two seconds, resuming the seat with its token and
//! catching up on what was missed. Take-backs are off online.

use crate::game::AppState;
use crate::game::play::session::{
    DecidedAt, DecisionMade, Notice, Outbox, Seat, Seats, SetSeats, StartGame, UndoPolicy,
};
use crate::game::wake::{Wake, WakeAt};
use crate::online::identity::PlayerIdentity;
use crate::online::protocol::{
    ClientMessage, ErrorCode, GameInPlay, OpenRoom, PROTOCOL_VERSION, Phrase, Ranked, RatingChange,
    SeatPlayers, SeatState, ServerMessage, position,
};
use crate::rules::{Game, Options, Player};
use bevy::prelude::*;

mod receive;
use receive::receive;

pub use crate::game::shared::OnlineRequest;
pub use crate::game::ui::hud::room::{Link, RoomLine, phrase_text};

/// What this connection went to the server for.
#[derive(Clone, Debug, PartialEq)]
enum Intent {
    Lobby,
    Create {
        game: Game,
        options: Options,
        public: bool,
    },
    Quick {
        game: Game,
        options: Options,
    },
    Join(String),
    Watch(String),
}

/// The lobby as the server last sent it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LobbyView {
    pub open: Vec<OpenRoom>,
    pub playing: Vec<GameInPlay>,
    pub open_total: usize,
    pub playing_total: usize,
}

/// This player's key and name ([`PlayerIdentity`], `player.json`), sent in `hello`.
#[derive(Resource, Clone, Debug, Default, PartialEq)]
pub struct OnlinePlayer(pub PlayerIdentity);

/// An online game: present from a request until the player leaves.
#[derive(Resource, Debug)]
pub struct OnlineGame {
    /// The server's address (`ws://host:port`).
    pub server: String,
    /// The room's code, once the server has given or confirmed it.
    pub room: Option<String>,
    /// This player's seat (`None`: watching).
    pub seat: Option<Player>,
    token: Option<String>,
    /// Decisions of the room received so far.
    pub seq: u64,
    /// Who is in the room.
    pub seats: [SeatState; 2],
    /// Who holds each seat, with ratings.
    pub players: SeatPlayers,
    /// The lobby, while following it.
    pub lobby: Option<LobbyView>,
    /// While waiting for a quick match: players waiting, games being played.
    pub waiting: Option<(usize, usize)>,
    /// The ratings before and after the game, once it was rated.
    pub rated: Option<[RatingChange; 2]>,
    /// Which players have asked for a rematch.
    pub rematch: [bool; 2],
    /// The last phrase sent in the room, and by whom.
    pub said: Option<(Player, Phrase)>,
    /// The last leaderboard asked for.
    pub leaderboard: Option<(Game, Vec<Ranked>)>,
    pub link: Link,
    /// The server's last refusal, or why the connection closed.
    pub problem: Option<String>,
    intent: Intent,
    /// Who this player says he is in `hello`.
    identity: PlayerIdentity,
    greeted: bool,
    /// Whether the room's game has been started here.
    started: bool,
    /// Games this plugin has started and not yet seen begin.
    own_starts: u32,
    retry: Timer,
}

impl OnlineGame {
    /// The room as the HUD's line shows it.
    pub fn line(&self) -> RoomLine {
        RoomLine {
            code: self.room.clone(),
            link: self.link,
            seat: self.seat,
            seats: self.seats,
            players: self.players.clone(),
            rated: self.rated,
            rematch: self.rematch,
        }
    }

    fn new(server: String, intent: Intent, identity: PlayerIdentity) -> OnlineGame {
        OnlineGame {
            server,
            room: None,
            seat: None,
            token: None,
            seq: 0,
            seats: [SeatState::Open; 2],
            players: SeatPlayers::default(),
            lobby: None,
            waiting: None,
            rated: None,
            rematch: [false; 2],
            said: None,
            leaderboard: None,
            link: Link::Connecting,
            problem: None,
            intent,
            identity,
            greeted: false,
            started: false,
            own_starts: 0,
            retry: Timer::from_seconds(2.0, TimerMode::Once),
        }
    }

    /// Whether the opponent's seat is still empty (show the code to share).
    pub fn waiting_for_opponent(&self) -> bool {
        self.seat
            .is_some_and(|me| self.seats[me.opponent() as usize] == SeatState::Open)
    }

    /// Whether this connection is in a room (rather than the lobby or quick match).
    pub fn in_room(&self) -> bool {
        self.room.is_some()
    }

    /// The `hello` this player sends: his key, and his name if he gave one.
    fn hello(&self) -> ClientMessage {
        ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            key: Some(self.identity.key.clone()).filter(|k| !k.is_empty()),
            name: Some(self.identity.name.clone()).filter(|n| !n.trim().is_empty()),
        }
    }
}

/// The WebSocket (not `Send` in the browser, so a non-send resource).
#[derive(Default)]
struct Socket(Option<(ewebsock::WsSender, ewebsock::WsReceiver)>);

impl Socket {
    fn send(&mut self, m: &ClientMessage) {
        if let Some((tx, _)) = &mut self.0 {
            tx.send(ewebsock::WsMessage::Text(
                serde_json::to_string(m).expect("client messages serialise"),
            ));
        }
    }
}

/// The server's address when none is given: in the browser, the page's own address
/// when a game server served the page (`serve --web`, which marks it), else port 8787
/// of the page's own host; on the desktop, port 8787 of this machine.
pub fn default_server() -> String {
    #[cfg(target_arch = "wasm32")]
    if let Some(window) = web_sys::window() {
        let location = window.location();
        let served_by_a_game_server = window
            .document()
            .and_then(|d| d.query_selector("meta[name=mancala-hall-server]").ok())
            .flatten()
            .is_some();
        let secure = location.protocol().ok().as_deref() == Some("https:");
        let scheme = if secure { "wss" } else { "ws" };
        if served_by_a_game_server && let Ok(host) = location.host() {
            return format!("{scheme}://{host}");
        }
        if let Ok(host) = location.hostname()
            && !host.is_empty()
        {
            return format!("{scheme}://{host}:8787");
        }
    }
    "ws://127.0.0.1:8787".into()
}

/// The online plugin (no interface: see [`ui_plugin`](super::online_screen::ui_plugin)).
pub fn plugin(app: &mut App) {
    app.add_message::<OnlineRequest>()
        .init_non_send::<Socket>()
        .init_resource::<OnlinePlayer>()
        .add_systems(
            Update,
            (
                requests,
                receive,
                keep_to_the_room,
                send_decisions,
                reconnect,
            )
                .chain()
                .before(crate::game::Flow::Decide),
        )
        .add_systems(Update, keep_room_line.after(crate::game::Flow::Animate));
}

/// The HUD's [`RoomLine`] follows the online game: there while it is, as it is.
fn keep_room_line(
    mut commands: Commands,
    game: Option<Res<OnlineGame>>,
    line: Option<ResMut<RoomLine>>,
) {
    match (game, line) {
        (Some(game), Some(mut line)) if game.is_changed() => {
            line.set_if_neq(game.line());
        }
        (Some(game), None) => commands.insert_resource(game.line()),
        (None, Some(_)) => commands.remove_resource::<RoomLine>(),
        _ => {}
    }
}

/// Reads this player's key and name at start-up and writes his name when it changes
/// (needs files: not in tests, where [`OnlinePlayer`] is set by hand).
pub fn identity_plugin(app: &mut App) {
    app.add_systems(Startup, load_identity).add_systems(
        Update,
        save_identity.run_if(not(resource_exists::<crate::game::ReadOnlyFiles>)),
    );
}

/// The file of this player's key and name.
const IDENTITY: &str = "player.json";

/// Reads this player's key and name, making a key the first time.
fn load_identity(
    mut player: ResMut<OnlinePlayer>,
    folder: Res<crate::game::DataFolder>,
    read_only: Option<Res<crate::game::ReadOnlyFiles>>,
) {
    let path = folder.file(IDENTITY);
    let (identity, new) = PlayerIdentity::load_or_make(path.as_deref());
    if new
        && read_only.is_none()
        && let Some(path) = &path
    {
        let _ = identity.save(path);
    }
    player.0 = identity;
}

/// Writes this player's name when it changes.
fn save_identity(
    player: Res<OnlinePlayer>,
    folder: Res<crate::game::DataFolder>,
    mut written: Local<Option<PlayerIdentity>>,
) {
    if !player.is_changed() || player.is_added() || written.as_ref() == Some(&player.0) {
        return;
    }
    if let Some(path) = folder.file(IDENTITY)
        && crate::online::protocol::check_key(&player.0.key).is_ok()
    {
        let _ = player.0.save(&path);
        *written = Some(player.0.clone());
    }
}

/// Starts or ends an online game, or passes a room request to the server.
fn requests(
    mut asked: MessageReader<OnlineRequest>,
    mut commands: Commands,
    mut socket: NonSendMut<Socket>,
    mut ending: Ending,
    mut screen: ResMut<NextState<AppState>>,
    (player, wake): (Res<OnlinePlayer>, Res<Wake>),
    game: Option<Res<OnlineGame>>,
) {
    for request in asked.read() {
        let (server, intent) = match request.clone() {
            OnlineRequest::Lobby { server } => (server, Intent::Lobby),
            OnlineRequest::Create {
                server,
                game,
                options,
                public,
            } => (
                server,
                Intent::Create {
                    game,
                    options,
                    public,
                },
            ),
            OnlineRequest::Quick {
                server,
                game,
                options,
            } => (server, Intent::Quick { game, options }),
            OnlineRequest::Join { server, code } => (server, Intent::Join(code)),
            OnlineRequest::Watch { server, code } => (server, Intent::Watch(code)),
            OnlineRequest::Leave => {
                ending.end(&mut commands, &mut socket);
                screen.set(AppState::Menu);
                continue;
            }
            OnlineRequest::Rematch => {
                if let Some(token) = game.as_ref().and_then(|g| g.token.clone()) {
                    socket.send(&ClientMessage::Rematch { token });
                }
                continue;
            }
            OnlineRequest::Say(phrase) => {
                if let Some(token) = game.as_ref().and_then(|g| g.token.clone()) {
                    socket.send(&ClientMessage::Say { phrase, token });
                }
                continue;
            }
            OnlineRequest::Leaderboard(game) => {
                socket.send(&ClientMessage::Leaderboard { game });
                continue;
            }
        };
        let mut new = OnlineGame::new(server, intent, player.0.clone());
        connect(&mut new, &mut socket, &wake);
        commands.insert_resource(new);
    }
}

/// What ending online play puts back: decisions go to the rules here again, and
/// take-backs are allowed.
#[derive(bevy::ecs::system::SystemParam)]
struct Ending<'w> {
    outbox: ResMut<'w, Outbox>,
    undo: ResMut<'w, UndoPolicy>,
}

impl Ending<'_> {
    fn end(&mut self, commands: &mut Commands, socket: &mut Socket) {
        socket.0 = None;
        commands.remove_resource::<OnlineGame>();
        self.outbox.sending = false;
        self.outbox.decisions.clear();
        self.undo.0 = true;
    }
}

/// Opens the connection. Whatever arrives on it (a message, the connection opened or
/// lost) wakes the window, which sleeps while nothing moves
/// ([`pace`](crate::game::pace)): an opponent's move shows at once.
fn connect(game: &mut OnlineGame, socket: &mut Socket, wake: &Wake) {
    game.greeted = false;
    let wake = wake.clone();
    let options = ewebsock::Options::default();
    match ewebsock::connect_with_wakeup(&game.server, options, move || wake.wake()) {
        Ok(pair) => socket.0 = Some(pair),
        Err(e) => {
            game.link = Link::Reconnecting;
            game.problem = Some(e);
        }
    }
}

/// A game started from the menu (or a lesson, or a saved game) ends online play; the
/// menu's players do not change who plays the room's seats.
fn keep_to_the_room(
    mut starts: MessageReader<StartGame>,
    mut seat_changes: ParamSet<(MessageReader<SetSeats>, MessageWriter<SetSeats>)>,
    game: Option<ResMut<OnlineGame>>,
    mut commands: Commands,
    mut socket: NonSendMut<Socket>,
    mut ending: Ending,
) {
    let Some(mut game) = game else {
        starts.clear();
        seat_changes.p0().clear();
        return;
    };
    for _ in starts.read() {
        if game.own_starts > 0 {
            game.own_starts -= 1;
        } else if game.started {
            // (Before the room's game has begun, another start, such as the board
            // laid behind the menu at launch, is not a choice to leave.)
            ending.end(&mut commands, &mut socket);
            return;
        }
    }
    let ours = SetSeats(seats_for(game.seat));
    let changed = seat_changes.p0().read().any(|s| *s != ours);
    if game.started && changed {
        seat_changes.p1().write(ours);
    }
}

/// What to ask once the server has said hello: the first time, what the player
/// asked for; after a lost connection, the seat back (or the room to watch), with
/// the decisions missed.
fn hello_then(game: &OnlineGame) -> ClientMessage {
    match (&game.room, &game.token) {
        (Some(room), Some(token)) => ClientMessage::Resume {
            room: room.clone(),
            token: token.clone(),
            since: Some(game.seq),
        },
        (Some(room), None) if game.started => ClientMessage::Watch {
            room: room.clone(),
            since: Some(game.seq),
        },
        _ => match &game.intent {
            Intent::Lobby => ClientMessage::Lobby,
            Intent::Create {
                game,
                options,
                public,
            } => ClientMessage::Create {
                game: *game,
                options: *options,
                seat: None,
                public: *public,
            },
            Intent::Quick { game, options } => ClientMessage::Quick {
                game: *game,
                options: Some(*options),
            },
            Intent::Join(code) => ClientMessage::Join { room: code.clone() },
            Intent::Watch(code) => ClientMessage::Watch {
                room: code.clone(),
                since: None,
            },
        },
    }
}

fn lost(game: &mut OnlineGame, socket: &mut Socket, why: String) {
    socket.0 = None;
    if game.link != Link::Closed {
        game.link = Link::Reconnecting;
        game.problem = Some(why);
        game.retry.reset();
    }
}

/// The seats here: this player a person, everyone else remote.
fn seats_for(me: Option<Player>) -> Seats {
    let seat = |p: Player| {
        if me == Some(p) {
            Seat::Person
        } else {
            Seat::Remote
        }
    };
    Seats {
        south: seat(Player::South),
        north: seat(Player::North),
    }
}

/// Sends the decisions made here to the server.
fn send_decisions(
    game: Option<Res<OnlineGame>>,
    mut socket: NonSendMut<Socket>,
    mut outbox: ResMut<Outbox>,
    mut notice: ResMut<Notice>,
    tr: Res<crate::game::ui::language::Tr>,
) {
    let Some(game) = game else { return };
    for decision in std::mem::take(&mut outbox.decisions) {
        match (&game.token, game.link) {
            (Some(token), Link::Connected) => socket.send(&ClientMessage::Play {
                decision,
                token: token.clone(),
            }),
            (Some(_), _) => {
                notice.0 = Some(tr.t("online-not_sent").into());
            }
            (None, _) => notice.0 = Some(tr.t("online-watch_only").into()),
        }
    }
}

/// Tries a lost connection again every two seconds (of real time: the window sleeps
/// in between, woken for the next try).
fn reconnect(
    game: Option<ResMut<OnlineGame>>,
    mut socket: NonSendMut<Socket>,
    time: Res<Time<Real>>,
    (wake, mut wake_at): (Res<Wake>, ResMut<WakeAt>),
) {
    let Some(mut game) = game else { return };
    if game.link != Link::Reconnecting || socket.0.is_some() {
        return;
    }
    if game.retry.tick(time.delta()).is_finished() {
        game.retry.reset();
        connect(&mut game, &mut socket, &wake);
    } else {
        wake_at.within(game.retry.remaining());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_seat_is_resumed_with_the_decisions_missed() {
        let me = PlayerIdentity {
            key: "0123456789abcdef0123456789abcdef".into(),
            name: "Amina".into(),
        };
        let mut g = OnlineGame::new("ws://x".into(), Intent::Join("ABC234".into()), me.clone());
        assert_eq!(
            g.hello(),
            ClientMessage::Hello {
                version: PROTOCOL_VERSION,
                key: Some(me.key.clone()),
                name: Some("Amina".into())
            }
        );
        assert_eq!(
            hello_then(&g),
            ClientMessage::Join {
                room: "ABC234".into()
            }
        );
        g.room = Some("ABC234".into());
        g.token = Some("t".into());
        g.seat = Some(Player::North);
        g.started = true;
        g.seq = 17;
        assert_eq!(
            hello_then(&g),
            ClientMessage::Resume {
                room: "ABC234".into(),
                token: "t".into(),
                since: Some(17)
            }
        );
        let mut w = OnlineGame::new(
            "ws://x".into(),
            Intent::Watch("ABC234".into()),
            PlayerIdentity::default(),
        );
        assert_eq!(
            w.hello(),
            ClientMessage::Hello {
                version: PROTOCOL_VERSION,
                key: None,
                name: None
            }
        );
        let q = OnlineGame::new(
            "ws://x".into(),
            Intent::Quick {
                game: Game::Hawalis,
                options: Options::default(),
            },
            me,
        );
        assert_eq!(
            hello_then(&q),
            ClientMessage::Quick {
                game: Game::Hawalis,
                options: Some(Options::default())
            }
        );
        w.room = Some("ABC234".into());
        w.started = true;
        w.seq = 3;
        assert_eq!(
            hello_then(&w),
            ClientMessage::Watch {
                room: "ABC234".into(),
                since: Some(3)
            }
        );
    }

    #[test]
    fn only_this_players_seat_is_played_here() {
        let s = seats_for(Some(Player::North));
        assert_eq!((s.south, s.north), (Seat::Remote, Seat::Person));
        let w = seats_for(None);
        assert_eq!((w.south, w.north), (Seat::Remote, Seat::Remote));
        // Saved, a remote player is a person.
        assert_eq!(s.to_saved(), [Seat::Person, Seat::Person]);
    }
}
