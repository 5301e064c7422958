//! Bone tree by parent, with search and flag badges. Rows have the list
//! context menu; dragging bones onto a row moves them before or after it in
//! index order (the deform order within a layer), not under it.

use eframe::egui;

use super::{label, matches, search_box, show_view_list, virtual_rows, ListRows};
use crate::app::commands::Commands;
use crate::app::viewport::overlays;
use crate::app::{PanelState, Selection, View};
use crate::edit::ElementKind;
use crate::pmx::{BoneFlags, Model};
use crate::tr;
use egui::{Color32, RichText};

/// Children of each bone and the roots (parent −1 or out of range, or a cycle).
pub fn hierarchy(model: &Model) -> (Vec<usize>, Vec<Vec<usize>>) {
    let n = model.bones.len();
    let mut children = vec![Vec::new(); n];
    let mut roots = Vec::new();
    for (i, b) in model.bones.iter().enumerate() {
        match usize::try_from(b.parent).ok().filter(|&p| p < n && p != i) {
            Some(p) if !reaches(model, p, i) => children[p].push(i),
            _ => roots.push(i),
        }
    }
    (roots, children)
}

/// Whether walking up from `from` reaches `target` (a parent cycle).
fn reaches(model: &Model, from: usize, target: usize) -> bool {
    let mut cur = from;
    for _ in 0..=model.bones.len() {
        if cur == target {
            return true;
        }
        match usize::try_from(model.bones[cur].parent) {
            Ok(p) if p < model.bones.len() => cur = p,
            _ => return false,
        }
    }
    true
}

fn badges(ui: &mut egui::Ui, model: &Model, i: usize) {
    let b = &model.bones[i];
    let badge = |ui: &mut egui::Ui, text: &str, color: Color32, tip: &str| {
        ui.label(RichText::new(text).small().color(color))
            .on_hover_text(tip);
    };
    if b.ik.is_some() {
        badge(ui, "IK", overlays::BONE_IK, &tr!("bones-badge-ik"));
    }
    if let Some(a) = &b.append {
        let kind = match (a.rotate, a.translate) {
            (true, true) => tr!("bones-append-both"),
            (true, false) => tr!("bones-append-rotation"),
            (false, true) => tr!("bones-append-translation"),
            _ => tr!("bones-append-nothing"),
        };
        badge(
            ui,
            "付",
            overlays::BONE_APPEND,
            &tr!(
                "bones-badge-append",
                kind = kind,
                ratio = format!("{:.2}", a.ratio)
            ),
        );
    }
    if b.is_after_physics() {
        badge(
            ui,
            "物",
            Color32::from_rgb(240, 120, 200),
            &tr!("bones-badge-after-physics"),
        );
    }
    if b.fixed_axis.is_some() {
        badge(
            ui,
            "軸",
            overlays::BONE_FIXED,
            &tr!("bones-badge-fixed-axis"),
        );
    }
    if b.local_axes.is_some() {
        badge(
            ui,
            "局",
            Color32::from_rgb(150, 200, 240),
            &tr!("bones-badge-local-axes"),
        );
    }
    if !b.flags.has(BoneFlags::OPERABLE) {
        badge(ui, "禁", Color32::GRAY, &tr!("bones-badge-locked"));
    }
    if !b.flags.has(BoneFlags::VISIBLE) {
        badge(ui, "隠", Color32::GRAY, &tr!("bones-badge-hidden"));
    }
}

/// The bones in the tree's order (depth first, children by index).
pub fn tree_order(roots: &[usize], children: &[Vec<usize>]) -> Vec<usize> {
    let mut order = Vec::with_capacity(children.len());
    let mut stack: Vec<usize> = roots.iter().rev().copied().collect();
    while let Some(i) = stack.pop() {
        order.push(i);
        stack.extend(children[i].iter().rev());
    }
    order
}

/// One row of the flattened tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TreeRow {
    pub bone: usize,
    pub depth: u32,
    pub has_children: bool,
}

/// The bone tree as the rows it shows: depth first, children of folded bones left
/// out, or the search's matches. Built again only when the bones change (the state
/// calls [`invalidate`](Self::invalidate) for a change set touching them), a bone is
/// folded or unfolded, or the search changes — not every frame.
#[derive(Debug, Default)]
pub struct TreeRows {
    rows: Vec<TreeRow>,
    /// The bone count and query the rows were built for.
    built_for: Option<(usize, String)>,
    stale: bool,
    folded: std::collections::HashSet<usize>,
}

impl TreeRows {
    pub fn invalidate(&mut self) {
        self.stale = true;
    }

    pub fn is_folded(&self, bone: usize) -> bool {
        self.folded.contains(&bone)
    }

    pub fn set_folded(&mut self, bone: usize, folded: bool) {
        let changed = if folded {
            self.folded.insert(bone)
        } else {
            self.folded.remove(&bone)
        };
        self.stale |= changed;
    }

    /// Builds the rows again for `model` and `query` if anything they show changed.
    pub fn refresh(&mut self, model: &Model, query: &str) {
        let fresh = self
            .built_for
            .as_ref()
            .is_some_and(|(n, q)| *n == model.bones.len() && q == query);
        if self.stale || !fresh {
            self.rebuild(model, query);
        }
    }

    /// The rows as last [`refresh`](Self::refresh)ed.
    pub fn rows(&self) -> &[TreeRow] {
        &self.rows
    }

    fn rebuild(&mut self, model: &Model, query: &str) {
        self.rows.clear();
        if query.is_empty() {
            let (roots, children) = hierarchy(model);
            let mut stack: Vec<(usize, u32)> = roots.iter().rev().map(|&r| (r, 0)).collect();
            while let Some((bone, depth)) = stack.pop() {
                let has_children = !children[bone].is_empty();
                self.rows.push(TreeRow {
                    bone,
                    depth,
                    has_children,
                });
                if !self.folded.contains(&bone) {
                    stack.extend(children[bone].iter().rev().map(|&c| (c, depth + 1)));
                }
            }
        } else {
            let found = (0..model.bones.len())
                .filter(|&i| matches(query, &[&model.bones[i].name, &model.bones[i].name_en]));
            self.rows.extend(found.map(|bone| TreeRow {
                bone,
                depth: 0,
                has_children: false,
            }));
        }
        self.built_for = Some((model.bones.len(), query.to_owned()));
        self.stale = false;
    }

    /// Unfolds the ancestors of `bone` (the selection is revealed).
    fn unfold_to(&mut self, model: &Model, bone: usize) {
        let mut cur = model.bones.get(bone).map(|b| b.parent);
        for _ in 0..model.bones.len() {
            let Some(p) = cur
                .and_then(|p| usize::try_from(p).ok())
                .filter(|&p| p < model.bones.len())
            else {
                break;
            };
            self.set_folded(p, false);
            cur = Some(model.bones[p].parent);
        }
    }
}

/// Pixels a tree level is indented by.
const INDENT: f32 = 14.0;

pub fn show(ui: &mut egui::Ui, view: &View, commands: &mut Commands, local: &mut PanelState) {
    search_box(ui, &mut local.bone_search, &tr!("bones-search"));
    show_view_list(ui, view, commands, local, |ui, view, commands, local| {
        let model = view.model;
        let query = local.bone_search.as_str();
        if let (Selection::Bone(sel), true, true) = (view.selection, view.reveal, query.is_empty())
        {
            local.bone_tree.unfold_to(model, sel);
        }
        local.bone_tree.refresh(model, query);
        let tree = &local.bone_tree;
        let rows = tree.rows();
        let order: Vec<usize> = rows.iter().map(|r| r.bone).collect();
        let mut list =
            ListRows::new(view, commands, ElementKind::Bone, order).rename_in(&mut local.renaming);
        list.toolbar(ui);
        let reveal = list.reveal_at();
        let mut fold = None;
        let scroll = egui::ScrollArea::both();
        virtual_rows(ui, scroll, rows.len(), reveal, |ui, k| {
            let row = rows[k];
            let i = row.bone;
            if i >= model.bones.len() {
                return;
            }
            let selected = list
                .rows
                .selected
                .contains(list.rows.active, Selection::Bone(i));
            let text = RichText::new(label(i, &model.bones[i].name)).color(if selected {
                ui.visuals().strong_text_color()
            } else {
                overlays::bone_color(model, i).lerp_to_gamma(ui.visuals().text_color(), 0.5)
            });
            let before = |ui: &mut egui::Ui| {
                ui.add_space(row.depth as f32 * INDENT);
                if row.has_children {
                    let open = !tree.is_folded(i);
                    let (icon, tip) = if open {
                        ("⏷", tr!("lists-fold"))
                    } else {
                        ("⏵", tr!("lists-unfold"))
                    };
                    let button = egui::Button::new(icon).frame(false).small();
                    if ui.add(button).on_hover_text(tip).clicked() {
                        fold = Some((i, open));
                    }
                } else {
                    ui.add_space(INDENT);
                }
            };
            let r = list.full_row_with(ui, Selection::Bone(i), text, before, |ui| {
                badges(ui, model, i)
            });
            if !model.bones[i].name_en.is_empty() {
                r.on_hover_text(&model.bones[i].name_en);
            }
        });
        if let Some((bone, folded)) = fold {
            local.bone_tree.set_folded(bone, folded);
        }
        list.finish()
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pmx::Bone;

    #[test]
    fn hierarchy_survives_cycles_and_bad_parents() {
        let mut m = Model::default();
        for parent in [-1, 0, 3, 2, 99] {
            m.bones.push(Bone {
                parent,
                ..Bone::default()
            });
        }
        let (roots, children) = hierarchy(&m);
        assert_eq!(children[0], vec![1]);
        // 2 and 3 form a cycle: one of them becomes a root so both are shown.
        let shown: usize = roots.len() + children.iter().map(Vec::len).sum::<usize>();
        assert_eq!(shown, 5);
        assert!(roots.contains(&4));
        let order = tree_order(&roots, &children);
        let mut sorted = order.clone();
        sorted.sort();
        assert_eq!(sorted, vec![0, 1, 2, 3, 4], "every bone once");
        let at = |b| order.iter().position(|&x| x == b).unwrap();
        assert_eq!(at(1), at(0) + 1, "a child right after its parent");
    }
}
