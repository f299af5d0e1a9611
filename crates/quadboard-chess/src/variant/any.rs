//! A variant position chosen at run time (the CLI's `--variant`, a PGN's `Variant` tag).

use alloc::string::String;

use super::{
    Antichess, Atomic, Crazyhouse, Horde, KingOfTheHill, RacingKings, ThreeCheck, Variant,
    VariantError, VariantMove, VariantMoveList, VariantOutcome, VariantPosition, VariantUciError,
};
use crate::{Board, Color};

/// A position of any variant done, its type chosen at run time: each method hands the call
/// to the variant's own type.
///
/// ```
/// use quadboard_chess::variant::{AnyVariant, Variant};
/// let pos = AnyVariant::from_fen(Variant::RacingKings, "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1")?;
/// assert_eq!(pos.variant(), Variant::RacingKings);
/// assert_eq!(pos.perft(2), 421);
/// assert_eq!(AnyVariant::new(Variant::Horde).perft(2), 128);
/// # Ok::<(), quadboard_chess::variant::VariantError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AnyVariant {
    /// Antichess.
    Antichess(Antichess),
    /// Atomic.
    Atomic(Atomic),
    /// Crazyhouse.
    Crazyhouse(Crazyhouse),
    /// Horde.
    Horde(Horde),
    /// King of the hill.
    KingOfTheHill(KingOfTheHill),
    /// Racing kings.
    RacingKings(RacingKings),
    /// Three-check.
    ThreeCheck(ThreeCheck),
}

/// Calls `$body` with `$pos` bound to the variant's own position.
macro_rules! each {
    ($self:expr, $pos:ident => $body:expr) => {
        match $self {
            AnyVariant::Antichess($pos) => $body,
            AnyVariant::Atomic($pos) => $body,
            AnyVariant::Crazyhouse($pos) => $body,
            AnyVariant::Horde($pos) => $body,
            AnyVariant::KingOfTheHill($pos) => $body,
            AnyVariant::RacingKings($pos) => $body,
            AnyVariant::ThreeCheck($pos) => $body,
        }
    };
}

impl AnyVariant {
    /// The start position of `variant`.
    pub fn new(variant: Variant) -> AnyVariant {
        match variant {
            Variant::Antichess => AnyVariant::Antichess(Antichess::new()),
            Variant::Atomic => AnyVariant::Atomic(Atomic::new()),
            Variant::Crazyhouse => AnyVariant::Crazyhouse(Crazyhouse::new()),
            Variant::Horde => AnyVariant::Horde(Horde::new()),
            Variant::KingOfTheHill => AnyVariant::KingOfTheHill(KingOfTheHill::new()),
            Variant::RacingKings => AnyVariant::RacingKings(RacingKings::new()),
            Variant::ThreeCheck => AnyVariant::ThreeCheck(ThreeCheck::new()),
        }
    }

    /// Reads a position of `variant` (see [`VariantPosition::from_fen`]).
    ///
    /// # Errors
    /// [`VariantError`] as the variant's type gives it.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<AnyVariant, VariantError> {
        Ok(match variant {
            Variant::Antichess => AnyVariant::Antichess(Antichess::from_fen(fen)?),
            Variant::Atomic => AnyVariant::Atomic(Atomic::from_fen(fen)?),
            Variant::Crazyhouse => AnyVariant::Crazyhouse(Crazyhouse::from_fen(fen)?),
            Variant::Horde => AnyVariant::Horde(Horde::from_fen(fen)?),
            Variant::KingOfTheHill => AnyVariant::KingOfTheHill(KingOfTheHill::from_fen(fen)?),
            Variant::RacingKings => AnyVariant::RacingKings(RacingKings::from_fen(fen)?),
            Variant::ThreeCheck => AnyVariant::ThreeCheck(ThreeCheck::from_fen(fen)?),
        })
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        match self {
            AnyVariant::Antichess(_) => Variant::Antichess,
            AnyVariant::Atomic(_) => Variant::Atomic,
            AnyVariant::Crazyhouse(_) => Variant::Crazyhouse,
            AnyVariant::Horde(_) => Variant::Horde,
            AnyVariant::KingOfTheHill(_) => Variant::KingOfTheHill,
            AnyVariant::RacingKings(_) => Variant::RacingKings,
            AnyVariant::ThreeCheck(_) => Variant::ThreeCheck,
        }
    }

    /// [`VariantPosition::to_fen`].
    pub fn to_fen(&self) -> String {
        each!(self, p => p.to_fen())
    }

    /// [`VariantPosition::board`].
    pub fn board(&self) -> &Board {
        each!(self, p => p.board())
    }

    /// [`VariantPosition::turn`].
    pub fn turn(&self) -> Color {
        each!(self, p => p.turn())
    }

    /// [`VariantPosition::legal_moves`].
    pub fn legal_moves(&self) -> VariantMoveList {
        each!(self, p => p.legal_moves())
    }

    /// [`VariantPosition::count_legal_moves`].
    pub fn count_legal_moves(&self) -> u64 {
        each!(self, p => p.count_legal_moves())
    }

    /// [`VariantPosition::play_unchecked`].
    pub fn play_unchecked(&mut self, m: VariantMove) {
        each!(self, p => p.play_unchecked(m))
    }

    /// [`VariantPosition::play`].
    ///
    /// # Errors
    /// [`VariantUciError::Illegal`] when `m` is not legal here.
    pub fn play(&self, m: VariantMove) -> Result<AnyVariant, VariantUciError> {
        let mut next = *self;
        each!(&mut next, p => *p = p.play(m)?);
        Ok(next)
    }

    /// [`VariantPosition::is_check`].
    pub fn is_check(&self) -> bool {
        each!(self, p => p.is_check())
    }

    /// [`VariantPosition::is_variant_end`].
    pub fn is_variant_end(&self) -> bool {
        each!(self, p => p.is_variant_end())
    }

    /// [`VariantPosition::outcome`].
    pub fn outcome(&self) -> Option<VariantOutcome> {
        each!(self, p => p.outcome())
    }

    /// [`VariantPosition::has_insufficient_material`].
    pub fn has_insufficient_material(&self, color: Color) -> bool {
        each!(self, p => p.has_insufficient_material(color))
    }

    /// [`VariantPosition::to_uci`].
    pub fn to_uci(&self, m: VariantMove) -> String {
        each!(self, p => p.to_uci(m))
    }

    /// [`VariantPosition::parse_uci`].
    ///
    /// # Errors
    /// [`VariantUciError`] when the text is not UCI or names no legal move.
    pub fn parse_uci(&self, text: &str) -> Result<VariantMove, VariantUciError> {
        each!(self, p => p.parse_uci(text))
    }

    /// The hash key, from scratch ([`super::hash::key`]).
    ///
    /// ```
    /// use quadboard_chess::variant::{AnyVariant, Variant};
    /// let pos = AnyVariant::new(Variant::ThreeCheck);
    /// assert_eq!(pos.key(), quadboard_chess::Position::new().key());
    /// ```
    pub fn key(&self) -> u64 {
        each!(self, p => super::hash::key(p))
    }

    /// [`VariantPosition::key_fields`].
    ///
    /// ```
    /// use quadboard_chess::variant::{AnyVariant, Variant};
    /// let pos = AnyVariant::new(Variant::ThreeCheck);
    /// assert_eq!(pos.key_fields().remaining_checks, Some([3, 3]));
    /// ```
    pub fn key_fields(&self) -> super::hash::KeyFields {
        each!(self, p => p.key_fields())
    }

    /// [`VariantPosition::to_san`].
    ///
    /// ```
    /// use quadboard_chess::variant::{AnyVariant, Variant};
    /// let pos = AnyVariant::new(Variant::Crazyhouse);
    /// assert_eq!(pos.to_san(pos.parse_uci("e2e4")?), "e4");
    /// # Ok::<(), quadboard_chess::variant::VariantUciError>(())
    /// ```
    pub fn to_san(&self, m: VariantMove) -> crate::san::SanText {
        each!(self, p => p.to_san(m))
    }

    /// [`VariantPosition::parse_san`].
    ///
    /// ```
    /// use quadboard_chess::variant::{AnyVariant, Variant};
    /// let pos = AnyVariant::new(Variant::RacingKings);
    /// assert_eq!(pos.to_uci(pos.parse_san("Nd4")?), "e2d4");
    /// # Ok::<(), quadboard_chess::variant::VariantSanError>(())
    /// ```
    ///
    /// # Errors
    /// [`super::VariantSanError`]: the text is not SAN, fits no legal move, or fits several.
    pub fn parse_san(&self, text: &str) -> Result<VariantMove, super::VariantSanError> {
        each!(self, p => p.parse_san(text))
    }

    /// [`super::perft`] of the position.
    pub fn perft(&self, depth: u32) -> u64 {
        each!(self, p => super::perft(p, depth))
    }
}
