// Times one solver of the `ogs` library (P. Beling, impartial-games) without its CLI, which needs
// crates we build without. Build:
//   rustc --edition 2021 -C opt-level=3 --crate-type rlib --crate-name ogs ogs/src/lib.rs
//   rustc --edition 2021 -C opt-level=3 --extern ogs=libogs.rlib ogs_driver.rs
// Usage: ogs_driver CODE N [rc2|rc2s|rc|rcs|naive]   (CODE as ogs parses it: [0|4].octal digits)
// Prints n=N method=M seconds=S fnv=H, H the FNV-1a-64 of G(0..N-1), each value fed as the
// 4 little-endian bytes of a u32 so that it matches the other programs whatever their value type.
use ogs::{Game, NaiveSolver, RC2Solver, RCSolver, Solver};
use std::time::Instant;

fn sweep<S: Solver<Stats = ()>>(game: Game, n: usize) -> (Vec<u16>, f64) {
    let start = Instant::now();
    let mut solver = S::with_capacity(game, n);
    for _ in solver.by_ref().take(n) {}
    let seconds = start.elapsed().as_secs_f64();
    (solver.nimbers().to_vec(), seconds)
}

fn fnv1a64(values: &[u16]) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for v in values {
        for byte in (*v as u32).to_le_bytes() {
            h = (h ^ byte as u64).wrapping_mul(0x100000001b3);
        }
    }
    h
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 || args.len() > 4 {
        eprintln!("usage: ogs_driver CODE N [rc2|rc2s|rc|rcs|naive]");
        std::process::exit(2);
    }
    // ogs reads the digits 8 and 9 without complaint and ignores them; refuse them here instead
    let digits_ok = args[1].bytes().all(|c| c == b'.' || (b'0'..=b'7').contains(&c));
    let game: Game = match args[1].parse() {
        Ok(g) if digits_ok => g,
        _ => {
            eprintln!("ogs_driver: ogs cannot read the code {}", args[1]);
            std::process::exit(2);
        }
    };
    let n: usize = args[2].parse().expect("N must be a number");
    let method = args.get(3).map(String::as_str).unwrap_or("rc2");
    let (values, seconds) = match method {
        "rc2" => sweep::<RC2Solver<true, ()>>(game, n),
        "rc2s" => sweep::<RC2Solver<false, ()>>(game, n),
        "rc" => sweep::<RCSolver<true, ()>>(game, n),
        "rcs" => sweep::<RCSolver<false, ()>>(game, n),
        "naive" => sweep::<NaiveSolver<()>>(game, n),
        _ => {
            eprintln!("ogs_driver: unknown method {method}");
            std::process::exit(2);
        }
    };
    assert_eq!(values.len(), n);
    println!("n={n} method={method} seconds={seconds:.6} fnv={:016x}", fnv1a64(&values));
}
