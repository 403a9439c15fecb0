// The browser test of online play (Node >= 20 with --experimental-websocket): two
// pages of the game in one headless Chromium find each other through quick match on a
// real game server and play. Page A asks to play someone now at Hawalis
// (`?quick=hawalis`); once it waits, page B asks the same; the server pairs them into
// one room; each clicks the pit its game reports when its turn comes, until each has
// played twice; both pages must be in the same room and have seen every decision. A
// page plays only once both seats are taken. Then page A's network is cut: it must say
// that online play needs the network, and be connected in its room again once the
// network is back. Fails on any panic, console error or
// uncaught exception. web/test.sh runs it after the one-page test.
//
// usage: node --experimental-websocket web/online-test.mjs PAGE_URL SERVER_URL SHOT_PREFIX [TIMEOUT_S]
//   SERVER_URL `same-origin`: the pages are served by the game server itself
//   (`serve --web`) and are given no server: they must connect to where they came from.
import { writeFileSync } from 'node:fs';
import { attach as attachPage, attachBrowser, click, pages } from './devtools.mjs';

const [base, server, shots, timeoutS = '900'] = process.argv.slice(2);
// The page's query: quick match at Hawalis, on the server given (or the page's own).
const quick = server === 'same-origin'
  ? `${base}?quick=hawalis`
  : `${base}?quick=hawalis&server=${encodeURIComponent(server)}`;
const port = process.env.CDP_PORT || '9222';
const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
const MOVES_EACH = 2;

const finish = (code, msg) => {
  console.log(`[${seconds()} s] ${msg}`);
  process.exit(code);
};

// A player's page: its DevTools session, what it has seen and played.
async function attach(name, wsUrl) {
  const page = { name, played: [], mine: 0, clicking: false, onLine: async () => {} };
  const session = await attachPage(wsUrl, {
    onConsole: async (text, type) => {
      console.log(`[${seconds()} s ${name} console.${type}] ${text.slice(0, 300)}`);
      if (/panicked at/.test(text)) return finish(1, `FAIL: page ${name} panicked`);
      if (type === 'error') return finish(1, `FAIL: page ${name} logged an error`);
      await page.onLine(text);
    },
    onException: (t) => finish(1, `FAIL: page ${name}: ${t.slice(0, 300)}`),
  });
  page.send = session.send;
  // Small windows: two pages share the machine's cores, and software WebGL's work
  // grows with the pixels.
  await page.send('Emulation.setDeviceMetricsOverride', { width: 640, height: 360, deviceScaleFactor: 1, mobile: false });
  // Both pages keep running, neither is a background tab.
  await page.send('Emulation.setFocusEmulationEnabled', { enabled: true });
  await page.send('Page.setWebLifecycleState', { state: 'active' });
  return page;
}

async function evidence() {
  for (const p of [a, b]) {
    try {
      const r = await p.send('Page.captureScreenshot', { format: 'png' });
      writeFileSync(`${shots}-${p.name}.png`, Buffer.from(r.data, 'base64'));
    } catch (e) {
      console.log(`no screenshot of ${p.name}: ${e}`);
    }
  }
}

setTimeout(async () => {
  await evidence();
  finish(2, `FAIL: timed out after ${timeoutS} s (A played ${a.mine}, B ${b.mine}; A saw ${a.played.length} decisions, B ${b.played.length})`);
}, Number(timeoutS) * 1000);

const browser = await attachBrowser(port);
const browserSend = browser.send;
// Two windows, so that neither page is a hidden tab.
const targetA = await browserSend('Target.createTarget', { url: 'about:blank', newWindow: true });
const targetB = await browserSend('Target.createTarget', { url: 'about:blank', newWindow: true });
const list = await pages(port);
const wsOf = (t) => list.find((p) => p.id === t.targetId).webSocketDebuggerUrl;
// Pages left open by an earlier test would share the cores with these two.
for (const p of list) {
  if (p.id !== targetA.targetId && p.id !== targetB.targetId) {
    await browserSend('Target.closeTarget', { targetId: p.id });
  }
}
const a = await attach('A', wsOf(targetA));
const b = await attach('B', wsOf(targetB));

// Pauses or resumes a page's work (its rendering, timers and scripts). Page A is
// paused while page B loads: two pages drawing in software WebGL on a small machine
// slow each other's start by minutes. (A page that the server's messages reach may
// wake before it is resumed; that is harmless.)
async function pause(page, paused) {
  try {
    await page.send('Page.setWebLifecycleState', { state: paused ? 'frozen' : 'active' });
    console.log(`[${seconds()} s] page ${page.name} ${paused ? 'paused' : 'resumed'}`);
  } catch (e) {
    console.log(`[${seconds()} s] page ${page.name} could not be ${paused ? 'paused' : 'resumed'}: ${e}`);
  }
}

// Passes once each page has played its moves and both have seen them all, the same.
async function checkDone() {
  const n = 2 * MOVES_EACH;
  if (a.mine < MOVES_EACH || b.mine < MOVES_EACH || a.played.length < n || b.played.length < n) return;
  const same = a.played.slice(0, n).join('|') === b.played.slice(0, n).join('|');
  await evidence();
  if (a.room !== b.room) return finish(1, `FAIL: quick match put the pages in rooms ${a.room} and ${b.room}`);
  if (!same) return finish(1, `FAIL: the pages saw different decisions: ${a.played} / ${b.played}`);
  if (a.offline) return;
  console.log(`[${seconds()} s] two pages met by quick match in room ${a.room} and played ${n} decisions through the server (${a.played.join(', ')})`);
  // Then page A loses the network: it must say that online play needs it, and be back
  // in its room once the network returns.
  a.offline = 'cut';
  await network(a, false);
}

// Cuts a page's network (DevTools' offline emulation: `navigator.onLine` is false) or
// gives it back.
async function network(page, on) {
  await page.send('Network.enable');
  await page.send('Network.emulateNetworkConditions', {
    offline: !on, latency: 0, downloadThroughput: -1, uploadThroughput: -1,
  });
  console.log(`[${seconds()} s] page ${page.name}: network ${on ? 'back' : 'cut'}`);
}

// Page A's lines while its network is cut and after it returns.
async function offlineSteps(text) {
  if (a.offline === 'cut' && /network=offline/.test(text)) {
    a.offline = 'said';
    console.log(`[${seconds()} s] page A says that online play needs the network`);
    // The room's line as the player sees it then ("no network"), for a person to look at.
    await new Promise((r) => setTimeout(r, 1500));
    try {
      const r = await a.send('Page.captureScreenshot', { format: 'png' });
      writeFileSync(`${shots}-A-offline.png`, Buffer.from(r.data, 'base64'));
    } catch (e) {
      console.log(`no screenshot of A offline: ${e}`);
    }
    await network(a, true);
  } else if (a.offline === 'said' && /link=Connected .*network=online/.test(text)) {
    a.offline = 'back';
    finish(0, `PASS: two pages met by quick match in room ${a.room} and played ${2 * MOVES_EACH} decisions through the server; page A, cut off, said online play needs the network and was back in room ${a.room} when it returned`);
  }
}

// Plays the page's pit when it is its turn and both players are in the room (before
// the opponent joins, the room's code is shown large over the board).
async function maybePlay(page) {
  if (!page.turn || !page.full || page.clicking || page.mine >= MOVES_EACH) return;
  const { x, y } = page.turn;
  page.turn = null;
  page.clicking = true;
  await new Promise((r) => setTimeout(r, 1000));
  console.log(`[${seconds()} s] page ${page.name} plays the pit at ${x},${y}`);
  await click(page, x, y);
  page.mine += 1;
  page.clicking = false;
  await checkDone();
}

// A player's side: note every decision seen and who is in the room; play the
// reported pit on its turn.
function player(page) {
  page.onLine = async (text) => {
    if (text.includes('MANCALA_ONLINE')) {
      if (page === a && a.offline) return offlineSteps(text);
      const m = text.match(/room=([A-Z0-9]{6}) seat=(south|north)/);
      if (m) {
        page.seated = true;
        page.room = m[1];
      }
      page.full = /seats=Here,Here/.test(text);
      if (page === a && /waiting=yes/.test(text) && !b.opened) {
        b.opened = true;
        console.log(`[${seconds()} s] page A waits for a quick match: page B asks too`);
        await pause(a, true);
        await b.send('Page.navigate', { url: quick });
      }
      if (page === b && m && !a.resumed) {
        a.resumed = true;
        await pause(a, false);
      }
    }
    if (text.includes('MANCALA_PLAYED')) {
      page.played.push(text.match(/MANCALA_PLAYED (\S+)/)[1]);
      await checkDone();
    }
    // A turn: reported as it comes, or with the board when the room's game was
    // already on when the board was first drawn.
    const turn = text.includes('MANCALA_YOUR_TURN') ||
      (page.seated && text.includes('MANCALA_BOARD_DRAWN game=hawalis') && !text.includes('pit=none'));
    const at = turn && text.match(/x=(\d+) y=(\d+)/);
    if (at) page.turn = { x: Number(at[1]), y: Number(at[2]) };
    await maybePlay(page);
  };
}
player(a);
player(b);
await a.send('Page.navigate', { url: quick });
