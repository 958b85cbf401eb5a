//! How long one argon2id password hash and one verification take with the
//! server's parameters, on this machine (`just bench-auth`).

use std::time::{Duration, Instant};

use api::auth::passwords::{self, ITERATIONS, LANES, MEMORY_KIB};

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

fn main() {
    let rounds = 25;
    let mut hashes = Vec::with_capacity(rounds);
    let mut verifies = Vec::with_capacity(rounds);
    let mut hash = String::new();
    for i in 0..rounds {
        let started = Instant::now();
        hash = passwords::hash_blocking(&format!("Mentor#{i:04}")).expect("hash");
        hashes.push(started.elapsed());
    }
    for _ in 0..rounds {
        let started = Instant::now();
        let ok = passwords::verify_blocking("Mentor#0024", Some(&hash));
        verifies.push(started.elapsed());
        assert!(ok, "the last hash verifies");
    }
    println!(
        "argon2id m={MEMORY_KIB} KiB t={ITERATIONS} p={LANES}: hash median {:.1} ms (min {:.1}), verify median {:.1} ms (min {:.1}), {rounds} rounds each",
        median(hashes.clone()).as_secs_f64() * 1e3,
        hashes.iter().min().map_or(0.0, |d| d.as_secs_f64() * 1e3),
        median(verifies.clone()).as_secs_f64() * 1e3,
        verifies.iter().min().map_or(0.0, |d| d.as_secs_f64() * 1e3),
    );
}
