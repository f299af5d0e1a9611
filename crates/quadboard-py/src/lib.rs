//! quadboard for Python: the extension module `quadboard._quadboard`, which the Python
//! package `quadboard` (in `python/`) re-exports under python-chess's names.
//!
//! Built by maturin from `pyproject.toml` (`pip install ./crates/quadboard-py`); the tests
//! are pytest's, in `tests/`.

use pyo3::prelude::*;

pub mod batch;
pub mod board;
pub mod board_fast;
pub mod engine;
pub mod errors;
pub mod moves;
pub mod pgn;
pub mod pgn_tree;
pub mod polyglot;
pub mod rules;
pub mod squareset;
pub mod syzygy;
pub mod variant;

// CPython allocates objects 16-byte aligned, so a class's Rust value must not ask for more:
// placed in the object at a 64-byte offset from a 16-byte address, a `Position` (aligned to
// 64 for copy-make) would be misaligned, which is undefined behaviour (a debug build
// aborts on it). `Board` keeps its position in a box for that reason.
const _: () = {
    use core::mem::align_of;
    assert!(align_of::<board::Board>() <= 16);
    assert!(align_of::<board::LegalMoveGenerator>() <= 16);
    assert!(align_of::<board::PseudoLegalMoveGenerator>() <= 16);
    assert!(align_of::<moves::MoveObj>() <= 16);
    assert!(align_of::<squareset::SquareSet>() <= 16);
    assert!(align_of::<squareset::Subsets>() <= 16);
    assert!(align_of::<pgn_tree::GameData>() <= 16);
    assert!(align_of::<pgn::GameReader>() <= 16);
    assert!(align_of::<polyglot::BookFile>() <= 16);
    assert!(align_of::<syzygy::Tables>() <= 16);
    assert!(align_of::<variant::VariantBoard>() <= 16);
};

/// The module `quadboard._quadboard`.
#[pymodule]
fn _quadboard(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<board::Board>()?;
    m.add_class::<variant::VariantBoard>()?;
    m.add_class::<board::LegalMoveGenerator>()?;
    m.add_class::<board::PseudoLegalMoveGenerator>()?;
    m.add_class::<moves::MoveObj>()?;
    m.add_class::<squareset::SquareSet>()?;
    squareset::install_fast_paths(m)?;
    squareset::install_slots(m)?;
    board_fast::install(m)?;
    m.add_class::<pgn_tree::GameData>()?;
    m.add_class::<pgn::GameReader>()?;
    m.add_class::<polyglot::BookFile>()?;
    m.add_class::<syzygy::Tables>()?;
    m.add_class::<engine::UciClient>()?;
    m.add_class::<engine::XboardClient>()?;
    m.add(
        "InvalidMoveError",
        py.get_type::<errors::InvalidMoveError>(),
    )?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add(
        "AmbiguousMoveError",
        py.get_type::<errors::AmbiguousMoveError>(),
    )?;
    m.add_function(wrap_pyfunction!(batch::perft, m)?)?;
    m.add_function(wrap_pyfunction!(batch::legal_move_counts, m)?)?;
    m.add_function(wrap_pyfunction!(pgn::read_games, m)?)?;
    m.add_function(wrap_pyfunction!(pgn_tree::read_movetext, m)?)?;
    m.add_function(wrap_pyfunction!(pgn_tree::movetext_tokens, m)?)?;
    m.add_function(wrap_pyfunction!(pgn_tree::tag_pairs, m)?)?;
    m.add_function(wrap_pyfunction!(polyglot::polyglot_random_array, m)?)?;
    m.add_function(wrap_pyfunction!(squareset::ray, m)?)?;
    m.add_function(wrap_pyfunction!(squareset::between, m)?)?;
    m.add_function(wrap_pyfunction!(squareset::tables, m)?)?;
    m.add_function(wrap_pyfunction!(squareset::slider_tables, m)?)?;
    m.add_function(wrap_pyfunction!(squareset::square_knight_distance, m)?)?;
    m.add_function(wrap_pyfunction!(squareset::flip_vertical, m)?)?;
    m.add_function(wrap_pyfunction!(squareset::flip_horizontal, m)?)?;
    m.add_function(wrap_pyfunction!(squareset::flip_diagonal, m)?)?;
    m.add_function(wrap_pyfunction!(squareset::flip_anti_diagonal, m)?)?;
    m.add("STARTING_FEN", board::STARTING_FEN)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
