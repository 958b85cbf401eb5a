//! The native half of the differential test (`tests/differential.mjs`):
//! reads one `{"fn": ..., "args": [...]}` JSON object per line from stdin and
//! writes one line per input: `{"ok": result}` or `{"err": message}`, calling
//! the `#[export]`ed functions by the names the wasm module exports them under.

use std::io::{BufRead, BufWriter, Write};

use domain_wasm::bindings::dispatch;
use serde_json::{Value, json};

fn main() -> std::io::Result<()> {
    let stdin = std::io::stdin();
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line?;
        if line.trim().is_empty() {
            continue;
        }
        let reply = match serde_json::from_str::<Value>(&line) {
            Ok(call) => {
                let function = call["fn"].as_str().unwrap_or_default();
                let args = call["args"]
                    .as_array()
                    .map(Vec::as_slice)
                    .unwrap_or_default();
                match dispatch(function, args) {
                    Ok(value) => json!({ "ok": value }),
                    Err(e) => json!({ "err": e }),
                }
            }
            Err(e) => json!({ "err": format!("not a JSON call: {e}") }),
        };
        writeln!(out, "{reply}")?;
    }
    out.flush()
}
