//! Files the browser build fetches beside the page when they are first needed (the
//! whole Arabic typeface, the puzzle sets, a language's texts: `pkg/assets/…`), read
//! whole through Bevy's asset server. The desktop compiles them in and never fetches.

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext, LoadState};
use bevy::prelude::*;

/// A fetched file's bytes.
#[derive(Asset, TypePath, Debug)]
pub struct FetchedFile(pub Vec<u8>);

/// Reads a file as it is.
#[derive(Default, TypePath)]
struct FetchedFileLoader;

impl AssetLoader for FetchedFileLoader {
    type Asset = FetchedFile;
    type Settings = ();
    type Error = std::io::Error;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        _load_context: &mut LoadContext<'_>,
    ) -> Result<FetchedFile, Self::Error> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        Ok(FetchedFile(bytes))
    }

    fn extensions(&self) -> &[&str] {
        &["ttf", "jsonl", "ftl"]
    }
}

/// The asset and its loader (added by whichever needs them first).
pub struct FetchedFilesPlugin;

impl Plugin for FetchedFilesPlugin {
    fn build(&self, app: &mut App) {
        app.init_asset::<FetchedFile>()
            .register_asset_loader(FetchedFileLoader);
    }
}

/// Where a fetch stands.
pub enum Arrival<'a> {
    /// The file has come.
    Came(&'a FetchedFile),
    /// It could not be fetched: why.
    Failed(String),
    /// Still on its way. Nothing wakes the window when a fetch ends: whoever waits asks
    /// to be updated again shortly (`WakeAt::within`).
    Waiting,
}

/// Where the fetch of `handle` stands.
pub fn arrival<'a>(
    handle: &Handle<FetchedFile>,
    files: &'a Assets<FetchedFile>,
    assets: &AssetServer,
) -> Arrival<'a> {
    if let Some(file) = files.get(handle) {
        return Arrival::Came(file);
    }
    match assets.get_load_state(handle) {
        Some(LoadState::Failed(e)) => Arrival::Failed(e.to_string()),
        _ => Arrival::Waiting,
    }
}

/// Adds [`FetchedFilesPlugin`] unless it is there already.
pub fn need_fetched_files(app: &mut App) {
    if !app.is_plugin_added::<FetchedFilesPlugin>() {
        app.add_plugins(FetchedFilesPlugin);
    }
}
