//! Cutting a collection into pieces of whole games without reading it: for threads, and for
//! the byte ranges of a job array.

/// The index of the first game start at or after `from`: a `[` at the start of a line whose
/// line before does not start with `[` (it is blank, or movetext), or at index 0.
///
/// This is where export format (and every collection seen in the wild) starts a tag
/// section; only a comment with a line break followed by `[` on the next line would fool
/// it. Bytes before `from` are read to see the line before.
///
/// ```
/// use quadboard_chess::pgn::next_game_start;
/// let pgn = b"[Event \"a\"]\n[Site \"b\"]\n\n1. e4 *\n\n[Event \"c\"]\n\n1. d4 *\n";
/// assert_eq!(next_game_start(pgn, 0), Some(0));
/// assert_eq!(next_game_start(pgn, 1), Some(33));
/// assert_eq!(next_game_start(pgn, 33), Some(33));
/// assert_eq!(next_game_start(pgn, 34), None);
/// ```
pub fn next_game_start(bytes: &[u8], from: usize) -> Option<usize> {
    if from == 0 && bytes.first() == Some(&b'[') {
        return Some(0);
    }
    // The newline before a start at `from` is at `from - 1`.
    let mut i = from.max(1) - 1;
    while i < bytes.len() {
        let at = i + bytes[i..].windows(2).position(|w| w == b"\n[")?;
        let line_start = bytes[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        if at + 1 >= from && bytes.get(line_start) != Some(&b'[') {
            return Some(at + 1);
        }
        i = at + 1;
    }
    None
}

/// [`next_game_start`] for a piece of a larger input: `bytes` holds the input from byte
/// `offset` on, and the answer is the offset of the first game starting at or after byte
/// `start` of the input (`None` when none starts in `bytes`, or `start` is before
/// `offset`). A reader of the `k`-th of `n` byte ranges begins at the first game starting
/// in its range; give it the line before the range too, so that a game starting on the
/// range's first byte is seen as one.
pub fn game_start_at_or_after(bytes: &[u8], offset: u64, start: u64) -> Option<u64> {
    let from = usize::try_from(start.checked_sub(offset)?).ok()?;
    next_game_start(bytes, from).map(|i| offset + i as u64)
}
