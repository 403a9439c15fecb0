//! `serve --web DIR`: the published browser build (`web/build.sh --release --opt`)
//! served from the game server's own address, beside its WebSocket endpoint, so that
//! one command hosts the game and its online rooms. A connection whose request asks
//! for a WebSocket is the game's; any other is answered from DIR:
//! - the MIME type by the file's extension (`application/wasm`, so that the browser
//!   compiles the program while it downloads);
//! - a precompressed `FILE.br` or `FILE.gz` beside the file when the browser accepts
//!   that encoding (Brotli first), with `Vary: Accept-Encoding`;
//! - files whose names carry a content hash (`name-0123abcd.wasm`) cached for a year as
//!   immutable; every other file (`index.html` first) checked again each time
//!   (`no-cache`, with an `ETag`, so that an unchanged file costs a `304`);
//! - `index.html` marked as served by a game server (a `<meta name="mancala-hall-server">`
//!   tag), so that the page connects to the address it came from;
//! - only `GET` and `HEAD`; a path that is too long, holds an encoded slash or a NUL
//!   is refused (`400`); one with a `..`, a hidden name, a link out of DIR or nothing
//!   there is not found (`404`). Nothing outside DIR is ever read.

use std::path::{Path, PathBuf};
use std::time::{Duration, UNIX_EPOCH};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The longest request target served (longer: `400`).
pub const LONGEST_PATH: usize = 2048;

/// The longest request head read (a browser's is well under 2 KB).
pub const LONGEST_HEAD: usize = 8192;

/// The tag that tells the page it was served by a game server (read by the game's
/// `default_server`).
pub const SERVED_HERE: &str = r#"<meta name="mancala-hall-server" content="same-origin">"#;

/// A reply: its status, headers and body (empty for `HEAD` and `304`).
#[derive(Debug, PartialEq, Eq)]
pub struct WebReply {
    pub status: u16,
    pub headers: Vec<(&'static str, String)>,
    pub body: Vec<u8>,
}

impl WebReply {
    fn bare(status: u16) -> WebReply {
        WebReply {
            status,
            headers: Vec::new(),
            body: Vec::new(),
        }
    }

    /// A header's value, if the reply has it.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The reply as HTTP/1.1 bytes (the connection closes after it).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut head = format!("HTTP/1.1 {} {}\r\n", self.status, reason(self.status));
        for (name, value) in &self.headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("Connection: close\r\n\r\n");
        let mut out = head.into_bytes();
        out.extend_from_slice(&self.body);
        out
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        304 => "Not Modified",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        _ => "Error",
    }
}

/// Whether a request head asks for a WebSocket (the game's connection).
pub fn wants_websocket(head: &str) -> bool {
    head.lines().skip(1).any(|line| {
        line.split_once(':').is_some_and(|(name, value)| {
            name.trim().eq_ignore_ascii_case("upgrade")
                && value.trim().eq_ignore_ascii_case("websocket")
        })
    })
}

/// A request header's value.
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().skip(1).find_map(|line| {
        let (n, v) = line.split_once(':')?;
        n.trim().eq_ignore_ascii_case(name).then_some(v.trim())
    })
}

/// The answer to a request (its head, up to the empty line) from the files in `root`.
pub fn answer(root: &Path, head: &str) -> WebReply {
    let mut words = head.lines().next().unwrap_or_default().split(' ');
    let (method, target) = (
        words.next().unwrap_or_default(),
        words.next().unwrap_or_default(),
    );
    if method != "GET" && method != "HEAD" {
        let mut r = WebReply::bare(405);
        r.headers.push(("Allow", "GET, HEAD".into()));
        return r;
    }
    let path = match file_path(root, target) {
        Ok(path) => path,
        Err(status) => return WebReply::bare(status),
    };
    let mut reply = match file_reply(&path, head) {
        Some(reply) => reply,
        None => WebReply::bare(404),
    };
    if method == "HEAD" {
        reply.body.clear();
    }
    reply
}

/// The file a request target names under `root`, or the status that refuses it.
fn file_path(root: &Path, target: &str) -> Result<PathBuf, u16> {
    if target.len() > LONGEST_PATH || !target.starts_with('/') {
        return Err(400);
    }
    let path = target.split(['?', '#']).next().unwrap_or_default();
    let mut out = root.to_path_buf();
    let mut last = "";
    for raw in path.split('/').filter(|s| !s.is_empty()) {
        let segment = percent_decode(raw).ok_or(400u16)?;
        if segment.contains(['/', '\\', '\0']) {
            return Err(400); // an encoded slash or a NUL
        }
        if segment.starts_with('.') {
            return Err(404); // `..`, `.`, hidden files
        }
        out.push(&segment);
        last = raw;
    }
    if last.is_empty() || path.ends_with('/') {
        out.push("index.html");
    }
    // A link may point anywhere: only what lies within `root` itself is served.
    let (Ok(real), Ok(real_root)) = (out.canonicalize(), root.canonicalize()) else {
        return Err(404);
    };
    if !real.starts_with(&real_root) || !real.is_file() {
        return Err(404);
    }
    Ok(real)
}

/// `%XX` decoded (`None` if an escape is broken or the result is not UTF-8).
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The file's reply: its type, caching, a precompressed variant if the browser takes
/// one, or `304` if the browser's copy is this one.
fn file_reply(path: &Path, head: &str) -> Option<WebReply> {
    let meta = std::fs::metadata(path).ok()?;
    let name = path.file_name()?.to_str()?;
    let modified = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(UNIX_EPOCH).ok())
        .unwrap_or(Duration::ZERO);
    let etag = format!("\"{:x}-{:x}\"", meta.len(), modified.as_secs());
    let mut headers = vec![
        ("Content-Type", content_type(name).to_string()),
        ("Cache-Control", cache_control(name).to_string()),
        ("ETag", etag.clone()),
        ("X-Content-Type-Options", "nosniff".to_string()),
    ];
    let compressible = !name.ends_with(".png") && name != "index.html";
    if compressible {
        headers.push(("Vary", "Accept-Encoding".to_string()));
    }
    if header(head, "if-none-match").is_some_and(|tags| tags.split(',').any(|t| t.trim() == etag)) {
        return Some(WebReply {
            status: 304,
            headers,
            body: Vec::new(),
        });
    }
    let accepts = |coding: &str| {
        header(head, "accept-encoding").is_some_and(|v| {
            v.split(',')
                .any(|c| c.split(';').next().unwrap_or_default().trim() == coding)
        })
    };
    let mut body = None;
    if compressible {
        for (coding, ending) in [("br", "br"), ("gzip", "gz")] {
            let variant = path.with_file_name(format!("{name}.{ending}"));
            if accepts(coding)
                && let Ok(bytes) = std::fs::read(&variant)
            {
                headers.push(("Content-Encoding", coding.to_string()));
                body = Some(bytes);
                break;
            }
        }
    }
    let body = match body {
        Some(b) => b,
        None => {
            let bytes = std::fs::read(path).ok()?;
            if name == "index.html" {
                served_here(bytes)
            } else {
                bytes
            }
        }
    };
    headers.push(("Content-Length", body.len().to_string()));
    Some(WebReply {
        status: 200,
        headers,
        body,
    })
}

/// The page with [`SERVED_HERE`] in its head.
fn served_here(page: Vec<u8>) -> Vec<u8> {
    let text = String::from_utf8_lossy(&page);
    match text.find("</head>") {
        Some(at) => format!("{}{SERVED_HERE}\n{}", &text[..at], &text[at..]).into_bytes(),
        None => page,
    }
}

/// The MIME type of a file by its extension.
pub fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next().unwrap_or_default() {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "json" => "application/json",
        "webmanifest" => "application/manifest+json",
        "jsonl" => "application/jsonl; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "png" => "image/png",
        "svg" => "image/svg+xml",
        "ico" => "image/x-icon",
        "ttf" => "font/ttf",
        // Fluent's translation files (a language's texts, fetched when it is chosen).
        "txt" | "md" | "ftl" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// How long a browser may keep a file without asking again: a year for a name with a
/// content hash (a new build has new names), otherwise it asks each time.
pub fn cache_control(name: &str) -> &'static str {
    if has_content_hash(name) {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    }
}

/// Whether a file's name carries a content hash: a part of at least 8 hex digits
/// after a `-` or `.` (`mancala_hall-3f2a9c1d.wasm`).
fn has_content_hash(name: &str) -> bool {
    name.split(['-', '.'])
        .skip(1)
        .any(|part| part.len() >= 8 && part.chars().all(|c| c.is_ascii_hexdigit()))
}

/// Waits for a request's head without taking it from the connection (so that a
/// WebSocket's handshake still finds it): `None` if the connection closes or says
/// nothing for ten seconds. At most [`LONGEST_HEAD`] bytes (then without its end).
pub async fn peek_head(stream: &TcpStream) -> Option<Vec<u8>> {
    let mut buf = vec![0u8; LONGEST_HEAD];
    let until = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let n = tokio::time::timeout_at(until, stream.peek(&mut buf))
            .await
            .ok()?
            .ok()?;
        if n == 0 {
            return None;
        }
        if let Some(end) = buf[..n].windows(4).position(|w| w == b"\r\n\r\n") {
            buf.truncate(end + 4);
            return Some(buf);
        }
        if n == buf.len() {
            return Some(buf);
        }
        // Part of a head: wait for the rest.
        if tokio::time::Instant::now() >= until {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Answers a request that is not a WebSocket's (its `head`, peeked) from `root`, then
/// closes.
pub async fn serve_file(mut stream: TcpStream, head: Vec<u8>, root: PathBuf) {
    // Take the head off the connection (peeked so far).
    let mut taken = vec![0u8; head.len()];
    if stream.read_exact(&mut taken).await.is_err() {
        return;
    }
    let reply = if head.ends_with(b"\r\n\r\n") {
        let head = String::from_utf8_lossy(&head).into_owned();
        // Reading files blocks: off the server's own threads.
        tokio::task::spawn_blocking(move || answer(&root, &head))
            .await
            .unwrap_or_else(|_| WebReply::bare(404))
    } else {
        WebReply::bare(400) // a head too long
    };
    let _ = stream.write_all(&reply.to_bytes()).await;
    let _ = stream.shutdown().await;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A web build's folder: the page, the program and a precompressed copy, a hashed
    /// file, a puzzle set, a language's texts, a hidden file, and a file outside it (with a link to it).
    fn build(name: &str) -> (PathBuf, PathBuf) {
        let top = std::env::temp_dir().join(format!("mancala-web-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&top);
        let root = top.join("web");
        std::fs::create_dir_all(root.join("pkg/assets/puzzles")).unwrap();
        std::fs::create_dir_all(root.join("pkg/assets/i18n/fr")).unwrap();
        std::fs::write(
            root.join("index.html"),
            "<html><head><title>t</title></head></html>",
        )
        .unwrap();
        std::fs::write(root.join("pkg/mancala_hall_bg.wasm"), b"\0asm plain").unwrap();
        std::fs::write(root.join("pkg/mancala_hall_bg.wasm.gz"), b"gzipped").unwrap();
        std::fs::write(root.join("pkg/mancala_hall_bg.wasm.br"), b"brotli").unwrap();
        std::fs::write(root.join("pkg/mancala_hall-3f2a9c1d.js"), b"js").unwrap();
        std::fs::write(root.join("pkg/assets/puzzles/hawalis.jsonl"), b"{}\n").unwrap();
        std::fs::write(root.join("pkg/assets/i18n/fr/ui.ftl"), b"a = b\n").unwrap();
        std::fs::write(root.join(".secret"), b"no").unwrap();
        std::fs::write(top.join("outside.txt"), b"outside").unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(top.join("outside.txt"), root.join("link.txt")).unwrap();
        (top, root)
    }

    fn get(root: &Path, target: &str, extra: &str) -> WebReply {
        answer(
            root,
            &format!("GET {target} HTTP/1.1\r\nHost: x\r\n{extra}\r\n"),
        )
    }

    #[test]
    fn files_come_with_their_type_encoding_and_caching() {
        let (top, root) = build("files");
        // The page: HTML, never cached without asking, marked as served here.
        let page = get(&root, "/", "");
        assert_eq!(page.status, 200);
        assert_eq!(
            page.header("Content-Type"),
            Some("text/html; charset=utf-8")
        );
        assert_eq!(page.header("Cache-Control"), Some("no-cache"));
        let text = String::from_utf8(page.body.clone()).unwrap();
        assert!(text.contains(SERVED_HERE) && text.find(SERVED_HERE) < text.find("</head>"));
        assert_eq!(get(&root, "/index.html?game=hawalis", "").body, page.body);
        // The program: application/wasm, Brotli before gzip, as the browser accepts.
        let wasm = "/pkg/mancala_hall_bg.wasm";
        let plain = get(&root, wasm, "");
        assert_eq!(plain.header("Content-Type"), Some("application/wasm"));
        assert_eq!(
            (plain.header("Content-Encoding"), &plain.body[..]),
            (None, &b"\0asm plain"[..])
        );
        assert_eq!(plain.header("Vary"), Some("Accept-Encoding"));
        let both = get(&root, wasm, "Accept-Encoding: gzip, deflate, br, zstd\r\n");
        assert_eq!(
            (both.header("Content-Encoding"), &both.body[..]),
            (Some("br"), &b"brotli"[..])
        );
        let gzip = get(&root, wasm, "accept-encoding: gzip;q=1.0\r\n");
        assert_eq!(
            (gzip.header("Content-Encoding"), &gzip.body[..]),
            (Some("gzip"), &b"gzipped"[..])
        );
        assert_eq!(gzip.header("Content-Length"), Some("7"));
        // A hashed name is kept a year; a puzzle set is text.
        let hashed = get(&root, "/pkg/mancala_hall-3f2a9c1d.js", "");
        assert_eq!(
            hashed.header("Cache-Control"),
            Some("public, max-age=31536000, immutable")
        );
        assert_eq!(
            hashed.header("Content-Type"),
            Some("text/javascript; charset=utf-8")
        );
        let set = get(&root, "/pkg/assets/puzzles/hawalis.jsonl", "");
        assert_eq!(
            set.header("Content-Type"),
            Some("application/jsonl; charset=utf-8")
        );
        let texts = get(&root, "/pkg/assets/i18n/fr/ui.ftl", "");
        assert_eq!(
            (texts.header("Content-Type"), &texts.body[..]),
            (Some("text/plain; charset=utf-8"), &b"a = b\n"[..])
        );
        // The browser's own copy is still good: 304, nothing sent.
        let etag = plain.header("ETag").unwrap().to_string();
        let again = get(&root, wasm, &format!("If-None-Match: {etag}\r\n"));
        assert_eq!((again.status, again.body.len()), (304, 0));
        // HEAD: the headers alone.
        let head = answer(&root, &format!("HEAD {wasm} HTTP/1.1\r\n\r\n"));
        assert_eq!((head.status, head.body.len()), (200, 0));
        assert_eq!(head.header("Content-Length"), Some("10"));
        let _ = std::fs::remove_dir_all(&top);
    }

    #[test]
    fn nothing_outside_the_folder_is_served_and_bad_requests_are_refused() {
        let (top, root) = build("outside");
        for (target, status) in [
            ("/../outside.txt", 404),
            ("/pkg/../../outside.txt", 404),
            ("/%2e%2e/outside.txt", 404),
            ("/pkg/%2E%2E/%2e%2e/outside.txt", 404),
            ("/..%2Foutside.txt", 400),
            ("/pkg%2fmancala_hall_bg.wasm", 400),
            ("/pkg%5c..%5coutside.txt", 400),
            ("/index.html%00.png", 400),
            ("/%zz", 400),
            ("/.secret", 404),
            ("/link.txt", 404),
            ("/missing.js", 404),
            ("/pkg", 404),
            ("index.html", 400),
        ] {
            let r = get(&root, target, "");
            assert_eq!(r.status, status, "{target}");
            assert!(r.body.is_empty(), "{target}");
        }
        let long = format!("/{}", "a".repeat(LONGEST_PATH));
        assert_eq!(get(&root, &long, "").status, 400);
        let post = answer(&root, "POST /index.html HTTP/1.1\r\n\r\n");
        assert_eq!(
            (post.status, post.header("Allow")),
            (405, Some("GET, HEAD"))
        );
        assert_eq!(answer(&root, "").status, 405);
        let _ = std::fs::remove_dir_all(&top);
    }

    #[test]
    fn a_websocket_request_is_told_from_a_file_request() {
        assert!(wants_websocket(
            "GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"
        ));
        assert!(wants_websocket(
            "GET /x HTTP/1.1\r\nupgrade:WebSocket\r\n\r\n"
        ));
        assert!(!wants_websocket("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
        assert!(!wants_websocket("GET /upgrade: websocket HTTP/1.1\r\n\r\n"));
    }
}
