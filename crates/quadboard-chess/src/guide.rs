//! A guide for engine authors: from a FEN to a search loop. Every example here is a test.
//!
//! # A position from FEN
//!
//! [`Position`](crate::Position) is always legal: reading checks the text and the position
//! and says what is wrong. `parse` and [`Position::from_fen`](crate::Position::from_fen)
//! are the same strict reader; `Display` writes FEN back.
//!
//! ```
//! use quadboard_chess::Position;
//! let pos: Position = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3".parse()?;
//! assert_eq!(pos.to_string(), "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
//! let error = "4k3/8/8/8/8/8/8/4K3 x - - 0 1".parse::<Position>().unwrap_err();
//! assert_eq!(error.to_string(), "invalid FEN: side to move field 'x': expected 'w' or 'b'");
//! // Chess960 starts by number; 518 is the standard start.
//! let fischer = Position::chess960(2)?;
//! assert_eq!(fischer.to_fen(), "bqnnrbkr/pppppppp/8/8/8/8/PPPPPPPP/BQNNRBKR w HEhe - 0 1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Moves, copy-make and keys
//!
//! [`legal_moves`](crate::Position::legal_moves) lists every legal move in a
//! [`MoveList`](crate::MoveList) on the stack; [`captures`](crate::Position::captures) (with
//! promotions) and [`quiet_moves`](crate::Position::quiet_moves) split them for staged
//! search. A position is 128 bytes, aligned to 64, and `Copy`: search copies it (two
//! 64-byte moves) and plays the move on the copy, so there is nothing to undo. [`play`](crate::Position::play) checks
//! legality, [`play_unchecked`](crate::Position::play_unchecked) trusts a generated move.
//! The [`key`](crate::Position::key) follows every move incrementally and is the Polyglot
//! key; [`repetition_key`](crate::Position::repetition_key) is the one for transposition
//! tables and repetitions (see [`game`](crate::game)).
//!
//! ```
//! use quadboard_chess::Position;
//! let pos = Position::new();
//! let moves = pos.legal_moves();
//! assert_eq!(moves.len(), pos.captures().len() + pos.quiet_moves().len());
//!
//! let e4 = pos.parse_uci("e2e4")?;
//! let mut child = pos; // copy ...
//! child.play_unchecked(e4); // ... and make: `pos` is untouched
//! assert_eq!(child.key(), 0x823c_9b50_fd11_4196); // Polyglot's published key
//! assert_eq!(child.key(), child.compute_key());
//! assert_eq!(pos.play(e4)?, child);
//! assert_eq!(pos.to_uci(e4).as_str(), "e2e4");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The null move
//!
//! [`null_move`](crate::Position::null_move) passes the turn for null-move pruning. It is
//! refused in check, the one place where passing is not a legal idea.
//!
//! ```
//! use quadboard_chess::Position;
//! let pos: Position = "4k3/8/8/8/3Pp3/8/8/4K3 b - d3 0 1".parse()?;
//! let passed = pos.null_move()?;
//! assert_eq!(passed.ep_square(), None); // the en passant chance is gone
//! assert_eq!(passed.key(), passed.compute_key());
//! let check: Position = "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1".parse()?;
//! assert!(check.null_move().is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Asking about a move before making it
//!
//! Move ordering and pruning want to know about a move without making it:
//! [`captured`](crate::Position::captured) (en passant included),
//! [`gives_check`](crate::Position::gives_check) (discovered checks, promotions, castling
//! and en passant included) and static exchange evaluation,
//! [`see`](crate::Position::see) and [`see_ge`](crate::Position::see_ge), whose model the
//! [`see`](crate::see) module defines.
//!
//! ```
//! use quadboard_chess::{Position, Role};
//! let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
//! let pos: Position = fen.parse()?;
//! let takes_e5 = pos.parse_uci("h5e5")?;
//! assert_eq!(pos.captured(takes_e5), Some(Role::Pawn));
//! assert!(pos.gives_check(takes_e5));
//! assert_eq!(pos.see(takes_e5), 100 - 900); // the knight on c6 takes the queen
//! assert!(!pos.see_ge(takes_e5, 0));
//! let takes_f7 = pos.parse_uci("h5f7")?; // mate, in fact
//! assert!(pos.gives_check(takes_f7));
//! assert_eq!(pos.see(takes_f7), 100); // the king may not take: the bishop guards f7
//! assert!(pos.see_ge(takes_f7, 0));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Asked of every move of a position (check extensions, ordering, or to know whether each
//! child is in check without asking it after the make), `gives_check` is cheaper from
//! [`check_squares`](crate::Position::check_squares), worked out once per position: a
//! table lookup and two tests per normal move. The copy-make benchmark's ordered walk
//! asks it that way (`docs/performance.md`, "Inside a search").
//!
//! ```
//! use quadboard_chess::Position;
//! let pos: Position = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4".parse()?;
//! let check_squares = pos.check_squares();
//! let checking: Vec<String> = pos
//!     .legal_moves()
//!     .iter()
//!     .filter(|&&m| check_squares.gives_check(&pos, m))
//!     .map(|&m| pos.to_uci(m).to_string())
//!     .collect();
//! assert_eq!(checking, ["c4f7", "h5e5", "h5f7"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Pins, stages and streams
//!
//! [`pinned`](crate::Position::pinned), [`blockers`](crate::Position::blockers) and
//! [`pinners`](crate::Position::pinners) give the pin lines as masks, for either side
//! (their blockers are the pieces that can give discovered check). Moves come in stages
//! ([`captures`](crate::Position::captures), [`quiet_moves`](crate::Position::quiet_moves),
//! [`evasions`](crate::Position::evasions)), by piece
//! ([`moves_of`](crate::Position::moves_of), [`moves_from`](crate::Position::moves_from)),
//! or as a stream of groups that the caller stops when it has what it wants
//! ([`for_each_group`](crate::Position::for_each_group)).
//!
//! ```
//! use core::ops::ControlFlow;
//! use quadboard_chess::{Bitboard, Position, Role, Square};
//! let pos: Position = "4r1k1/8/8/8/8/3n4/4B3/4K2R w K - 0 1".parse()?;
//! assert_eq!(pos.pinned(), Square::E2.bitboard());
//! // The pinned bishop has no move; the knight on d3 checks, so only evasions remain.
//! assert!(pos.moves_of(Role::Bishop).is_empty());
//! assert_eq!(pos.evasions().len(), pos.legal_moves().len());
//! // Is there a king move to the second rank? Stop at the first.
//! let second_rank = Square::A2.rank().bitboard();
//! let king = pos.board().king_of(pos.turn()).map_or(Bitboard::EMPTY, Square::bitboard);
//! let found = pos.for_each_group(king, second_rank, |group| match group.moves().next() {
//!     Some(m) => ControlFlow::Break(m),
//!     None => ControlFlow::Continue(()),
//! });
//! assert!(found.is_break());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # A search loop
//!
//! Put together: alpha-beta over copies; moves from a [`MovePicker`](crate::MovePicker)
//! (the table's move, captures by static exchange, quiet moves, losing captures last),
//! which generates the quiet moves only if no earlier move cuts; null-move pruning; a
//! quiescence search over the captures that SEE does not lose; repetitions scored as draws
//! by a [`KeyStack`](crate::game::KeyStack) that holds the game's keys and is pushed and
//! popped around each child (a null move pushed as the barrier it is); and the
//! [`repetition_key`](crate::Position::repetition_key) as the index of a table of best
//! moves.
//!
//! ```
//! use std::collections::HashMap;
//!
//! use quadboard_chess::game::{Game, KeyStack};
//! use quadboard_chess::picker::{CaptureOrder, MovePicker, Stage};
//! use quadboard_chess::see::PieceValues;
//! use quadboard_chess::{Move, Position, Role};
//!
//! const MATE: i32 = 100_000;
//!
//! /// Material from the side to move's point of view.
//! fn evaluate(pos: &Position) -> i32 {
//!     let values = PieceValues::CONVENTIONAL;
//!     let board = pos.board();
//!     Role::ALL.into_iter().map(|role| {
//!         let ours = (board.by_role(role) & board.by_color(pos.turn())).count() as i32;
//!         let theirs = (board.by_role(role) & board.by_color(!pos.turn())).count() as i32;
//!         values.value(role) * (ours - theirs)
//!     }).sum()
//! }
//!
//! fn quiescence(pos: &Position, mut alpha: i32, beta: i32, ply: i32) -> i32 {
//!     let in_check = pos.is_check();
//!     // In check every evasion is searched; otherwise the side may stand pat.
//!     let mut picker = MovePicker::new(pos, None).with_capture_order(CaptureOrder::See);
//!     if !in_check {
//!         let stand_pat = evaluate(pos);
//!         if stand_pat >= beta {
//!             return stand_pat;
//!         }
//!         alpha = alpha.max(stand_pat);
//!         picker = picker.captures_only();
//!     }
//!     let mut any = false;
//!     while let Some(m) = picker.next() {
//!         any = true;
//!         if !in_check && picker.stage() == Stage::LosingCaptures {
//!             break; // the rest lose material on the spot
//!         }
//!         let mut child = *pos;
//!         child.play_unchecked(m);
//!         let score = -quiescence(&child, -beta, -alpha, ply + 1);
//!         if score >= beta {
//!             return score;
//!         }
//!         alpha = alpha.max(score);
//!     }
//!     if in_check && !any {
//!         return -MATE + ply;
//!     }
//!     alpha
//! }
//!
//! struct Search {
//!     best_moves: HashMap<u64, Move>,
//!     /// The game's positions since its last irreversible move, then the search's path.
//!     keys: KeyStack,
//!     nodes: u64,
//! }
//!
//! impl Search {
//!     fn search(&mut self, pos: &Position, depth: u32, alpha: i32, beta: i32, ply: i32) -> i32 {
//!         let mut alpha = alpha;
//!         self.nodes += 1;
//!         // Back to a position of the path or of the game: a draw. (Not at the root, which
//!         // must give a move.)
//!         if ply > 0 && self.keys.is_repetition() {
//!             return 0;
//!         }
//!         if depth == 0 {
//!             return quiescence(pos, alpha, beta, ply);
//!         }
//!         // Null-move pruning: if passing still holds beta at a reduced depth, cut. (A
//!         // stalemated side could be cut here too: engines accept that rare error.)
//!         if depth >= 3 {
//!             if let Ok(passed) = pos.null_move() {
//!                 self.keys.push_null(&passed);
//!                 let score = -self.search(&passed, depth - 3, -beta, -beta + 1, ply + 1);
//!                 self.keys.pop();
//!                 if score >= beta {
//!                     return beta;
//!                 }
//!             }
//!         }
//!         // The table's move (checked for legality by the picker), then captures by SEE,
//!         // then the rest.
//!         let key = pos.repetition_key();
//!         let hint = self.best_moves.get(&key).copied();
//!         let picker = MovePicker::new(pos, hint).with_capture_order(CaptureOrder::See);
//!         let mut best = None;
//!         for m in picker {
//!             let mut child = *pos;
//!             child.play_unchecked(m);
//!             self.keys.push(&child);
//!             let score = -self.search(&child, depth - 1, -beta, -alpha, ply + 1);
//!             self.keys.pop();
//!             if best.is_none_or(|best| score > best) {
//!                 best = Some(score);
//!                 self.best_moves.insert(key, m);
//!             }
//!             alpha = alpha.max(score);
//!             if alpha >= beta {
//!                 break;
//!             }
//!         }
//!         // No move: mate or stalemate.
//!         best.unwrap_or(if pos.is_check() { -MATE + ply } else { 0 })
//!     }
//!
//!     fn best_move(&mut self, game: &Game, depth: u32) -> (Move, i32) {
//!         self.keys = game.key_stack();
//!         let pos = *game.position();
//!         let mut score = 0;
//!         for d in 1..=depth {
//!             score = self.search(&pos, d, -MATE - 1, MATE + 1, 0);
//!         }
//!         (self.best_moves[&pos.repetition_key()], score)
//!     }
//! }
//!
//! // `best_move` puts in the keys of each game it is given.
//! let keys = KeyStack::new(&Position::new());
//! let mut search = Search { best_moves: HashMap::new(), keys, nodes: 0 };
//! // Back-rank mate in one.
//! let game = Game::from_position("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1".parse()?);
//! let (m, score) = search.best_move(&game, 3);
//! assert_eq!(game.position().to_uci(m).as_str(), "a1a8");
//! assert_eq!(score, MATE - 1);
//! // A queen left undefended.
//! let game = Game::from_position("4k3/8/8/3q4/8/8/8/3RK3 w - - 0 1".parse()?);
//! let (m, score) = search.best_move(&game, 3);
//! assert_eq!(game.position().to_uci(m).as_str(), "d1d5");
//! assert_eq!(score, 500); // a rook against nothing
//! // A queen down, white walks back into a position that the game has had twice: a draw.
//! let mut game = Game::from_position("7k/8/8/3q4/8/8/8/K7 w - - 0 1".parse()?);
//! for san in ["Kb1", "Kg8", "Ka1", "Kh8", "Kb1", "Kg8", "Ka1", "Kh8"] {
//!     game.play_san(san)?;
//! }
//! let (m, score) = search.best_move(&game, 3);
//! assert_eq!(game.position().to_san(m).as_str(), "Kb1");
//! assert_eq!(score, 0);
//! assert!(search.nodes > 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
