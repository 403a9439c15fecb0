// The DevTools client the browser tests share (web/browser-test.mjs and
// web/online-test.mjs): a page of a headless Chromium driven over its DevTools
// WebSocket, with the game's console lines and uncaught exceptions handed to the test.
// Node >= 22 (or 20 with --experimental-websocket) has the WebSocket client built in.

// A DevTools session on one page, open once this resolves. `onConsole(text, type)`
// gets each console line (`%c` styling removed); `onException(text)` each uncaught
// exception but the ones wasm-bindgen throws on purpose.
export async function attach(wsUrl, { onConsole = async () => {}, onException = () => {} } = {}) {
  const ws = new WebSocket(wsUrl);
  let id = 0;
  const pending = new Map();
  const page = {
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const i = ++id;
        pending.set(i, { resolve, reject });
        ws.send(JSON.stringify({ id: i, method, params }));
      }),
  };
  ws.onmessage = async (ev) => {
    const m = JSON.parse(ev.data);
    if (m.id && pending.has(m.id)) {
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (m.error) p.reject(new Error(JSON.stringify(m.error)));
      else p.resolve(m.result);
      return;
    }
    if (m.method === 'Runtime.consoleAPICalled') {
      const text = m.params.args
        .map((a) => a.value ?? a.description ?? '')
        .join(' ')
        .replace(/%c/g, '');
      await onConsole(text, m.params.type);
    }
    if (m.method === 'Runtime.exceptionThrown') {
      const d = m.params.exceptionDetails;
      const t = d.exception?.description ?? d.text;
      if (!/Using exceptions for control flow/.test(t)) onException(t);
    }
  };
  await new Promise((r) => (ws.onopen = r));
  await page.send('Runtime.enable');
  await page.send('Page.enable');
  return page;
}

// The pages of the browser listening for DevTools on `port`.
export async function pages(port) {
  const list = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
  return list.filter((t) => t.type === 'page');
}

// The browser's own DevTools session (opening and closing pages); `send` resolves to
// a command's result.
export async function attachBrowser(port) {
  const version = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const browser = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((r) => (browser.onopen = r));
  let id = 0;
  return {
    send: (method, params) =>
      new Promise((resolve) => {
        const i = ++id;
        const on = (ev) => {
          const m = JSON.parse(ev.data);
          if (m.id === i) {
            browser.removeEventListener('message', on);
            resolve(m.result);
          }
        };
        browser.addEventListener('message', on);
        browser.send(JSON.stringify({ id: i, method, params }));
      }),
  };
}

// Waits until the page has drawn `n` more frames (the game runs once a frame): a pause
// in frames, not milliseconds, since software WebGL on a busy machine takes anything
// from a fraction of a second to several seconds a frame.
export async function frames(page, n) {
  await page.send('Runtime.evaluate', {
    awaitPromise: true,
    expression: `new Promise((done) => { let k = ${n}; const f = () => (--k <= 0 ? done() : requestAnimationFrame(f)); requestAnimationFrame(f); })`,
  });
}

// A click as a person makes it: the pointer arrives, rests, presses, releases. The
// game sees the pointer over the pit for a few frames before the press (picking needs
// a frame to know what is under it), and the press before the release.
export async function click(page, x, y) {
  for (const type of ['mouseMoved', 'mousePressed', 'mouseReleased']) {
    await page.send('Input.dispatchMouseEvent', { type, x, y, button: type === 'mouseMoved' ? 'none' : 'left', buttons: type === 'mousePressed' ? 1 : 0, clickCount: 1 });
    await frames(page, 3);
  }
}
