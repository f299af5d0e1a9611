//! Random legal positions of a table's material, en passant positions among them.

#![allow(dead_code)] // each test file uses a different part

use quadboard_chess::Position;

/// A small deterministic generator (xorshift64*): the same positions on every run.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The pieces of a table name (`KRPvKR`) as FEN letters, white upper case.
pub fn pieces_of(name: &str) -> Vec<char> {
    let (w, b) = name.split_once('v').expect("a table name");
    w.chars()
        .chain(b.chars().map(|c| c.to_ascii_lowercase()))
        .collect()
}

/// A random legal position with these pieces (FEN letters), or `None` when the draw was
/// not legal (a try again). With `ep`, the side that has just moved gets a pawn that has
/// just advanced two squares, and the position its en passant square: `None` when the
/// material has no such pawn.
pub fn random_position(rng: &mut Rng, pieces: &[char], ep: bool) -> Option<Position> {
    let mut board = [None::<char>; 64];
    let white_to_move = rng.below(2) == 0;
    let mut ep_square = None;
    let mut order: Vec<char> = pieces.to_vec();
    if ep {
        // The mover is the side not to move: white's pawn on rank 4, black's on rank 5.
        let pawn = if white_to_move { 'p' } else { 'P' };
        let at = order.iter().position(|&c| c == pawn)?;
        order.remove(at);
        let file = rng.below(8) as usize;
        let (rank, behind, start) = if white_to_move { (4, 5, 6) } else { (3, 2, 1) };
        board[rank * 8 + file] = Some(pawn);
        // The squares it crossed stay empty; they are reserved by a placeholder.
        board[behind * 8 + file] = Some('.');
        board[start * 8 + file] = Some('.');
        ep_square = Some(behind * 8 + file);
        // A pawn of the side to move beside it, when the material has one, so that the
        // capture is there to make.
        let capturer = if white_to_move { 'P' } else { 'p' };
        if let Some(at) = order.iter().position(|&c| c == capturer) {
            let side = if rng.below(2) == 0 {
                file.wrapping_sub(1)
            } else {
                file + 1
            };
            if side < 8 {
                order.remove(at);
                board[rank * 8 + side] = Some(capturer);
            }
        }
    }
    for c in order {
        let low = c.to_ascii_lowercase();
        loop {
            let sq = rng.below(64) as usize;
            if board[sq].is_some() || (low == 'p' && !(8..56).contains(&sq)) {
                continue;
            }
            board[sq] = Some(c);
            break;
        }
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(c) if c != '.' => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
                _ => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    let ep = match ep_square {
        Some(sq) => format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1),
        None => "-".to_owned(),
    };
    let turn = if white_to_move { 'w' } else { 'b' };
    let halfmoves = rng.below(120);
    let pos = Position::from_fen(&format!("{fen} {turn} - {ep} {halfmoves} 60")).ok()?;
    // The library drops an en passant square no pawn can use; such a draw is tried again.
    if ep_square.is_some() && pos.ep_square().is_none() {
        return None;
    }
    Some(pos)
}

/// The table names in a folder (one per material, from the WDL files).
pub fn table_names(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("the tables folder")
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "rtbw").then(|| p.file_stem()?.to_str().map(str::to_owned))?
        })
        .collect();
    names.sort();
    names
}
