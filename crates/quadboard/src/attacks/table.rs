//! The slider tables that `build.rs` writes as raw words, viewed as `u64` arrays.

use super::slider_math::{table_layout, TableLayout};

pub(crate) const LAYOUT: TableLayout = table_layout();
pub(crate) const SIZE: usize = LAYOUT.size;

/// Gives the included bytes the alignment of the words they hold.
#[repr(C, align(64))]
pub(crate) struct Aligned<T: ?Sized>(pub(crate) T);

macro_rules! words {
    ($file:literal) => {{
        static BYTES: &Aligned<[u8; SIZE * 8]> =
            &Aligned(*include_bytes!(concat!(env!("OUT_DIR"), "/", $file)));
        // SAFETY: BYTES holds exactly SIZE * 8 bytes (the array type checks the file's
        // length at compile time), is 64-byte aligned, and any bit pattern is a valid u64;
        // build.rs wrote the words in the target's byte order.
        unsafe { &*(BYTES.0.as_ptr() as *const [u64; SIZE]) }
    }};
}

pub(crate) static MAGIC: &[u64; SIZE] = words!("magic.bin");
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
pub(crate) static PEXT: &[u64; SIZE] = words!("pext.bin");
