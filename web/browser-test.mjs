// The browser test's driver (Node >= 20 with --experimental-websocket): opens the
// game (South a person, North the computer) in a headless Chromium already listening
// for DevTools, waits for the board to be drawn, clicks the pit the game reports,
// waits for the computer's reply (searched in slices across frames: the browser has
// no threads), taps the next pit it reports with a touch, waits for that move, takes
// a screenshot and checks it is not blank and that the game chose its low graphics
// (SwiftShader is a software renderer); taps the HUD's menu button and waits for
// the menu; then opens each other game and waits for its board (Bao Kigogo in Arabic:
// the page fetches the Arabic typeface and Arabic's texts, which the English page did
// not); then
// Anywoli's puzzles (their set fetched beside the page) and one solved by a click.
// Fails on any
// panic, console error or uncaught exception.
//
// usage: node --experimental-websocket web/browser-test.mjs URL SCREENSHOT [TIMEOUT_S]
import { writeFileSync } from 'node:fs';
import { attach, click as clickOn, frames as framesOf, pages } from './devtools.mjs';

const [url, shot, timeoutS = '240'] = process.argv.slice(2);
const port = process.env.CDP_PORT || '9222';
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

const [target] = await pages(port);
// The page's session; `send` waits for it (console lines may come while it opens).
const session = attach(target.webSocketDebuggerUrl, { onConsole, onException });
const send = async (method, params = {}) => (await session).send(method, params);
const finish = (code, msg) => {
  console.log(msg);
  process.exit(code);
};
setTimeout(async () => {
  // Leave evidence: what the page shows and what lies under the click.
  try {
    const r = await send('Page.captureScreenshot', { format: 'png' });
    writeFileSync(shot, Buffer.from(r.data, 'base64'));
    const under = await send('Runtime.evaluate', {
      returnByValue: true,
      expression: `(() => { const e = document.elementFromPoint(${lastClick.x}, ${lastClick.y}); return e ? e.outerHTML.slice(0, 120) : 'nothing'; })()`,
    });
    console.log(`under the click: ${under.result.value}; screenshot ${shot}`);
  } catch (e) {
    console.log(`no evidence: ${e}`);
  }
  finish(2, `FAIL: timed out after ${timeoutS} s (phase: ${phase})`);
}, Number(timeoutS) * 1000);
let lastClick = { x: 0, y: 0 };

let phase = 'loading';
const errors = [];

async function frames(n) {
  await framesOf(await session, n);
}

async function click(x, y) {
  lastClick = { x, y };
  await clickOn(await session, x, y);
}

// Counts distinct colours in the screenshot, inside the page (it can decode PNGs).
async function colours(png) {
  const r = await send('Runtime.evaluate', {
    awaitPromise: true,
    returnByValue: true,
    expression: `(async () => {
      const img = new Image();
      img.src = 'data:image/png;base64,${png}';
      await img.decode();
      const c = new OffscreenCanvas(img.width, img.height);
      const g = c.getContext('2d');
      g.drawImage(img, 0, 0);
      const d = g.getImageData(0, 0, img.width, img.height).data;
      const seen = new Set();
      for (let i = 0; i < d.length; i += 4 * 7) seen.add((d[i] >> 3) << 10 | (d[i + 1] >> 3) << 5 | (d[i + 2] >> 3));
      return seen.size;
    })()`,
  });
  return r.result.value;
}

// A tap with one finger: touch down, rest, lift.
async function tap(x, y) {
  lastClick = { x, y };
  await send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 1 }] });
  await new Promise((r) => setTimeout(r, 700));
  await send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

// A quick tap, down and up within one frame. Software WebGL on a busy machine draws a
// frame every few seconds, so a finger that rests even a moment spans frames and the
// interface (egui) sees a long press, not a tap; on real screens frames are 1/60 s.
async function quickTap(x, y) {
  lastClick = { x, y };
  const down = send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 1 }] });
  const up = send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await down;
  await up;
}

let menuButton = null;

async function tapMenu() {
  if (!menuButton) return finish(1, 'FAIL: the menu button was never reported');
  phase = 'menu';
  await new Promise((r) => setTimeout(r, 1000));
  console.log(`[${seconds()} s] a tap on the menu button`);
  await quickTap(menuButton.x, menuButton.y);
  setTimeout(() => {
    if (phase !== 'menu') return;
    console.log(`[${seconds()} s] the menu button again`);
    quickTap(menuButton.x, menuButton.y);
  }, 30000);
}

// Plays the playable pit a probe line reports with `act` (click or tap), a second
// after moving to `next` phase.
async function playPit(text, next, act) {
  const m = text.match(/x=(\d+) y=(\d+)/);
  if (!m) return finish(1, `FAIL: no playable pit reported: ${text}`);
  phase = next;
  await new Promise((r) => setTimeout(r, 1000));
  await act(Number(m[1]), Number(m[2]));
}

let graphics = null;

async function onLine(text) {
  // scripts/first-board.sh: when each line of the start came (where the time goes).
  if (process.env.SHOW_START && phase === 'loading') {
    console.log(`start ${seconds()} s: ${text.trim().slice(0, 110)}`);
  }
  if (text.includes('MANCALA_GRAPHICS')) graphics = text.match(/MANCALA_GRAPHICS (\w+)/)?.[1];
  if (text.includes('MANCALA_MENU_BUTTON')) {
    const m = text.match(/x=(\d+) y=(\d+)/);
    if (m) menuButton = { x: Number(m[1]), y: Number(m[2]) };
  }
  if (phase === 'loading' && text.includes('MANCALA_LOOK_MADE')) {
    // The textures are painted: what follows is the first frames' rendering.
    console.log(`look painted after ${seconds()} s: ${text.match(/ms=\d+/)}`);
  }
  if (phase === 'loading' && text.includes('MANCALA_BOARD_DRAWN')) {
    console.log(`board drawn after ${seconds()} s (first drawn board)`);
    await playPit(text, 'clicking', click);
  } else if (phase === 'clicking' && text.includes('MANCALA_PLAYED')) {
    phase = 'computer';
    console.log(`move played by a click after ${seconds()} s: ${text.trim()}`);
  } else if (text.includes('MANCALA_COMPUTER_THOUGHT')) {
    console.log(`the computer's search ran across frames: ${text.trim()}`);
  } else if (phase === 'computer' && text.includes('MANCALA_PLAYED')) {
    phase = 'reply';
    console.log(`the computer replied after ${seconds()} s: ${text.trim()}`);
  } else if (phase === 'reply' && text.includes('MANCALA_YOUR_TURN')) {
    await playPit(text, 'tapping', tap);
  } else if (phase === 'tapping' && text.includes('MANCALA_PLAYED')) {
    phase = 'shooting';
    console.log(`move played by a touch after ${seconds()} s: ${text.trim()}`);
    await new Promise((r) => setTimeout(r, 3000));
    const r = await send('Page.captureScreenshot', { format: 'png' });
    writeFileSync(shot, Buffer.from(r.data, 'base64'));
    const n = await colours(r.data);
    // The move was saved in the browser's local storage (the web build's disk).
    const saved = await send('Runtime.evaluate', {
      returnByValue: true,
      expression: `localStorage.getItem('mancala-hall/autosave.json')`,
    });
    const autosave = saved.result.value;
    if (!autosave || !JSON.parse(autosave).record?.decisions?.length) {
      return finish(1, `FAIL: no autosave with the move in local storage: ${String(autosave).slice(0, 200)}`);
    }
    console.log('the move is saved in local storage');
    // In English the whole Arabic typeface is not downloaded (game::ui::typefaces).
    if ((await fetched()).some((u) => u.includes(arabicFace))) {
      return finish(1, 'FAIL: the Arabic typeface was fetched for an English page');
    }
    // Nor any other language's texts: English's are in the program (game::ui::language_texts).
    const texts = (await fetched()).filter((u) => u.includes('assets/i18n/'));
    if (texts.length) return finish(1, `FAIL: an English page fetched texts: ${texts.join(' ')}`);
    if (errors.length) return finish(1, `FAIL: errors in the console:\n${errors.join('\n')}`);
    if (n < 50) return finish(1, `FAIL: the screenshot looks blank (${n} colours): ${shot}`);
    // SwiftShader is a software renderer: the game must have chosen its low graphics.
    if (graphics !== 'low') return finish(1, `FAIL: graphics ${graphics} on a software renderer, not low`);
    console.log(`[${seconds()} s] PASS so far: board drawn, a click and a touch played moves, the computer replied, screenshot ${shot} (${n} colours)`);
    // The interface by touch: tap the HUD's menu button at once, while the computer's
    // reply may still be moving seeds (the bar's buttons stay put now that Skip has a
    // corner of its own); the menu must open. Waiting for the reply to end cost minutes
    // at a frame every few seconds.
    await tapMenu();
  } else if (phase === 'menu' && text.includes('MANCALA_SCREEN menu')) {
    console.log(`a touch on the menu button opened the menu after ${seconds()} s`);
    const r = await send('Page.captureScreenshot', { format: 'png' });
    writeFileSync(shot.replace(/\.png$/, '-menu.png'), Buffer.from(r.data, 'base64'));
    // The other four games: each page loads and draws its board.
    // Bao Kigogo in Arabic: the page fetches the Arabic typeface and draws with it.
    others = ['omweso', 'anywoli', 'nsolo&width=36', 'bao_kigogo&language=ar'];
    nextGame();
  } else if (phase.startsWith('game ') && text.includes(`MANCALA_BOARD_DRAWN game=${phase.slice(5).split('&')[0]}`)) {
    console.log(`${phase.slice(5)}: board drawn after ${seconds()} s`);
    if (errors.length) return finish(1, `FAIL: errors in the console:\n${errors.join('\n')}`);
    if (phase.includes('language=ar')) {
      phase = 'arabic face and texts';
      return arabicReady();
    }
    nextGame();
  }
  // The puzzles: the set fetched beside the page, one solved by a click. The board
  // settles first (the camera turns to the mover's side): the pits' last report counts.
  if (text.includes('MANCALA_PUZZLE id=anywoli-')) puzzleLine = text;
  if (phase === 'puzzle' && puzzleLine) {
    if (!(await fetched()).some((u) => u.includes('assets/puzzles/anywoli.jsonl'))) {
      return finish(1, 'FAIL: a puzzle is on the board but its set was not fetched');
    }
    console.log(`a puzzle on the board after ${seconds()} s: ${text.trim()}`);
    phase = 'puzzle settling';
    setTimeout(clickTheAnswer, 4000);
  } else if (phase === 'puzzle solving' && text.includes('MANCALA_PUZZLE_PHASE phase=Solved')) {
    console.log(`the puzzle was solved by a click after ${seconds()} s`);
    await new Promise((r) => setTimeout(r, 2000));
    const r = await send('Page.captureScreenshot', { format: 'png' });
    writeFileSync(shot.replace(/\.png$/, '-puzzle.png'), Buffer.from(r.data, 'base64'));
    if (errors.length) return finish(1, `FAIL: errors in the console:\n${errors.join('\n')}`);
    crashDrill();
  }
  if (text.includes('MANCALA_ARABIC_FACE fetched')) {
    arabicFaceCame = true;
    const urls = (await fetched()).filter((u) => u.includes(arabicFace));
    if (urls.length !== 1) return finish(1, `FAIL: the Arabic typeface fetched ${urls.length} times`);
    console.log(`in Arabic the page fetched the Arabic typeface after ${seconds()} s: ${text.trim()}`);
    await arabicReady();
  }
  // The Arabic texts: the four files of Arabic's, each once, and no other language's.
  if (text.includes('MANCALA_LANGUAGE_TEXTS fetched')) {
    if (!text.includes('code=ar ')) return finish(1, `FAIL: texts fetched for a language not chosen: ${text.trim()}`);
    arabicTextsCame = true;
    const urls = (await fetched()).filter((u) => u.includes('assets/i18n/'));
    if (urls.length !== 4 || !urls.every((u) => u.includes('assets/i18n/ar/'))) {
      return finish(1, `FAIL: in Arabic the page fetched these texts: ${urls.join(' ')}`);
    }
    console.log(`in Arabic the page fetched Arabic's texts after ${seconds()} s: ${text.trim()}`);
    await arabicReady();
  }
}

// On the Arabic page, once the typeface and the texts have both come: its picture, then
// the next game.
async function arabicReady() {
  if (phase !== 'arabic face and texts' || !arabicFaceCame || !arabicTextsCame) return;
  phase = 'arabic shot';
  await arabicShot();
  nextGame();
}

// After a panic the page says so over the stopped canvas, and the game is saved.
async function crashShown() {
  const r = await send('Runtime.evaluate', {
    returnByValue: true,
    expression: `(() => {
      const box = document.getElementById('crash');
      return { hidden: box.hidden, words: box.innerText,
               save: localStorage.getItem('mancala-hall/autosave.json') };
    })()`,
  });
  const { hidden, words, save } = r.result.value;
  const shotOf = await send('Page.captureScreenshot', { format: 'png' });
  writeFileSync(shot.replace(/\.png$/, '-crash.png'), Buffer.from(shotOf.data, 'base64'));
  if (hidden || !/your game was saved/.test(words)) {
    return finish(1, `FAIL: after a panic the page shows no message (hidden ${hidden}: ${words})`);
  }
  const decisions = save ? JSON.parse(save).record?.decisions?.length : 0;
  if (decisions !== 2) return finish(1, `FAIL: the autosave holds ${decisions} decisions, not 2`);
  console.log(`after a panic the page says "${words.split('\n')[0]}" and the game is saved`);
  return finish(0, 'PASS: every game drew its board in the browser, a puzzle was solved, and a crash was shown and saved');
}

let others = [];

// The whole Arabic typeface's file, and whether the page said it came; and whether
// the page said Arabic's texts came.
const arabicFace = 'NotoSansArabic-Regular-MancalaHall.ttf';
let arabicFaceCame = false;
let arabicTextsCame = false;

// A screenshot of the Arabic page, drawn with the fetched face.
async function arabicShot() {
  await new Promise((r) => setTimeout(r, 3000));
  const r = await send('Page.captureScreenshot', { format: 'png' });
  writeFileSync(shot.replace(/\.png$/, '-arabic.png'), Buffer.from(r.data, 'base64'));
}

// The URLs the page has fetched so far.
async function fetched() {
  const r = await send('Runtime.evaluate', {
    returnByValue: true,
    expression: `performance.getEntriesByType('resource').map((e) => e.name)`,
  });
  return r.result.value;
}
async function nextGame() {
  const g = others.shift();
  if (!g) {
    // Then Anywoli's puzzles (their set fetched when they open).
    console.log('every game drew its board in the browser');
    phase = 'puzzle';
    return send('Page.navigate', { url: url.replace(/\?.*$/, '') + '?game=anywoli&page=puzzles' });
  }
  phase = `game ${g}`;
  await send('Page.navigate', { url: url.replace(/\?.*$/, '') + `?game=${g}&north=computer` });
}

// The puzzle's answer, where its pit was last reported; again if no move came of it.
let puzzleLine = null;
async function clickTheAnswer() {
  if (phase !== 'puzzle settling' && phase !== 'puzzle solving') return;
  const m = puzzleLine.match(/answer=(\d+),(\d+)/);
  if (!m) return finish(1, `FAIL: no answer's pit reported: ${puzzleLine}`);
  phase = 'puzzle solving';
  await click(Number(m[1]), Number(m[2]));
  setTimeout(clickTheAnswer, 30000);
}

// Last, the crash path: the computer plays both sides and a system panics on purpose
// after its second decision (`--crash-drill`).
async function crashDrill() {
  phase = 'crash';
  return send('Page.navigate', {
    url: url.replace(/\?.*$/, '') + '?game=hawalis&south=computer&north=computer&level=beginner&crash-drill=2',
  });
}

async function onConsole(text, type) {
  console.log(`[${seconds()} s console.${type}] ${text.slice(0, 300)}`);
  if (/panicked at/.test(text)) {
    if (phase === 'crash' && /crash drill/.test(text)) return crashShown();
    return finish(1, 'FAIL: the game panicked');
  }
  if (type === 'error') errors.push(text.slice(0, 300));
  await onLine(text);
}

function onException(t) {
  console.log(`[exception] ${t.slice(0, 300)}`);
  errors.push(t.slice(0, 300));
}

await send('Emulation.setDeviceMetricsOverride', { width: 1280, height: 720, deviceScaleFactor: 1, mobile: false });
await send('Page.navigate', { url });
