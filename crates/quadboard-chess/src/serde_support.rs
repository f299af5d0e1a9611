//! `Serialize` and `Deserialize` (feature `serde`): every type as the text chess writes it.
//!
//! | type | text | example |
//! | --- | --- | --- |
//! | [`Square`], [`File`], [`Rank`] | name | `"e4"`, `"e"`, `"4"` |
//! | [`Color`] | word | `"white"` (`"w"` is read too) |
//! | [`Role`] | word | `"knight"` (a letter is read too) |
//! | [`Piece`] | FEN letter | `"N"`, `"n"` |
//! | [`Move`] | UCI, castling king-takes-rook | `"e2e4"`, `"e7e8q"`, `"e1h1"` |
//! | [`Position`] | FEN | `"rnbqkbnr/... w KQkq - 0 1"` |
//!
//! Each is written by its `Display` and read by its `FromStr`, except [`Move`]: a move on
//! its own knows neither its position nor the castling mode. It is written as [`Move`]'s
//! `Display` writes it (castling as the king taking its own rook, the move's raw squares),
//! and read back as a normal move or a promotion, since the text cannot tell castling or en
//! passant from a normal move. Read such moves against their position, with
//! [`Position::parse_uci`], which accepts exactly this text. A [`Position`] is read strictly,
//! like [`Position::from_fen`], whose rule also decides its castling mode.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::moves::parse_uci_syntax;
use crate::{Color, File, Move, Piece, Position, Rank, Role, Square};

/// Reads any type from a string through its `FromStr`.
struct FromText<T>(PhantomData<T>, &'static str);

impl<T: FromStr> Visitor<'_> for FromText<T>
where
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

macro_rules! as_text {
    ($($ty:ty => $expecting:literal),* $(,)?) => {$(
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<$ty, D::Error> {
                deserializer.deserialize_str(FromText(PhantomData, $expecting))
            }
        }
    )*};
}

as_text!(
    Square => "a square name like e4",
    File => "a file letter a-h",
    Rank => "a rank digit 1-8",
    Color => "white or black",
    Role => "a role: pawn, knight, bishop, rook, queen or king",
    Piece => "a FEN piece letter",
    Position => "a FEN",
    UciText => "a UCI move like e2e4 or e7e8q",
);

/// A move read from UCI text alone: a normal move, or a promotion with its fifth letter.
struct UciText(Move);

impl FromStr for UciText {
    type Err = &'static str;
    fn from_str(text: &str) -> Result<UciText, &'static str> {
        match parse_uci_syntax(text) {
            Some((from, to, None)) => Ok(UciText(Move::normal(from, to))),
            Some((from, to, Some(role))) => Ok(UciText(Move::promotion(from, to, role))),
            None => Err("expected a UCI move: <from><to>[n|b|r|q], like e2e4 or e7e8q"),
        }
    }
}

impl fmt::Display for UciText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        UciText::deserialize(deserializer).map(|text| text.0)
    }
}
