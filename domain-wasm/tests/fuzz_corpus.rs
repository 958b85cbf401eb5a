//! Replays the saved fuzz corpus (`fuzz/corpus/<target>/*`, the inputs
//! `just fuzz` kept, crashes it found included) through the fuzz targets'
//! own bodies, natively and without libFuzzer, so every input that once
//! failed stays fixed. The fuzzing itself is `just fuzz`, outside the tests.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

#[path = "../fuzz/src/targets.rs"]
mod targets;

#[test]
fn every_saved_fuzz_input_passes_its_target() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    let mut folders: Vec<String> = std::fs::read_dir(&root)
        .expect("fuzz/corpus")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    let mut names: Vec<String> = targets::TARGETS
        .iter()
        .map(|(n, _)| n.to_string())
        .collect();
    names.sort();
    assert_eq!(folders, names, "one corpus folder per fuzz target");

    let (mut ran, mut failures) = (0, Vec::new());
    for (name, run) in targets::TARGETS {
        let mut files: Vec<_> = std::fs::read_dir(root.join(name))
            .expect("a corpus folder")
            .map(|e| e.expect("entry").path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "fuzz/corpus/{name} is empty");
        for file in files {
            let data = std::fs::read(&file).expect("read");
            if let Err(e) = catch_unwind(AssertUnwindSafe(|| run(&data))) {
                let why = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                failures.push(format!("{}: {why}", file.display()));
            }
            ran += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {ran} inputs failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
