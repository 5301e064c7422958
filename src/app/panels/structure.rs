//! Structural edits of the lists: add, delete, duplicate, move up/down and
//! drag-to-reorder, for the selected elements of one kind. Each is one
//! [`ModelEdit`] (one undo step, every reference remapped by `hone::edit`),
//! followed by a selection of the elements where they are now. The context
//! menus, list toolbars, the Edit menu and the keys all come here.
//!
//! New elements take the core's defaults ([`crate::rig::defaults`]); a delete
//! that leaves references behind asks first ([`DeleteQuestion`](super::delete::DeleteQuestion)) and offers the
//! core's answers ([`crate::edit::references`]).

use eframe::egui;

use super::terms::{kind_count, kind_name};
use crate::app::commands::{Command, Commands};
use crate::app::{PanelState, Selected, Selection, View};
use crate::edit::{remap, ElementKind, ModelEdit};
use crate::pmx::Model;
use crate::tr;

/// One structural edit of a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListAction {
    /// A new element at the end of the list.
    Add,
    /// A new element right after the last selected one.
    AddAfter,
    Duplicate,
    Delete,
    MoveUp,
    MoveDown,
    /// Move the selection so it starts at this index (drag and drop).
    MoveTo(usize),
}

impl ListAction {
    /// The actions every list offers on its selection, in menu order.
    pub const STANDARD: [ListAction; 6] = [
        ListAction::Add,
        ListAction::AddAfter,
        ListAction::Duplicate,
        ListAction::Delete,
        ListAction::MoveUp,
        ListAction::MoveDown,
    ];

    /// The key that asks for the action on the active list (the one its menu text names).
    pub fn shortcut(self) -> Option<egui::KeyboardShortcut> {
        use egui::{Key, Modifiers};
        let (modifiers, key) = match self {
            ListAction::Add => (Modifiers::COMMAND, Key::N),
            ListAction::AddAfter => (Modifiers::NONE, Key::Insert),
            ListAction::Duplicate => (Modifiers::COMMAND, Key::D),
            ListAction::Delete => (Modifiers::NONE, Key::Delete),
            ListAction::MoveUp => (Modifiers::ALT, Key::ArrowUp),
            ListAction::MoveDown => (Modifiers::ALT, Key::ArrowDown),
            ListAction::MoveTo(_) => return None,
        };
        Some(egui::KeyboardShortcut::new(modifiers, key))
    }

    /// Menu text (the key in brackets).
    pub fn text(self, kind: ElementKind) -> String {
        match self {
            ListAction::Add => tr!("structure-add", kind = kind_name(kind)),
            ListAction::AddAfter => tr!("structure-add-after", kind = kind_name(kind)),
            ListAction::Duplicate => tr!("structure-duplicate"),
            ListAction::Delete => tr!("structure-delete"),
            ListAction::MoveUp => tr!("structure-move-up"),
            ListAction::MoveDown => tr!("structure-move-down"),
            ListAction::MoveTo(i) => tr!("structure-move-to", index = i),
        }
    }
}

/// The kinds the lists edit.
pub const LIST_KINDS: [ElementKind; 8] = [
    ElementKind::Bone,
    ElementKind::Morph,
    ElementKind::Material,
    ElementKind::RigidBody,
    ElementKind::Joint,
    ElementKind::SoftBody,
    ElementKind::DisplayFrame,
    ElementKind::Texture,
];

/// The selected indices of `kind`, ascending (empty when the active element is of
/// another kind).
pub fn selected_in(active: Selection, selected: &Selected, kind: ElementKind) -> Vec<usize> {
    if active.kind() == Some(kind) {
        selected.indices(active)
    } else {
        Vec::new()
    }
}

/// Why `action` cannot be done on `indices` (ascending) of `kind` now (None: it can).
pub fn refusal(
    model: &Model,
    kind: ElementKind,
    indices: &[usize],
    action: ListAction,
) -> Option<String> {
    let len = kind.len(model);
    let needs_selection = action != ListAction::Add;
    if needs_selection && indices.is_empty() {
        return Some(tr!("structure-select-first", kind = kind_name(kind)));
    }
    if kind == ElementKind::DisplayFrame {
        if let Some(why) = super::display_frames::refusal(model, indices, action) {
            return Some(why);
        }
    }
    let moves = matches!(
        action,
        ListAction::MoveUp | ListAction::MoveDown | ListAction::MoveTo(_)
    );
    if kind == ElementKind::Material
        && (moves || action == ListAction::Duplicate)
        && !remap::material_faces_consistent(model)
    {
        return Some(tr!("structure-faces-inconsistent"));
    }
    match action {
        ListAction::MoveUp if indices.first() == Some(&0) => Some(tr!("structure-at-top")),
        ListAction::MoveDown if indices.last() == Some(&(len.saturating_sub(1))) => {
            Some(tr!("structure-at-bottom"))
        }
        ListAction::MoveTo(to) if moved_to(len, indices, to).is_none() => {
            Some(tr!("structure-already-there"))
        }
        _ => None,
    }
}

/// The order (new index `i` holds old element `order[i]`) that moves the
/// `selected` elements (ascending) one place up or down as blocks; None if
/// nothing would move.
pub fn moved_by_one(len: usize, selected: &[usize], up: bool) -> Option<Vec<usize>> {
    let mut order: Vec<usize> = (0..len).collect();
    let mut is_sel = vec![false; len];
    for &i in selected.iter().filter(|&&i| i < len) {
        is_sel[i] = true;
    }
    let mut moved = false;
    if up {
        for i in 1..len {
            if is_sel[order[i]] && !is_sel[order[i - 1]] {
                order.swap(i, i - 1);
                moved = true;
            }
        }
    } else {
        for i in (0..len.saturating_sub(1)).rev() {
            if is_sel[order[i]] && !is_sel[order[i + 1]] {
                order.swap(i, i + 1);
                moved = true;
            }
        }
    }
    moved.then_some(order)
}

/// The order moving `selected` as one block before the element now at `to` (the
/// edit layer's rule, shared with the material operations).
pub use crate::edit::remap::order_moving as moved_to;

/// A structural edit asked for by a menu, a key, a toolbar or a drop.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub kind: ElementKind,
    pub action: ListAction,
    /// The elements it acts on (for Add: the one to add after); None = the
    /// selected elements of `kind`.
    pub elements: Option<Vec<usize>>,
    /// For Add: what the new element is made for (bones for a bone or a rigid
    /// body, two bodies for a joint; see [`crate::rig::defaults`]); None = from
    /// the selection.
    pub basis: Option<Vec<usize>>,
}

impl Request {
    /// `action` on the selected elements of `kind`.
    pub fn on_selection(kind: ElementKind, action: ListAction) -> Self {
        Request {
            kind,
            action,
            elements: None,
            basis: None,
        }
    }

    /// `action` on `elements` of `kind` (a drag moves what it carries).
    pub fn on(kind: ElementKind, action: ListAction, elements: Vec<usize>) -> Self {
        Request {
            elements: Some(elements),
            ..Self::on_selection(kind, action)
        }
    }

    /// A new element of `kind` at the end made for `basis` (a body on a bone,
    /// a joint between two bodies).
    pub fn add_for(kind: ElementKind, basis: Vec<usize>) -> Self {
        Request {
            elements: Some(Vec::new()),
            basis: Some(basis),
            ..Self::on_selection(kind, ListAction::Add)
        }
    }
}

/// What a new element of `kind` is made for when the selection is `selected`
/// (the active one first): the selected bones for a bone, the active body's
/// bone for a rigid body, nothing otherwise.
fn default_basis(model: &Model, kind: ElementKind, selected: &[usize]) -> Vec<usize> {
    match kind {
        ElementKind::Bone => selected.to_vec(),
        ElementKind::RigidBody => selected
            .first()
            .and_then(|&b| model.rigid_bodies.get(b))
            .and_then(|b| usize::try_from(b.bone).ok())
            .into_iter()
            .collect(),
        _ => Vec::new(),
    }
}

/// The selection of `indices` of `kind`, the last one active.
fn select_all(commands: &mut Commands, kind: ElementKind, indices: Vec<usize>) {
    let Some(&last) = indices.last() else {
        commands.select_in_list(Selection::None);
        return;
    };
    let active = Selection::of(kind, last).unwrap_or_default();
    commands.push(Command::SelectSet {
        active,
        selected: Selected::many(kind, indices),
        reveal: true,
    });
}

/// A reorder of `kind` by `order`, then the moved elements selected where they are.
fn reorder(
    commands: &mut Commands,
    kind: ElementKind,
    moved: &[usize],
    order: Vec<usize>,
    label: String,
) {
    let now: Vec<usize> = moved
        .iter()
        .filter_map(|&i| remap::index_after_reorder(&order, i))
        .collect();
    commands.edit(ModelEdit::reorder(kind, order).label(label));
    select_all(commands, kind, now);
}

/// "bone 頭" or "3 bones".
fn what(model: &Model, kind: ElementKind, indices: &[usize]) -> String {
    match indices {
        [i] => format!("{} {}", kind_name(kind), kind.display_name(model, *i)),
        _ => kind_count(kind, indices.len()),
    }
}

/// Does `request` on the document `view` shows: pushes the edit and the new
/// selection, or logs why it cannot be done (nothing changes then). A new element's
/// row opens its name for typing; a delete that leaves references asks first.
pub fn perform(view: &View, commands: &mut Commands, local: &mut PanelState, request: Request) {
    let Request {
        kind,
        action,
        elements,
        basis,
    } = request;
    let mut indices = elements.unwrap_or_else(|| selected_in(view.selection, view.selected, kind));
    // The active element first (new elements are made for it), the rest ascending.
    if let Some(pos) = indices
        .iter()
        .position(|&i| Selection::of(kind, i) == Some(view.selection))
    {
        let active = indices.remove(pos);
        indices.sort_unstable();
        indices.insert(0, active);
    } else {
        indices.sort_unstable();
    }
    indices.dedup();
    let model = view.model;
    let mut sorted = indices.clone();
    sorted.sort_unstable();
    if let Some(why) = refusal(model, kind, &sorted, action) {
        let name = action.text(kind);
        let name = name.split("  ").next().unwrap_or_default();
        commands.log(crate::app::LogLevel::Info, format!("{name}: {why}"));
        return;
    }
    let len = kind.len(model);
    match action {
        ListAction::Add | ListAction::AddAfter => {
            let basis = basis.unwrap_or_else(|| default_basis(model, kind, &indices));
            let Some(element) = crate::rig::defaults::new_element(model, kind, &basis) else {
                return;
            };
            let name = element.name().unwrap_or_default().to_owned();
            let add = ModelEdit::add(element);
            let after = sorted.last().map(|&i| i + 1);
            match after.filter(|&to| action == ListAction::AddAfter && to < len) {
                Some(to) => {
                    local.renaming = super::Renaming::new(kind, to);
                    let order = remap::move_order(len + 1, len, to);
                    let label = tr!(
                        "structure-add-at",
                        kind = kind_name(kind),
                        name = name.as_str(),
                        index = to
                    );
                    let edit = ModelEdit::batch(label, vec![add, ModelEdit::reorder(kind, order)]);
                    commands.edit(edit);
                    select_all(commands, kind, vec![to]);
                }
                None => {
                    local.renaming = super::Renaming::new(kind, len);
                    commands.edit(add);
                    select_all(commands, kind, vec![len]);
                }
            }
        }
        ListAction::Duplicate => {
            let n = sorted.len();
            commands.edit(ModelEdit::duplicate(kind, sorted));
            select_all(commands, kind, (len..len + n).collect());
        }
        ListAction::Delete => super::delete::ask(model, commands, local, kind, sorted),
        ListAction::MoveUp | ListAction::MoveDown => {
            let up = action == ListAction::MoveUp;
            if let Some(order) = moved_by_one(len, &sorted, up) {
                let what = what(model, kind, &sorted);
                let label = if up {
                    tr!("structure-moved-up", what = what)
                } else {
                    tr!("structure-moved-down", what = what)
                };
                reorder(commands, kind, &sorted, order, label);
            }
        }
        ListAction::MoveTo(to) => {
            if let Some(order) = moved_to(len, &sorted, to) {
                let label = tr!(
                    "structure-moved-to",
                    what = what(model, kind, &sorted),
                    index = to
                );
                reorder(commands, kind, &sorted, order, label);
            }
        }
    }
}

/// The button of `action` on `indices` of `kind` — its text in a menu, a small
/// `icon` with the text on hover in a toolbar — disabled with [`refusal`]'s reason
/// on hover when it cannot be done; true when clicked.
fn action_button(
    ui: &mut egui::Ui,
    model: &Model,
    kind: ElementKind,
    indices: &[usize],
    action: ListAction,
    icon: Option<&str>,
) -> bool {
    let why = refusal(model, kind, indices, action);
    let text = action.text(kind);
    let enabled = why.is_none();
    let r = match icon {
        Some(icon) => ui
            .add_enabled(enabled, egui::Button::new(icon).small())
            .on_hover_text(&text),
        None => ui.add_enabled(enabled, egui::Button::new(&text)),
    };
    let r = match (why, icon) {
        (Some(why), Some(_)) => r.on_disabled_hover_text(format!("{text}: {why}")),
        (Some(why), None) => r.on_disabled_hover_text(why),
        (None, _) => r,
    };
    r.clicked()
}

/// The standard items of a list's context menu (and the Edit menu) for the
/// selected `indices` (ascending) of `kind`; returns the action picked.
pub fn menu_items(
    ui: &mut egui::Ui,
    model: &Model,
    kind: ElementKind,
    indices: &[usize],
) -> Option<ListAction> {
    let mut picked = None;
    for action in ListAction::STANDARD {
        if action == ListAction::Duplicate || action == ListAction::MoveUp {
            ui.separator();
        }
        if action_button(ui, model, kind, indices, action, None) {
            picked = Some(action);
            ui.close();
        }
    }
    picked
}

/// A row of small buttons above a list: add, add after, duplicate, delete, up, down.
pub fn toolbar(
    ui: &mut egui::Ui,
    model: &Model,
    kind: ElementKind,
    indices: &[usize],
) -> Option<Request> {
    let mut picked = None;
    ui.horizontal(|ui| {
        for (icon, action) in [
            ("➕", ListAction::Add),
            ("⤵", ListAction::AddAfter),
            ("📋", ListAction::Duplicate),
            ("🗑", ListAction::Delete),
            ("⏶", ListAction::MoveUp),
            ("⏷", ListAction::MoveDown),
        ] {
            if action_button(ui, model, kind, indices, action, Some(icon)) {
                picked = Some(Request::on_selection(kind, action));
            }
        }
    });
    picked
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_move_by_one_and_stop_at_the_ends() {
        assert_eq!(moved_by_one(5, &[1, 2], true), Some(vec![1, 2, 0, 3, 4]));
        assert_eq!(moved_by_one(5, &[1, 3], false), Some(vec![0, 2, 1, 4, 3]));
        // At the top, only the ones that can move do.
        assert_eq!(moved_by_one(5, &[0, 2], true), Some(vec![0, 2, 1, 3, 4]));
        assert_eq!(moved_by_one(5, &[0, 1], true), None);
        assert_eq!(moved_by_one(5, &[4], false), None);
    }

    #[test]
    fn a_dragged_selection_lands_before_the_drop_row() {
        // 3 and 4 dropped before 1.
        assert_eq!(moved_to(6, &[3, 4], 1), Some(vec![0, 3, 4, 1, 2, 5]));
        // 0 dropped at the end.
        assert_eq!(moved_to(4, &[0], 4), Some(vec![1, 2, 3, 0]));
        // Dropped on itself or right after itself: no move.
        assert_eq!(moved_to(4, &[2], 2), None);
        assert_eq!(moved_to(4, &[2], 3), None);
        assert_eq!(moved_to(4, &[], 1), None);
    }
}
