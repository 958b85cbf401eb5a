//! The one interface stored media goes through ([`MediaStorage`]), and its
//! default, a folder on disk ([`DiskStorage`], `MEDIA_DIR`). Another
//! backend (an object store) implements the same four calls.
//!
//! Keys are relative paths of plain segments (`photos/{id}/480.jpg`);
//! anything else ([`valid_key`]) is refused before it reaches a backend,
//! so a key can never name a file outside the storage.

use std::future::Future;
use std::io;
use std::path::{Path, PathBuf};
use std::pin::Pin;

/// What a storage call returns: a boxed future, so the storage can sit
/// behind `dyn MediaStorage` in the application state.
pub type StorageFuture<'a, T> = Pin<Box<dyn Future<Output = io::Result<T>> + Send + 'a>>;

/// Where uploaded files are kept. Files are written once under a new key
/// and never changed, so a reader never sees half a file.
pub trait MediaStorage: Send + Sync {
    /// Stores `bytes` under `key`, whole or not at all.
    fn put<'a>(&'a self, key: &'a str, bytes: Vec<u8>) -> StorageFuture<'a, ()>;
    /// The bytes under `key`; `None` when there are none.
    fn get<'a>(&'a self, key: &'a str) -> StorageFuture<'a, Option<Vec<u8>>>;
    /// Removes `key`; removing a missing key is not an error.
    fn delete<'a>(&'a self, key: &'a str) -> StorageFuture<'a, ()>;
}

/// Whether `key` is relative segments of letters, digits, `-`, `_` and
/// `.`, none of them empty or only dots (no `..`, no absolute path, no
/// backslash).
pub fn valid_key(key: &str) -> bool {
    key.len() <= 200
        && key.split('/').all(|segment| {
            !segment.is_empty()
                && !segment.chars().all(|c| c == '.')
                && !segment.starts_with('.')
                && segment
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        })
}

fn bad_key(key: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("not a media key: {key:?}"),
    )
}

/// Files under one folder (`MEDIA_DIR`), created when first needed.
#[derive(Debug, Clone)]
pub struct DiskStorage {
    root: PathBuf,
}

impl DiskStorage {
    pub fn new(root: impl Into<PathBuf>) -> DiskStorage {
        DiskStorage { root: root.into() }
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    fn path(&self, key: &str) -> io::Result<PathBuf> {
        if !valid_key(key) {
            return Err(bad_key(key));
        }
        Ok(self.root.join(key))
    }
}

impl MediaStorage for DiskStorage {
    /// Writes a temporary file beside the target, then renames it over the
    /// target: a crash leaves either nothing or the whole file (temporary
    /// names start with `.`, which no key does).
    fn put<'a>(&'a self, key: &'a str, bytes: Vec<u8>) -> StorageFuture<'a, ()> {
        Box::pin(async move {
            let path = self.path(key)?;
            let dir = path.parent().ok_or_else(|| bad_key(key))?;
            tokio::fs::create_dir_all(dir).await?;
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .ok_or_else(|| bad_key(key))?;
            let temp = dir.join(format!(".{name}.{:016x}.tmp", rand::random::<u64>()));
            let written = async {
                tokio::fs::write(&temp, &bytes).await?;
                tokio::fs::File::open(&temp).await?.sync_all().await?;
                tokio::fs::rename(&temp, &path).await
            }
            .await;
            if written.is_err() {
                let _ = tokio::fs::remove_file(&temp).await;
            }
            written
        })
    }

    fn get<'a>(&'a self, key: &'a str) -> StorageFuture<'a, Option<Vec<u8>>> {
        Box::pin(async move {
            match tokio::fs::read(self.path(key)?).await {
                Ok(bytes) => Ok(Some(bytes)),
                Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
                Err(e) => Err(e),
            }
        })
    }

    fn delete<'a>(&'a self, key: &'a str) -> StorageFuture<'a, ()> {
        Box::pin(async move {
            match tokio::fs::remove_file(self.path(key)?).await {
                Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
                _ => Ok(()),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_stay_inside_the_storage() {
        assert!(valid_key("photos/abc-DEF_123/480.jpg"));
        for bad in [
            "",
            "/etc/passwd",
            "../secret",
            "photos/../../x",
            "photos//x",
            "photos/./x",
            "photos\\x",
            "photos/.hidden",
            "photos/x y",
            "photos/%2e%2e/x",
        ] {
            assert!(!valid_key(bad), "{bad:?}");
        }
    }

    #[tokio::test]
    async fn puts_gets_and_deletes() {
        let dir = tempfile::tempdir().expect("temp dir");
        let storage = DiskStorage::new(dir.path().join("media"));
        assert_eq!(storage.get("photos/a/1.jpg").await.expect("get"), None);
        storage
            .put("photos/a/1.jpg", b"one".to_vec())
            .await
            .expect("put");
        storage
            .put("photos/a/1.jpg", b"two".to_vec())
            .await
            .expect("put again");
        assert_eq!(
            storage.get("photos/a/1.jpg").await.expect("get"),
            Some(b"two".to_vec())
        );
        // Only the file itself: no temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(dir.path().join("media/photos/a"))
            .expect("dir")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("1.jpg")]);
        storage.delete("photos/a/1.jpg").await.expect("delete");
        storage
            .delete("photos/a/1.jpg")
            .await
            .expect("delete again");
        assert_eq!(storage.get("photos/a/1.jpg").await.expect("get"), None);
        assert!(storage.put("../x", b"no".to_vec()).await.is_err());
        assert!(storage.get("../x").await.is_err());
    }
}
