//! Material signatures and table names (`KRPvKR`).

use core::fmt;

use quadboard_chess::{Color, Position, Role};

/// Roles in the order table names list them: king first, pawn last.
const NAME_ORDER: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// How many pieces of each role each side has, packed: three bits per role (pawn to
/// queen) and side, white's first. Kings are not counted: every position has one each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Material(pub u32);

impl Material {
    /// The material of a position.
    #[inline]
    pub fn of(pos: &Position) -> Material {
        let board = pos.board();
        let mut key = 0;
        for (c, color) in [Color::White, Color::Black].into_iter().enumerate() {
            let ours = board.by_color(color);
            for role in [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
            ] {
                let n = (ours & board.by_role(role)).count().min(7);
                key |= n << shift(c, role);
            }
        }
        Material(key)
    }

    /// The number of pieces of `role` on side `side` (0 white, 1 black); kings count one.
    pub fn count(self, side: usize, role: Role) -> u32 {
        if role == Role::King {
            1
        } else {
            (self.0 >> shift(side, role)) & 7
        }
    }

    /// The material with the colours swapped.
    pub fn mirrored(self) -> Material {
        Material((self.0 >> 15) | ((self.0 & 0x7fff) << 15))
    }

    /// Pieces in all, kings included.
    pub fn pieces(self) -> u32 {
        let mut n = 2;
        for side in 0..2 {
            for role in [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
            ] {
                n += self.count(side, role);
            }
        }
        n
    }

    /// Whether either side has pawns.
    pub fn has_pawns(self) -> bool {
        self.count(0, Role::Pawn) + self.count(1, Role::Pawn) > 0
    }

    /// Reads a table name such as `KRPvKR` (white's pieces, `v`, black's; each side with
    /// exactly one king, the other letters in any order), or `None`.
    pub fn from_name(name: &str) -> Option<Material> {
        let (white, black) = name.split_once('v')?;
        let mut key = 0u32;
        let mut total = 0;
        for (side, letters) in [white, black].into_iter().enumerate() {
            let mut kings = 0;
            for ch in letters.chars() {
                let role =
                    Role::from_char(ch.to_ascii_lowercase()).filter(|_| ch.is_ascii_uppercase())?;
                total += 1;
                if role == Role::King {
                    kings += 1;
                    continue;
                }
                let s = shift(side, role);
                let n = (key >> s) & 7;
                if n == 7 {
                    return None;
                }
                key += 1 << s;
            }
            if kings != 1 {
                return None;
            }
        }
        (total <= crate::index::MAX_PIECES).then_some(Material(key))
    }

    /// The name with the stronger side first, as the tables are named (more pieces first,
    /// then the better pieces: `KQvKR`, not `KRvKQ`).
    pub fn name(self) -> TableName {
        let side_key = |side: usize| {
            let mut k = [0u32; 7];
            k[0] = [
                Role::Pawn,
                Role::Knight,
                Role::Bishop,
                Role::Rook,
                Role::Queen,
            ]
            .iter()
            .map(|&r| self.count(side, r))
            .sum::<u32>();
            for (i, role) in NAME_ORDER[1..].iter().enumerate() {
                k[i + 1] = self.count(side, *role);
            }
            k
        };
        let (first, second) = if side_key(0) >= side_key(1) {
            (0, 1)
        } else {
            (1, 0)
        };
        let mut name = TableName::default();
        for (i, side) in [first, second].into_iter().enumerate() {
            if i == 1 {
                name.push(b'v');
            }
            for role in NAME_ORDER {
                for _ in 0..self.count(side, role) {
                    name.push(role.char().to_ascii_uppercase() as u8);
                }
            }
        }
        name
    }
}

const fn shift(side: usize, role: Role) -> u32 {
    (side as u32) * 15 + 3 * (role as u32 - 1)
}

/// A table name such as `KRPvKR`, stored inline so that an error can carry it without
/// allocating.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TableName {
    bytes: [u8; 16],
    len: u8,
}

impl TableName {
    fn push(&mut self, b: u8) {
        if usize::from(self.len) < self.bytes.len() {
            self.bytes[usize::from(self.len)] = b;
            self.len += 1;
        }
    }

    /// The name as text.
    pub fn as_str(&self) -> &str {
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or("?")
    }
}

impl fmt::Display for TableName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for TableName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        let m = Material::from_name("KRPvKR").unwrap();
        assert_eq!(m.pieces(), 5);
        assert!(m.has_pawns());
        assert_eq!(m.name().as_str(), "KRPvKR");
        assert_eq!(m.mirrored().name().as_str(), "KRPvKR");
        assert_eq!(Material::from_name("KvKQ").unwrap().name().as_str(), "KQvK");
        assert_eq!(
            Material::from_name("KRvKQ").unwrap().name().as_str(),
            "KQvKR"
        );
        assert!(Material::from_name("KRvR").is_none());
        assert!(Material::from_name("KKvK").is_none());
        assert!(Material::from_name("KXvK").is_none());
        assert!(Material::from_name("krvk").is_none());
        assert!(Material::from_name("KQQQQQQvK").is_none());
        let pos = Position::from_fen("8/8/8/8/8/8/2k5/KR6 w - - 0 1").unwrap();
        assert_eq!(Material::of(&pos), Material::from_name("KRvK").unwrap());
    }
}
