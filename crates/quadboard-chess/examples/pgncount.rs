use quadboard_chess::pgn::{Checker, Game, Reader};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let bytes = std::fs::read(&args[2]).unwrap();
    let t = std::time::Instant::now();
    let (mut games, mut moves, mut errs) = (0u64, 0u64, 0u64);
    if args[1] == "check" {
        let mut r = Reader::new(&bytes);
        let mut c = Checker::new();
        while let Some(g) = r.read_game(&mut c).unwrap() {
            games += 1;
            moves += g.moves;
            if !g.errors.is_empty() {
                errs += 1;
                if errs < 5 {
                    eprintln!("{:?} {}", g.start, g.errors[0]);
                }
            }
        }
    } else if args[1] == "syntax" {
        struct Nop(u64);
        impl quadboard_chess::pgn::Visitor for Nop {
            type Output = u64;
            fn san(&mut self, _: &[u8]) -> std::ops::ControlFlow<()> {
                self.0 += 1;
                std::ops::ControlFlow::Continue(())
            }
            fn end_game(&mut self) -> u64 {
                std::mem::take(&mut self.0)
            }
        }
        let mut r = Reader::new(&bytes);
        let mut v = Nop(0);
        while let Some(n) = r.read_game(&mut v).unwrap() {
            games += 1;
            moves += n;
        }
    } else if args[1] == "stream" {
        let mut r = Reader::from_read(std::fs::File::open(&args[2]).unwrap());
        let mut c = Checker::new();
        while let Some(g) = r.read_game(&mut c).unwrap() {
            games += 1;
            moves += g.moves;
            if !g.errors.is_empty() {
                errs += 1;
            }
        }
    } else {
        let mut r = Reader::new(&bytes);
        while let Some(g) = Game::read(&mut r).unwrap() {
            games += 1;
            moves += g.node_count() as u64;
            if !g.errors().is_empty() {
                errs += 1;
            }
            if args[1] == "fmt" {
                print!("{g}");
            }
        }
    }
    let s = t.elapsed().as_secs_f64();
    eprintln!(
        "{games} games {moves} moves {errs} errors {s:.3}s {:.1} MB/s",
        bytes.len() as f64 / s / 1e6
    );
}
