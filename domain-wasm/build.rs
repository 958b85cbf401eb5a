//! Writes `$OUT_DIR/titles.json`: the titles of `data/pages.json` (site
//! name, separator, not-found title, each page's title) without the
//! descriptions and other fields the server reads, so the wasm module embeds
//! only what `pages::titles` reads (about 1 KB instead of 12 KB).

use std::{env, fs, path::Path};

use serde_json::{Map, Value, json};

fn main() {
    println!("cargo:rerun-if-changed=data/pages.json");
    let text = fs::read_to_string("data/pages.json").expect("data/pages.json");
    let doc: Value = serde_json::from_str(&text).expect("data/pages.json is JSON");
    // pages.rs reads these fields only; anything missing stays missing (its
    // unit tests hold the file to having them).
    let mut pages = Map::new();
    if let Some(Value::Object(all)) = doc.get("pages") {
        for (pattern, page) in all {
            if let Some(title) = page.get("title") {
                pages.insert(pattern.clone(), json!({ "title": title }));
            }
        }
    }
    let mut titles = Map::new();
    for key in ["site_name", "title_separator"] {
        if let Some(value) = doc.get(key) {
            titles.insert(key.to_owned(), value.clone());
        }
    }
    if let Some(title) = doc.get("not_found").and_then(|n| n.get("title")) {
        titles.insert("not_found".to_owned(), json!({ "title": title }));
    }
    titles.insert("pages".to_owned(), Value::Object(pages));
    let out = Path::new(&env::var("OUT_DIR").expect("OUT_DIR")).join("titles.json");
    fs::write(out, Value::Object(titles).to_string()).expect("write titles.json");
}
