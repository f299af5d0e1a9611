//! The names engines give the lichess variants in their `UCI_Variant` option.

use quadboard_chess::variant::Variant;

/// The names engines give `variant` in `UCI_Variant`, lichess's (which Fairy-Stockfish and
/// multi-variant Stockfish use too) first. Fairy-Stockfish's `giveaway` and `suicide` are
/// other rules (castling; stalemate counted by pieces), not lichess's antichess, so they
/// are not among antichess's names.
pub fn uci_variant_names(variant: Variant) -> &'static [&'static str] {
    match variant {
        Variant::Antichess => &["antichess"],
        Variant::Atomic => &["atomic"],
        Variant::Crazyhouse => &["crazyhouse"],
        Variant::Horde => &["horde"],
        Variant::KingOfTheHill => &["kingofthehill", "koth"],
        Variant::RacingKings => &["racingkings"],
        Variant::ThreeCheck => &["3check", "threecheck"],
    }
}
