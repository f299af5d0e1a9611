//! python-chess's move errors, each a `ValueError`.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;

create_exception!(
    quadboard,
    InvalidMoveError,
    PyValueError,
    "Text that is not a move in the notation asked for (UCI or SAN)."
);
create_exception!(
    quadboard,
    IllegalMoveError,
    PyValueError,
    "A move that is not legal in the position."
);
create_exception!(
    quadboard,
    AmbiguousMoveError,
    PyValueError,
    "SAN that fits more than one legal move."
);

/// `text` as Python's `repr` writes a string, so that messages quote input as python-chess's
/// do (`invalid san: 'e9'`): single quotes unless only double quotes avoid escaping,
/// backslash escapes for the quote, backslashes and control characters.
pub fn py_repr(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(text.len() + 2);
    out.push(quote);
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

#[cfg(test)]
mod tests {
    use super::py_repr;

    #[test]
    fn py_repr_quotes_as_python_does() {
        assert_eq!(py_repr("e9"), "'e9'");
        assert_eq!(py_repr("it's"), "\"it's\"");
        assert_eq!(py_repr("a'b\"c"), "'a\\'b\"c'");
        assert_eq!(py_repr("x\ny\\\u{1}"), "'x\\ny\\\\\\x01'");
    }
}
