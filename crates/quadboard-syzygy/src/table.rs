//! One table file: its header read on first use, and the raw probe of a position.
//!
//! A file holds one material (`KRvK`), for WDL both sides to move (one when the material
//! is symmetric), for DTZ one side to move; pawnful tables hold one sub-table per file of
//! the leading pawn (a-d, the board mirrored onto the queen side). The raw probe mirrors
//! the position into the table's colours and corner, computes the index and decodes the
//! value; what the tables leave out (captures that are better than the stored value, en
//! passant, the side to move a DTZ table lacks) is the business of `tablebase.rs`.

use std::fs::File;
use std::io;
use std::path::PathBuf;
use std::sync::OnceLock;

use quadboard_chess::{Color, Position, Role};

use crate::index::{
    flip_diagonal, off_diagonal, three_unique_index, BINOMIAL, KING_PAIRS, LEAD_PAWNS_SIZE,
    LEAD_PAWNS_START, PAWN_RANK, THREE_UNIQUE, TRIANGLE, TWO_KINGS,
};
use crate::material::Material;
use crate::pairs::{flag, Bytes, Damaged, Pairs};

/// Which kind of table: win/draw/loss or distance to zeroing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Metric {
    /// Win/draw/loss tables (`.rtbw`).
    Wdl,
    /// Distance-to-zeroing tables (`.rtbz`).
    Dtz,
}

impl Metric {
    /// The file extension, without the dot.
    pub const fn extension(self) -> &'static str {
        match self {
            Metric::Wdl => "rtbw",
            Metric::Dtz => "rtbz",
        }
    }

    const fn magic(self) -> [u8; 4] {
        match self {
            Metric::Wdl => [0x71, 0xe8, 0x23, 0x5d],
            Metric::Dtz => [0xd7, 0x66, 0x0c, 0xa5],
        }
    }
}

/// Why a table could not be opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenError {
    /// The file could not be opened or mapped.
    Io(io::ErrorKind),
    /// The file is not a valid table of its name.
    Damaged(&'static str),
}

impl From<Damaged> for OpenError {
    fn from(d: Damaged) -> OpenError {
        OpenError::Damaged(d.0)
    }
}

/// A table file, mapped and read on its first probe.
pub struct Table {
    path: PathBuf,
    /// The material of the file name, white as named.
    pub material: Material,
    metric: Metric,
    loaded: OnceLock<Result<Loaded, OpenError>>,
}

/// A table whose header has been read.
pub struct Loaded {
    data: memmap2::Mmap,
    /// `pairs[file * sides + side]`.
    pairs: Vec<Pairs>,
    sides: usize,
    has_pawns: bool,
    pieces: usize,
    /// The material of the pieces the table codes as white.
    white: Material,
    symmetric: bool,
    /// Pawns of the leading colour, and of the other (table colours).
    pawns: [u8; 2],
}

impl Table {
    /// A table for the file at `path`, of this material (from its name) and kind; nothing
    /// is read until the first probe.
    pub fn new(path: PathBuf, material: Material, metric: Metric) -> Table {
        Table {
            path,
            material,
            metric,
            loaded: OnceLock::new(),
        }
    }

    /// WDL or DTZ.
    pub fn metric(&self) -> Metric {
        self.metric
    }

    /// The table, mapped and read on the first call (once, whichever thread comes first).
    #[inline]
    pub fn get(&self) -> Result<&Loaded, OpenError> {
        self.loaded
            .get_or_init(|| self.load())
            .as_ref()
            .map_err(|e| *e)
    }

    fn load(&self) -> Result<Loaded, OpenError> {
        let file = File::open(&self.path).map_err(|e| OpenError::Io(e.kind()))?;
        let len = file.metadata().map_err(|e| OpenError::Io(e.kind()))?.len();
        // Every table file is 16 bytes more than a multiple of 64 (the generator pads
        // each side's blocks to 64 and the file to this size): a cheap first check that
        // also refuses empty files, which cannot be mapped.
        if len % 64 != 16 {
            return Err(OpenError::Damaged("a file size that no table has"));
        }
        // SAFETY: the map is only read, through bound-checked slices. A table file that
        // another process truncates while it is mapped can still fault (SIGBUS): the one
        // caveat of memory mapping, which every Syzygy prober accepts.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| OpenError::Io(e.kind()))?;
        #[cfg(unix)]
        let _ = map.advise(memmap2::Advice::Random);
        Loaded::parse(map, self.material, self.metric)
    }
}

impl Loaded {
    fn parse(data: memmap2::Mmap, material: Material, metric: Metric) -> Result<Loaded, OpenError> {
        let bytes = Bytes(&data);
        let magic = [bytes.u8(0)?, bytes.u8(1)?, bytes.u8(2)?, bytes.u8(3)?];
        if magic != metric.magic() {
            return Err(OpenError::Damaged(match metric {
                Metric::Wdl => "not a WDL table (wrong magic)",
                Metric::Dtz => "not a DTZ table (wrong magic)",
            }));
        }
        let head = bytes.u8(4)?;
        let has_pawns = material.has_pawns();
        let symmetric = material == material.mirrored();
        if (head & 2 != 0) != has_pawns {
            return Err(OpenError::Damaged(
                "the pawn flag disagrees with the file name",
            ));
        }
        if (head & 1 != 0) == symmetric {
            return Err(OpenError::Damaged(
                "the split flag disagrees with the file name",
            ));
        }
        let sides = if metric == Metric::Wdl && !symmetric {
            2
        } else {
            1
        };
        let files = if has_pawns { 4 } else { 1 };
        let pieces = material.pieces() as usize;
        // The leading colour is the one with fewer pawns, but at least one (white on a tie).
        let (wp, bp) = (
            material.count(0, Role::Pawn) as u8,
            material.count(1, Role::Pawn) as u8,
        );
        let pawns = if bp == 0 || (wp > 0 && bp >= wp) {
            [wp, bp]
        } else {
            [bp, wp]
        };
        let both_pawns = has_pawns && pawns[1] > 0;
        let unique = !has_pawns
            && (0..2).any(|side| {
                [Role::Knight, Role::Bishop, Role::Rook, Role::Queen]
                    .iter()
                    .any(|&r| material.count(side, r) == 1)
            });
        let mut pairs = vec![Pairs::default(); files * sides];
        let mut pos = 5u64;
        for file in 0..files {
            let o0 = bytes.u8(pos)?;
            let o1 = if both_pawns { bytes.u8(pos + 1)? } else { 0xff };
            let order = [[o0 & 0xf, o1 & 0xf], [o0 >> 4, o1 >> 4]];
            pos += 1 + u64::from(both_pawns);
            for k in 0..pieces {
                let b = bytes.u8(pos + k as u64)?;
                for side in 0..sides {
                    let code = if side == 0 { b & 0xf } else { b >> 4 };
                    if !matches!(code, 1..=6 | 9..=14) {
                        return Err(OpenError::Damaged("a piece code out of range"));
                    }
                    pairs[file * sides + side].pieces[k] = code;
                }
            }
            pos += pieces as u64;
            for side in 0..sides {
                let p = &mut pairs[file * sides + side];
                set_groups(p, order[side], file, pieces, has_pawns, both_pawns, unique)?;
            }
        }
        // The pieces as the table codes them must be the file's material, in one of its
        // two orientations; which one says how to mirror a position.
        let white = coded_material(&pairs[0].pieces[..pieces]);
        if white != material && white != material.mirrored() {
            return Err(OpenError::Damaged("the pieces disagree with the file name"));
        }
        pos += pos & 1;
        for p in pairs.iter_mut() {
            pos = p.read_header(bytes, pos)?;
        }
        if metric == Metric::Dtz {
            for p in pairs.iter_mut() {
                if p.flags & flag::MAPPED == 0 {
                    continue;
                }
                if p.flags & flag::WIDE != 0 {
                    pos += pos & 1;
                    for i in 0..4 {
                        p.map_idx[i] = pos + 2;
                        pos += 2 * u64::from(bytes.u16_le(pos)?) + 2;
                    }
                } else {
                    for i in 0..4 {
                        p.map_idx[i] = pos + 1;
                        pos += u64::from(bytes.u8(pos)?) + 1;
                    }
                }
            }
            pos += pos & 1;
        }
        for p in pairs.iter_mut() {
            pos = p.set_sparse(pos);
        }
        for p in pairs.iter_mut() {
            pos = p.set_block_lengths(pos);
        }
        for p in pairs.iter_mut() {
            pos = p.set_data(pos)?;
        }
        if pos > bytes.0.len() as u64 {
            return Err(OpenError::Damaged(
                "the blocks reach past the end of the file",
            ));
        }
        Ok(Loaded {
            data,
            pairs,
            sides,
            has_pawns,
            pieces,
            white,
            symmetric,
            pawns,
        })
    }

    /// Where `pos` is in the table: the sub-table and the index, or `None` when this is a
    /// DTZ table of the other side to move.
    #[inline]
    fn encode(
        &self,
        pos: &Position,
        material: Material,
        dtz: bool,
    ) -> Result<Option<(&Pairs, u64)>, Damaged> {
        let board = pos.board();
        // Mirror the position into the table's colours: the colours swap when the table
        // codes the other side as white, or, for symmetric material, when black is to
        // move (such a table stores white to move only).
        let flip = if self.symmetric {
            pos.turn() == Color::Black
        } else {
            material != self.white
        };
        let color_flip = if flip { 8u8 } else { 0 };
        let square_flip = if flip { 56u8 } else { 0 };
        let stm = usize::from(flip) ^ usize::from(pos.turn() == Color::Black);
        let mut squares = [0u8; 7];
        let mut pieces = [0u8; 7];
        let mut size = 0;
        let mut lead = 0;
        let mut file = 0;
        let mut rest = board.occupied();
        if self.has_pawns {
            let code = self.pairs[0].pieces[0] ^ color_flip;
            let color = if code & 8 != 0 {
                Color::Black
            } else {
                Color::White
            };
            let lead_pawns = board.by_color(color) & board.by_role(Role::Pawn);
            rest ^= lead_pawns;
            for sq in lead_pawns {
                if size == squares.len() {
                    return Err(Damaged("more pieces than the table"));
                }
                squares[size] = sq.index() as u8 ^ square_flip;
                size += 1;
            }
            lead = size;
            if !(1..=5).contains(&lead) {
                return Err(Damaged("a leading pawn count the table cannot have"));
            }
            // The leader is the pawn nearest an edge file, then the lowest.
            let best = (0..lead)
                .max_by_key(|&i| PAWN_RANK[usize::from(squares[i])])
                .unwrap_or(0);
            squares.swap(0, best);
            let f = squares[0] & 7;
            file = usize::from(f.min(7 - f));
        }
        let sub = file * self.sides + if self.sides == 2 { stm } else { 0 };
        let d = &self.pairs[sub];
        // A symmetric pawnless DTZ table serves both sides to move (the colours were swapped).
        let either_side = self.symmetric && !self.has_pawns;
        if dtz && !either_side && d.flags & flag::STM != stm as u8 {
            return Ok(None);
        }
        for sq in rest {
            if size == squares.len() {
                return Err(Damaged("more pieces than the table"));
            }
            let role = board.role_at(sq).unwrap_or(Role::Pawn) as u8;
            let black = u8::from(board.by_color(Color::Black).contains(sq)) << 3;
            squares[size] = sq.index() as u8 ^ square_flip;
            pieces[size] = (role | black) ^ color_flip;
            size += 1;
        }
        if size != self.pieces {
            return Err(Damaged("a position of other material"));
        }
        // Order the pieces as the table lists them.
        for i in lead..size.saturating_sub(1) {
            if let Some(j) = (i + 1..size).find(|&j| pieces[j] == d.pieces[i]) {
                pieces.swap(i, j);
                squares.swap(i, j);
            }
        }
        let squares = &mut squares[..size];
        if squares[0] & 7 > 3 {
            for s in squares.iter_mut() {
                *s ^= 7;
            }
        }
        let mut idx;
        if self.has_pawns {
            idx = u64::from(LEAD_PAWNS_START[lead - 1][usize::from(squares[0])]);
            squares[1..lead].sort_unstable_by_key(|&s| PAWN_RANK[usize::from(s)]);
            for (i, &s) in squares.iter().enumerate().take(lead).skip(1) {
                idx += BINOMIAL[i][usize::from(PAWN_RANK[usize::from(s)])];
            }
        } else {
            if squares[0] >> 3 > 3 {
                for s in squares.iter_mut() {
                    *s ^= 56;
                }
            }
            // The first piece of the leading group off the a1-h8 diagonal goes below it.
            let first = usize::from(d.group_len[0]).min(size);
            if let Some(i) = (0..first).find(|&i| off_diagonal(squares[i]) != 0) {
                if off_diagonal(squares[i]) > 0 {
                    for s in squares[i..].iter_mut() {
                        *s = flip_diagonal(*s);
                    }
                }
            }
            idx = if d.group_len[0] >= 3 {
                three_unique_index(squares[0], squares[1], squares[2])
            } else {
                u64::from(
                    KING_PAIRS[usize::from(TRIANGLE[usize::from(squares[0])])]
                        [usize::from(squares[1])],
                )
            };
        }
        idx *= d.group_idx[0];
        let mut start = usize::from(d.group_len[0]);
        let mut pawn_group = self.has_pawns && self.pawns[1] > 0;
        let mut g = 1;
        while g < 8 && d.group_len[g] != 0 {
            let len = usize::from(d.group_len[g]);
            let end = (start + len).min(size);
            squares[start..end].sort_unstable();
            let mut n = 0;
            for i in start..end {
                let s = squares[i];
                let below = squares[..start].iter().filter(|&&t| t < s).count() as u8;
                let free = s
                    .checked_sub(below + if pawn_group { 8 } else { 0 })
                    .ok_or(Damaged("a piece group the position cannot fill"))?;
                n += BINOMIAL[(i - start + 1).min(6)][usize::from(free)];
            }
            pawn_group = false;
            idx += n * d.group_idx[g];
            start = end;
            g += 1;
        }
        Ok(Some((d, idx)))
    }

    /// The WDL value the table stores for `pos` (-2 to 2), whose material is `material`.
    #[inline]
    pub fn probe_wdl(&self, pos: &Position, material: Material) -> Result<i8, Damaged> {
        let (d, idx) = self
            .encode(pos, material, false)?
            .ok_or(Damaged("a WDL table without the side to move"))?;
        match d.value(Bytes(&self.data), idx)? {
            v @ 0..=4 => Ok(v as i8 - 2),
            _ => Err(Damaged("a WDL value out of range")),
        }
    }

    /// The DTZ value the table stores for `pos`, given its WDL value (not 0), in plies and
    /// whether it was stored in moves (doubled here, so possibly one ply too long); `None`
    /// when the table holds the other side to move.
    #[inline]
    pub fn probe_dtz(
        &self,
        pos: &Position,
        material: Material,
        wdl: i8,
    ) -> Result<Option<(u32, bool)>, Damaged> {
        let Some((d, idx)) = self.encode(pos, material, true)? else {
            return Ok(None);
        };
        let bytes = Bytes(&self.data);
        let mut v = u32::from(d.value(bytes, idx)?);
        if d.flags & flag::MAPPED != 0 {
            // The map's four parts, by WDL: win, loss, cursed win, blessed loss.
            let part = match wdl {
                2 => 0,
                -2 => 1,
                1 => 2,
                _ => 3,
            };
            let at = d.map_idx[part];
            v = if d.flags & flag::WIDE != 0 {
                u32::from(bytes.u16_le(at + 2 * u64::from(v))?)
            } else {
                u32::from(bytes.u8(at + u64::from(v))?)
            };
        }
        let plies = match wdl {
            2 => d.flags & flag::WIN_PLIES != 0,
            -2 => d.flags & flag::LOSS_PLIES != 0,
            _ => false,
        };
        Ok(Some(if plies { (v, false) } else { (2 * v, true) }))
    }
}

/// The material of a list of piece codes, codes 1-6 as white.
fn coded_material(codes: &[u8]) -> Material {
    let mut key = 0u32;
    for &c in codes {
        let role = c & 7;
        if (1..=5).contains(&role) {
            let side = u32::from(c >> 3 & 1);
            key += 1 << (side * 15 + 3 * (u32::from(role) - 1));
        }
    }
    Material(key)
}

/// Splits the pieces into index groups and computes each group's factor in the index.
///
/// The leading group is the leading pawns, or the kings and a unique piece (three pieces),
/// or the two kings; equal pieces after it join it; then each run of equal pieces is a
/// group. `order` gives the position of the leading group and of the other pawns (when
/// both sides have pawns) among the factors; the other groups fill the rest in turn.
fn set_groups(
    p: &mut Pairs,
    order: [u8; 2],
    file: usize,
    pieces: usize,
    has_pawns: bool,
    both_pawns: bool,
    unique: bool,
) -> Result<(), Damaged> {
    let mut first_len: i32 = if has_pawns {
        0
    } else if unique {
        3
    } else {
        2
    };
    let mut n = 0;
    p.group_len = [0; 8];
    p.group_idx = [0; 8];
    p.group_len[0] = 1;
    for i in 1..pieces {
        first_len -= 1;
        if first_len > 0 || p.pieces[i] == p.pieces[i - 1] {
            p.group_len[n] += 1;
        } else {
            n += 1;
            p.group_len[n] = 1;
        }
    }
    n += 1;
    let damaged = Damaged("index groups the table cannot have");
    let lead = usize::from(p.group_len[0]);
    let mut next = if both_pawns { 2 } else { 1 };
    let mut free = 64usize
        .checked_sub(
            lead + if both_pawns {
                usize::from(p.group_len[1])
            } else {
                0
            },
        )
        .ok_or(damaged)?;
    let mut idx = 1u64;
    let mut k = 0u8;
    while next < n || k == order[0] || k == order[1] {
        let factor = if k == order[0] {
            p.group_idx[0] = idx;
            if has_pawns {
                u64::from(
                    *LEAD_PAWNS_SIZE
                        .get(lead.wrapping_sub(1))
                        .ok_or(damaged)?
                        .get(file)
                        .ok_or(damaged)?,
                )
            } else if unique {
                THREE_UNIQUE
            } else {
                TWO_KINGS
            }
        } else if k == order[1] {
            p.group_idx[1] = idx;
            let len = usize::from(p.group_len[1]);
            *BINOMIAL
                .get(len)
                .ok_or(damaged)?
                .get(48usize.checked_sub(lead).ok_or(damaged)?)
                .ok_or(damaged)?
        } else {
            p.group_idx[next] = idx;
            let len = usize::from(p.group_len[next]);
            let f = *BINOMIAL.get(len).ok_or(damaged)?.get(free).ok_or(damaged)?;
            free = free.checked_sub(len).ok_or(damaged)?;
            next += 1;
            f
        };
        idx = idx.checked_mul(factor).ok_or(damaged)?;
        k += 1;
        if k > 15 {
            break;
        }
    }
    p.group_idx[n] = idx;
    if p.group_idx[..=n].contains(&0) {
        return Err(damaged);
    }
    Ok(())
}
