//! Display frames (表示枠): the frames, and the bones and morphs of the selected
//! one. Items are added by dragging bones from the bone tree or morphs from the
//! morph list onto the item list, reordered by dragging, removed with ✖ or the
//! context menu; each change is one undo step.
//!
//! The spec's special frames — 0 "Root" (the root bone) and 1 "表情" (the
//! morphs), told apart by the special flag *and* the name — are protected: they
//! cannot be deleted, duplicated, renamed or moved, nothing is inserted before
//! them, Root's items are fixed and 表情 takes morphs only.

use eframe::egui;

use super::structure::ListAction;
use super::{label, show_view_list, ListDrag, ListRows};
use crate::app::commands::Commands;
use crate::app::{PanelState, Selection, View};
use crate::edit::{ElementKind, ModelEdit};
use crate::pmx::{DisplayElement, DisplayFrame, Model};
use crate::tr;

/// Which of the spec's special frames a frame is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Special {
    Root,
    Expressions,
    /// Flagged special under another name: kept in place, items free.
    Other,
}

/// The special role of `frame` (the spec: the special flag and the name).
pub fn special(frame: &DisplayFrame) -> Option<Special> {
    if !frame.special {
        return None;
    }
    Some(match frame.name.as_str() {
        "Root" => Special::Root,
        "表情" => Special::Expressions,
        _ => Special::Other,
    })
}

/// How many frames at the start of the list are special (they keep their place).
fn leading_special(model: &Model) -> usize {
    model
        .display_frames
        .iter()
        .take_while(|f| f.special)
        .count()
}

/// Why `action` on frames `indices` (ascending) is refused, for
/// [`super::structure::refusal`].
pub fn refusal(model: &Model, indices: &[usize], action: ListAction) -> Option<String> {
    let frames = &model.display_frames;
    let any_special = indices
        .iter()
        .any(|&i| frames.get(i).is_some_and(|f| f.special));
    let lead = leading_special(model);
    let first = indices.first().copied().unwrap_or(0);
    match action {
        ListAction::Delete | ListAction::MoveUp | ListAction::MoveDown if any_special => {
            Some(tr!("frames-protected"))
        }
        ListAction::MoveTo(_) if any_special => Some(tr!("frames-protected")),
        ListAction::Duplicate if any_special => Some(tr!("frames-one-each")),
        ListAction::MoveUp if first <= lead => Some(tr!("frames-special-first")),
        ListAction::MoveTo(to) if to < lead => Some(tr!("frames-special-first")),
        ListAction::AddAfter if indices.last().is_some_and(|&l| l + 1 < lead) => {
            Some(tr!("frames-special-first"))
        }
        _ => None,
    }
}

/// Why `element` cannot go into frame `frame` (None: it can).
pub fn refuses(model: &Model, frame: usize, element: DisplayElement) -> Option<String> {
    let f = model.display_frames.get(frame)?;
    match (special(f), element) {
        (Some(Special::Root), _) => Some(tr!("frames-root-only")),
        (Some(Special::Expressions), DisplayElement::Bone(_)) => Some(tr!("frames-morphs-only")),
        _ => None,
    }
}

/// One change of a frame's item list.
#[derive(Debug, Clone, PartialEq, Eq)]
enum ItemChange {
    /// Insert these bones or morphs before item `at` (skipping ones already there).
    Insert {
        at: usize,
        items: Vec<DisplayElement>,
    },
    Remove(usize),
    /// Move item `from` to before item `to` (`to == len`: the end).
    Move {
        from: usize,
        to: usize,
    },
}

/// The edit making `change` on frame `index` (None if it changes nothing).
fn item_edit(model: &Model, index: usize, change: ItemChange) -> Option<ModelEdit> {
    let old = model.display_frames.get(index)?;
    let mut frame = old.clone();
    let items = &mut frame.elements;
    let label = match change {
        ItemChange::Insert { at, items: new } => {
            let new: Vec<DisplayElement> = new
                .into_iter()
                .filter(|e| !items.contains(e) && refuses(model, index, *e).is_none())
                .collect();
            let n = new.len();
            let at = at.min(items.len());
            items.splice(at..at, new);
            tr!(
                "frames-add-items",
                items = item_count(n),
                frame = old.name.as_str()
            )
        }
        ItemChange::Remove(k) => {
            if k >= items.len() || special(old) == Some(Special::Root) {
                return None;
            }
            items.remove(k);
            tr!("frames-remove-item", item = k, frame = old.name.as_str())
        }
        ItemChange::Move { from, to } => {
            if from >= items.len() {
                return None;
            }
            let e = items.remove(from);
            let to = if to > from { to - 1 } else { to }.min(items.len());
            items.insert(to, e);
            tr!(
                "frames-move-item",
                item = from,
                frame = old.name.as_str(),
                to = to
            )
        }
    };
    (frame != *old).then(|| ModelEdit::set_display_frame(index, frame, "items").label(label))
}

/// "1 item", "5 items".
fn item_count(n: usize) -> String {
    tr!("frames-n-items", count = n)
}

/// What an item row carries when dragged within its frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ItemDrag {
    frame: usize,
    item: usize,
}

fn element_label(model: &Model, e: DisplayElement) -> String {
    let (kind, i) = match e {
        DisplayElement::Bone(i) => (ElementKind::Bone, i),
        DisplayElement::Morph(i) => (ElementKind::Morph, i),
    };
    let name = usize::try_from(i)
        .ok()
        .filter(|&i| i < kind.len(model))
        .map_or_else(
            || tr!("frames-out-of-range"),
            |i| kind.display_name(model, i),
        );
    format!("{} #{i} {name}", super::terms::kind_name(kind))
}

/// The dragged bones or morphs as frame items (None for other kinds).
fn as_items(drag: &ListDrag) -> Option<Vec<DisplayElement>> {
    let make: fn(i32) -> DisplayElement = match drag.kind {
        ElementKind::Bone => DisplayElement::Bone,
        ElementKind::Morph => DisplayElement::Morph,
        _ => return None,
    };
    Some(drag.indices.iter().map(|&i| make(i as i32)).collect())
}

/// The items of frame `index`: rows to drag, ✖ to remove, and a drop zone for
/// bones and morphs. Returns the change asked for.
fn items(ui: &mut egui::Ui, model: &Model, index: usize) -> Option<ItemChange> {
    let frame = &model.display_frames[index];
    let locked = special(frame) == Some(Special::Root);
    let mut change = None;
    ui.strong(tr!(
        "frames-items-of",
        frame = frame.name.as_str(),
        count = frame.elements.len()
    ));
    if let Some(s) = special(frame) {
        ui.weak(match s {
            Special::Root => tr!("frames-root-about"),
            Special::Expressions => tr!("frames-expressions-about"),
            Special::Other => tr!("frames-special-about"),
        });
    }
    egui::ScrollArea::vertical()
        .id_salt("frame_items")
        .auto_shrink([false, true])
        .max_height(ui.available_height() - 40.0)
        .show(ui, |ui| {
            for (k, &e) in frame.elements.iter().enumerate() {
                ui.horizontal(|ui| {
                    if !locked
                        && ui
                            .small_button("✖")
                            .on_hover_text(tr!("frames-remove"))
                            .clicked()
                    {
                        change = Some(ItemChange::Remove(k));
                    }
                    let id = egui::Id::new(("frame_item", index, k));
                    let payload = ItemDrag {
                        frame: index,
                        item: k,
                    };
                    let r = ui
                        .dnd_drag_source(id, payload, |ui| ui.label(element_label(model, e)))
                        .response;
                    r.context_menu(|ui| {
                        if ui
                            .add_enabled(!locked, egui::Button::new(tr!("frames-remove")))
                            .clicked()
                        {
                            change = Some(ItemChange::Remove(k));
                        }
                    });
                    if let Some(c) = item_drop(ui, &r, index, k) {
                        change = Some(c);
                    }
                });
            }
        });
    let end = frame.elements.len();
    let (zone, dropped) = ui.dnd_drop_zone::<ListDrag, ()>(egui::Frame::group(ui.style()), |ui| {
        // The whole rest of the column takes drops.
        ui.set_min_size(ui.available_size() - egui::vec2(0.0, 8.0));
        ui.weak(if locked {
            tr!("frames-root-fixed")
        } else {
            tr!("frames-drop-here")
        });
    });
    if let Some(items) = dropped.as_deref().and_then(as_items) {
        change = Some(ItemChange::Insert { at: end, items });
    }
    if let Some(drag) = zone.response.dnd_hover_payload::<ListDrag>() {
        if let Some(why) =
            as_items(&drag).and_then(|items| items.first().and_then(|&e| refuses(model, index, e)))
        {
            zone.response.on_hover_text(why);
        }
    }
    change
}

/// A drop onto item row `k` of frame `frame`: an item of the same frame moves
/// there, bones or morphs from a list are inserted there (before the row's
/// upper half, after its lower half).
fn item_drop(ui: &egui::Ui, r: &egui::Response, frame: usize, k: usize) -> Option<ItemChange> {
    let pointer = ui.ctx().pointer_interact_pos()?;
    let hovering = r
        .dnd_hover_payload::<ItemDrag>()
        .is_some_and(|d| d.frame == frame)
        || r.dnd_hover_payload::<ListDrag>()
            .is_some_and(|d| as_items(&d).is_some());
    if !hovering {
        return None;
    }
    let below = pointer.y > r.rect.center().y;
    let y = if below { r.rect.bottom() } else { r.rect.top() };
    let color = ui.visuals().selection.stroke.color;
    ui.painter()
        .hline(r.rect.x_range(), y, egui::Stroke::new(2.0, color));
    let at = k + usize::from(below);
    if let Some(d) = r.dnd_release_payload::<ItemDrag>() {
        return (d.frame == frame).then_some(ItemChange::Move {
            from: d.item,
            to: at,
        });
    }
    let items = as_items(&*r.dnd_release_payload::<ListDrag>()?)?;
    Some(ItemChange::Insert { at, items })
}

/// Frames on the left, the selected frame's items on the right.
pub fn show(ui: &mut egui::Ui, view: &View, commands: &mut Commands, local: &mut PanelState) {
    show_view_list(ui, view, commands, local, |ui, view, commands, _| {
        let model = view.model;
        let mut request = None;
        let mut change = None;
        ui.columns(2, |cols| {
            let ui = &mut cols[0];
            ui.strong(tr!("frames-title", count = model.display_frames.len()));
            let mut list = ListRows::indexed(view, commands, ElementKind::DisplayFrame);
            list.toolbar(ui);
            egui::ScrollArea::vertical()
                .id_salt("frames")
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    for (i, f) in model.display_frames.iter().enumerate() {
                        let text = match special(f) {
                            Some(_) => format!("🔒 {}", label(i, &f.name)),
                            None => label(i, &f.name),
                        };
                        list.full_row(ui, Selection::DisplayFrame(i), text, |ui| {
                            ui.weak(item_count(f.elements.len()));
                        });
                    }
                });
            request = list.finish();
            let ui = &mut cols[1];
            match view.selection {
                Selection::DisplayFrame(i) if i < model.display_frames.len() => {
                    change = items(ui, model, i).map(|c| (i, c));
                }
                _ => {
                    ui.weak(tr!("frames-select-hint"));
                }
            }
        });
        if let Some((i, c)) = change {
            push_item_edit(commands, model, i, c);
        }
        request
    });
}

fn push_item_edit(commands: &mut Commands, model: &Model, frame: usize, change: ItemChange) {
    if let Some(edit) = item_edit(model, frame, change) {
        commands.edit(edit);
    }
}

/// Adds the selected bones or morphs to a frame (the bone tree's and morph
/// list's context menus): a request-free edit, as items are not list elements.
pub fn add_menu(
    ui: &mut egui::Ui,
    model: &Model,
    commands: &mut Commands,
    items: Vec<DisplayElement>,
) {
    ui.menu_button(tr!("frames-add-to"), |ui| {
        for (i, f) in model.display_frames.iter().enumerate() {
            let why = items.first().and_then(|&e| refuses(model, i, e));
            let r = ui.add_enabled(why.is_none(), egui::Button::new(label(i, &f.name)));
            let r = match why {
                Some(why) => r.on_disabled_hover_text(why),
                None => r,
            };
            if r.clicked() {
                let at = f.elements.len();
                let change = ItemChange::Insert {
                    at,
                    items: items.clone(),
                };
                push_item_edit(commands, model, i, change);
                ui.close();
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model() -> Model {
        let frame = |name: &str, special: bool, elements| DisplayFrame {
            name: name.into(),
            special,
            elements,
            ..DisplayFrame::default()
        };
        let mut m = Model::default();
        for name in ["root", "a", "b"] {
            m.bones.push(crate::pmx::Bone {
                name: name.into(),
                ..Default::default()
            });
        }
        m.display_frames = vec![
            frame("Root", true, vec![DisplayElement::Bone(0)]),
            frame("表情", true, vec![]),
            frame("体", false, vec![DisplayElement::Bone(1)]),
            frame("髪", false, vec![]),
        ];
        m
    }

    #[test]
    fn special_frames_keep_their_place_and_their_rules() {
        let m = model();
        assert!(refusal(&m, &[0], ListAction::Delete).is_some());
        assert!(refusal(&m, &[1], ListAction::MoveDown).is_some());
        assert!(
            refusal(&m, &[2], ListAction::MoveUp).is_some(),
            "not above 表情"
        );
        assert!(refusal(&m, &[3], ListAction::MoveUp).is_none());
        assert!(refusal(&m, &[3], ListAction::MoveTo(1)).is_some());
        assert!(refusal(&m, &[0], ListAction::AddAfter).is_some());
        assert!(refusal(&m, &[1], ListAction::AddAfter).is_none());
        assert!(refuses(&m, 0, DisplayElement::Bone(2)).is_some());
        assert!(refuses(&m, 1, DisplayElement::Bone(2)).is_some());
        assert!(refuses(&m, 1, DisplayElement::Morph(0)).is_none());
        assert!(refuses(&m, 3, DisplayElement::Bone(2)).is_none());
        // Root's items cannot be removed.
        assert!(item_edit(&m, 0, ItemChange::Remove(0)).is_none());
    }

    #[test]
    fn items_are_inserted_without_duplicates_and_moved() {
        let mut m = model();
        let mut history = crate::edit::History::new();
        let items = vec![DisplayElement::Bone(1), DisplayElement::Bone(2)];
        let edit = item_edit(&m, 2, ItemChange::Insert { at: 0, items }).unwrap();
        history.apply(&mut m, edit).unwrap();
        assert_eq!(
            m.display_frames[2].elements,
            vec![DisplayElement::Bone(2), DisplayElement::Bone(1)],
            "bone 1 was there already"
        );
        let edit = item_edit(&m, 2, ItemChange::Move { from: 0, to: 2 }).unwrap();
        history.apply(&mut m, edit).unwrap();
        assert_eq!(
            m.display_frames[2].elements,
            vec![DisplayElement::Bone(1), DisplayElement::Bone(2)]
        );
        assert!(item_edit(&m, 2, ItemChange::Move { from: 1, to: 2 }).is_none());
        assert_eq!(history.len(), 2);
    }
}
