//! A set of tables and the probes that a position needs beyond one table's raw value.
//!
//! The tables store values that assume no en passant rights, and where a capture reaches
//! the best value they may store anything not better (it compresses better). So a probe
//! resolves captures first (a small alpha-beta search over captures into smaller tables),
//! then en passant captures, and only then reads the table. DTZ tables store one side to
//! move: for the other, the probe searches one ply. These rules follow python-chess's
//! `chess.syzygy` value for value, so that the two agree on every position.

use core::hash::{BuildHasherDefault, Hasher};
use std::collections::HashMap;
use std::io;
use std::path::Path;

use quadboard_chess::{Bitboard, Move, Position, Role};

use crate::error::ProbeError;
use crate::index::MAX_PIECES;
use crate::material::{Material, TableName};
use crate::table::{Metric, OpenError, Table};

/// A distance to zeroing (the next capture or pawn move) in plies, as
/// [`Tablebase::probe_dtz`] gives it, with whether the value may be rounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dtz {
    /// Positive when the side to move wins, negative when it loses, 0 for a draw; beyond
    /// ±100 a win or loss that the fifty-move rule turns into a draw.
    pub plies: i32,
    /// The table stores this value in moves, not plies (as the format does for some
    /// materials and outcomes): the value is then twice the moves, and the true distance
    /// may be one ply longer.
    pub rounded: bool,
}

/// The value under the fifty-move rule given the position's halfmove clock
/// ([`Tablebase::probe_wdl_fifty`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FiftyMoveWdl {
    /// Lost.
    Loss,
    /// Lost or, by one ply of DTZ rounding, drawn by the fifty-move rule.
    MaybeLoss,
    /// Lost but drawn by the fifty-move rule.
    BlessedLoss,
    /// Drawn.
    Draw,
    /// Won but drawn by the fifty-move rule.
    CursedWin,
    /// Won or, by one ply of DTZ rounding, drawn by the fifty-move rule.
    MaybeWin,
    /// Won.
    Win,
}

/// Finds tables by material: a multiplicative hash of the 30-bit key (SipHash would cost
/// a fifth of a probe).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.0 = u64::from(n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

const NONE: u32 = u32::MAX;

/// Syzygy tables opened from folders or files; probes take `&self` and may run on many
/// threads at once (`Tablebase` is `Send + Sync`).
///
/// Opening reads only the folder listing: each file is mapped and its header read on its
/// first probe. A probe then allocates nothing (once the tables it touches have been
/// opened: [`Tablebase::open_all`] opens them all up front).
///
/// ```no_run
/// use quadboard_chess::Position;
/// use quadboard_syzygy::Tablebase;
///
/// let tb = Tablebase::open("tables")?;
/// let pos = Position::from_fen("8/8/8/8/8/8/2Rk4/1K6 b - - 0 1")?;
/// assert_eq!(tb.probe_wdl(&pos)?, -2);
/// println!("{}", tb.probe_dtz(&pos)?.plies);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct Tablebase {
    tables: Vec<Table>,
    /// Material, in both orientations, to the indices of its WDL and DTZ tables.
    index: HashMap<Material, [u32; 2], BuildHasherDefault<KeyHasher>>,
    max_pieces: u32,
}

impl Tablebase {
    /// A tablebase without tables.
    pub fn new() -> Tablebase {
        Tablebase::default()
    }

    /// Opens every table in `dir` ([`Tablebase::add_directory`]).
    ///
    /// # Errors
    /// When the folder cannot be listed.
    pub fn open(dir: impl AsRef<Path>) -> io::Result<Tablebase> {
        let mut tb = Tablebase::new();
        tb.add_directory(dir)?;
        Ok(tb)
    }

    /// Adds the tables of a folder (files named like `KRvK.rtbw` and `KRvK.rtbz`; other
    /// files are skipped) and returns how many were added. Nothing but the listing is
    /// read.
    ///
    /// # Errors
    /// When the folder cannot be listed.
    pub fn add_directory(&mut self, dir: impl AsRef<Path>) -> io::Result<usize> {
        let mut added = 0;
        // The entry's type comes with the listing on most systems: no file is opened or
        // stat'ed here (a symbolic link is followed, which costs one stat).
        let mut entries = std::fs::read_dir(dir)?
            .filter_map(|e| {
                let e = e.ok()?;
                let ty = e.file_type().ok()?;
                let path = e.path();
                (ty.is_file() || (ty.is_symlink() && path.is_file())).then_some(path)
            })
            .collect::<Vec<_>>();
        // A stable order: the same table in two folders or twice is replaced predictably.
        entries.sort();
        for path in entries {
            if self.add_path(&path).is_ok() {
                added += 1;
            }
        }
        Ok(added)
    }

    /// Adds one table file (named like `KRvK.rtbw` or `KRvK.rtbz`), replacing a table of
    /// the same material and kind. The file is not read until the first probe.
    ///
    /// # Errors
    /// `InvalidInput` when the name is not a table's, `NotFound` when there is no such
    /// file.
    pub fn add_file(&mut self, path: impl AsRef<Path>) -> io::Result<()> {
        let path = path.as_ref();
        if !path.is_file() {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                "no such table file",
            ));
        }
        self.add_path(path)
    }

    /// Adds a file known to exist.
    fn add_path(&mut self, path: &Path) -> io::Result<()> {
        let invalid = || io::Error::new(io::ErrorKind::InvalidInput, "not a Syzygy table name");
        let metric = match path.extension().and_then(|e| e.to_str()) {
            Some("rtbw") => Metric::Wdl,
            Some("rtbz") => Metric::Dtz,
            _ => return Err(invalid()),
        };
        let stem = path
            .file_stem()
            .and_then(|s| s.to_str())
            .ok_or_else(invalid)?;
        let material = Material::from_name(stem).ok_or_else(invalid)?;
        let slot = usize::from(metric == Metric::Dtz);
        let at = u32::try_from(self.tables.len()).map_err(|_| invalid())?;
        self.tables
            .push(Table::new(path.to_path_buf(), material, metric));
        for m in [material, material.mirrored()] {
            self.index.entry(m).or_insert([NONE; 2])[slot] = at;
        }
        self.max_pieces = self.max_pieces.max(material.pieces());
        Ok(())
    }

    /// How many table files have been added.
    pub fn len(&self) -> usize {
        self.tables.len()
    }

    /// Whether no table has been added.
    pub fn is_empty(&self) -> bool {
        self.tables.is_empty()
    }

    /// The most pieces of any table added (0 without tables).
    pub fn max_pieces(&self) -> u32 {
        self.max_pieces
    }

    /// Maps and reads every table now, instead of on its first probe: afterwards no probe
    /// allocates or makes a system call.
    ///
    /// # Errors
    /// The first table that cannot be opened or is damaged.
    pub fn open_all(&self) -> Result<(), ProbeError> {
        for t in &self.tables {
            let metric = t.metric();
            t.get()
                .map_err(|e| open_error(e, metric, t.material.name()))?;
        }
        Ok(())
    }

    /// The WDL value of `pos` as python-chess's `probe_wdl` gives it, assuming the last
    /// move was a capture or pawn move (the halfmove clock is not read): 2 win, 1 win
    /// that the fifty-move rule makes a draw (cursed), 0 draw, -1 loss that it makes a
    /// draw (blessed), -2 loss, for the side to move. Needs the WDL tables only.
    ///
    /// # Errors
    /// Castling rights, more than 7 pieces, a missing or damaged table ([`ProbeError`]).
    pub fn probe_wdl(&self, pos: &Position) -> Result<i8, ProbeError> {
        check(pos)?;
        self.wdl(pos)
    }

    /// The DTZ value of `pos` as python-chess's `probe_dtz` gives it: plies to the next
    /// capture or pawn move on a line that keeps the outcome of [`Tablebase::probe_wdl`],
    /// signed as the WDL value, ±1 to ±100 for wins and losses, beyond ±100 for cursed
    /// wins and blessed losses, 0 for draws. Where the table stores moves instead of plies
    /// the value is twice the moves and may be one ply too long ([`Dtz::rounded`]). Needs
    /// the WDL and DTZ tables.
    ///
    /// # Errors
    /// Castling rights, more than 7 pieces, a missing or damaged table ([`ProbeError`]).
    pub fn probe_dtz(&self, pos: &Position) -> Result<Dtz, ProbeError> {
        check(pos)?;
        self.dtz(pos)
    }

    /// The outcome under the fifty-move rule counting the position's halfmove clock: the
    /// DTZ value plus the plies already played since the last capture or pawn move, read
    /// as shakmaty-syzygy's `probe_wdl` reads it (ambiguous where DTZ rounding decides).
    ///
    /// # Errors
    /// As [`Tablebase::probe_dtz`].
    pub fn probe_wdl_fifty(&self, pos: &Position) -> Result<FiftyMoveWdl, ProbeError> {
        let dtz = self.probe_dtz(pos)?;
        let halfmoves = i32::try_from(pos.halfmoves()).unwrap_or(i32::MAX);
        let plies = match dtz.plies {
            0 => 0,
            n if n > 0 => n.saturating_add(halfmoves),
            n => n.saturating_sub(halfmoves),
        };
        if pos.halfmoves() > 0 && dtz.rounded {
            if plies == 100 {
                return Ok(FiftyMoveWdl::MaybeWin);
            }
            if plies == -100 {
                return Ok(FiftyMoveWdl::MaybeLoss);
            }
        }
        Ok(match plies {
            n if n < -100 => FiftyMoveWdl::BlessedLoss,
            n if n < 0 => FiftyMoveWdl::Loss,
            0 => FiftyMoveWdl::Draw,
            n if n <= 100 => FiftyMoveWdl::Win,
            _ => FiftyMoveWdl::CursedWin,
        })
    }

    /// The move the tables recommend, as shakmaty-syzygy's `best_move` chooses it: among
    /// the moves to the best WDL value, a move that mates, else a zeroing move when
    /// winning (a non-zeroing one when losing), then the best DTZ; ties go to the first
    /// in the library's move order. With the move, the DTZ of the position after it
    /// (for the opponent). `None` when there is no legal move.
    ///
    /// # Errors
    /// As [`Tablebase::probe_dtz`], for any position after a move.
    pub fn best_move(&self, pos: &Position) -> Result<Option<(Move, Dtz)>, ProbeError> {
        check(pos)?;
        let moves = pos.legal_moves();
        let mut wdls = [0i8; quadboard_chess::moves::MAX_MOVES];
        let mut best_wdl = i8::MAX;
        for (i, &m) in moves.iter().enumerate() {
            let child = after(pos, m);
            wdls[i] = self.wdl(&child)?;
            best_wdl = best_wdl.min(wdls[i]);
        }
        let mut best: Option<((bool, bool, i32), Move, Dtz)> = None;
        for (i, &m) in moves.iter().enumerate() {
            if wdls[i] != best_wdl {
                continue;
            }
            let child = after(pos, m);
            let dtz = self.dtz(&child)?;
            let mates = dtz.plies == -1 && child.is_checkmate();
            let zeroing = is_zeroing(pos, m);
            // Smaller is better: mate first, zeroing when the opponent loses (not when
            // the opponent wins), then the largest DTZ for the opponent.
            let key = (!mates, zeroing ^ (dtz.plies < 0), -dtz.plies);
            if best.as_ref().is_none_or(|(k, _, _)| key < *k) {
                best = Some((key, m, dtz));
            }
        }
        Ok(best.map(|(_, m, d)| (m, d)))
    }

    /// The moves of a DTZ-optimal line: [`Tablebase::best_move`] repeatedly, up to and
    /// including the next capture or pawn move (empty for a draw or a position without
    /// moves).
    ///
    /// # Errors
    /// As [`Tablebase::best_move`].
    pub fn dtz_line(&self, pos: &Position) -> Result<Vec<Move>, ProbeError> {
        let mut line = Vec::new();
        if self.probe_wdl(pos)? == 0 {
            return Ok(line);
        }
        let mut pos = *pos;
        // A DTZ line ends at a zeroing move within a few hundred plies; the bound only
        // guards against a damaged table that never zeroes.
        while line.len() < 1024 {
            let Some((m, _)) = self.best_move(&pos)? else {
                break;
            };
            line.push(m);
            let zeroing = is_zeroing(&pos, m);
            pos.play_unchecked(m);
            if zeroing {
                break;
            }
        }
        Ok(line)
    }

    /// The table of `material` and `metric`.
    #[inline]
    fn table(
        &self,
        material: Material,
        metric: Metric,
    ) -> Result<&crate::table::Loaded, ProbeError> {
        let slot = usize::from(metric == Metric::Dtz);
        let at = self.index.get(&material).map_or(NONE, |t| t[slot]);
        let missing = || ProbeError::MissingTable {
            metric,
            name: material.name(),
        };
        let table = self.tables.get(at as usize).ok_or_else(missing)?;
        table
            .get()
            .map_err(|e| open_error(e, metric, material.name()))
    }

    /// The raw WDL table value, 0 for two bare kings (which have no table).
    #[inline]
    fn wdl_table(&self, pos: &Position) -> Result<i8, ProbeError> {
        let board = pos.board();
        if board.occupied() == board.by_role(Role::King) {
            return Ok(0);
        }
        let material = Material::of(pos);
        self.table(material, Metric::Wdl)?
            .probe_wdl(pos, material)
            .map_err(|d| damaged(d.0, Metric::Wdl, material.name()))
    }

    /// The raw DTZ table value in plies, or `None` for the side to move it lacks.
    #[inline]
    fn dtz_table(&self, pos: &Position, wdl: i8) -> Result<Option<(u32, bool)>, ProbeError> {
        let material = Material::of(pos);
        self.table(material, Metric::Dtz)?
            .probe_dtz(pos, material, wdl)
            .map_err(|d| damaged(d.0, Metric::Dtz, material.name()))
    }

    /// Alpha-beta over captures (en passant aside), then the table: the value and 2 when
    /// a capture reaches it (the best move is zeroing), else 1.
    fn probe_ab(&self, pos: &Position, mut alpha: i8, beta: i8) -> Result<(i8, u8), ProbeError> {
        let them = pos.board().by_color(!pos.turn());
        for &m in pos.moves_to(them).iter() {
            let v = -self.probe_ab(&after(pos, m), -beta, -alpha)?.0;
            if v > alpha {
                if v >= beta {
                    return Ok((v, 2));
                }
                alpha = v;
            }
        }
        let v = self.wdl_table(pos)?;
        if alpha >= v {
            Ok((alpha, 1 + u8::from(alpha > 0)))
        } else {
            Ok((v, 1))
        }
    }

    /// The best value of an en passant capture (-3 without one) and whether en passant
    /// captures are the only legal moves.
    fn en_passant(&self, pos: &Position) -> Result<(i8, bool), ProbeError> {
        let Some(ep) = pos.ep_square() else {
            return Ok((-3, false));
        };
        let mut best = -3;
        let mut count = 0;
        for &m in pos.moves_to(ep.bitboard()).iter() {
            if m.is_en_passant() {
                count += 1;
                best = best.max(-self.probe_ab(&after(pos, m), -2, 2)?.0);
            }
        }
        let only = count > 0 && pos.count_legal_moves() == count;
        Ok((best, only))
    }

    /// python-chess's `probe_wdl`, without the precondition checks.
    fn wdl(&self, pos: &Position) -> Result<i8, ProbeError> {
        let (v, _) = self.probe_ab(pos, -2, 2)?;
        let (v1, only_ep) = self.en_passant(pos)?;
        if v1 > -3 && (v1 >= v || (v == 0 && only_ep)) {
            return Ok(v1);
        }
        Ok(v)
    }

    /// python-chess's `probe_dtz`, without the precondition checks.
    fn dtz(&self, pos: &Position) -> Result<Dtz, ProbeError> {
        let v = self.dtz_no_ep(pos)?;
        let (v1, only_ep) = self.en_passant(pos)?;
        if v1 == -3 {
            return Ok(v);
        }
        let v1 = [-1, -101, 0, 101, 1][(v1 + 2) as usize];
        let n = v.plies;
        let take = if n < -100 {
            v1 >= 0
        } else if n < 0 {
            !(-100..0).contains(&v1)
        } else if n > 100 {
            v1 > 0
        } else if n > 0 {
            v1 == 1
        } else {
            v1 >= 0 || only_ep
        };
        Ok(if take {
            Dtz {
                plies: v1,
                rounded: false,
            }
        } else {
            v
        })
    }

    /// python-chess's `probe_dtz_no_ep`.
    fn dtz_no_ep(&self, pos: &Position) -> Result<Dtz, ProbeError> {
        let precise = |plies| Dtz {
            plies,
            rounded: false,
        };
        let (wdl, state) = self.probe_ab(pos, -2, 2)?;
        if wdl == 0 {
            return Ok(precise(0));
        }
        if state == 2 {
            return Ok(precise(before_zeroing(wdl)));
        }
        let board = pos.board();
        let empty = !board.occupied();
        let pawns = board.by_role(Role::Pawn);
        if wdl > 0 {
            // A pawn move that keeps the win zeroes at once.
            for &m in pos.moves_to(empty).iter() {
                if !pawns.contains(m.from()) || m.is_en_passant() {
                    continue;
                }
                if -self.wdl(&after(pos, m))? == wdl {
                    return Ok(precise(if wdl == 2 { 1 } else { 101 }));
                }
            }
        }
        if let Some((plies, rounded)) = self.dtz_table(pos, wdl)? {
            let plies = plies as i32;
            return Ok(Dtz {
                plies: before_zeroing(wdl) + if wdl > 0 { plies } else { -plies },
                rounded,
            });
        }
        // The table holds the other side to move: search one ply.
        if wdl > 0 {
            let mut best = precise(0xffff);
            for &m in pos.moves_to(empty).iter() {
                if pawns.contains(m.from()) {
                    continue;
                }
                let child = after(pos, m);
                let d = self.dtz(&child)?;
                let v = -d.plies;
                if v == 1 && child.is_checkmate() {
                    best = precise(1);
                } else if v > 0 && v + 1 < best.plies {
                    best = Dtz {
                        plies: v + 1,
                        rounded: d.rounded,
                    };
                } else if v > 0 && v + 1 == best.plies {
                    // The fastest win is exact when any move reaching it is.
                    best.rounded &= d.rounded;
                }
            }
            Ok(best)
        } else {
            let mut best = precise(-1);
            for &m in pos.legal_moves().iter() {
                let child = after(pos, m);
                let v = if child.halfmoves() == 0 {
                    if wdl == -2 {
                        precise(-1)
                    } else {
                        let (c, _) = self.probe_ab(&child, 1, 2)?;
                        precise(if c == 2 { 0 } else { -101 })
                    }
                } else {
                    let d = self.dtz(&child)?;
                    Dtz {
                        plies: -d.plies - 1,
                        rounded: d.rounded,
                    }
                };
                if v.plies < best.plies {
                    best = v;
                } else if v.plies == best.plies {
                    // The longest loss may be a ply longer when any move reaching it may.
                    best.rounded |= v.rounded;
                }
            }
            Ok(best)
        }
    }
}

/// The distance of a zeroing move that keeps `wdl`: 1 ply, or 101 for a cursed win.
fn before_zeroing(wdl: i8) -> i32 {
    match wdl {
        2 => 1,
        1 => 101,
        -1 => -101,
        -2 => -1,
        _ => 0,
    }
}

#[inline(always)]
fn after(pos: &Position, m: Move) -> Position {
    let mut child = *pos;
    child.play_unchecked(m);
    child
}

/// Whether `m` is a capture or a pawn move.
fn is_zeroing(pos: &Position, m: Move) -> bool {
    let board = pos.board();
    m.is_en_passant()
        || board.occupied().contains(m.to()) && !m.is_castle()
        || board.by_role(Role::Pawn).contains(m.from())
}

fn check(pos: &Position) -> Result<(), ProbeError> {
    if pos.castling_rooks() != Bitboard::EMPTY {
        return Err(ProbeError::Castling);
    }
    let pieces = pos.board().occupied().count();
    if pieces as usize > MAX_PIECES {
        return Err(ProbeError::TooManyPieces { pieces });
    }
    Ok(())
}

fn open_error(e: OpenError, metric: Metric, name: TableName) -> ProbeError {
    match e {
        OpenError::Io(kind) => ProbeError::Io { metric, name, kind },
        OpenError::Damaged(what) => damaged(what, metric, name),
    }
}

fn damaged(what: &'static str, metric: Metric, name: TableName) -> ProbeError {
    ProbeError::Damaged { metric, name, what }
}

// The probes are shared between threads.
const _: () = {
    const fn send_sync<T: Send + Sync>() {}
    send_sync::<Tablebase>();
};
