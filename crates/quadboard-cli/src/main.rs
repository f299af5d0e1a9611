//! The `quadboard` command-line tool.

fn main() {
    println!("quadboard");
}
