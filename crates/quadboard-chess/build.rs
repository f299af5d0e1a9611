//! Chooses whether the engines are compiled per CPU level (`quadboard_dispatch`), and
//! builds the slider lookup tables into `$OUT_DIR`:
//! - `magics.rs`: magic multipliers from a deterministic (fixed-seed) search;
//! - `leaper_magics.rs`: the knight and king perfect-hash multipliers
//!   (`src/serialize/leaper_hash.rs`), also searched with a fixed seed;
//! - `magic.bin` and `pext.bin`: the rook and bishop attack tables for the magic and the
//!   PEXT index, as 64-bit words in the target's byte order.
//!
//! Both tables are filled with the index functions of `src/attacks/slider_math.rs`, the very
//! file the library reads them with, so the tables and their lookups cannot drift apart.
//! Filling them in `const` code instead costs about 25 seconds of compile time per build.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

#[allow(dead_code)]
#[path = "src/attacks/slider_math.rs"]
mod slider_math;

#[allow(dead_code)]
#[path = "src/serialize/leaper_hash.rs"]
mod leaper_hash;

use slider_math::{
    deposit, magic_index, ray_walk, relevant_mask, table_layout, BISHOP_STEPS, ROOK_STEPS,
};

/// xorshift64*: small, fast and fixed, so the magics are reproducible.
struct Rng(u64);

impl Rng {
    /// A candidate magic: the AND of three outputs, since candidates with few bits set
    /// make good magics far more often. Written without calls or iterators, because build
    /// scripts run unoptimised (cargo's default for a dependent's build) and this runs
    /// about nine million times.
    fn sparse(&mut self) -> u64 {
        let mut candidate = u64::MAX;
        let mut step = 0;
        while step < 3 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            candidate &= self.0.wrapping_mul(0x2545_f491_4f6c_dd1d);
            step += 1;
        }
        candidate
    }
}

/// The first candidate from `rng` that maps every occupancy of the square's relevant mask
/// to a slot of a `2^bits` table without two different attack sets meeting.
///
/// The search is on the critical path of every cold build of the library (nothing else
/// compiles while the build script runs, and it runs at opt-level 0), so its inner loop
/// is plain loops and indexing: iterators and the shared `magic_index` are calls there,
/// which made it three times slower (1.8 s of CPU against 0.6 s for all 128 squares, Zen 5).
fn find_magic(square: u8, steps: &[(i8, i8); 4], rng: &mut Rng) -> u64 {
    let mask = relevant_mask(square, steps);
    let bits = mask.count_ones();
    let size = 1usize << bits;
    let occupancies: Vec<u64> = (0..size as u64).map(|i| deposit(i, mask)).collect();
    let attacks: Vec<u64> = occupancies
        .iter()
        .map(|&o| ray_walk(square, o, steps))
        .collect();
    let mut table = vec![0u64; size];
    let mut stamp = vec![0u32; size];
    // Slices, not `Vec`s: indexing a slice is built in, a `Vec`'s is a call.
    let (occupancies, attacks) = (&occupancies[..], &attacks[..]);
    let (table, stamp) = (&mut table[..], &mut stamp[..]);
    let mut attempt = 0u32;
    loop {
        attempt += 1;
        let magic = rng.sparse();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        let mut ok = true;
        let mut j = 0;
        while j < size {
            // `magic_index` written out (occupancies are subsets of `mask` already); the
            // table fill below checks every magic again with `magic_index` itself.
            let i = (occupancies[j].wrapping_mul(magic) >> (64 - bits)) as usize;
            if stamp[i] != attempt {
                stamp[i] = attempt;
                table[i] = attacks[j];
            } else if table[i] != attacks[j] {
                ok = false;
                break;
            }
            j += 1;
        }
        if ok {
            return magic;
        }
    }
}

/// Whether to compile the engines once per CPU level and pick one at run time
/// (`src/cpu.rs`): with the `dispatch` feature (which needs `std` to detect the CPU), on
/// x86-64, in optimised builds only. At opt-level 0 speed is not the point, and the four
/// engines were most of an unoptimised build's time.
fn dispatch() -> bool {
    let feature = |name: &str| env::var_os(format!("CARGO_FEATURE_{name}")).is_some();
    feature("DISPATCH")
        && feature("STD")
        && env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("x86_64")
        && env::var("OPT_LEVEL").as_deref() != Ok("0")
}

#[allow(clippy::needless_range_loop)] // Squares index several parallel tables.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/attacks/slider_math.rs");
    println!("cargo:rerun-if-changed=src/serialize/leaper_hash.rs");
    println!("cargo::rustc-check-cfg=cfg(quadboard_dispatch)");
    if dispatch() {
        println!("cargo::rustc-cfg=quadboard_dispatch");
    }
    let out_dir = env::var("OUT_DIR").unwrap();
    let big_endian = env::var("CARGO_CFG_TARGET_ENDIAN").as_deref() == Ok("big");
    let mut rng = Rng(0x7175_6164_626f_6172); // "quadboar"
    let mut magics = [[0u64; 64]; 2];
    let mut source = String::new();
    source.push_str("// Generated by build.rs: magic multipliers found by a fixed-seed search.\n");
    for (kind, (name, steps)) in [("ROOK", &ROOK_STEPS), ("BISHOP", &BISHOP_STEPS)]
        .into_iter()
        .enumerate()
    {
        writeln!(source, "pub(crate) const {name}_MAGICS: [u64; 64] = [").unwrap();
        for square in 0..64u8 {
            magics[kind][square as usize] = find_magic(square, steps, &mut rng);
            writeln!(source, "    {:#018x},", magics[kind][square as usize]).unwrap();
        }
        source.push_str("];\n");
    }
    fs::write(Path::new(&out_dir).join("magics.rs"), source).unwrap();

    // The knight and king hash multipliers: the search that `const` evaluation took half a
    // second for.
    let mut source = String::new();
    source.push_str("// Generated by build.rs: the leapers' hash multipliers, per square.\n");
    for (name, steps) in [
        ("KNIGHT", &leaper_hash::KNIGHT_STEPS),
        ("KING", &leaper_hash::KING_STEPS),
    ] {
        let layout = leaper_hash::layout(&leaper_hash::leaper_masks(steps), None);
        writeln!(source, "const {name}_MAGICS: [u64; 64] = [").unwrap();
        for slot in &layout.slots {
            writeln!(source, "    {:#018x},", slot.magic).unwrap();
        }
        source.push_str("];\n");
    }
    fs::write(Path::new(&out_dir).join("leaper_magics.rs"), source).unwrap();

    let layout = table_layout();
    let size = layout.size;
    let mut magic_table = vec![u64::MAX; size];
    let mut pext_table = vec![0u64; size];
    for (kind, steps) in [&ROOK_STEPS, &BISHOP_STEPS].into_iter().enumerate() {
        for square in 0..64 {
            let (mask, offset) = (
                layout.masks[kind][square],
                layout.offsets[kind][square] as usize,
            );
            let bits = mask.count_ones();
            for i in 0..1u64 << bits {
                let occupied = deposit(i, mask);
                let attacks = ray_walk(square as u8, occupied, steps);
                let slot = offset + magic_index(occupied, mask, magics[kind][square], bits);
                assert!(
                    magic_table[slot] == u64::MAX || magic_table[slot] == attacks,
                    "magic collision"
                );
                magic_table[slot] = attacks;
                // `deposit` inverts PEXT: slot i holds the occupancy whose gathered bits are i.
                pext_table[offset + i as usize] = attacks;
            }
        }
    }
    for (file, table) in [("magic.bin", &magic_table), ("pext.bin", &pext_table)] {
        let bytes: Vec<u8> = table
            .iter()
            // Unused magic slots stay unreachable; store them as empty sets.
            .map(|&w| if w == u64::MAX { 0 } else { w })
            .flat_map(|w| {
                if big_endian {
                    w.to_be_bytes()
                } else {
                    w.to_le_bytes()
                }
            })
            .collect();
        fs::write(Path::new(&out_dir).join(file), bytes).unwrap();
    }
}
