// The browser build's service worker: the game kept in the browser so that it loads
// and plays with no network after the first visit (every game, the computer, the
// lessons, story, review and puzzles; saves are in the browser's local storage).
//
// - Registered once the game has started (index.html), so that it never slows the
//   first start. Installing a build fetches all of its files into a cache named after
//   the build (`pkg/build-id.js`, written by web/build.sh: a new build changes it, and
//   the browser, which compares a worker's imported scripts too, installs the new
//   worker).
// - Every request of the page for its own files is answered from that cache (then
//   the network); a page opened with no network gets the cached page.
// - A new build waits: the page offers it ("A new version is ready: reload") and the
//   worker takes over only when the player says so, never in the middle of a game.
// - Online play needs the network and says so itself; its WebSocket is not a fetch.
importScripts('pkg/build-id.js');

const CACHE = `mancala-hall-${self.BUILD_ID}`;
const FILES = [
  './',
  'index.html',
  'manifest.webmanifest',
  'kiosk.webmanifest',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/icon-maskable-512.png',
  'icons/apple-touch-icon.png',
  'pkg/mancala_hall.js',
  'pkg/build-id.js',
  `pkg/${self.WASM_FILE}`,
  // What the page fetches when it needs it (the Arabic typeface, the puzzle sets, the
  // languages' texts), listed by web/build.sh.
  ...self.FETCHED_FILES,
];

self.addEventListener('install', (event) => {
  // Each file checked with the server (a copy the browser holds costs a `304`, not a
  // download), so that a new build's files are never an old copy.
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(FILES.map((f) => new Request(f, { cache: 'no-cache' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith('mancala-hall-') && name !== CACHE) await caches.delete(name);
    }
    // The first visit's page is served by this worker from now on.
    await self.clients.claim();
  })());
});

// The page asks for the waiting build when the player chose to reload.
self.addEventListener('message', (event) => {
  if (event.data === 'take-over') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // The query is the game's command line (`?game=hawalis`): one page for all.
    const kept = await cache.match(request, { ignoreSearch: true });
    if (kept) return kept;
    try {
      return await fetch(request);
    } catch (offline) {
      if (request.mode === 'navigate') {
        const page = await cache.match('index.html');
        if (page) return page;
      }
      throw offline;
    }
  })());
});
