//! A user's install brought to the page: a folder picked with `<input webkitdirectory>`
//! (each file with its path under the folder) or dropped (its entries walked). Every file
//! is read into memory, since the core reads files synchronously and a page can read
//! them only asynchronously; the host glue then serves them through the same [`Files`]
//! seam as `--data` ([`stros_host::install::Install::from_memory`]).
//!
//! [`Files`]: stros_core::files::Files

use std::path::PathBuf;

use js_sys::{Array, Function, Promise, Uint8Array};
use stros_host::HostError;
use stros_host::install::MAX_FILES;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{DataTransfer, File, FileList, FileSystemDirectoryEntry, FileSystemEntry, FileSystemFileEntry};

use crate::game::js_error;

/// A file's path and bytes.
pub type Read = (String, Vec<u8>);

/// Whether a file is left unread: the movies (`.SMK`), which Stros does not play and which
/// are most of an install's size.
pub fn skipped(path: &str) -> bool {
    path.rsplit_once('.').is_some_and(|(_, ext)| ext.eq_ignore_ascii_case("smk"))
}

/// The files of a picked folder, by their paths in it.
pub async fn from_list(list: FileList) -> Result<Vec<Read>, HostError> {
    if list.length() as usize > MAX_FILES {
        return Err(HostError::TooManyFiles(PathBuf::from("the chosen folder")));
    }
    let mut out = Vec::new();
    for file in (0..list.length()).filter_map(|i| list.item(i)) {
        // A folder's files carry their path under it; files picked one by one, a name.
        let path = js_sys::Reflect::get(&file, &"webkitRelativePath".into())
            .ok()
            .and_then(|p| p.as_string())
            .filter(|p| !p.is_empty())
            .unwrap_or_else(|| file.name());
        if !skipped(&path) {
            out.push((path, read(&file).await?));
        }
    }
    Ok(out)
}

/// One thing dropped on the page.
pub enum Dropped {
    /// A file or folder of the file system, to walk.
    Entry(FileSystemEntry),
    /// A file without an entry (a drop from a page, or a browser without entries).
    File(File),
}

/// What a drop brought, taken while its event runs (the browser empties the drop's items
/// once the handler returns).
pub fn dropped(data: &DataTransfer) -> Vec<Dropped> {
    let items = data.items();
    let dropped = |item: web_sys::DataTransferItem| match item.webkit_get_as_entry().ok().flatten() {
        Some(entry) => Some(Dropped::Entry(entry)),
        None => item.get_as_file().ok().flatten().map(Dropped::File),
    };
    (0..items.length()).filter_map(|i| dropped(items.get(i)?)).collect()
}

/// The files of a drop: each file by its name, the files under each entry (folders
/// walked) by their paths from the drop.
pub async fn from_drop(dropped: Vec<Dropped>) -> Result<Vec<Read>, HostError> {
    let mut out = Vec::new();
    let mut entries = Vec::new();
    for d in dropped {
        match d {
            Dropped::Entry(entry) => entries.push(entry),
            Dropped::File(file) if !skipped(&file.name()) => out.push((file.name(), read(&file).await?)),
            Dropped::File(_) => {}
        }
    }
    out.extend(from_entries(entries).await?);
    Ok(out)
}

/// The files under dropped `entries` (folders walked), by their paths from the drop.
async fn from_entries(mut entries: Vec<FileSystemEntry>) -> Result<Vec<Read>, HostError> {
    let mut out = Vec::new();
    let mut walked = 0usize;
    while let Some(entry) = entries.pop() {
        walked += 1;
        if walked > MAX_FILES {
            return Err(HostError::TooManyFiles(PathBuf::from("the dropped files")));
        }
        if entry.is_directory() {
            let reader = entry.unchecked_ref::<FileSystemDirectoryEntry>().create_reader();
            // A folder's entries come in batches until an empty one.
            loop {
                let batch =
                    callback(|ok, err| reader.read_entries_with_callback_and_callback(ok, err)).await?;
                let batch = batch.unchecked_into::<Array>();
                if batch.length() == 0 || entries.len() > MAX_FILES {
                    break;
                }
                entries.extend(batch.iter().map(JsCast::unchecked_into));
            }
            continue;
        }
        let path = entry.full_path().trim_start_matches('/').to_string();
        if !entry.is_file() || skipped(&path) {
            continue;
        }
        let file_entry = entry.unchecked_into::<FileSystemFileEntry>();
        let file = callback(|ok, err| {
            file_entry.file_with_callback_and_callback(ok, err);
            Ok(())
        })
        .await?;
        out.push((path, read(file.unchecked_ref::<File>()).await?));
    }
    Ok(out)
}

/// `file`'s bytes.
async fn read(file: &File) -> Result<Vec<u8>, HostError> {
    let buffer = JsFuture::from(file.array_buffer()).await.map_err(|e| unreadable(&file.name(), e))?;
    Ok(Uint8Array::new(&buffer).to_vec())
}

/// What an API taking a success and an error callback passes to the first.
async fn callback(
    call: impl FnOnce(&Function, &Function) -> Result<(), JsValue>,
) -> Result<JsValue, HostError> {
    let mut call = Some(call);
    let promise = Promise::new(&mut |resolve, reject| {
        if let Some(call) = call.take()
            && let Err(e) = call(&resolve, &reject)
        {
            let _ = reject.call1(&JsValue::NULL, &e);
        }
    });
    JsFuture::from(promise).await.map_err(js_error)
}

fn unreadable(name: &str, e: JsValue) -> HostError {
    HostError::Frontend(format!("{name}: cannot read it ({})", js_error(e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn movies_are_left_unread() {
        assert!(skipped("Redguard/MOVIES/INTRO.SMK"));
        assert!(skipped("x.smk"));
        assert!(!skipped("Redguard/MAPS/ISLAND.RGM"));
        assert!(!skipped("SMK"));
    }
}
