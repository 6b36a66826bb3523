//! The `hupai` command line: `check`, `analyse`, `batch`.

mod cli;

fn main() {
    std::process::exit(cli::run());
}
