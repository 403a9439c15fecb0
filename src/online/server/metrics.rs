//! What an operator watches (docs/online.md): connections, rooms held, decisions
//! stored, refused writes and how long the store takes, counted with the Prometheus
//! project's client and served at `http://ADDR/metrics` (`serve --metrics ADDR`) in
//! the OpenMetrics text format its encoder writes ([`CONTENT_TYPE`]).

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// The body's media type: prometheus-client's text encoder writes OpenMetrics 1.0
/// (counters as `_total` samples of a `counter` family, `# EOF` at the end), not
/// Prometheus' older text format 0.0.4.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// The server's counters.
pub struct Metrics {
    registry: Registry,
    /// WebSocket connections open now.
    pub connections: Gauge,
    /// Rooms this process holds now.
    pub rooms: Gauge,
    decisions: Counter,
    store_failures: Counter,
    store_seconds: Histogram,
    lost_races: Counter,
}

impl Default for Metrics {
    fn default() -> Metrics {
        let mut registry = Registry::with_prefix("mancala_hall");
        let connections = Gauge::default();
        let rooms = Gauge::default();
        let decisions = Counter::default();
        let store_failures = Counter::default();
        let lost_races = Counter::default();
        // From 0.1 ms to about 3 s.
        let store_seconds = Histogram::new(exponential_buckets(0.0001, 2.0, 16));
        registry.register(
            "connections",
            "WebSocket connections open now",
            connections.clone(),
        );
        registry.register("rooms", "Rooms this process holds now", rooms.clone());
        registry.register(
            "decisions",
            "Decisions stored and sent (the rate is decisions a second)",
            decisions.clone(),
        );
        registry.register(
            "store_failures",
            "Decisions the store could not take (refused with the `store` error)",
            store_failures.clone(),
        );
        registry.register(
            "lost_races",
            "Decisions another process stored first (the room caught up and checked again)",
            lost_races.clone(),
        );
        registry.register(
            "store_seconds",
            "How long storing a decision took",
            store_seconds.clone(),
        );
        Metrics {
            registry,
            connections,
            rooms,
            decisions,
            store_failures,
            store_seconds,
            lost_races,
        }
    }
}

impl Metrics {
    /// A decision was stored (or the store failed), and took this long.
    pub fn stored(&self, took: Duration, ok: bool) {
        self.store_seconds.observe(took.as_secs_f64());
        if ok {
            self.decisions.inc();
        } else {
            self.store_failures.inc();
        }
    }

    /// Another process stored a decision of that number first.
    pub fn lost_race(&self) {
        self.lost_races.inc();
    }

    /// The counters in the OpenMetrics text format.
    pub fn text(&self) -> String {
        let mut out = String::new();
        encode(&mut out, &self.registry).expect("writing to a String cannot fail");
        out
    }
}

/// Answers `GET /metrics` on `listener` with what `text` gives (anything else: 404).
pub async fn serve_metrics(
    listener: TcpListener,
    text: impl Fn() -> String + Send + Sync + 'static,
) {
    let text = std::sync::Arc::new(text);
    loop {
        let Ok((mut stream, _)) = listener.accept().await else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let text = text.clone();
        tokio::spawn(async move {
            let mut request = Vec::new();
            let mut buf = [0u8; 1024];
            let read = async {
                while !request.windows(4).any(|w| w == b"\r\n\r\n") && request.len() < 8192 {
                    match stream.read(&mut buf).await {
                        Ok(0) | Err(_) => break,
                        Ok(n) => request.extend_from_slice(&buf[..n]),
                    }
                }
            };
            if tokio::time::timeout(Duration::from_secs(5), read)
                .await
                .is_err()
            {
                return;
            }
            let line = String::from_utf8_lossy(&request);
            let reply = if line.starts_with("GET /metrics ") {
                let body = text();
                format!(
                    "HTTP/1.1 200 OK\r\nContent-Type: {CONTENT_TYPE}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                )
            } else {
                "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".into()
            };
            let _ = stream.write_all(reply.as_bytes()).await;
            let _ = stream.shutdown().await;
        });
    }
}
