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
