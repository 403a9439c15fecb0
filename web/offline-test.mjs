// The browser test of the installable, offline game (Node >= 20 with
// --experimental-websocket): the page registers its service worker (web/sw.js) and is
// served by it; its manifest is valid (name, display, icons of 192 and 512 pixels);
// with the network cut (DevTools' offline emulation) the page is visited again five
// times from the cache (each from an empty page to its first board: the repeat visit's
// time, median of five) and a game against the computer is played (a click, the computer's reply), and a
// page in French, chosen for the first time, gets its texts from the cache; with
// the network back, a new build (a new `pkg/build-id.js`) is fetched in the background
// and offered, not forced (the page is not reloaded until the offer is taken), and
// taking it reloads the page with it. Fails on any panic, console error or uncaught
// exception. web/test.sh runs it after the one-page test.
//
// usage: node --experimental-websocket web/offline-test.mjs PAGE_URL WEB_DIR SHOT_PREFIX [TIMEOUT_S]
import { readFileSync, writeFileSync } from 'node:fs';
import { attach, click, pages } from './devtools.mjs';

const [base, webDir, shots, timeoutS = '900'] = process.argv.slice(2);
const port = process.env.CDP_PORT || '9222';
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const buildIdFile = `${webDir}/pkg/build-id.js`;
const buildId = readFileSync(buildIdFile, 'utf8');

const lines = [];
const errors = [];
// What the test waits for: each a pattern and the promise's resolve.
let waiting = [];
// The page this test attaches to is where the one before it left off (a crash on
// purpose): the console lines DevTools replays from it are not this test's.
let listening = false;
const finish = (code, msg) => {
  writeFileSync(buildIdFile, buildId);
  console.log(msg);
  process.exit(code);
};
setTimeout(() => finish(1, `FAIL: not done in ${timeoutS} s`), Number(timeoutS) * 1000);

const [target] = await pages(port);
const page = await attach(target.webSocketDebuggerUrl, {
  onConsole: async (text, type) => {
    if (!listening) return;
    console.log(`[${seconds()} s console.${type}] ${text.slice(0, 200)}`);
    if (/panicked at/.test(text)) finish(1, 'FAIL: the game panicked');
    // Offline, the browser says that what it could not fetch failed: only the game's
    // own errors count.
    if (type === 'error' && !/net::ERR_INTERNET_DISCONNECTED/.test(text)) errors.push(text);
    lines.push(text);
    for (const w of waiting.filter((w) => w.test(text))) w.done(text);
  },
  onException: (t) => {
    if (!listening) return;
    console.log(`[exception] ${t.slice(0, 300)}`);
    errors.push(t);
  },
});
const send = (method, params = {}) => page.send(method, params);

// The next console line (from now) matching `re`.
function next(re, what) {
  return new Promise((resolve) => {
    const w = {
      test: (t) => re.test(t),
      done: (t) => {
        waiting = waiting.filter((x) => x !== w);
        resolve(t);
      },
    };
    waiting.push(w);
  }).then((t) => {
    console.log(`[${seconds()} s] ${what}`);
    return t;
  });
}
const evaluate = async (expression) =>
  (await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }))
    .result.value;
const shot = async (name) => {
  const r = await send('Page.captureScreenshot', { format: 'png' });
  writeFileSync(`${shots}-${name}.png`, Buffer.from(r.data, 'base64'));
};

await send('Emulation.setDeviceMetricsOverride', { width: 1280, height: 720, deviceScaleFactor: 1, mobile: false });
await send('Network.enable');
await send('Page.navigate', { url: 'about:blank' });
await new Promise((r) => setTimeout(r, 1000));
listening = true;
const url = `${base}?game=hawalis&north=computer&level=beginner`;

// The first visit: the worker installs (every file of the build fetched) and takes
// the page over.
let drawn = next(/MANCALA_BOARD_DRAWN game=hawalis/, 'first visit: board drawn');
await send('Page.navigate', { url });
await drawn;
for (let i = 0; !(await evaluate('!!navigator.serviceWorker.controller')); i++) {
  if (i > 600) finish(1, 'FAIL: the service worker never took the page over');
  await new Promise((r) => setTimeout(r, 500));
}
console.log(`[${seconds()} s] the service worker serves the page`);

// The manifest: read and checked by the browser itself.
const manifest = await send('Page.getAppManifest');
if (manifest.errors?.length) finish(1, `FAIL: manifest errors ${JSON.stringify(manifest.errors)}`);
const m = JSON.parse(manifest.data);
const sizes = m.icons.map((i) => i.sizes);
if (m.name !== 'Mancala Hall' || m.display !== 'standalone' || !sizes.includes('192x192') ||
    !sizes.includes('512x512') || !m.icons.some((i) => i.purpose === 'maskable')) {
  finish(1, `FAIL: the manifest lacks what an installable app needs: ${manifest.data}`);
}
console.log(`the manifest is valid: ${m.name}, ${m.display}, icons ${sizes.join(' ')}`);

// A museum's screen: the page opened as `#kiosk` names the full-screen manifest.
drawn = next(/MANCALA_BOARD_DRAWN game=anywoli/, 'kiosk page: board drawn');
await send('Page.navigate', { url: `${base}?game=anywoli#kiosk` });
await drawn;
const kiosk = await send('Page.getAppManifest');
if (kiosk.errors?.length) finish(1, `FAIL: kiosk manifest errors ${JSON.stringify(kiosk.errors)}`);
const k = JSON.parse(kiosk.data ?? '{}');
if (!kiosk.url?.endsWith('/kiosk.webmanifest') || k.display !== 'fullscreen' ||
    !k.start_url?.endsWith('#kiosk') || k.icons?.length !== m.icons.length) {
  finish(1, `FAIL: the kiosk page's manifest is not the full-screen one: ${kiosk.url} ${kiosk.data}`);
}
console.log(`the kiosk page's manifest: ${k.name}, ${k.display}`);
drawn = next(/MANCALA_BOARD_DRAWN game=hawalis/, 'back to the game: board drawn');
await send('Page.navigate', { url });
await drawn;

// No network: visited again from the cache, five times, each to its first board.
await send('Network.emulateNetworkConditions', {
  offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1,
});
// Each visit starts from an empty page, as a visitor's does: the game's page left
// first (its teardown, over a second of a software renderer's, is not the next visit's).
const times = [];
let board = '';
for (let i = 0; i < 5; i++) {
  await send('Page.navigate', { url: 'about:blank' });
  await new Promise((r) => setTimeout(r, 2000));
  drawn = next(/MANCALA_BOARD_DRAWN game=hawalis/, `offline visit ${i + 1}: board drawn`);
  const t0 = Date.now();
  await send('Page.navigate', { url });
  board = await drawn;
  times.push((Date.now() - t0) / 1000);
}
const sorted = [...times].sort((a, b) => a - b);
console.log(`repeat visit from the cache, offline: first board in a median ${sorted[2].toFixed(2)} s (${times.map((t) => t.toFixed(2)).join(', ')})`);

// A game against the computer, offline: a click, the computer's reply.
const at = board.match(/x=(\d+) y=(\d+)/);
if (!at) finish(1, `FAIL: no playable pit: ${board}`);
const played = next(/MANCALA_PLAYED/, 'offline: a move played by a click');
const replied = next(/MANCALA_COMPUTER_THOUGHT/, 'offline: the computer replied');
await click(page, Number(at[1]), Number(at[2]));
await played;
await replied;
await shot('offline');
if (errors.length) finish(1, `FAIL: errors offline:\n${errors.join('\n')}`);

// Another language, offline: its texts, which no page of this visit chose before, come
// from the worker's cache (game::ui::language_texts); then back to the game.
const french = next(/MANCALA_LANGUAGE_TEXTS fetched code=fr /, 'offline: French texts from the cache');
drawn = next(/MANCALA_BOARD_DRAWN game=anywoli/, 'offline: a page in French drawn');
await send('Page.navigate', { url: `${base}?game=anywoli&language=fr` });
await drawn;
console.log(`offline in French: ${(await french).trim()}`);
await new Promise((r) => setTimeout(r, 2000));
await shot('offline-french');
drawn = next(/MANCALA_BOARD_DRAWN game=hawalis/, 'offline: back to the game');
await send('Page.navigate', { url });
await drawn;
if (errors.length) finish(1, `FAIL: errors offline:\n${errors.join('\n')}`);

// The network back, a new build: fetched in the background and offered, not forced.
await send('Network.emulateNetworkConditions', {
  offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1,
});
await evaluate('window.stillThisPage = true');
writeFileSync(buildIdFile, buildId.replace(/self\.BUILD_ID = '[^']*'/, `self.BUILD_ID = 'test-${Date.now()}'`));
const offered = next(/MANCALA_UPDATE_OFFERED/, 'a new build is offered');
await evaluate('navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => true)');
await offered;
await new Promise((r) => setTimeout(r, 3000));
if (!(await evaluate('window.stillThisPage === true && !document.getElementById("update").hidden'))) {
  finish(1, 'FAIL: the new build was not offered, or the page was reloaded without asking');
}
await shot('update');
// Taken: the page reloads with it.
drawn = next(/MANCALA_BOARD_DRAWN game=hawalis/, 'the offer taken: the page reloaded');
await evaluate('document.querySelector("#update button").click(), true');
await drawn;
if (await evaluate('window.stillThisPage === true')) finish(1, 'FAIL: taking the offer did not reload the page');
if (errors.length) finish(1, `FAIL: errors:\n${errors.join('\n')}`);
finish(0, `PASS: installable, played offline (first board from the cache in a median ${sorted[2].toFixed(2)} s), a new build offered and taken`);
