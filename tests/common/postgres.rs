//! A throw-away PostgreSQL cluster for a test: `initdb` in a temporary folder,
//! `pg_ctl` on a free port of 127.0.0.1 (as the unprivileged `postgres` user when
//! the tests run as root), stopped and removed when dropped, or when the test
//! process dies. It never touches a system database.
//!
//! Without PostgreSQL (`scripts/setup-debian.sh` installs it) a test is skipped with
//! a line saying so, except under `CI=true`, where that is a failure.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A running cluster.
pub struct Cluster {
    dir: PathBuf,
    bin: PathBuf,
    port: u16,
    /// Who runs PostgreSQL (`None`: this user).
    user: Option<String>,
}

/// Where `initdb` and `pg_ctl` are: on the PATH, or in Debian's
/// `/usr/lib/postgresql/<version>/bin` (the newest).
fn bin_dir() -> Option<PathBuf> {
    if let Ok(path) = std::env::var("PATH") {
        for dir in std::env::split_paths(&path) {
            if dir.join("initdb").is_file() && dir.join("pg_ctl").is_file() {
                return Some(dir);
            }
        }
    }
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .flatten()
        .filter_map(|e| {
            let v = e.file_name().to_str()?.parse().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").is_file().then_some((v, bin))
        })
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin)
}

/// A port of 127.0.0.1 that no one listens on now.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port of 127.0.0.1")
        .port()
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

impl Cluster {
    /// Starts a fresh cluster, or `None` (with a line on stderr) when this machine
    /// has no PostgreSQL and CI is not set. `name` names its folder.
    pub fn start(name: &str) -> Option<Cluster> {
        let Some(bin) = bin_dir() else {
            let ci = std::env::var("CI").is_ok_and(|v| v == "true");
            assert!(
                !ci,
                "PostgreSQL is not installed (initdb, pg_ctl): run scripts/setup-debian.sh"
            );
            eprintln!("skipped: PostgreSQL is not installed (scripts/setup-debian.sh installs it)");
            return None;
        };
        let dir = std::env::temp_dir().join(format!("mh-pg-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temporary folder");
        let user = is_root().then(|| "postgres".to_string());
        if let Some(user) = &user {
            let owned = Command::new("chown")
                .args([user.as_str(), dir.to_str().unwrap()])
                .status()
                .expect("chown runs");
            assert!(
                owned.success(),
                "PostgreSQL cannot run as root, and the user `{user}` is missing"
            );
        }
        let mut cluster = Cluster {
            dir,
            bin,
            port: free_port(),
            user,
        };
        let data = cluster.dir.join("data");
        cluster.run(
            "initdb",
            &[
                "-D",
                data.to_str().unwrap(),
                "-A",
                "trust",
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        );
        // A free port may be taken again before PostgreSQL binds it (the tests run
        // side by side): then it starts again on another, saying why.
        const TRIES: u32 = 4;
        for attempt in 1..=TRIES {
            match cluster.pg_ctl_start() {
                Ok(()) => break,
                Err(why) if attempt < TRIES => {
                    eprintln!(
                        "PostgreSQL did not start on port {} (try {attempt}): {why}",
                        cluster.port
                    );
                    cluster.port = free_port();
                }
                Err(why) => panic!("PostgreSQL did not start in {TRIES} tries: {why}"),
            }
        }
        // Stopped even if this process is killed: a watcher outlives it by a second.
        let _ = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "while kill -0 {pid} 2>/dev/null; do sleep 1; done; {stop}; rm -rf '{dir}'",
                pid = std::process::id(),
                stop = cluster.command_line("pg_ctl", &cluster.stop_args()),
                dir = cluster.dir.display()
            ))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        Some(cluster)
    }

    /// The address of a new, empty database in this cluster.
    pub fn database(&self, name: &str) -> String {
        self.query("postgres", &format!("CREATE DATABASE {name}"));
        self.url(name)
    }

    /// The answer of one SQL query in database `name`, as `psql -tA` prints it.
    pub fn query(&self, name: &str, sql: &str) -> String {
        let output = Command::new("psql")
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-U",
                "postgres",
            ])
            .args(["-d", name, "-tA", "-c", sql])
            .output()
            .expect("psql runs");
        assert!(
            output.status.success(),
            "{sql}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8_lossy(&output.stdout).trim().to_string()
    }

    /// The address of database `name` (`postgres` exists from the start).
    pub fn url(&self, name: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }

    /// Stops PostgreSQL at once, as a crash would (the data stays).
    pub fn stop(&self) {
        self.run("pg_ctl", &self.stop_args());
    }

    /// Starts it again after [`Cluster::stop`], on the same port.
    pub fn restart(&self) {
        if let Err(why) = self.pg_ctl_start() {
            panic!("PostgreSQL did not start again: {why}");
        }
    }

    /// Starts the server and waits until it takes connections; on failure, what
    /// `pg_ctl` said and the end of the server's log (why it stopped).
    fn pg_ctl_start(&self) -> Result<(), String> {
        let data = self.dir.join("data");
        let log = self.dir.join("log");
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200",
            self.port,
            self.dir.display()
        );
        let output = self
            .command("pg_ctl")
            .args([
                "-D",
                data.to_str().unwrap(),
                "-l",
                log.to_str().unwrap(),
                "-w",
                "-o",
                &options,
                "start",
            ])
            .current_dir(Path::new("/"))
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("pg_ctl: {e}"));
        if output.status.success() {
            return Ok(());
        }
        let log = std::fs::read_to_string(&log).unwrap_or_default();
        let log_end: Vec<&str> = log.lines().rev().take(12).collect();
        let log_end: Vec<&str> = log_end.into_iter().rev().collect();
        Err(format!(
            "{}{}\nthe server's log ends:\n{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr),
            log_end.join("\n")
        ))
    }

    fn stop_args(&self) -> Vec<String> {
        let data = self.dir.join("data");
        [
            "-D",
            data.to_str().unwrap(),
            "-m",
            "immediate",
            "-w",
            "stop",
        ]
        .map(String::from)
        .to_vec()
    }

    fn command_line(&self, program: &str, args: &[impl AsRef<str>]) -> String {
        let program = self.bin.join(program);
        let mut line = match &self.user {
            Some(user) => format!("runuser -u {user} -- {}", program.display()),
            None => program.display().to_string(),
        };
        for a in args {
            line.push_str(&format!(" '{}'", a.as_ref()));
        }
        line
    }

    /// A PostgreSQL program, run as PostgreSQL's user.
    fn command(&self, program: &str) -> Command {
        let path = self.bin.join(program);
        match &self.user {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.args(["-u", user, "--"]).arg(&path);
                c
            }
            None => Command::new(&path),
        }
    }

    fn run(&self, program: &str, args: &[impl AsRef<str>]) {
        let output = self
            .command(program)
            .args(args.iter().map(AsRef::as_ref))
            .current_dir(Path::new("/"))
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("{program}: {e}"));
        assert!(
            output.status.success(),
            "{program} failed: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = self
            .command("pg_ctl")
            .args(self.stop_args())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
