//! Comment commands: `[%clk 0:03:00]` and `[%eval 0.17]`, as lichess and other servers
//! write them inside comments.

use core::fmt;

/// An engine evaluation from `[%eval ...]`, from white's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Eval {
    /// Centipawns: `[%eval 0.17]` is 17.
    Centipawns(i32),
    /// Mate in so many moves, negative when black mates: `[%eval #-3]` is -3.
    Mate(i32),
}

impl fmt::Display for Eval {
    /// As written in the command: `0.17`, `-1.50`, `#3`, `#-3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let abs = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", abs / 100, abs % 100)
            }
            Eval::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// The argument of the first `[%name ...]` command in `comment`.
fn command<'a>(comment: &'a str, name: &str) -> Option<&'a str> {
    let mut rest = comment;
    loop {
        let at = rest.find("[%")?;
        rest = &rest[at + 2..];
        let end = rest.find(']')?;
        let body = &rest[..end];
        if let Some(arg) = body.strip_prefix(name) {
            if arg.starts_with(|c: char| c.is_ascii_whitespace()) {
                return Some(arg.trim());
            }
        }
    }
}

/// The clock of a `[%clk h:mm:ss]` command (seconds may have a fraction), in milliseconds.
///
/// ```
/// use quadboard_chess::pgn::clock;
/// assert_eq!(clock(" [%clk 0:03:00] "), Some(180_000));
/// assert_eq!(clock("[%eval 0.3] [%clk 1:02:03.5]"), Some(3_723_500));
/// assert_eq!(clock("no clock"), None);
/// ```
pub fn clock(comment: &str) -> Option<u64> {
    let arg = command(comment, "clk")?;
    let mut parts = arg.split(':');
    let (h, m, s) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let h: u64 = digits(h)?;
    let m: u64 = digits(m)?;
    let (secs, frac) = s.split_once('.').unwrap_or((s, ""));
    let secs: u64 = digits(secs)?;
    if m >= 60 || secs >= 60 || frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let millis = frac
        .bytes()
        .chain(core::iter::repeat(b'0'))
        .take(3)
        .fold(0, |n, d| n * 10 + u64::from(d - b'0'));
    Some(((h * 60 + m) * 60 + secs) * 1000 + millis)
}

fn digits(text: &str) -> Option<u64> {
    if text.is_empty() || text.len() > 9 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// The evaluation of an `[%eval ...]` command: pawns with up to two decimals, or `#n`.
/// A depth after a comma (`[%eval 0.17,23]`) is ignored.
///
/// ```
/// use quadboard_chess::pgn::{eval, Eval};
/// assert_eq!(eval("[%eval 0.17] [%clk 0:03:00]"), Some(Eval::Centipawns(17)));
/// assert_eq!(eval("[%eval -1.5]"), Some(Eval::Centipawns(-150)));
/// assert_eq!(eval("[%eval #-3]"), Some(Eval::Mate(-3)));
/// assert_eq!(eval("[%eval x]"), None);
/// ```
pub fn eval(comment: &str) -> Option<Eval> {
    let arg = command(comment, "eval")?;
    let arg = arg.split(',').next()?.trim();
    if let Some(mate) = arg.strip_prefix('#') {
        let (negative, n) = match mate.strip_prefix('-') {
            Some(n) => (true, n),
            None => (false, mate.strip_prefix('+').unwrap_or(mate)),
        };
        let n = i32::try_from(digits(n)?).ok()?;
        return Some(Eval::Mate(if negative { -n } else { n }));
    }
    let (negative, body) = match arg.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, arg.strip_prefix('+').unwrap_or(arg)),
    };
    let (whole, frac) = body.split_once('.').unwrap_or((body, ""));
    if frac.len() > 2 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole = i32::try_from(digits(whole)?).ok()?;
    let frac = frac
        .bytes()
        .chain(core::iter::repeat(b'0'))
        .take(2)
        .fold(0, |n, d| n * 10 + i32::from(d - b'0'));
    let cp = whole.checked_mul(100)?.checked_add(frac)?;
    Some(Eval::Centipawns(if negative { -cp } else { cp }))
}
