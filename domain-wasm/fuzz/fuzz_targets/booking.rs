#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| domain_wasm_fuzz::booking(data));
