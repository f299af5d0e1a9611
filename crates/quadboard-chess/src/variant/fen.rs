//! The variant fields of a FEN, split off before the chess fields are read by
//! [`Setup::from_fen`]: three-check's check counts, crazyhouse's pocket and promoted-piece
//! markers.
//!
//! Check counts come in two forms (`../shared/data/variants/README.md`): `3+3` as a fifth
//! field counts the checks each side still has to give (shakmaty and python-chess write
//! this one); lichess writes `+W+B` after the move number, counting the checks given. The
//! pocket is `[Qn]` after the placement or a ninth rank `/Qn`; a promoted piece carries a
//! `~` after its letter.

use alloc::string::String;
use alloc::vec::Vec;

use super::crazyhouse::Pockets;
use super::VariantError;
use crate::{Bitboard, CastlingMode, File, Rank, Role, Setup, Square};

/// A FEN read with its variant fields, none yet checked against a variant.
pub(super) struct VariantSetup {
    /// The chess fields.
    pub(super) setup: Setup,
    /// How castling is written (Chess960 when the rights need it).
    pub(super) mode: CastlingMode,
    /// The checks each side still has to give, white's first, if written.
    pub(super) remaining_checks: Option<[u8; 2]>,
    /// The pockets, if written (`[]` is an empty pocket, written).
    pub(super) pockets: Option<Pockets>,
    /// The squares marked `~`.
    pub(super) promoted: Bitboard,
}

impl VariantSetup {
    /// Fails with a field error unless the FEN has only the variant fields `variant` has.
    pub(super) fn only(
        &self,
        checks: bool,
        pockets: bool,
        variant: super::Variant,
    ) -> Result<(), VariantError> {
        let problem = |field| {
            Err(VariantError::Field {
                field,
                text: String::from(variant.uci_name()),
                problem: "is not a field of this variant",
            })
        };
        if !checks && self.remaining_checks.is_some() {
            return problem("check counts");
        }
        if !pockets && (self.pockets.is_some() || self.promoted.any()) {
            return problem("pocket");
        }
        Ok(())
    }
}

/// Reads `fen` with whatever variant fields it has.
pub(super) fn read(fen: &str) -> Result<VariantSetup, VariantError> {
    let mut fields: Vec<&str> = fen.split_ascii_whitespace().collect();
    let mut remaining_checks = None;
    // Remaining checks `W+B` as the fifth field (five or seven fields in all).
    if matches!(fields.len(), 5 | 7) {
        if let Some(counts) = check_counts(fields[4], false)? {
            remaining_checks = Some(counts);
            fields.remove(4);
        }
    }
    // Checks given `+W+B`, lichess's, last (or fifth).
    if remaining_checks.is_none() && matches!(fields.len(), 5 | 7) {
        let last = fields.len() - 1;
        for i in [last, 4] {
            if let Some(given) = check_counts(fields[i], true)? {
                remaining_checks = Some([3 - given[0], 3 - given[1]]);
                fields.remove(i);
                break;
            }
        }
    }
    let Some(&placement) = fields.first() else {
        return Err(match Setup::from_fen(fen) {
            Err(e) => VariantError::Fen(e),
            Ok(_) => VariantError::field("fields", fen, "no fields"),
        });
    };
    let (placement, pockets) = split_pocket(placement)?;
    let (placement, promoted) = strip_promoted(&placement)?;
    let mut text = placement;
    for field in &fields[1..] {
        text.push(' ');
        text.push_str(field);
    }
    let setup = Setup::from_fen(&text).map_err(VariantError::Fen)?;
    if (promoted & !setup.board.occupied()).any() {
        return Err(VariantError::field(
            "promoted pieces",
            fields[0],
            "'~' must follow a piece letter",
        ));
    }
    let mode = setup.castling_mode();
    Ok(VariantSetup {
        setup,
        mode,
        remaining_checks,
        pockets,
        promoted,
    })
}

/// `W+B` (or `+W+B` when `given`), each 0 to 3; `None` when the text is not of that form.
fn check_counts(text: &str, given: bool) -> Result<Option<[u8; 2]>, VariantError> {
    let body = if given {
        match text.strip_prefix('+') {
            Some(body) => body,
            None => return Ok(None),
        }
    } else {
        text
    };
    let Some((w, b)) = body.split_once('+') else {
        return Ok(None);
    };
    let digit = |s: &str| match s.as_bytes() {
        [d @ b'0'..=b'9'] => Some(d - b'0'),
        _ => None,
    };
    match (digit(w), digit(b)) {
        (Some(w), Some(b)) if w <= 3 && b <= 3 => Ok(Some([w, b])),
        (Some(_), Some(_)) => Err(VariantError::field(
            "check counts",
            text,
            "each count must be 0 to 3",
        )),
        _ if w.bytes().all(|c| c.is_ascii_digit()) && b.bytes().all(|c| c.is_ascii_digit()) => Err(
            VariantError::field("check counts", text, "each count must be 0 to 3"),
        ),
        _ => Ok(None),
    }
}

/// The placement without its pocket, and the pocket (`[..]` or a ninth rank).
fn split_pocket(placement: &str) -> Result<(String, Option<Pockets>), VariantError> {
    if let Some((board, rest)) = placement.split_once('[') {
        let Some(pocket) = rest.strip_suffix(']') else {
            return Err(VariantError::field(
                "pocket",
                placement,
                "expected the pocket in brackets at the end of the placement, like [Qn]",
            ));
        };
        return Ok((String::from(board), Some(parse_pocket(pocket)?)));
    }
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() == 9 {
        let board = ranks[..8].join("/");
        return Ok((board, Some(parse_pocket(ranks[8])?)));
    }
    Ok((String::from(placement), None))
}

/// Pocket letters: `QRBNP` for white's pieces, `qrbnp` for black's, in any order.
fn parse_pocket(text: &str) -> Result<Pockets, VariantError> {
    let mut pockets = Pockets::default();
    for c in text.chars() {
        let Some(piece) = crate::Piece::from_char(c) else {
            return Err(VariantError::field(
                "pocket",
                text,
                "expected piece letters (QRBNP for white, qrbnp for black)",
            ));
        };
        if piece.role() == Role::King {
            return Err(VariantError::field(
                "pocket",
                text,
                "a king cannot be in a pocket",
            ));
        }
        if pockets.count(piece.color(), piece.role()) >= 64 {
            return Err(VariantError::field(
                "pocket",
                text,
                "more than 64 of a piece",
            ));
        }
        pockets.add(piece.color(), piece.role());
    }
    Ok(pockets)
}

/// The placement without `~` markers, and the squares of the pieces they followed. The
/// placement's syntax is left to [`Setup::from_fen`]; only the markers are checked here.
fn strip_promoted(placement: &str) -> Result<(String, Bitboard), VariantError> {
    if !placement.contains('~') {
        return Ok((String::from(placement), Bitboard::EMPTY));
    }
    let mut out = String::with_capacity(placement.len());
    let mut promoted = Bitboard::EMPTY;
    let bad = || {
        VariantError::field(
            "promoted pieces",
            placement,
            "'~' must follow a piece letter",
        )
    };
    for (i, rank_text) in placement.split('/').enumerate() {
        if i > 0 {
            out.push('/');
        }
        let mut file: u32 = 0;
        let mut last_piece: Option<u32> = None;
        for c in rank_text.chars() {
            if c == '~' {
                let (Some(f), true) = (last_piece.take(), i < 8) else {
                    return Err(bad());
                };
                if f < 8 {
                    promoted |=
                        Square::from_coords(File::new(f as u8), Rank::new(7 - i as u8)).bitboard();
                }
                continue;
            }
            out.push(c);
            if let Some(d) = c.to_digit(10) {
                file += d;
                last_piece = None;
            } else {
                last_piece = Some(file);
                file += 1;
            }
        }
    }
    Ok((out, promoted))
}

/// `fen` (a chess FEN from [`Setup::to_fen`]) with a `~` after each piece on `promoted`
/// and `pocket` (if any) after the placement.
pub(super) fn write_placement_extras(
    fen: &str,
    promoted: Bitboard,
    pocket: Option<&Pockets>,
) -> String {
    let (placement, rest) = fen.split_once(' ').unwrap_or((fen, ""));
    let mut out = String::with_capacity(fen.len() + 16);
    for (i, rank_text) in placement.split('/').enumerate() {
        if i > 0 {
            out.push('/');
        }
        let mut file: u32 = 0;
        for c in rank_text.chars() {
            out.push(c);
            if let Some(d) = c.to_digit(10) {
                file += d;
            } else {
                if file < 8 && i < 8 {
                    let square = Square::from_coords(File::new(file as u8), Rank::new(7 - i as u8));
                    if promoted.contains(square) {
                        out.push('~');
                    }
                }
                file += 1;
            }
        }
    }
    if let Some(pocket) = pocket {
        out.push('[');
        pocket.write(&mut out);
        out.push(']');
    }
    out.push(' ');
    out.push_str(rest);
    out
}

/// `fen` (six fields) with the remaining check counts `W+B` inserted as the fifth field.
pub(super) fn write_checks(fen: &str, remaining: [u8; 2]) -> String {
    let fields: Vec<&str> = fen.split(' ').collect();
    let mut out = String::with_capacity(fen.len() + 4);
    for (i, field) in fields.iter().enumerate() {
        if i == 4 {
            out.push(char::from(b'0' + remaining[0]));
            out.push('+');
            out.push(char::from(b'0' + remaining[1]));
            out.push(' ');
        }
        out.push_str(field);
        if i + 1 < fields.len() {
            out.push(' ');
        }
    }
    out
}
