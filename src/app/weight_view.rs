//! Weight view: the mesh coloured by one bone's weight (a ramp, with "not weighted
//! to this bone" distinct from weight 0), by weight kind, or by weight problems
//! (weights not summing to 1, weights on missing bones, bad SDEF), with a legend.
//!
//! The colours ride on the skinned vertices the viewport already draws, so the view
//! works posed and while physics runs. They are rebuilt only when the model, the
//! mode or the bone changes (never per frame); a weight edit (a paint dab)
//! recolours only the vertices it set.

use eframe::egui;

use crate::app::commands::{Command, Commands, ViewCommand};
use crate::app::{Selection, State};
use crate::check::{ElementRef, Problem};
use crate::pmx::{Model, WeightKind};
use egui::{Color32, Painter, Pos2, Rect};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum WeightMode {
    #[default]
    Off,
    /// The bone's weight on a ramp.
    Bone,
    /// BDEF1/2/4/SDEF/QDEF.
    Kind,
    /// Vertices the checker flags.
    Problems,
}

impl WeightMode {
    pub const ALL: [WeightMode; 4] = [
        WeightMode::Off,
        WeightMode::Bone,
        WeightMode::Kind,
        WeightMode::Problems,
    ];

    pub fn label(self) -> String {
        crate::tr!(match self {
            WeightMode::Off => "weight-mode-off",
            WeightMode::Bone => "weight-mode-bone",
            WeightMode::Kind => "weight-mode-kind",
            WeightMode::Problems => "weight-mode-problems",
        })
    }

    /// `--weights` names: off, bone, kind, problems.
    pub fn parse(name: &str) -> Option<Self> {
        Some(match name {
            "off" => WeightMode::Off,
            "bone" => WeightMode::Bone,
            "kind" => WeightMode::Kind,
            "problems" => WeightMode::Problems,
            _ => return None,
        })
    }
}

/// Colour of a vertex the shown bone does not weight at all.
pub const UNWEIGHTED: [f32; 4] = [0.32, 0.32, 0.35, 1.0];
/// Colour of a vertex without a problem (problems mode).
const CLEAN: [f32; 4] = [0.72, 0.74, 0.78, 1.0];

/// What a flagged vertex has, worst first (a vertex shows the worst it has).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum WeightProblem {
    /// A weight on bone −1 or on a bone index past the end.
    MissingBone,
    /// Weights not summing to 1, outside 0..1, or all zero.
    Sum,
    /// SDEF parameters degenerate, pointless or off the joint.
    Sdef,
}

impl WeightProblem {
    pub const ALL: [WeightProblem; 3] = [
        WeightProblem::MissingBone,
        WeightProblem::Sum,
        WeightProblem::Sdef,
    ];

    /// The weight problem a checker problem is, if it is one (codes from `check`, the
    /// owner of these rules).
    pub fn of(p: &Problem) -> Option<(usize, Self)> {
        let ElementRef::Vertex(v) = p.target else {
            return None;
        };
        let kind = match p.code {
            "E-WEIGHT-NONE-BONE" | "E-INDEX-RANGE" => WeightProblem::MissingBone,
            "W-WEIGHT-SUM" | "W-WEIGHT-RANGE" | "E-WEIGHT-ZERO" => WeightProblem::Sum,
            c if c.starts_with("W-SDEF") || c.starts_with("I-SDEF") => WeightProblem::Sdef,
            _ => return None,
        };
        Some((usize::try_from(v).ok()?, kind))
    }

    pub fn label(self) -> String {
        crate::tr!(match self {
            WeightProblem::MissingBone => "weight-problem-missing-bone",
            WeightProblem::Sum => "weight-problem-sum",
            WeightProblem::Sdef => "weight-problem-sdef",
        })
    }

    pub fn color(self) -> [f32; 4] {
        match self {
            WeightProblem::MissingBone => [0.95, 0.15, 0.85, 1.0],
            WeightProblem::Sum => [1.0, 0.45, 0.05, 1.0],
            WeightProblem::Sdef => [0.95, 0.85, 0.1, 1.0],
        }
    }
}

/// Weight `w` (0..=1) on the ramp blue → cyan → green → yellow → red (Blender's and
/// nanoem's convention for weight views).
pub fn ramp(w: f32) -> [f32; 4] {
    const STOPS: [[f32; 3]; 5] = [
        [0.0, 0.0, 1.0],
        [0.0, 1.0, 1.0],
        [0.0, 1.0, 0.0],
        [1.0, 1.0, 0.0],
        [1.0, 0.0, 0.0],
    ];
    let t = if w.is_finite() {
        w.clamp(0.0, 1.0)
    } else {
        1.0
    } * 4.0;
    let i = (t.floor() as usize).min(3);
    let f = t - i as f32;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    [
        a[0] + (b[0] - a[0]) * f,
        a[1] + (b[1] - a[1]) * f,
        a[2] + (b[2] - a[2]) * f,
        1.0,
    ]
}

pub fn kind_color(kind: WeightKind) -> [f32; 4] {
    match kind {
        WeightKind::Bdef1 => [0.45, 0.6, 0.95, 1.0],
        WeightKind::Bdef2 => [0.3, 0.85, 0.4, 1.0],
        WeightKind::Bdef4 => [1.0, 0.6, 0.15, 1.0],
        WeightKind::Sdef => [0.9, 0.3, 0.9, 1.0],
        WeightKind::Qdef => [0.2, 0.9, 0.9, 1.0],
    }
}

/// A bone's weight on a vertex: None if no slot names it (not weighted to it), else
/// the sum of its slots (a bone named twice counts once per slot, as skinning does).
pub fn bone_weight(model: &Model, vertex: usize, bone: usize) -> Option<f32> {
    let (bones, weights, n) = model.vertices.get(vertex)?.weights.bone_weights();
    let bone = i32::try_from(bone).ok()?;
    (0..n)
        .filter(|&k| bones[k] == bone)
        .map(|k| weights[k])
        .reduce(|a, b| a + b)
}

fn to_color32(c: [f32; 4]) -> Color32 {
    let b = |x: f32| (x.clamp(0.0, 1.0) * 255.0).round() as u8;
    Color32::from_rgb(b(c[0]), b(c[1]), b(c[2]))
}

/// The weight view's settings and its per-vertex colours.
#[derive(Debug, Default)]
pub struct WeightView {
    pub mode: WeightMode,
    /// The bone shown in Bone mode: the last bone selected (it stays while vertices
    /// are selected or painted).
    pub bone: Option<usize>,
    /// One RGBA per vertex for the current mode (empty when off).
    pub colors: Vec<[f32; 4]>,
    /// Bumped whenever `colors` change (the GPU uploads on a new value).
    pub revision: u64,
    /// Legend figures: Bone: not weighted, weight 0, 0 < w < 1, 1; Kind: per
    /// [`WeightKind::ALL`]; Problems: per [`WeightProblem::ALL`] then clean.
    pub counts: Vec<usize>,
    /// Mode and bone the colours were made for (None: make them again).
    key: Option<(WeightMode, Option<usize>)>,
    /// Legend row of each vertex (Bone and Kind modes), so a recoloured vertex
    /// moves its count.
    rows: Vec<u8>,
    /// Vertices whose weights changed since the colours were made (a dab):
    /// only they are coloured again.
    stale: Vec<usize>,
    /// The vertices recoloured alone from revision `recolored_since` to
    /// `recolored_until` (the GPU copies only those); stale once `revision` moves
    /// on otherwise.
    recolored: Vec<usize>,
    recolored_since: u64,
    recolored_until: u64,
}

impl WeightView {
    pub fn is_on(&self) -> bool {
        self.mode != WeightMode::Off
    }

    /// The only vertices whose colours changed since revision `since` (the first
    /// value), when every change since then was a recolouring of some vertices.
    pub fn recolored(&self) -> Option<(u64, &[usize])> {
        (self.recolored_until == self.revision && self.revision > 0)
            .then_some((self.recolored_since, self.recolored.as_slice()))
    }

    /// After model edits: the colours read the vertices' weights and the bones
    /// (the Problems mode reads the checker's problems, which read everything).
    /// Weight edits of some vertices recolour only those.
    pub fn model_changed(&mut self, changes: &crate::edit::ChangeSet) {
        use crate::edit::changes::VertexField;
        use crate::edit::ElementKind as K;
        if changes.touches(K::Bone)
            || changes.is_structural()
            || !changes.is_precise(K::Vertex)
            || (self.mode == WeightMode::Problems && !changes.is_empty())
        {
            self.key = None;
        } else if self.key.is_some() {
            self.stale.extend(
                changes
                    .edits(K::Vertex)
                    .filter(|(_, f)| f.has(VertexField::Weights))
                    .map(|(v, _)| v),
            );
        }
    }

    /// Follows the selection and rebuilds the colours if the model, mode or bone changed.
    pub fn update(state: &mut State) {
        let f = state.frame_parts();
        if let Selection::Bone(b) = f.selection {
            f.viewport.weights.bone = Some(b);
        }
        let model = f.doc.model();
        let view = &mut f.viewport.weights;
        if view.bone.is_some_and(|b| b >= model.bones.len()) {
            view.bone = None;
        }
        let key = (view.mode, view.bone);
        if view.key == Some(key) {
            view.recolor_stale(model);
            return;
        }
        view.stale.clear();
        if view.mode == WeightMode::Problems {
            f.debug.refresh(model);
        }
        view.key = Some(key);
        view.revision += 1;
        view.colors.clear();
        view.counts.clear();
        view.rows.clear();
        match view.mode {
            WeightMode::Off => {}
            WeightMode::Bone | WeightMode::Kind => {
                let rows = match view.mode {
                    WeightMode::Bone => 4,
                    _ => WeightKind::ALL.len(),
                };
                view.counts.resize(rows, 0);
                for v in 0..model.vertices.len() {
                    let (row, color) = view.vertex_color(model, v);
                    view.counts[row as usize] += 1;
                    view.rows.push(row);
                    view.colors.push(color);
                }
            }
            WeightMode::Problems => {
                let mut worst: Vec<Option<WeightProblem>> = vec![None; model.vertices.len()];
                for (v, p) in f.debug.problems.iter().filter_map(WeightProblem::of) {
                    if let Some(slot) = worst.get_mut(v) {
                        *slot = Some(slot.map_or(p, |q| q.min(p)));
                    }
                }
                view.counts.resize(WeightProblem::ALL.len() + 1, 0);
                for w in &worst {
                    let i = w.map_or(WeightProblem::ALL.len(), |p| p as usize);
                    view.counts[i] += 1;
                    view.colors.push(w.map_or(CLEAN, WeightProblem::color));
                }
            }
        }
    }
}

impl WeightView {
    /// Vertex `v`'s legend row and colour in the Bone or Kind mode.
    fn vertex_color(&self, model: &Model, v: usize) -> (u8, [f32; 4]) {
        if self.mode == WeightMode::Kind {
            let k = model.vertices[v].weights.kind();
            let row = WeightKind::ALL.iter().position(|&x| x == k).unwrap_or(0);
            return (row as u8, kind_color(k));
        }
        let w = self.bone.and_then(|b| bone_weight(model, v, b));
        let row = match w {
            None => 0,
            Some(w) if w <= 0.0 => 1,
            Some(w) if w < 1.0 => 2,
            Some(_) => 3,
        };
        (row, w.map_or(UNWEIGHTED, ramp))
    }

    /// Colours the vertices whose weights changed again and moves their counts.
    fn recolor_stale(&mut self, model: &Model) {
        if self.stale.is_empty() {
            return;
        }
        let stale = std::mem::take(&mut self.stale);
        if matches!(self.mode, WeightMode::Bone | WeightMode::Kind) {
            for &v in &stale {
                if v >= self.rows.len() || v >= model.vertices.len() {
                    continue;
                }
                let (row, color) = self.vertex_color(model, v);
                let old = std::mem::replace(&mut self.rows[v], row);
                self.counts[old as usize] -= 1;
                self.counts[row as usize] += 1;
                self.colors[v] = color;
            }
            if self.recolored_until != self.revision || self.recolored.len() > self.colors.len() {
                self.recolored.clear();
                self.recolored_since = self.revision;
            }
            self.recolored.extend_from_slice(&stale);
            self.revision += 1;
            self.recolored_until = self.revision;
        }
        self.stale = stale;
        self.stale.clear();
    }
}

/// The mode picker for the viewport toolbar.
pub fn toolbar(ui: &mut egui::Ui, shown: WeightMode, sent: &mut Commands) {
    let mut mode = shown;
    egui::ComboBox::from_label(crate::tr!("weight-view"))
        .selected_text(mode.label())
        .show_ui(ui, |ui| {
            for m in WeightMode::ALL {
                ui.selectable_value(&mut mode, m, m.label());
            }
        })
        .response
        .on_hover_text(crate::tr!("weight-view-hint"));
    if mode != shown {
        sent.push(Command::View(ViewCommand::WeightMode(mode)));
    }
}

/// The legend in the viewport's bottom-right corner.
pub fn draw_legend(painter: &Painter, rect: Rect, frame: &crate::app::View) {
    let view = &frame.viewport.weights;
    if !view.is_on() {
        return;
    }
    let model = frame.model;
    let font = egui::FontId::proportional(12.0);
    let text = Color32::from_gray(230);
    let mut rows: Vec<(Option<[f32; 4]>, String)> = Vec::new();
    let c = |i: usize| view.counts.get(i).copied().unwrap_or(0);
    let ramp_row = view.mode == WeightMode::Bone && view.bone.is_some();
    match view.mode {
        WeightMode::Off => return,
        WeightMode::Bone => match view.bone.and_then(|b| model.bones.get(b)) {
            Some(b) => {
                rows.push((None, crate::tr!("weight-legend-of", bone = b.name.as_str())));
                rows.push((None, String::new()));
                rows.push((
                    Some(UNWEIGHTED),
                    crate::tr!("weight-legend-unweighted", count = c(0)),
                ));
                rows.push((
                    Some(ramp(0.0)),
                    crate::tr!("weight-legend-zero", count = c(1)),
                ));
                rows.push((
                    Some(ramp(0.5)),
                    crate::tr!("weight-legend-between", count = c(2)),
                ));
                rows.push((
                    Some(ramp(1.0)),
                    crate::tr!("weight-legend-one", count = c(3)),
                ));
            }
            None => rows.push((None, crate::tr!("weight-legend-select-bone"))),
        },
        WeightMode::Kind => {
            rows.push((None, crate::tr!("weight-mode-kind")));
            for (i, k) in WeightKind::ALL.iter().enumerate() {
                rows.push((Some(kind_color(*k)), format!("{}: {}", k.name(), c(i))));
            }
        }
        WeightMode::Problems => {
            rows.push((None, crate::tr!("weight-mode-problems")));
            for (i, p) in WeightProblem::ALL.iter().enumerate() {
                rows.push((Some(p.color()), format!("{}: {}", p.label(), c(i))));
            }
            rows.push((
                Some(CLEAN),
                crate::tr!("weight-legend-fine", count = c(WeightProblem::ALL.len())),
            ));
        }
    }
    let w = 220.0;
    let h = rows.len() as f32 * 17.0 + 10.0;
    let panel = Rect::from_min_size(
        rect.right_bottom() + egui::vec2(-w - 8.0, -h - 8.0),
        egui::vec2(w, h),
    );
    painter.rect_filled(panel, 4.0, Color32::from_black_alpha(170));
    let x = panel.left() + 8.0;
    for (i, (swatch, label)) in rows.iter().enumerate() {
        let y = panel.top() + 6.0 + i as f32 * 17.0;
        let tx = match swatch {
            Some(c) => {
                let r = Rect::from_min_size(Pos2::new(x, y + 1.0), egui::vec2(14.0, 12.0));
                painter.rect_filled(r, 2.0, to_color32(*c));
                x + 20.0
            }
            None => x,
        };
        painter.text(
            Pos2::new(tx, y),
            egui::Align2::LEFT_TOP,
            label,
            font.clone(),
            text,
        );
    }
    if ramp_row {
        // The ramp itself, 0 → 1, on the row under the title.
        let y = panel.top() + 6.0 + 17.0;
        let bar = Rect::from_min_size(Pos2::new(x, y + 1.0), egui::vec2(w - 60.0, 12.0));
        let n = 32;
        for k in 0..n {
            let t0 = k as f32 / n as f32;
            let seg = Rect::from_min_max(
                Pos2::new(bar.left() + bar.width() * t0, bar.top()),
                Pos2::new(
                    bar.left() + bar.width() * (k + 1) as f32 / n as f32 + 0.5,
                    bar.bottom(),
                ),
            );
            painter.rect_filled(seg, 0.0, to_color32(ramp(t0 + 0.5 / n as f32)));
        }
        painter.text(
            Pos2::new(bar.right() + 6.0, y),
            egui::Align2::LEFT_TOP,
            "0 → 1",
            font,
            text,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pmx::builder::sample_rig;
    use crate::pmx::Weights;

    #[test]
    fn ramp_runs_blue_green_red_and_clamps() {
        assert_eq!(ramp(0.0), [0.0, 0.0, 1.0, 1.0]);
        assert_eq!(ramp(0.5), [0.0, 1.0, 0.0, 1.0]);
        assert_eq!(ramp(1.0), [1.0, 0.0, 0.0, 1.0]);
        assert_eq!(ramp(2.0), ramp(1.0));
        assert_eq!(ramp(-1.0), ramp(0.0));
        assert_ne!(ramp(0.0), UNWEIGHTED, "weight 0 is not 'not weighted'");
    }

    #[test]
    fn a_slot_with_weight_zero_is_weighted_a_missing_slot_is_not() {
        let mut m = sample_rig();
        m.vertices[0].weights = Weights::Bdef2 {
            bones: [1, 2],
            weight: 1.0,
        };
        assert_eq!(bone_weight(&m, 0, 1), Some(1.0));
        assert_eq!(bone_weight(&m, 0, 2), Some(0.0));
        assert_eq!(bone_weight(&m, 0, 3), None);
        let mut view = WeightView {
            mode: WeightMode::Bone,
            bone: Some(2),
            ..Default::default()
        };
        assert_eq!(view.vertex_color(&m, 0), (1, ramp(0.0)));
        view.bone = Some(3);
        assert_eq!(view.vertex_color(&m, 0), (0, UNWEIGHTED));
    }

    #[test]
    fn a_weight_edit_recolours_only_its_vertices_as_a_full_rebuild_would() {
        use crate::app::document::Document;
        use crate::edit::ModelEdit;
        let mut state = State::new(Document::new(sample_rig(), None, "sample"), None);
        let bone = 2;
        for (k, mode) in [WeightMode::Bone, WeightMode::Kind].into_iter().enumerate() {
            state.viewport_mut().weights.mode = mode;
            state.select(Selection::Bone(bone));
            WeightView::update(&mut state);
            let before = state.viewport().weights.colors.clone();
            let model = state.doc().model();
            // Two vertices turn BDEF1 on the bone / BDEF2 half on it.
            let edited = [3, 10 + k];
            let set = edited
                .iter()
                .zip([
                    Weights::Bdef1 { bone: bone as i32 },
                    Weights::Bdef2 {
                        bones: [bone as i32, 0],
                        weight: 0.5,
                    },
                ])
                .map(|(&v, w)| {
                    let mut vertex = model.vertices[v].clone();
                    vertex.weights = w;
                    (v, vertex)
                })
                .collect();
            state.apply(ModelEdit::set_vertices(set, "weights"));
            state.tick();
            let revision = state.viewport().weights.revision;
            WeightView::update(&mut state);
            let view = &state.viewport().weights;
            assert!(view.revision > revision, "{mode:?}: the GPU uploads again");
            let changed: Vec<usize> = (0..before.len())
                .filter(|&v| before[v] != view.colors[v])
                .collect();
            assert!(!changed.is_empty() && changed.iter().all(|v| edited.contains(v)));
            let (colors, counts) = (view.colors.clone(), view.counts.clone());
            state.viewport_mut().weights.key = None;
            WeightView::update(&mut state);
            assert_eq!(state.viewport().weights.colors, colors, "{mode:?}");
            assert_eq!(state.viewport().weights.counts, counts, "{mode:?}");
        }
    }
}
