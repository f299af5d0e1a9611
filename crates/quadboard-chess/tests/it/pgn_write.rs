//! The export-format writer: what [`Game::write`] writes reads back as the same tree (moves,
//! variations, comments, NAGs), result and tags (the seven tag roster first, then the
//! others in file order), and writing that again gives the same text, with movetext lines
//! under 80 columns. On the data files, on random games (moves in SAN, UCI and castling
//! with zeros all written back as SAN) and on the small cases the writer has branches for.

use quadboard_chess::pgn::{Game, Nag, Termination};

use crate::pgn_gen::{data_files, game_tree, qb_games, random_pgn, tree_tokens, GenOptions};

const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// The tags a written game must read back with: the roster (with its defaults), then the
/// other tags in file order.
fn expected_tags(game: &Game) -> Vec<(String, String)> {
    // A missing Result tag takes the movetext's marker.
    let marker = game.result().map_or("*", |r| r.as_str());
    let defaults = ["?", "?", "????.??.??", "?", "?", "?", marker];
    let mut tags: Vec<(String, String)> = ROSTER
        .iter()
        .zip(defaults)
        .map(|(&name, default)| {
            (
                name.to_string(),
                game.tag(name).unwrap_or(default).to_string(),
            )
        })
        .collect();
    tags.extend(
        game.tags()
            .iter()
            .filter(|(name, _)| !ROSTER.contains(&name.as_str()))
            .cloned(),
    );
    tags
}

/// Asserts the layout of export format: the roster first, a blank line, the movetext
/// (lines under 80 columns unless `wide` allows a line for a long comment), a blank line.
fn check_layout(text: &str, wide: bool) {
    assert!(text.ends_with("\n\n"), "{text}");
    let (tags, movetext) = text
        .split_once("\n\n")
        .expect("a blank line after the tags");
    let tags: Vec<&str> = tags.lines().collect();
    for (line, name) in tags.iter().zip(ROSTER) {
        assert!(line.starts_with(&format!("[{name} \"")), "{text}");
    }
    for line in &tags {
        assert!(line.starts_with('[') && line.ends_with("\"]"), "{line}");
    }
    assert_eq!(
        &movetext[movetext.len() - 2..],
        "\n\n",
        "one blank line at the end"
    );
    for line in movetext.trim_end_matches('\n').split('\n') {
        assert!(!line.is_empty(), "no blank line in movetext:\n{text}");
        assert!(
            line.chars().count() < 80 || wide && line.contains("long comment"),
            "{} columns: {line}",
            line.chars().count()
        );
        assert!(!line.starts_with(' ') && !line.ends_with(' '), "{line:?}");
    }
}

/// Writes `game`, reads it back and checks the round trip; returns the text.
fn round_trip(game: &Game, wide: bool) -> String {
    let text = game.to_string();
    check_layout(&text, wide);
    let again = Game::from_pgn(&text).expect("a game");
    assert!(again.errors().is_empty(), "{:?}\n{text}", again.errors());
    let tokens = |g: &Game| tree_tokens(&game_tree(g), None);
    assert_eq!(tokens(&again), tokens(game), "{text}");
    assert_eq!(again.start_position(), game.start_position());
    assert_eq!(again.tags(), expected_tags(game).as_slice());
    let result = game
        .result()
        .or_else(|| game.tag("Result").and_then(|r| r.parse().ok()))
        .unwrap_or(Termination::Unknown);
    assert_eq!(again.result(), Some(result));
    // Written again: the same text, and read again: the same game.
    let twice = again.to_string();
    assert_eq!(twice, text);
    assert_eq!(Game::from_pgn(&twice).as_ref(), Some(&again));
    text
}

#[test]
fn data_files_round_trip() {
    for (name, bytes) in data_files() {
        let games = qb_games(&bytes);
        assert!(games.len() > 400, "{name}");
        let mut all = String::new();
        for game in &games {
            all.push_str(&round_trip(game, false));
        }
        // All the written games read back as the same games, one after another.
        let again = qb_games(all.as_bytes());
        assert_eq!(again.len(), games.len());
        for (a, g) in again.iter().zip(&games) {
            assert_eq!(game_tree(a), game_tree(g));
        }
    }
}

#[test]
fn generated_games_round_trip() {
    let options = GenOptions {
        quadboard_only: true,
        long_comments: false,
    };
    let (_, text) = random_pgn(0x3717_e001, 400, options);
    let games = qb_games(text.as_bytes());
    assert_eq!(games.len(), 400);
    for game in &games {
        assert!(game.errors().is_empty());
        round_trip(game, false);
    }
}

#[test]
fn long_comments_stay_whole() {
    let options = GenOptions {
        quadboard_only: false,
        long_comments: true,
    };
    let (_, text) = random_pgn(0x3717_e002, 100, options);
    let games = qb_games(text.as_bytes());
    assert!(games
        .iter()
        .any(|g| g.to_string().contains("long comment long")));
    for game in &games {
        round_trip(game, true);
    }
}

/// The movetext `game` is written with (between the tags and the final blank line).
fn movetext(pgn: &str) -> String {
    let game = Game::from_pgn(pgn).expect("a game");
    let text = round_trip(&game, false);
    let (_, movetext) = text.split_once("\n\n").expect("tags end");
    movetext.trim_end().to_string()
}

#[test]
fn written_movetext() {
    // Move numbers: after a comment, after a variation, in a variation of black's move.
    assert_eq!(
        movetext("1. e4 {c} e5 2. Nf3 (2. f4 exf4) Nc6 (2... d6 3. d4) 3. Bb5 *"),
        "1. e4 { c } 1... e5 2. Nf3 ( 2. f4 exf4 ) 2... Nc6 ( 2... d6 3. d4 ) 3. Bb5 *"
    );
    // A comment before the first move of a variation, NAGs as $n, suffixes too.
    assert_eq!(
        movetext("1. e4!? e5 ({before} 1... c5?? $14 {after}) 2. Nf3 1-0"),
        "1. e4 $5 e5 ( { before } 1... c5 $4 $14 { after } ) 2. Nf3 1-0"
    );
    // A variation of a variation's first move is one more variation of the main move.
    assert_eq!(
        movetext("1. e4 (1. d4 (1. c4 c5) d5) e5 *"),
        "1. e4 ( 1. d4 d5 ) ( 1. c4 c5 ) 1... e5 *"
    );
    // A game comment, an empty comment, castling with zeros, a null move.
    assert_eq!(
        movetext("{ game } 1. e4 {} e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0-0 -- 5. d3 *"),
        "{ game } 1. e4 {} 1... e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O -- 5. d3 *"
    );
    // A comment holding a brace can only be a line comment.
    assert_eq!(movetext("1. e4 ; a } b\ne5 *"), "1. e4 ; a } b\n1... e5 *");
    // From a position with black to move.
    assert_eq!(
        movetext(
            "[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n\
             e5 2. Nf3 *"
        ),
        "1... e5 2. Nf3 *"
    );
    // No moves: only the result.
    assert_eq!(movetext("[Result \"1-0\"]\n\n"), "1-0");
}

#[test]
fn annotations_before_the_first_move_are_kept() {
    // A NAG before any move, or at the start of a variation of the first move, belongs to
    // the root: written before the game comment, it reads back to the root.
    let game = Game::from_pgn("$10 {start} 1. e4 ($11 1. d4) *").expect("a game");
    let root = game.node(quadboard_chess::pgn::NodeId::ROOT);
    assert_eq!(root.nags, [Nag(10), Nag(11)]);
    assert_eq!(
        movetext("$10 {start} 1. e4 ($11 1. d4) *"),
        "$10 $11 { start } 1. e4 ( 1. d4 ) *"
    );
    round_trip(&game, false);
}

#[test]
fn written_tags() {
    let pgn = "[White \"Ann \\\"the\\\" Rook\"]\n[ECO \"B01\"]\n[Event \"back\\\\slash\"]\n\
               [Black \"\"]\n[Result \"0-1\"]\n[Annotator \"Zoë\"]\n\n1. e4 d5 *\n";
    let game = Game::from_pgn(pgn).expect("a game");
    assert_eq!(game.tag("White"), Some("Ann \"the\" Rook"));
    assert_eq!(game.tag("Event"), Some("back\\slash"));
    let text = round_trip(&game, false);
    assert_eq!(
        text,
        "[Event \"back\\\\slash\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
         [White \"Ann \\\"the\\\" Rook\"]\n[Black \"\"]\n[Result \"0-1\"]\n[ECO \"B01\"]\n\
         [Annotator \"Zoë\"]\n\n1. e4 d5 *\n\n"
    );
    // Without a termination marker, the Result tag's result is written.
    let game = Game::from_pgn("[Result \"1/2-1/2\"]\n\n1. e4").expect("a game");
    assert_eq!(game.result(), None);
    assert!(game.to_string().ends_with("\n\n1. e4 1/2-1/2\n\n"));
}

#[test]
fn long_movetext_wraps_under_80_columns() {
    // A game of many short tokens: every line is filled as far as it can be.
    let mut pgn = String::new();
    for _ in 0..30 {
        pgn.push_str("Nf3 Nf6 Ng1 Ng8 ");
    }
    pgn.push('*');
    let game = Game::from_pgn(&pgn).expect("a game");
    assert_eq!(game.node_count(), 120);
    let text = round_trip(&game, false);
    let movetext: Vec<&str> = text
        .split("\n\n")
        .nth(1)
        .expect("movetext")
        .lines()
        .collect();
    for pair in movetext.windows(2) {
        // The next line's first token: a move with its number, or a move.
        let words: Vec<&str> = pair[1].split(' ').collect();
        let next = if words[0].ends_with('.') {
            format!("{} {}", words[0], words[1])
        } else {
            words[0].to_string()
        };
        assert!(
            pair[0].chars().count() + 1 + next.chars().count() >= 80,
            "{} could hold {next}",
            pair[0]
        );
    }
}
