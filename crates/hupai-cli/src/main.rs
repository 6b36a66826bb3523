//! The `hupai` command line: `check`, `analyse`, `batch`, `serve`, `tables`.

mod cli;

fn main() {
    std::process::exit(cli::run());
}
