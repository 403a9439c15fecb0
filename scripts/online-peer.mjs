// Players for the gallery's online pictures, speaking docs/online.md's protocol to a
// real game server (Node >= 20 with --experimental-websocket):
//
//   lobby  public rooms waiting (Hawalis, Omweso, Nsolo 4x12) and a game of Bao
//          Kigogo in progress with a spectator, so that the lobby has something to
//          show; stays until killed.
//   rated  a public Nsolo room whose creator (South) resigns as soon as North has
//          joined: the joining game sees a finished, rated game. Prints the room's
//          code first; stays until killed.
//
// usage: node --experimental-websocket scripts/online-peer.mjs SERVER_URL lobby|rated
const [server, what] = process.argv.slice(2);

// A client: says hello with its key and name; `next(type)` waits for a message.
function client(key, name) {
  const ws = new WebSocket(server);
  const waiting = [];
  const seen = [];
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    seen.push(m);
    for (const w of waiting.splice(0)) w();
  };
  const next = async (type) => {
    for (;;) {
      const i = seen.findIndex((m) => m.type === type);
      if (i >= 0) return seen.splice(i, 1)[0];
      await new Promise((r) => waiting.push(r));
    }
  };
  const send = (m) => ws.send(JSON.stringify(m));
  const opened = new Promise((r) => { ws.onopen = r; });
  return { ws, next, send, ready: opened.then(async () => {
    send({ type: 'hello', version: 2, key: key.padEnd(32, '0'), name });
    await next('welcome');
  }) };
}

async function create(c, game, options = {}) {
  await c.ready;
  c.send({ type: 'create', game, options, public: true });
  const seated = await c.next('seated');
  await c.next('room');
  return seated;
}

if (what === 'lobby') {
  const amina = client('a1', 'Amina');
  await create(amina, 'hawalis');
  const juma = client('b2', 'Juma');
  await create(juma, 'omweso');
  const neema = client('c3', 'Neema');
  await create(neema, 'nsolo', { width: 12 });
  const zawadi = client('d4', 'Zawadi');
  const { room } = await create(zawadi, 'bao_kigogo');
  const baraka = client('e5', 'Baraka');
  await baraka.ready;
  baraka.send({ type: 'join', room });
  await baraka.next('room');
  const watcher = client('f6', 'Halima');
  await watcher.ready;
  watcher.send({ type: 'watch', room });
  await watcher.next('room');
  console.log('lobby ready');
} else if (what === 'rated') {
  const baraka = client('e5', 'Baraka');
  const { room, token } = await create(baraka, 'nsolo');
  console.log(room);
  for (;;) {
    const seats = await baraka.next('seats');
    if (seats.north === 'here') break;
  }
  // Let the joining game draw the board first.
  await new Promise((r) => setTimeout(r, 1500));
  baraka.send({ type: 'play', decision: 'resign', token });
  baraka.send({ type: 'say', phrase: 'good_game', token });
} else {
  console.error('usage: online-peer.mjs SERVER_URL lobby|rated');
  process.exit(2);
}
setInterval(() => {}, 1 << 30);
