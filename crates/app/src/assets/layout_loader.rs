//! The asset loader for layout files: RON text checked by `solitaire_core::Layout::parse`.

use bevy::asset::io::Reader;
use bevy::asset::{AssetLoader, LoadContext};
use bevy::prelude::*;
use solitaire_core::Layout;
use thiserror::Error;

/// A layout file: checked, or the reason it is not a layout (kept, not thrown, so the error
/// screen can name the file and the problem).
#[derive(Asset, TypePath, Debug)]
pub struct LayoutAsset {
    pub file: String,
    pub layout: Result<Layout, String>,
}

/// Reads `*.ron` files under `layouts/`.
#[derive(Default, TypePath)]
pub struct LayoutLoader;

/// Reading the file failed.
#[derive(Debug, Error)]
#[error("cannot read the layout file: {0}")]
pub struct LayoutReadError(#[from] std::io::Error);

impl AssetLoader for LayoutLoader {
    type Asset = LayoutAsset;
    type Settings = ();
    type Error = LayoutReadError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<LayoutAsset, LayoutReadError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let file = format!("assets/{}", load_context.path());
        let layout = match std::str::from_utf8(&bytes) {
            Ok(text) => Layout::parse(&file, text).map_err(|e| e.to_string()),
            Err(e) => Err(format!("{file}: not UTF-8 text: {e}")),
        };
        Ok(LayoutAsset { file, layout })
    }

    fn extensions(&self) -> &[&str] {
        &["ron"]
    }
}
