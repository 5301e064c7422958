//! MMD's shared toons toon01–toon10 as data: each is a 32-row vertical ramp (row 0
//! is the top of the image, the lit side). The colours were measured from the
//! shared toon images babylon-mmd ships (`src/Loader/sharedToonTextures.ts`, the
//! middle column of each 32×32 image): toon01–04 are white over a flat shade from
//! row 16, toon05 a skin-tone gradient, toon06 gold with a light band, toon07–10
//! white. Rows between two stops are interpolated linearly.

/// One gradient stop: image row (0–31) and its colour.
type Stop = (u8, [u8; 3]);

const WHITE: [u8; 3] = [255, 255, 255];

/// Rows of each shared toon image.
pub const ROWS: usize = 32;

/// toon01–04: white rows 0–15 over the flat `shade` of rows 16–31.
const fn white_over(shade: [u8; 3]) -> [Stop; 4] {
    [(0, WHITE), (15, WHITE), (16, shade), (31, shade)]
}

/// The stops of toon01..toon10 (index 0 = toon01).
const STOPS: [&[Stop]; 10] = [
    &white_over([205, 205, 205]),
    &white_over([245, 225, 225]),
    &white_over([154, 154, 154]),
    &white_over([248, 239, 235]),
    // Skin tone: white to a warm pink over rows 17–25.
    &[
        (0, WHITE),
        (17, WHITE),
        (18, [255, 254, 254]),
        (19, [255, 252, 251]),
        (20, [255, 248, 246]),
        (21, [255, 244, 240]),
        (22, [255, 240, 234]),
        (23, [255, 236, 229]),
        (24, [255, 232, 223]),
        (25, [255, 231, 222]),
        (26, [255, 231, 221]),
        (31, [254, 231, 222]),
    ],
    // Gold: a light band at rows 8–11, darker gold from row 22 down.
    &[
        (0, [255, 237, 97]),
        (7, [255, 237, 97]),
        (8, [255, 239, 116]),
        (9, [255, 252, 225]),
        (10, [255, 247, 181]),
        (11, [255, 238, 104]),
        (12, [255, 237, 97]),
        (21, [255, 237, 97]),
        (22, [250, 231, 88]),
        (23, [225, 205, 50]),
        (24, [201, 178, 12]),
        (25, [196, 173, 4]),
        (26, [195, 172, 3]),
        (31, [195, 172, 3]),
    ],
    &[(0, WHITE), (31, WHITE)],
    &[(0, WHITE), (31, WHITE)],
    &[(0, WHITE), (31, WHITE)],
    &[(0, WHITE), (31, WHITE)],
];

/// The rows of shared toon `n` (0 = toon01; wraps past toon10), top first.
pub fn shared_toon_rows(n: u8) -> [[u8; 3]; ROWS] {
    let stops = STOPS[n as usize % STOPS.len()];
    let mut rows = [WHITE; ROWS];
    for pair in stops.windows(2) {
        let ((r0, c0), (r1, c1)) = (pair[0], pair[1]);
        for row in r0..=r1 {
            let t = if r1 > r0 {
                (row - r0) as f32 / (r1 - r0) as f32
            } else {
                0.0
            };
            let mix = |a: u8, b: u8| (a as f32 + (b as f32 - a as f32) * t).round() as u8;
            rows[row as usize] = [mix(c0[0], c1[0]), mix(c0[1], c1[1]), mix(c0[2], c1[2])];
        }
    }
    rows
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops_cover_every_row_in_order() {
        for (n, stops) in STOPS.iter().enumerate() {
            assert_eq!(stops.first().map(|s| s.0), Some(0), "toon{:02}", n + 1);
            assert_eq!(stops.last().map(|s| s.0), Some(31), "toon{:02}", n + 1);
            assert!(
                stops.windows(2).all(|w| w[0].0 < w[1].0),
                "toon{:02}",
                n + 1
            );
        }
    }

    #[test]
    fn toon07_to_10_are_white_and_05_06_are_gradients() {
        for n in 6..10 {
            assert!(
                shared_toon_rows(n).iter().all(|&c| c == WHITE),
                "toon{:02}",
                n + 1
            );
        }
        // toon05: white on the lit side, a warm (red > green > blue) shade below.
        let skin = shared_toon_rows(4);
        assert_eq!(skin[0], WHITE);
        let shade = skin[ROWS - 2];
        assert!(shade[0] > shade[1] && shade[1] > shade[2], "{shade:?}");
        let distinct: std::collections::BTreeSet<_> = skin.iter().collect();
        assert!(distinct.len() > 5, "toon05 is a gradient, not two tones");
        // toon06: gold (yellow, blue far below red and green), darker below.
        let gold = shared_toon_rows(5);
        for c in [gold[0], gold[ROWS - 1]] {
            assert!(c[0] > 150 && c[1] > 150 && c[2] < 100, "{c:?}");
        }
        assert!(gold[ROWS - 1][1] < gold[0][1]);
        // toon01–04: two tones, the shade from row 16.
        for n in 0..4 {
            let rows = shared_toon_rows(n);
            assert!(rows[..16].iter().all(|&c| c == WHITE));
            assert!(rows[16..].iter().all(|&c| c == rows[16] && c != WHITE));
        }
    }
}
