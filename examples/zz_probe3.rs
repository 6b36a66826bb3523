use hupai::*;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let engine = Engine::new(Rules::riichi());
    let hand: Hand = args[1].parse().unwrap();
    let on = args[2] == "1";
    let n: usize = args[3].parse().unwrap();
    let o = OddsOptions { backward: on, sideways: on, ..OddsOptions::default() };
    let t = std::time::Instant::now();
    let mut s = 0;
    for _ in 0..n { s += engine.odds(&hand, &[0;34], &o).unwrap().states; }
    println!("{:?} per call, states {}", t.elapsed() / n as u32, s / n);
}
