//! Bone tree by parent, with search and flag badges. Rows have the list
//! context menu; dragging bones onto a row moves them before or after it in
//! index order (the deform order within a layer), not under it.

use eframe::egui;

use super::{label, matches, search_box, show_list, ListRows};
use crate::app::viewport::overlays;
use crate::app::{Selection, State};
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

/// What the tree's rows need besides the list.
struct Tree<'a> {
    list: ListRows<'a>,
    children: &'a [Vec<usize>],
    on_path: &'a [bool],
}

impl Tree<'_> {
    fn row(&mut self, ui: &mut egui::Ui, i: usize) {
        let model = self.list.model;
        let rows = &self.list.rows;
        let selected = rows.selected.contains(rows.active, Selection::Bone(i));
        let text = RichText::new(label(i, &model.bones[i].name)).color(if selected {
            ui.visuals().strong_text_color()
        } else {
            overlays::bone_color(model, i).lerp_to_gamma(ui.visuals().text_color(), 0.5)
        });
        let r = self.list.row(ui, Selection::Bone(i), text);
        if !model.bones[i].name_en.is_empty() {
            r.on_hover_text(&model.bones[i].name_en);
        }
        badges(ui, model, i);
    }

    fn node(&mut self, ui: &mut egui::Ui, i: usize) {
        if self.children[i].is_empty() {
            ui.horizontal(|ui| {
                ui.add_space(18.0);
                self.row(ui, i);
            });
            return;
        }
        let id = ui.make_persistent_id(("bone_tree", i));
        let mut cs =
            egui::collapsing_header::CollapsingState::load_with_default_open(ui.ctx(), id, true);
        if self.on_path[i] && self.list.rows.reveal {
            cs.set_open(true);
        }
        cs.show_header(ui, |ui| self.row(ui, i)).body(|ui| {
            for &c in &self.children[i] {
                self.node(ui, c);
            }
        });
    }
}

pub fn show(ui: &mut egui::Ui, state: &mut State) {
    search_box(ui, &mut state.panels.bone_search, &tr!("bones-search"));
    show_list(ui, state, |ui, state, commands| {
        let model = state.doc.model();
        let (roots, children) = hierarchy(model);
        // Ancestors of the selected bone, opened when the selection is revealed.
        let mut on_path = vec![false; model.bones.len()];
        if let Selection::Bone(sel) = state.selection {
            let mut cur = model.bones.get(sel).map(|b| b.parent);
            let mut steps = 0;
            while let Some(p) = cur
                .and_then(|p| usize::try_from(p).ok())
                .filter(|&p| p < model.bones.len())
            {
                if on_path[p] || steps > model.bones.len() {
                    break;
                }
                on_path[p] = true;
                cur = Some(model.bones[p].parent);
                steps += 1;
            }
        }
        let query = &state.panels.bone_search;
        let order: Vec<usize> = if query.is_empty() {
            tree_order(&roots, &children)
        } else {
            (0..model.bones.len())
                .filter(|&i| matches(query, &[&model.bones[i].name, &model.bones[i].name_en]))
                .collect()
        };
        let mut list = ListRows::new(state, commands, ElementKind::Bone, order);
        list.toolbar(ui);
        let mut tree = Tree {
            list,
            children: &children,
            on_path: &on_path,
        };
        egui::ScrollArea::both()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if query.is_empty() {
                    for &r in &roots {
                        tree.node(ui, r);
                    }
                } else {
                    // The matches, in the list's order.
                    for k in 0..tree.list.rows.order.len() {
                        let i = tree.list.rows.order[k];
                        ui.horizontal(|ui| tree.row(ui, i));
                    }
                }
            });
        tree.list.finish()
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
