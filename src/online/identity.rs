//! Who this player is online, kept in `player.json` in the data folder (local
//! storage in the browser): a random key made once, and the name shown to others.
//! There are no accounts: the key is the player (the server keeps only its hash),
//! so copying `player.json` to another device makes it the same player there.

use super::protocol::{check_key, check_name};
use crate::storage::{read_text, write_atomic};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// This player's key and name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PlayerIdentity {
    /// 32 hex digits, made at random the first time.
    pub key: String,
    /// The name shown to others; empty until the player gives one.
    pub name: String,
}

impl PlayerIdentity {
    /// Reads the identity, or makes a new key where there is none (or it is damaged):
    /// returns it and whether it is new (to be written).
    pub fn load_or_make(path: Option<&Path>) -> (PlayerIdentity, bool) {
        let read = path
            .and_then(|p| read_text(p).ok())
            .and_then(|text| serde_json::from_str::<PlayerIdentity>(&text).ok());
        match read {
            Some(mut id) if check_key(&id.key).is_ok() => {
                id.name = check_name(&id.name).unwrap_or_default();
                (id, false)
            }
            Some(id) => (
                PlayerIdentity {
                    key: new_key(),
                    name: check_name(&id.name).unwrap_or_default(),
                },
                true,
            ),
            None => (
                PlayerIdentity {
                    key: new_key(),
                    name: String::new(),
                },
                true,
            ),
        }
    }

    /// Writes the identity (atomically; in the browser, to local storage).
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        write_atomic(path, &text)
    }
}

/// A new player key: 128 random bits as 32 hex digits (the browser's crypto on the
/// web; on the desktop, the operating system's random keys of std's hasher).
pub fn new_key() -> String {
    #[cfg(target_arch = "wasm32")]
    {
        let mut bytes = [0u8; 16];
        if getrandom::fill(&mut bytes).is_ok() {
            return bytes.iter().map(|b| format!("{b:02x}")).collect();
        }
    }
    use std::hash::{BuildHasher, RandomState};
    // Each RandomState takes fresh keys seeded from the operating system.
    let half = |salt: u64| RandomState::new().hash_one((salt, web_time::SystemTime::now()));
    format!("{:016x}{:016x}", half(1), half(2))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_made_once_and_kept() {
        let dir = std::env::temp_dir().join(format!("mh-identity-{}", std::process::id()));
        let path = dir.join("player.json");
        let _ = std::fs::remove_dir_all(&dir);
        let (first, new) = PlayerIdentity::load_or_make(Some(&path));
        assert!(new && check_key(&first.key).is_ok() && first.name.is_empty());
        let named = PlayerIdentity {
            name: "Amina".into(),
            ..first.clone()
        };
        named.save(&path).unwrap();
        assert_eq!(PlayerIdentity::load_or_make(Some(&path)), (named, false));
        assert_ne!(new_key(), new_key());
        // A damaged file: a new key, and a bad name is dropped.
        std::fs::write(&path, r#"{"key":"x","name":"A\u200Bmina"}"#).unwrap();
        let (again, new) = PlayerIdentity::load_or_make(Some(&path));
        assert!(new && again.key != first.key && again.name.is_empty());
        std::fs::write(&path, "not json").unwrap();
        assert!(PlayerIdentity::load_or_make(Some(&path)).1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
