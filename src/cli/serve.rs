//! `mancala-hall serve`: the game server's command line (see `docs/online.md`).

use crate::online::server::{Config, Server};
use crate::online::store::StoreSpec;
use std::path::PathBuf;
use std::time::Duration;
use tokio::net::TcpListener;

/// `mancala-hall serve [--addr A] [--data DIR | --store postgres://…] [--metrics A]
/// [--web DIR] [--trust-proxy IP]... [--idle-hours H] [--rate N] [--rooms-per-address N]`.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut addr = "127.0.0.1:8787".to_string();
    let mut data = PathBuf::from("mancala-hall-server");
    let mut postgres: Option<String> = None;
    let mut metrics: Option<String> = None;
    let mut config = Config::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match a.as_str() {
            "--addr" => addr = value("--addr")?,
            "--data" => data = PathBuf::from(value("--data")?),
            "--store" => {
                let url = value("--store")?;
                if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
                    return Err(
                        "--store takes a PostgreSQL address: postgres://user@host:port/database"
                            .into(),
                    );
                }
                postgres = Some(url);
            }
            "--metrics" => metrics = Some(value("--metrics")?),
            "--web" => {
                let dir = PathBuf::from(value("--web")?);
                if !dir.join("index.html").is_file() {
                    return Err(format!(
                        "--web {}: no index.html there (the folder web/build.sh --release --opt makes: web/)",
                        dir.display()
                    ));
                }
                config.web_root = Some(dir);
            }
            "--trust-proxy" => {
                let ip = value("--trust-proxy")?;
                let ip = ip
                    .parse()
                    .map_err(|_| format!("--trust-proxy takes an IP address, not `{ip}`"))?;
                config.trusted_proxies.push(ip);
            }
            "--idle-hours" => {
                let h: f64 = value("--idle-hours")?
                    .parse()
                    .map_err(|_| "--idle-hours takes a number")?;
                if !(h > 0.0 && h <= 24.0 * 365.0) {
                    return Err("--idle-hours must be above 0 and at most a year".into());
                }
                config.idle = Duration::from_secs_f64(h * 3600.0);
            }
            "--rate" => {
                let n: f64 = value("--rate")?
                    .parse()
                    .map_err(|_| "--rate takes a number of messages a second")?;
                if !(n >= 1.0 && n.is_finite()) {
                    return Err("--rate must be at least 1".into());
                }
                config.messages_per_second = n;
                config.message_burst = (2.0 * n).max(config.message_burst);
            }
            "--rooms-per-address" => {
                config.rooms_per_address = value("--rooms-per-address")?
                    .parse()
                    .map_err(|_| "--rooms-per-address takes a whole number")?;
            }
            other => {
                return Err(format!(
                    "unknown argument `{}`",
                    crate::rules::shorten(other)
                ));
            }
        }
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let (spec, kept_in) = match postgres {
        Some(url) => (StoreSpec::Postgres(url.clone()), hide_password(&url)),
        None => (StoreSpec::Sqlite(data.clone()), data.display().to_string()),
    };
    runtime.block_on(async move {
        let server = Server::open_store(&spec, config).await?;
        let listener = TcpListener::bind(&addr)
            .await
            .map_err(|e| format!("{addr}: {e}"))?;
        let metrics = match metrics {
            Some(at) => Some(
                TcpListener::bind(&at)
                    .await
                    .map_err(|e| format!("--metrics {at}: {e}"))?,
            ),
            None => None,
        };
        eprintln!(
            "serve: listening on ws://{} (data in {kept_in}, {} open rooms restored{})",
            listener.local_addr().map_err(|e| e.to_string())?,
            server.restored,
            match &metrics {
                Some(m) => format!(
                    ", metrics at http://{}/metrics",
                    m.local_addr().map_err(|e| e.to_string())?
                ),
                None => String::new(),
            }
        );
        if let Some(m) = metrics {
            server.serve_metrics(m);
        }
        server.serve(listener).await;
        Ok(())
    })
}

/// A database address without its password (for the log).
fn hide_password(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let user = &url[scheme + 3..at];
            match user.split_once(':') {
                Some((name, _)) => format!("{}{name}:***{}", &url[..scheme + 3], &url[at..]),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}
