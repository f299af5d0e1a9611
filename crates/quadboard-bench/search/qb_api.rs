// The search yardstick's engine (../shared/bench/search/) on quadboard, written with the API
// quadboard gives an engine instead of a newcomer's first attempt: a `MovePicker` (the hash
// move checked in constant time, captures best first, quiet moves generated only when no
// capture cuts), a `KeyStack` for repetitions, and the repetition key as the one key for
// the transposition table and repetitions. The search itself (negamax, quiescence, check
// extension, null move, draws, evaluation) is the yardstick's, step for step; move order
// among equal captures and of the quiet moves differs, so node counts differ slightly.
//
// Built and run beside the yardstick's ports by `scripts/search-yardstick.sh`.
use quadboard::game::KeyStack;
use quadboard::prelude::*;
use search_yardstick::{BENCH, INF, MATE, PST};
use std::io::BufRead;
use std::time::Instant;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    mv: u16,
    depth: i8,
    flag: u8,
    score: i16,
}
const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;

struct Engine {
    tt: Vec<Entry>,
    keys: KeyStack,
    nodes: u64,
}

fn evaluate(pos: &Position) -> i32 {
    let b = pos.board();
    let mut s = 0;
    for role in Role::ALL {
        let set = b.by_role(role);
        for sq in set & b.by_color(Color::White) {
            s += PST[role.index()][sq.index()];
        }
        for sq in set & b.by_color(Color::Black) {
            s -= PST[role.index()][sq.index() ^ 56];
        }
    }
    if pos.turn() == Color::White {
        s
    } else {
        -s
    }
}

fn non_pawn_material(pos: &Position) -> bool {
    let b = pos.board();
    let ours = b.by_color(pos.turn());
    (ours & !(b.by_role(Role::Pawn) | b.by_role(Role::King))).any()
}

fn to_tt(s: i32, ply: i32) -> i32 {
    if s > MATE - 500 {
        s + ply
    } else if s < -MATE + 500 {
        s - ply
    } else {
        s
    }
}

fn from_tt(s: i32, ply: i32) -> i32 {
    if s > MATE - 500 {
        s - ply
    } else if s < -MATE + 500 {
        s + ply
    } else {
        s
    }
}

impl Engine {
    fn new() -> Engine {
        Engine {
            tt: vec![Entry::default(); 1 << 20],
            keys: KeyStack::new(&Position::new()),
            nodes: 0,
        }
    }

    fn qsearch(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        let in_check = pos.is_check();
        let mut picker = MovePicker::new(pos, None);
        if !in_check {
            // Standing pat comes first: no move is generated for a node that cuts here.
            let stand = evaluate(pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            picker = picker.captures_only();
        }
        let mut best = if in_check { -INF } else { alpha };
        let mut any = false;
        for m in picker {
            any = true;
            let mut child = *pos;
            child.play_unchecked(m);
            let score = -self.qsearch(&child, -beta, -alpha, ply + 1);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if in_check && !any {
            return -MATE + ply;
        }
        best
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        pos: &Position,
        mut depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        null_ok: bool,
    ) -> i32 {
        if ply > 0 && (pos.halfmoves() >= 100 || self.keys.is_repetition()) {
            return 0;
        }
        let in_check = pos.is_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply);
        }
        self.nodes += 1;
        let key = pos.repetition_key();
        let slot = (key as usize) & (self.tt.len() - 1);
        let e = self.tt[slot];
        let mut tt_move = None;
        if e.key == key {
            tt_move = Move::from_bits(e.mv);
            let s = from_tt(e.score as i32, ply);
            if ply > 0
                && e.depth as i32 >= depth
                && (e.flag == EXACT
                    || (e.flag == LOWER && s >= beta)
                    || (e.flag == UPPER && s <= alpha))
            {
                return s;
            }
        }
        if null_ok && !in_check && depth >= 3 && ply > 0 && non_pawn_material(pos) {
            let child = pos.null_move().expect("not in check");
            self.keys.push_null(&child);
            let score = -self.search(&child, depth - 3, -beta, -beta + 1, ply + 1, false);
            self.keys.pop();
            if score >= beta {
                return beta;
            }
        }
        let (orig_alpha, mut best, mut best_move) = (alpha, -INF, None);
        for m in MovePicker::new(pos, tt_move) {
            let mut child = *pos;
            child.play_unchecked(m);
            self.keys.push(&child);
            let score = -self.search(&child, depth - 1, -beta, -alpha, ply + 1, true);
            self.keys.pop();
            if score > best {
                best = score;
                best_move = Some(m);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let Some(best_move) = best_move else {
            return if in_check { -MATE + ply } else { 0 };
        };
        let flag = if best >= beta {
            LOWER
        } else if best > orig_alpha {
            EXACT
        } else {
            UPPER
        };
        self.tt[slot] = Entry {
            key,
            mv: best_move.bits(),
            depth: depth as i8,
            flag,
            score: to_tt(best, ply) as i16,
        };
        best
    }

    fn go(&mut self, game: &Game, depth: i32) -> (Move, i32) {
        let pos = *game.position();
        self.keys = game.key_stack();
        let (mut best, mut score) = (pos.legal_moves()[0], 0);
        for d in 1..=depth {
            score = self.search(&pos, d, -INF, INF, 0, true);
            let key = pos.repetition_key();
            let e = self.tt[(key as usize) & (self.tt.len() - 1)];
            if let Some(m) = Move::from_bits(e.mv).filter(|_| e.key == key) {
                best = m;
            }
        }
        (best, score)
    }
}

fn main() {
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let t: Vec<&str> = line.split_whitespace().collect();
        match t.first().copied() {
            Some("bench") => {
                let depth: i32 = t.get(1).and_then(|d| d.parse().ok()).unwrap_or(6);
                let (mut nodes, start) = (0, Instant::now());
                for fen in BENCH {
                    let mut e = Engine::new();
                    let pos = Position::from_fen(fen).expect("bench FEN");
                    let (m, s) = e.go(&Game::from_position(pos), depth);
                    println!("{fen}: {} {s} nodes {}", pos.to_uci(m), e.nodes);
                    nodes += e.nodes;
                }
                let secs = start.elapsed().as_secs_f64();
                println!(
                    "bench depth {depth}: {nodes} nodes {secs:.2}s {:.0} nps",
                    nodes as f64 / secs
                );
            }
            Some("quit") => break,
            _ => {}
        }
    }
}
