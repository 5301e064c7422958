//! Dock panels. Each reads the model through [`State`] and
//! pushes [`Command`]s (edits, selection, pose);
//! none mutates the model or the selection directly.

use eframe::egui;

use crate::app::commands::{Command, Commands};
use crate::app::selection::ClickMods;
use crate::app::{Selected, Selection, State};
use crate::edit::ElementKind;
use crate::pmx::Model;
use crate::tr;
use context_menu::{row_menu, MenuCx};
use structure::{ListAction, Request};

pub mod bones;
pub mod collision_matrix;
pub mod context_menu;
pub mod deform_order;
pub mod delete;
pub mod display_frames;
pub mod history;
pub mod inspector;
pub mod log;
pub mod materials;
pub mod morphs;
pub mod physics;
pub mod problems;
pub mod simulation;
pub mod soft_bodies;
pub mod structure;
pub mod terms;
pub mod textures;
pub mod uv;
pub mod weights;

/// `#index name` for lists and reference pickers.
pub fn label(index: usize, name: &str) -> String {
    format!("#{index} {name}")
}

/// A list entry that selects `this` when clicked and scrolls into view while
/// `reveal` is set (the selection changed outside this list).
pub fn select_row(
    ui: &mut egui::Ui,
    current: Selection,
    commands: &mut Commands,
    reveal: bool,
    this: Selection,
    text: impl Into<egui::WidgetText>,
) -> egui::Response {
    let selected = current == this;
    let r = ui.selectable_label(selected, text);
    if selected && reveal {
        r.scroll_to_me(Some(egui::Align::Center));
    }
    if r.clicked() {
        commands.select_in_list(this);
    }
    r
}

/// How a list shows the selection: the active element, those selected with it,
/// and the list's display order (Shift-click selects a range in that order).
/// Rows can be dragged: onto a row of the same list to reorder (the drop is
/// collected as a [`Request`]), or elsewhere (a display frame takes bones and
/// morphs) as a [`ListDrag`].
pub struct Rows<'a> {
    pub active: Selection,
    pub selected: &'a Selected,
    /// Scroll to the active element (it was selected outside this list).
    pub reveal: bool,
    pub order: Vec<usize>,
    /// A drop onto one of the rows this frame.
    dropped: std::cell::RefCell<Option<Request>>,
}

/// What a dragged list row carries: the selection if the row is selected, else the row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListDrag {
    pub kind: ElementKind,
    pub indices: Vec<usize>,
}

impl<'a> Rows<'a> {
    /// The rows of `state`'s selection for a list shown in `order`.
    pub fn of(active: Selection, selected: &'a Selected, reveal: bool, order: Vec<usize>) -> Self {
        Rows {
            active,
            selected,
            reveal,
            order,
            dropped: Default::default(),
        }
    }

    /// A list entry for `this`: highlighted when selected; a click selects it,
    /// Ctrl+click adds or removes it, Shift+click selects the range from the last
    /// clicked one; a right-click on an unselected entry selects it (so its context
    /// menu acts on it). Scrolls into view while `reveal` is set. Dragging it
    /// carries the selection; dropping rows of its kind on it moves them before it
    /// (upper half) or after it (lower half).
    pub fn row(
        &self,
        ui: &mut egui::Ui,
        commands: &mut Commands,
        this: Selection,
        text: impl Into<egui::WidgetText>,
    ) -> egui::Response {
        let selected = self.selected.contains(self.active, this);
        let button =
            egui::Button::selectable(selected, text.into()).sense(egui::Sense::click_and_drag());
        let r = ui.add(button);
        if this == self.active && self.reveal {
            r.scroll_to_me(Some(egui::Align::Center));
        }
        if r.clicked() {
            let mods = ClickMods::from_egui(ui.input(|i| i.modifiers));
            if mods == ClickMods::default() {
                commands.select_in_list(this);
            } else {
                let (active, selected) = self.selected.click(self.active, this, mods, &self.order);
                commands.push(Command::SelectSet {
                    active,
                    selected,
                    reveal: false,
                });
            }
        }
        if r.secondary_clicked() && !selected {
            commands.select_in_list(this);
        }
        if let Some((kind, index)) = this.element() {
            self.drag_and_drop(ui, &r, kind, index, selected);
        }
        r
    }

    fn drag_and_drop(
        &self,
        ui: &egui::Ui,
        r: &egui::Response,
        kind: ElementKind,
        index: usize,
        selected: bool,
    ) {
        let indices = if selected {
            self.selected.indices(self.active)
        } else {
            vec![index]
        };
        let count = indices.len();
        r.dnd_set_drag_payload(ListDrag { kind, indices });
        if r.dragged() {
            if let Some(p) = ui.ctx().pointer_interact_pos() {
                let text = match count {
                    1 => format!("{} #{index}", terms::kind_name(kind)),
                    n => terms::kind_count(kind, n),
                };
                egui::Tooltip::always_open(ui.ctx().clone(), ui.layer_id(), r.id.with("drag"), p)
                    .show(|ui| ui.label(text));
            }
        }
        let Some(payload) = r.dnd_hover_payload::<ListDrag>() else {
            return;
        };
        if payload.kind != kind {
            return;
        }
        let Some(pointer) = ui.ctx().pointer_interact_pos() else {
            return;
        };
        let below = pointer.y > r.rect.center().y;
        let y = if below { r.rect.bottom() } else { r.rect.top() };
        let stroke = ui.visuals().selection.stroke;
        ui.painter()
            .hline(r.rect.x_range(), y, egui::Stroke::new(2.0, stroke.color));
        if let Some(payload) = r.dnd_release_payload::<ListDrag>() {
            let to = index + usize::from(below);
            *self.dropped.borrow_mut() = Some(Request::on(
                kind,
                ListAction::MoveTo(to),
                payload.indices.clone(),
            ));
        }
    }

    /// The reorder asked for by a drop onto one of the rows, if any.
    pub fn take_drop(&self) -> Option<Request> {
        self.dropped.borrow_mut().take()
    }
}

/// A list panel's frame: `list` reads the state and pushes to the command queue
/// (held apart from the state meanwhile, so rows can push while the list reads
/// the model and the selection); the structural request it returns is performed
/// after it.
pub fn show_list(
    ui: &mut egui::Ui,
    state: &mut State,
    list: impl FnOnce(&mut egui::Ui, &State, &mut Commands) -> Option<Request>,
) {
    let mut commands = std::mem::take(&mut state.commands);
    let request = list(ui, state, &mut commands);
    state.commands = commands;
    if let Some(q) = request {
        structure::perform(state, q);
    }
}

/// One list's rows and what every list shares: the selection ([`Rows`]: highlight,
/// clicks, drag and drop), the list's toolbar and each row's context menu. The
/// structural request picked (in a menu or the toolbar, else a drop) comes from
/// [`finish`](Self::finish).
pub struct ListRows<'a> {
    pub model: &'a Model,
    pub kind: ElementKind,
    pub rows: Rows<'a>,
    /// The selected indices of the list's kind, ascending.
    pub selected: Vec<usize>,
    pub commands: &'a mut Commands,
    request: Option<Request>,
}

impl<'a> ListRows<'a> {
    /// The rows of `kind` shown in `order`.
    pub fn new(
        state: &'a State,
        commands: &'a mut Commands,
        kind: ElementKind,
        order: Vec<usize>,
    ) -> Self {
        let (active, selected) = (state.selection, &state.selected);
        ListRows {
            model: state.doc.model(),
            kind,
            rows: Rows::of(active, selected, state.panels.reveal_selection, order),
            selected: structure::selected_in(active, selected, kind),
            commands,
            request: None,
        }
    }

    /// The rows of `kind` in index order.
    pub fn indexed(state: &'a State, commands: &'a mut Commands, kind: ElementKind) -> Self {
        let order = index_order(kind.len(state.doc.model()));
        Self::new(state, commands, kind, order)
    }

    /// The list's toolbar (add, duplicate, delete, move).
    pub fn toolbar(&mut self, ui: &mut egui::Ui) {
        let picked = structure::toolbar(ui, self.model, self.kind, &self.selected);
        self.request = picked.or(self.request.take());
    }

    /// The row of `this` ([`Rows::row`]) with the list's context menu.
    pub fn row(
        &mut self,
        ui: &mut egui::Ui,
        this: Selection,
        text: impl Into<egui::WidgetText>,
    ) -> egui::Response {
        let r = self.rows.row(ui, self.commands, this, text);
        let cx = MenuCx {
            model: self.model,
            kind: self.kind,
            active: self.rows.active,
            selected: &self.selected,
            commands: self.commands,
        };
        if let Some(q) = row_menu(&r, cx) {
            self.request = Some(q);
        }
        r
    }

    /// The structural edit picked, else the reorder a drop onto a row asked for.
    pub fn finish(self) -> Option<Request> {
        self.request.or(self.rows.take_drop())
    }
}

/// `0..len`, the display order of a list shown by index.
pub fn index_order(len: usize) -> Vec<usize> {
    (0..len).collect()
}

/// A striped grid of `columns` inside `scroll`, filling the panel.
pub fn list_grid(
    ui: &mut egui::Ui,
    scroll: egui::ScrollArea,
    id: &str,
    columns: usize,
    rows: impl FnOnce(&mut egui::Ui),
) {
    scroll.auto_shrink([false, false]).show(ui, |ui| {
        egui::Grid::new(id)
            .striped(true)
            .num_columns(columns)
            .show(ui, rows);
    });
}

/// A search box with a clear button.
pub fn search_box(ui: &mut egui::Ui, text: &mut String, hint: &str) {
    ui.horizontal(|ui| {
        let label = ui.label("🔍").on_hover_text(hint);
        ui.add(
            egui::TextEdit::singleline(text)
                .hint_text(hint)
                .desired_width(ui.available_width() - 28.0),
        )
        .labelled_by(label.id)
        .widget_info(|| {
            let mut info = egui::WidgetInfo::text_edit(true, "", "", hint);
            info.label = Some(hint.to_owned());
            info
        });
        if ui
            .small_button("✖")
            .on_hover_text(tr!("panels-clear"))
            .clicked()
        {
            text.clear();
        }
    });
}

pub fn matches(query: &str, names: &[&str]) -> bool {
    if query.is_empty() {
        return true;
    }
    let q = query.to_lowercase();
    names.iter().any(|n| n.to_lowercase().contains(&q))
}
