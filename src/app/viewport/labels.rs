//! Screen-space label decluttering for overlays that label many points
//! (the deform-order index on every bone).
//!
//! Greedy placement, the way map labels are placed: forced labels (flagged
//! bones, the selected bone's chain) go first and always show; every other
//! label tries a few slots around its point and is shown only in a slot that
//! overlaps no label placed before it (nor an obstacle such as the legend).
//! Pure over rectangles so it is tested without GL; buffers are reused.

use eframe::egui::{vec2, Pos2, Rect, Vec2};

/// One label: the point it belongs to, its text size, and whether it must show.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LabelRequest {
    pub anchor: Pos2,
    pub size: Vec2,
    pub forced: bool,
}

/// Gap between the point and its label.
const GAP: Vec2 = vec2(5.0, 3.0);

/// The slots tried around the point, preferred first: up-right (the usual
/// place), down-right, up-left, down-left.
fn slot(anchor: Pos2, size: Vec2, k: usize) -> Rect {
    let x = if k < 2 {
        anchor.x + GAP.x
    } else {
        anchor.x - GAP.x - size.x
    };
    let y = if k.is_multiple_of(2) {
        anchor.y - GAP.y - size.y
    } else {
        anchor.y + GAP.y
    };
    Rect::from_min_size(Pos2::new(x, y), size)
}

const SLOTS: usize = 4;

/// Reused buffers for [`place_labels`].
#[derive(Default)]
pub struct LabelScratch {
    pub requests: Vec<LabelRequest>,
    /// What each request labels (the caller's index, e.g. a bone).
    pub owners: Vec<usize>,
    /// Where each request's label went; None = hidden.
    pub placed: Vec<Option<Rect>>,
    /// Per-owner flags for the caller (e.g. which bones are forced).
    pub marks: Vec<bool>,
}

impl LabelScratch {
    pub fn clear(&mut self) {
        self.requests.clear();
        self.owners.clear();
        self.placed.clear();
    }

    pub fn push(&mut self, owner: usize, request: LabelRequest) {
        self.owners.push(owner);
        self.requests.push(request);
    }

    /// Places the pushed requests; returns how many were hidden.
    pub fn place(&mut self, obstacles: &[Rect]) -> usize {
        place_labels(&self.requests, obstacles, &mut self.placed)
    }
}

/// Places labels greedily: all forced requests first (in order), then the
/// others in order. A label takes the first slot around its point that
/// overlaps neither an obstacle nor an already placed label; a forced label
/// with no free slot takes its first slot anyway. `placed[i]` is request
/// i's rectangle or None when it is hidden; returns the number hidden.
pub fn place_labels(
    requests: &[LabelRequest],
    obstacles: &[Rect],
    placed: &mut Vec<Option<Rect>>,
) -> usize {
    placed.clear();
    placed.resize(requests.len(), None);
    let mut hidden = 0;
    for forced_pass in [true, false] {
        for (i, r) in requests.iter().enumerate() {
            if r.forced != forced_pass {
                continue;
            }
            let free = (0..SLOTS).map(|k| slot(r.anchor, r.size, k)).find(|s| {
                !obstacles.iter().any(|o| o.intersects(*s))
                    && !placed.iter().flatten().any(|p| p.intersects(*s))
            });
            placed[i] = match free {
                Some(s) => Some(s),
                None if r.forced => Some(slot(r.anchor, r.size, 0)),
                None => {
                    hidden += 1;
                    None
                }
            };
        }
    }
    hidden
}

/// Rough text size of `chars` glyphs at font `size` (digits and a suffix
/// letter), without laying the text out.
pub fn text_size(chars: usize, size: f32) -> Vec2 {
    vec2(chars as f32 * size * 0.6, size)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(x: f32, y: f32, forced: bool) -> LabelRequest {
        LabelRequest {
            anchor: Pos2::new(x, y),
            size: vec2(20.0, 10.0),
            forced,
        }
    }

    fn overlaps(placed: &[Option<Rect>]) -> usize {
        let rects: Vec<Rect> = placed.iter().flatten().copied().collect();
        let mut n = 0;
        for (i, a) in rects.iter().enumerate() {
            for b in &rects[i + 1..] {
                if a.intersects(*b) {
                    n += 1;
                }
            }
        }
        n
    }

    #[test]
    fn apart_labels_all_show_in_the_preferred_slot() {
        let reqs = [req(0.0, 100.0, false), req(100.0, 100.0, false)];
        let mut placed = Vec::new();
        assert_eq!(place_labels(&reqs, &[], &mut placed), 0);
        assert_eq!(
            placed[0],
            Some(Rect::from_min_size(Pos2::new(5.0, 87.0), vec2(20.0, 10.0)))
        );
        assert!(placed[1].is_some());
    }

    #[test]
    fn a_crowd_keeps_only_non_overlapping_labels_and_counts_the_rest() {
        // Ten points 2 px apart: only a few slots are free.
        let reqs: Vec<LabelRequest> = (0..10).map(|i| req(i as f32 * 2.0, 50.0, false)).collect();
        let mut placed = Vec::new();
        let hidden = place_labels(&reqs, &[], &mut placed);
        let shown = placed.iter().flatten().count();
        assert_eq!(shown + hidden, 10);
        assert!(hidden >= 6, "{hidden}");
        assert!(shown >= 2);
        assert_eq!(overlaps(&placed), 0);
        // The first point takes its preferred slot; a neighbour moves to another.
        assert_eq!(placed[0], Some(slot(reqs[0].anchor, reqs[0].size, 0)));
    }

    #[test]
    fn forced_labels_win_over_earlier_ordinary_ones() {
        // The ordinary label comes first in the list but the forced one is
        // placed first, so the ordinary one moves out of its way.
        let reqs = [req(0.0, 50.0, false), req(1.0, 50.0, true)];
        let mut placed = Vec::new();
        assert_eq!(place_labels(&reqs, &[], &mut placed), 0);
        assert_eq!(placed[1], Some(slot(reqs[1].anchor, reqs[1].size, 0)));
        assert_eq!(placed[0], Some(slot(reqs[0].anchor, reqs[0].size, 1)));
        // Forced labels show even when every slot is taken (7 on one point).
        let crowd = [req(0.0, 50.0, true); 7];
        assert_eq!(place_labels(&crowd, &[], &mut placed), 0);
        assert!(placed.iter().all(Option::is_some));
        // An ordinary label on the same point is then hidden.
        let mut more = crowd.to_vec();
        more.push(req(0.0, 50.0, false));
        assert_eq!(place_labels(&more, &[], &mut placed), 1);
        assert_eq!(placed[7], None);
    }

    #[test]
    fn obstacles_push_labels_to_another_slot_or_hide_them() {
        let r = req(100.0, 100.0, false);
        let legend = slot(r.anchor, r.size, 0).expand(1.0);
        let mut placed = Vec::new();
        assert_eq!(place_labels(&[r], &[legend], &mut placed), 0);
        let got = placed[0].unwrap();
        assert!(!got.intersects(legend));
        assert_eq!(got, slot(r.anchor, r.size, 1));
        let everywhere = Rect::from_center_size(r.anchor, vec2(200.0, 200.0));
        assert_eq!(place_labels(&[r], &[everywhere], &mut placed), 1);
        assert_eq!(placed[0], None);
    }

    #[test]
    fn buffers_are_reused() {
        let mut s = LabelScratch::default();
        for i in 0..50 {
            s.push(i, req(i as f32, 0.0, i == 7));
        }
        s.place(&[]);
        let cap = (s.requests.capacity(), s.placed.capacity());
        s.clear();
        for i in 0..50 {
            s.push(i, req(i as f32, 0.0, false));
        }
        s.place(&[]);
        assert_eq!((s.requests.capacity(), s.placed.capacity()), cap);
    }
}
