//! A selector byte picking one of the seven lichess variants, then any bytes as a FEN of
//! it: `AnyVariant::from_fen` never panics; an accepted position prints a FEN that reads
//! back to an equal position (and prints the same again); its key equals the key of the
//! fields its FEN gives and the key `Keyed` keeps up to date over each legal move; counting
//! agrees with listing; every legal move plays; and perft 2 equals the sum of perft 1 over
//! the children.
#![no_main]

use libfuzzer_sys::fuzz_target;
use quadboard_chess::variant::hash::{KeyFields, Keyed};
use quadboard_chess::variant::{AnyVariant, Variant};

/// `Keyed`'s incremental key after `m`, on the variant's own type, against the key from
/// scratch.
fn keyed_matches(pos: &AnyVariant, m: quadboard_chess::variant::VariantMove) {
    macro_rules! check {
        ($p:expr) => {{
            let mut keyed = Keyed::new(*$p);
            assert_eq!(keyed.key(), pos.key(), "Keyed::new and key differ");
            keyed.play_unchecked(m);
            let after = pos.play(m).expect("a legal move plays");
            assert_eq!(keyed.key(), after.key(), "the kept key differs after {m:?}");
        }};
    }
    match pos {
        AnyVariant::Antichess(p) => check!(p),
        AnyVariant::Atomic(p) => check!(p),
        AnyVariant::Crazyhouse(p) => check!(p),
        AnyVariant::Horde(p) => check!(p),
        AnyVariant::KingOfTheHill(p) => check!(p),
        AnyVariant::RacingKings(p) => check!(p),
        AnyVariant::ThreeCheck(p) => check!(p),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let variant = Variant::ALL[first as usize % Variant::ALL.len()];
    let Ok(fen) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(pos) = AnyVariant::from_fen(variant, fen) else {
        return;
    };
    assert_eq!(pos.variant(), variant);

    let printed = pos.to_fen();
    let again = AnyVariant::from_fen(variant, &printed)
        .unwrap_or_else(|e| panic!("{printed:?} does not read back: {e}"));
    assert_eq!(again, pos, "{printed:?} reads back to another position");
    assert_eq!(again.to_fen(), printed);

    assert_eq!(pos.key(), KeyFields::from_fen(&printed).key());
    assert_eq!(pos.key(), pos.key_fields().key());

    let moves = pos.legal_moves();
    assert_eq!(moves.len() as u64, pos.count_legal_moves());
    assert_eq!(pos.perft(1), moves.len() as u64);
    let mut sum = 0;
    for &m in moves.iter() {
        let child = pos
            .play(m)
            .unwrap_or_else(|e| panic!("{m:?} does not play: {e}"));
        sum += child.perft(1);
        keyed_matches(&pos, m);
        let _ = (child.to_fen(), child.outcome(), child.is_check());
    }
    assert_eq!(pos.perft(2), sum, "perft 2 of {printed:?}");
    let _ = (pos.outcome(), pos.is_variant_end());
});
