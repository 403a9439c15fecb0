//! Online play, the game's side (docs/online.md): a room on a game server, reached
//! over one WebSocket (`ewebsock`: a thread on the desktop, the browser's WebSocket
//! on the web).
//!
//! While a room is open, the decisions made here go to the server instead of the
//! rules (the session's [`Outbox`]); the decisions the server accepts, this player's
//! and the opponent's alike, come back in order and are queued like any local
//! decision, so animation, history, captions and sound work unchanged. The opponent's
//! seat is [`Seat::Remote`]: neither input nor the computer plays it. A dropped
//! connection is retried every two seconds, resuming the seat with its token and
//! catching up on what was missed. Take-backs are off online.

use crate::game::AppState;
use crate::game::play::session::{
    DecisionQueue, Notice, Outbox, Seat, Seats, SetSeats, StartGame, UndoPolicy,
};
use crate::online::protocol::{
    ClientMessage, ErrorCode, PROTOCOL_VERSION, SeatState, ServerMessage, position,
};
use crate::rules::{Game, Options, Player};
use bevy::prelude::*;

/// What the menu (or the command line, or a test) asks of online play.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum OnlineRequest {
    /// Open a room on `server` for this game, and take South's seat.
    Create {
        server: String,
        game: Game,
        options: Options,
    },
    /// Take the free seat of the room with this code.
    Join { server: String, code: String },
    /// Watch the room with this code.
    Watch { server: String, code: String },
    /// Leave the room (the seat is kept on the server until the room expires).
    Leave,
}

/// The connection as the player sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    Connecting,
    Connected,
    /// Lost; trying again every two seconds.
    Reconnecting,
    /// Given up (the server refused, or the room closed).
    Closed,
}

/// What this connection went to the server for.
#[derive(Clone, Debug, PartialEq)]
enum Intent {
    Create { game: Game, options: Options },
    Join(String),
    Watch(String),
}

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
    pub link: Link,
    /// The server's last refusal, or why the connection closed.
    pub problem: Option<String>,
    intent: Intent,
    greeted: bool,
    /// Whether the room's game has been started here.
    started: bool,
    /// Games this plugin has started and not yet seen begin.
    own_starts: u32,
    retry: Timer,
}

impl OnlineGame {
    fn new(server: String, intent: Intent) -> OnlineGame {
        OnlineGame {
            server,
            room: None,
            seat: None,
            token: None,
            seq: 0,
            seats: [SeatState::Open; 2],
            link: Link::Connecting,
            problem: None,
            intent,
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

/// The server's address when none is given: the page's own host in the browser,
/// this machine on the desktop; port 8787.
pub fn default_server() -> String {
    #[cfg(target_arch = "wasm32")]
    if let Some(host) = web_sys::window().and_then(|w| w.location().hostname().ok()) {
        if !host.is_empty() {
            return format!("ws://{host}:8787");
        }
    }
    "ws://127.0.0.1:8787".into()
}

/// The online plugin (no interface: see [`ui_plugin`]).
pub fn plugin(app: &mut App) {
    app.add_message::<OnlineRequest>()
        .init_non_send::<Socket>()
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
        );
}

/// Starts or ends an online game.
fn requests(
    mut asked: MessageReader<OnlineRequest>,
    mut commands: Commands,
    mut socket: NonSendMut<Socket>,
    mut ending: Ending,
    mut screen: ResMut<NextState<AppState>>,
) {
    for request in asked.read() {
        let (server, intent) = match request.clone() {
            OnlineRequest::Create {
                server,
                game,
                options,
            } => (server, Intent::Create { game, options }),
            OnlineRequest::Join { server, code } => (server, Intent::Join(code)),
            OnlineRequest::Watch { server, code } => (server, Intent::Watch(code)),
            OnlineRequest::Leave => {
                ending.end(&mut commands, &mut socket);
                screen.set(AppState::Menu);
                continue;
            }
        };
        let mut game = OnlineGame::new(server, intent);
        connect(&mut game, &mut socket);
        commands.insert_resource(game);
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

fn connect(game: &mut OnlineGame, socket: &mut Socket) {
    game.greeted = false;
    match ewebsock::connect(&game.server, ewebsock::Options::default()) {
        Ok(pair) => socket.0 = Some(pair),
        Err(e) => {
            game.link = Link::Reconnecting;
            game.problem = Some(e);
        }
    }
}

/// Reads what the server sent.
#[allow(clippy::too_many_arguments)]
fn receive(
    game: Option<ResMut<OnlineGame>>,
    mut socket: NonSendMut<Socket>,
    mut queue: ResMut<DecisionQueue>,
    mut start: MessageWriter<StartGame>,
    mut screen: ResMut<NextState<AppState>>,
    mut outbox: ResMut<Outbox>,
    mut undo: ResMut<UndoPolicy>,
    mut notice: ResMut<Notice>,
    tr: Res<crate::game::ui::language::Tr>,
) {
    let Some(mut game) = game else { return };
    let Some((_, rx)) = &socket.0 else { return };
    let mut events = Vec::new();
    while let Some(event) = rx.try_recv() {
        events.push(event);
    }
    for event in events {
        match event {
            ewebsock::WsEvent::Opened => {
                socket.send(&ClientMessage::Hello {
                    version: PROTOCOL_VERSION,
                });
            }
            ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(text)) => {
                let Ok(message) = serde_json::from_str::<ServerMessage>(&text) else {
                    game.problem = Some(tr.t("online.unknown").into());
                    continue;
                };
                match message {
                    ServerMessage::Welcome { .. } => {
                        game.greeted = true;
                        game.link = Link::Connected;
                        let ask = hello_then(&game);
                        socket.send(&ask);
                    }
                    ServerMessage::Seated { room, seat, token } => {
                        game.room = Some(room);
                        game.seat = Some(seat);
                        game.token = Some(token);
                    }
                    ServerMessage::Room {
                        room,
                        seq,
                        position: p,
                        south,
                        north,
                        ..
                    } => {
                        game.room = Some(room);
                        game.seats = [south, north];
                        if !game.started || seq != game.seq {
                            // The first view of the room, or one that missed decisions
                            // it could not catch up on: start from the server's position.
                            match position(&p) {
                                Ok(state) => {
                                    let seats = seats_for(game.seat);
                                    start.write(StartGame::fresh(state, seats));
                                    game.own_starts += 1;
                                    screen.set(AppState::InGame);
                                    queue.0.clear();
                                    game.started = true;
                                    game.seq = seq;
                                    outbox.sending = true;
                                    undo.0 = false;
                                }
                                Err(e) => game.problem = Some(e),
                            }
                        }
                    }
                    ServerMessage::Played { seq, decision, .. } => {
                        if seq == game.seq + 1 {
                            queue.0.push_back(decision);
                            game.seq = seq;
                        }
                        // An earlier number was already played here; a later one
                        // cannot come before its predecessors (the server sends in
                        // order, and a resumed room is caught up first).
                    }
                    ServerMessage::Seats { south, north, .. } => game.seats = [south, north],
                    ServerMessage::Expired { .. } => {
                        game.link = Link::Closed;
                        game.problem = Some(tr.t("online.expired").into());
                        socket.0 = None;
                        return;
                    }
                    ServerMessage::Error { code, message } => {
                        notice.0 = Some(message.clone());
                        game.problem = Some(message);
                        if matches!(
                            code,
                            ErrorCode::Version
                                | ErrorCode::NoRoom
                                | ErrorCode::RoomFull
                                | ErrorCode::BadToken
                                | ErrorCode::TooManyRooms
                                | ErrorCode::BadOptions
                        ) && !game.started
                        {
                            game.link = Link::Closed;
                            socket.0 = None;
                            return;
                        }
                    }
                    ServerMessage::Pong => {}
                }
            }
            ewebsock::WsEvent::Message(_) => {}
            ewebsock::WsEvent::Error(e) => {
                lost(&mut game, &mut socket, e);
                return;
            }
            ewebsock::WsEvent::Closed => {
                lost(
                    &mut game,
                    &mut socket,
                    "the server closed the connection".into(),
                );
                return;
            }
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
            Intent::Create { game, options } => ClientMessage::Create {
                game: *game,
                options: *options,
                seat: None,
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
                notice.0 = Some(tr.t("online.not_sent").into());
            }
            (None, _) => notice.0 = Some(tr.t("online.watch_only").into()),
        }
    }
}

/// Tries a lost connection again every two seconds.
fn reconnect(game: Option<ResMut<OnlineGame>>, mut socket: NonSendMut<Socket>, time: Res<Time>) {
    let Some(mut game) = game else { return };
    if game.link != Link::Reconnecting || socket.0.is_some() {
        return;
    }
    if game.retry.tick(time.delta()).is_finished() {
        game.retry.reset();
        connect(&mut game, &mut socket);
    }
}

/// The online interface: the menu's "Play online" window and the room's code while
/// the opponent is awaited (the room's line is drawn by the HUD: [`room_row`]).
pub fn ui_plugin(app: &mut App) {
    app.init_resource::<OnlineForm>().add_systems(
        bevy_egui::EguiPrimaryContextPass,
        (
            online_menu
                .run_if(in_state(AppState::Menu))
                .run_if(in_state(crate::game::Venue::Home)),
            share_code.run_if(in_state(AppState::InGame)),
        )
            .in_set(crate::game::DrawInterface),
    );
}

/// What the player typed in the menu's online window.
#[derive(Resource)]
pub struct OnlineForm {
    pub server: String,
    pub code: String,
}

impl Default for OnlineForm {
    fn default() -> Self {
        OnlineForm {
            server: default_server(),
            code: String::new(),
        }
    }
}

fn online_menu(
    mut contexts: bevy_egui::EguiContexts,
    tr: Res<crate::game::ui::language::Tr>,
    choice: Res<crate::game::MenuChoice>,
    mut form: ResMut<OnlineForm>,
    mut ask: MessageWriter<OnlineRequest>,
    game: Option<Res<OnlineGame>>,
) -> Result {
    use bevy_egui::egui;
    let ctx = contexts.ctx_mut()?;
    // At the bottom left, beside the menu's setup (at most 640 wide, centred); where
    // the window is too narrow for both, at the top right, beside the title.
    let (corner, offset) = if ctx.content_rect().width() < 1060.0 {
        (egui::Align2::RIGHT_TOP, [-12.0, 12.0])
    } else {
        (egui::Align2::LEFT_BOTTOM, [12.0, -12.0])
    };
    egui::Window::new(tr.t("online.title"))
        .id(egui::Id::new("online menu"))
        .anchor(corner, offset)
        .resizable(false)
        .collapsible(true)
        .default_open(false)
        .show(ctx, |ui| {
            ui.set_max_width(300.0);
            ui.horizontal(|ui| {
                ui.label(tr.t("online.server"));
                ui.add(egui::TextEdit::singleline(&mut form.server).desired_width(180.0));
            });
            let create = egui::Button::new(tr.f("online.create", &[("game", &choice.game.name())]));
            if ui.add(create).clicked() {
                let options = crate::game::ui::menu::options_for(choice.game, choice.options);
                ask.write(OnlineRequest::Create {
                    server: form.server.trim().to_string(),
                    game: choice.game,
                    options,
                });
            }
            ui.separator();
            ui.horizontal(|ui| {
                ui.label(tr.t("online.code"));
                ui.add(
                    egui::TextEdit::singleline(&mut form.code)
                        .desired_width(90.0)
                        .char_limit(12),
                );
            });
            let code = crate::online::room::normalise_code(&form.code);
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(code.is_some(), egui::Button::new(tr.t("online.join")))
                    .clicked()
                {
                    ask.write(OnlineRequest::Join {
                        server: form.server.trim().to_string(),
                        code: code.clone().unwrap_or_default(),
                    });
                }
                if ui
                    .add_enabled(code.is_some(), egui::Button::new(tr.t("online.watch")))
                    .clicked()
                {
                    ask.write(OnlineRequest::Watch {
                        server: form.server.trim().to_string(),
                        code: code.clone().unwrap_or_default(),
                    });
                }
            });
            if let Some(problem) = game.as_ref().and_then(|g| g.problem.as_ref()) {
                ui.colored_label(crate::game::ui::access::PALETTE.accent, problem);
            }
        });
    Ok(())
}

/// A room code as it is read aloud: two groups of three.
fn spaced(code: Option<&str>) -> String {
    match code {
        Some(c) if c.len() == 6 => format!("{} {}", &c[..3], &c[3..]),
        Some(c) => c.to_string(),
        None => "…".to_string(),
    }
}

/// The room's line in the HUD's status bar: its code, the connection, who is in
/// each seat, and Leave. Returns whether Leave was pressed.
pub fn room_row(
    ui: &mut bevy_egui::egui::Ui,
    tr: &crate::game::ui::language::Tr,
    game: &OnlineGame,
) -> bool {
    let link = match game.link {
        Link::Connecting => tr.t("online.connecting"),
        Link::Connected => tr.t("online.connected"),
        Link::Reconnecting => tr.t("online.reconnecting"),
        Link::Closed => tr.t("online.closed"),
    };
    let seat_word = |p: Player| match game.seats[p as usize] {
        SeatState::Open => tr.t("online.seat_open"),
        SeatState::Here => tr.t("online.seat_here"),
        SeatState::Away => tr.t("online.seat_away"),
    };
    let code = spaced(game.room.as_deref());
    ui.label(tr.f("online.room_line", &[("code", &code), ("link", &link)]));
    ui.separator();
    ui.label(format!(
        "{}: {} · {}: {}",
        tr.player(Player::South),
        seat_word(Player::South),
        tr.player(Player::North),
        seat_word(Player::North)
    ));
    if game.seat.is_none() {
        ui.separator();
        ui.label(tr.t("online.watching"));
    }
    ui.small_button(tr.t("online.leave")).clicked()
}

/// The room's code, large enough to read across a table, while the opponent has yet
/// to join (the room's line in the HUD says the rest).
fn share_code(
    mut contexts: bevy_egui::EguiContexts,
    tr: Res<crate::game::ui::language::Tr>,
    game: Option<Res<OnlineGame>>,
) -> Result {
    use bevy_egui::egui;
    let Some(game) = game.filter(|g| g.waiting_for_opponent()) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new(tr.t("online.share_title"))
        .id(egui::Id::new("online code"))
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .collapsible(false)
        .resizable(false)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new(spaced(game.room.as_deref()))
                        .size(64.0)
                        .monospace()
                        .color(crate::game::ui::access::PALETTE.accent),
                );
                ui.label(tr.t("online.share_hint"));
            });
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lost_seat_is_resumed_with_the_decisions_missed() {
        let mut g = OnlineGame::new("ws://x".into(), Intent::Join("ABC234".into()));
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
        let mut w = OnlineGame::new("ws://x".into(), Intent::Watch("ABC234".into()));
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
