//! Writes a large PMX (the sample rig grown to N vertices) for trying the background
//! load by hand: `cargo run --release --example large_model -- OUT.pmx 3000000`.

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(out), count) = (args.next(), args.next()) else {
        eprintln!("usage: large_model OUT.pmx [VERTICES]");
        std::process::exit(2);
    };
    let count: usize = count.and_then(|c| c.parse().ok()).unwrap_or(2_000_000);
    let mut model = hone::pmx::builder::sample_rig();
    let template = model.vertices[0].clone();
    let extra = count.saturating_sub(model.vertices.len());
    model.vertices.extend((0..extra).map(|i| {
        let mut v = template.clone();
        v.position.x += (i % 1000) as f32 * 1e-3;
        v
    }));
    if let Err(e) = hone::pmx::write::save(&model, &out, &Default::default()) {
        eprintln!("{out}: {e}");
        std::process::exit(1);
    }
}
