//! Bad PMD bytes give an error or a model, never a panic: truncations of a
//! real file and seeded random mutations of it.

use hone_core::pmx::pmd::read_pmd;
use hone_core::pmx::Error;

mod seeded_rng;
use seeded_rng::Rng;

fn mei() -> Option<Vec<u8>> {
    let p = hone_testkit::shared_model("mei/mei.pmd")?;
    Some(std::fs::read(p).unwrap())
}

fn must_not_panic(bytes: &[u8], what: &str) -> bool {
    match std::panic::catch_unwind(|| read_pmd(bytes)) {
        Ok(Ok(_)) => true,
        Ok(Err(Error::Parse { location, .. })) => {
            assert!(
                location.offset <= bytes.len(),
                "{what}: offset past the end"
            );
            false
        }
        Ok(Err(e)) => panic!("{what}: unexpected error kind {e}"),
        Err(_) => panic!("{what}: read_pmd panicked"),
    }
}

#[test]
fn every_truncation_is_an_error_or_a_model() {
    let Some(bytes) = mei() else {
        return;
    };
    // Main sections are large; step through them, but try every byte of the
    // header and of the extensions (after the bone display list).
    let extensions_at = 496_168.min(bytes.len());
    let mut cuts: Vec<usize> = (0..300).collect();
    cuts.extend((300..extensions_at).step_by(211));
    cuts.extend(extensions_at.saturating_sub(64)..bytes.len());
    let mut ok = 0;
    for &cut in &cuts {
        if must_not_panic(&bytes[..cut], &format!("cut at {cut}")) {
            ok += 1;
        }
    }
    // A cut is only fine at an extension boundary: before the English names,
    // after them, after the toon names.
    assert_eq!(ok, 3, "cuts that still read as a whole model");
    assert!(read_pmd(&bytes).is_ok());
}

#[test]
fn random_mutations_never_panic() {
    let Some(bytes) = mei() else {
        return;
    };
    let mut rng = Rng(0x5EED_0F9A_3D00);
    // Vertex data dominates the file; aim half the mutations at the
    // count-bearing sections after the faces.
    let tail_at = 429_000.min(bytes.len() - 1);
    let mut buf = bytes.clone();
    for round in 0..3000 {
        buf.copy_from_slice(&bytes);
        for _ in 0..1 + rng.below(8) {
            let at = if round % 2 == 0 {
                rng.below(buf.len())
            } else {
                tail_at + rng.below(buf.len() - tail_at)
            };
            match rng.below(4) {
                0 => buf[at] ^= 1 << rng.below(8),
                1 => buf[at] = rng.next() as u8,
                2 => buf[at] = 0xFF,
                _ => {
                    let end = (at + 4).min(buf.len());
                    let v = (rng.next() as u32).to_le_bytes();
                    buf[at..end].copy_from_slice(&v[..end - at]);
                }
            }
        }
        let cut = if rng.below(4) == 0 {
            rng.below(buf.len())
        } else {
            buf.len()
        };
        must_not_panic(&buf[..cut], &format!("mutation round {round}"));
    }
}

#[test]
fn hostile_counts_and_indices_never_panic() {
    // Header + zero counts everywhere, then poison each count in turn.
    let mut base = b"Pmd".to_vec();
    base.extend_from_slice(&1.0f32.to_le_bytes());
    base.extend_from_slice(&[0u8; 276]);
    let counts_at = base.len();
    // vertices, faces, materials (u32), bones, iks, skins (u16),
    // skin display, frame names (u8), frame bones (u32).
    let sizes = [4usize, 4, 4, 2, 2, 2, 1, 1, 4];
    for s in sizes {
        base.extend(std::iter::repeat_n(0u8, s));
    }
    assert!(
        read_pmd(&base).is_ok(),
        "an empty PMD is a valid empty model"
    );
    let mut at = counts_at;
    for s in sizes {
        for fill in [0xFFu8, 0x7F, 0x01] {
            let mut b = base.clone();
            for x in &mut b[at..at + s] {
                *x = fill;
            }
            must_not_panic(&b, &format!("count at {at} = {fill:#x}"));
        }
        at += s;
    }
}
