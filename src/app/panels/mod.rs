//! Dock panels. Each reads the document through a [`View`] and sends
//! [`Command`]s (edits, selection, pose, playback, physics settings); its own UI
//! state (search boxes, folds) is the [`PanelState`] beside them. None mutates the
//! model, the pose or the selection directly.

use eframe::egui;

use crate::app::commands::{Command, Commands};
use crate::app::selection::ClickMods;
use crate::app::{PanelState, Selected, Selection, View};
use crate::edit::{ElementKind, ModelEdit};
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

/// A new element whose name is being typed in its list row: the row shows a
/// focused text field instead of its label; each change renames the element (the
/// typing is one undo step, as in the inspector), Enter or a click elsewhere ends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Renaming {
    pub this: Selection,
    pub text: String,
    /// Frames the field has been shown (it takes the keyboard on the first).
    frames: u8,
}

impl Renaming {
    /// For a new element of the kinds a rigger names right away (bones, morphs,
    /// rigid bodies, joints); none for the others.
    pub fn new(kind: ElementKind, index: usize) -> Option<Renaming> {
        use ElementKind as K;
        matches!(kind, K::Bone | K::Morph | K::RigidBody | K::Joint).then(|| Renaming {
            this: Selection::of(kind, index).unwrap_or_default(),
            text: String::new(),
            frames: 0,
        })
    }
}

/// `element` with its (Japanese) name set to `name`; none for kinds without a name.
fn named(mut element: crate::edit::Element, name: &str) -> Option<crate::edit::Element> {
    use crate::edit::Element as E;
    let slot = match &mut element {
        E::Bone(e) => &mut e.name,
        E::Morph(e) => &mut e.name,
        E::RigidBody(e) => &mut e.name,
        E::Joint(e) => &mut e.name,
        _ => return None,
    };
    *slot = name.to_owned();
    Some(element)
}

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
        self.clicks(ui, commands, this, &r);
        if let Some((kind, index)) = this.element() {
            self.drag_and_drop(ui, &r, kind, index, selected);
        }
        r
    }

    /// What a click on `r` (the row's label or the rest of its row) does to the
    /// selection: a click selects `this`, Ctrl+click adds or removes it, Shift+click
    /// selects the range; a right-click on an unselected row selects it.
    fn clicks(&self, ui: &egui::Ui, commands: &mut Commands, this: Selection, r: &egui::Response) {
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
        if r.secondary_clicked() && !self.selected.contains(self.active, this) {
            commands.select_in_list(this);
        }
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

/// A list panel's frame in the dock: the panel gets the frame's [`View`], the
/// command queue and its own state; the structural request it returns (add,
/// delete, move…) is sent as a command too.
pub fn show_view_list(
    ui: &mut egui::Ui,
    view: &View,
    commands: &mut Commands,
    local: &mut PanelState,
    list: impl FnOnce(&mut egui::Ui, &View, &mut Commands, &mut PanelState) -> Option<Request>,
) {
    if let Some(q) = list(ui, view, commands, local) {
        commands.push(Command::List(q));
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
    /// The panel's renaming slot, when the list offers it.
    renaming: Option<&'a mut Option<Renaming>>,
}

impl<'a> ListRows<'a> {
    /// The rows of `kind` shown in `order`.
    pub fn new(
        view: &'a View,
        commands: &'a mut Commands,
        kind: ElementKind,
        order: Vec<usize>,
    ) -> Self {
        let (active, selected, reveal) = (view.selection, view.selected, view.reveal);
        ListRows {
            model: view.model,
            kind,
            rows: Rows::of(active, selected, reveal, order),
            selected: structure::selected_in(active, selected, kind),
            commands,
            request: None,
            renaming: None,
        }
    }

    /// Lets a new element's row take its name ([`Renaming`]).
    pub fn rename_in(mut self, slot: &'a mut Option<Renaming>) -> Self {
        self.renaming = Some(slot);
        self
    }

    /// The row of `this` as a focused name field while it is being renamed.
    fn rename_row(&mut self, ui: &mut egui::Ui, this: Selection) -> Option<egui::Response> {
        let slot = self.renaming.as_deref_mut()?;
        let renaming = slot.as_mut().filter(|r| r.this == this)?;
        let (kind, index) = this.element()?;
        let current = kind.get(self.model, index)?;
        let hint = current.name().unwrap_or_default().to_owned();
        let edit = egui::TextEdit::singleline(&mut renaming.text)
            .hint_text(hint)
            .desired_width(160.0);
        let r = ui.add(edit);
        if renaming.frames == 0 {
            r.request_focus();
            r.scroll_to_me(Some(egui::Align::Center));
        }
        renaming.frames = renaming.frames.saturating_add(1);
        if r.changed() && !renaming.text.is_empty() {
            if let Some(element) = named(current, &renaming.text) {
                let key = {
                    use std::hash::{BuildHasher, BuildHasherDefault};
                    BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default()
                        .hash_one(("list_rename", this))
                };
                let edit = ModelEdit::set(index, element, tr!("lists-field-name"))
                    .value(renaming.text.clone())
                    .merging(key);
                self.commands.edit(edit);
            }
        }
        if renaming.frames > 2 && !r.has_focus() {
            *slot = None;
        }
        Some(r)
    }

    /// The rows of `kind` in index order.
    pub fn indexed(view: &'a View, commands: &'a mut Commands, kind: ElementKind) -> Self {
        let order = index_order(kind.len(view.model));
        Self::new(view, commands, kind, order)
    }

    /// The rows of `kind` whose names match `query` (all when it is empty), by index.
    pub fn searched(
        view: &'a View,
        commands: &'a mut Commands,
        kind: ElementKind,
        query: &str,
        names: impl Fn(usize) -> [&'a str; 2],
    ) -> Self {
        let order = (0..kind.len(view.model))
            .filter(|&i| matches(query, &names(i)))
            .collect();
        Self::new(view, commands, kind, order)
    }

    /// A searched list of `kind` (rigid bodies, joints, soft bodies, textures): its
    /// search box, the rows whose names match, and the list's toolbar.
    pub fn search(
        ui: &mut egui::Ui,
        view: &'a View,
        commands: &'a mut Commands,
        local: &mut PanelState,
        kind: ElementKind,
    ) -> Self {
        let model = view.model;
        let (query, hint) = match kind {
            ElementKind::RigidBody => (&mut local.body_search, tr!("lists-search-bodies")),
            ElementKind::Joint => (&mut local.joint_search, tr!("lists-search-joints")),
            ElementKind::SoftBody => (&mut local.soft_body_search, tr!("lists-search-soft-bodies")),
            _ => (&mut local.texture_search, tr!("lists-search-textures")),
        };
        search_box(ui, query, &hint);
        let mut list = Self::searched(view, commands, kind, query, |i| match kind {
            ElementKind::RigidBody => [&model.rigid_bodies[i].name, &model.rigid_bodies[i].name_en],
            ElementKind::Joint => [&model.joints[i].name, &model.joints[i].name_en],
            ElementKind::SoftBody => [&model.soft_bodies[i].name, &model.soft_bodies[i].name_en],
            _ => [&model.textures[i], ""],
        });
        list.toolbar(ui);
        list
    }

    /// The list's rows in view ([`virtual_rows`]) in `scroll`, scrolled to the
    /// active element when asked; `row` draws the row of element `i`.
    pub fn show_rows(
        &mut self,
        ui: &mut egui::Ui,
        scroll: egui::ScrollArea,
        mut row: impl FnMut(&mut Self, &mut egui::Ui, usize),
    ) {
        let reveal = self.reveal_at();
        virtual_rows(ui, scroll, self.rows.order.len(), reveal, |ui, k| {
            let i = self.rows.order[k];
            row(self, ui, i);
        });
    }

    /// Where the active element is in the list's order, when the list should scroll
    /// to it this frame.
    pub fn reveal_at(&self) -> Option<usize> {
        let rows = &self.rows;
        // A new element's row scrolls into view to take its name.
        let renamed = self.renaming.as_deref().and_then(|r| r.as_ref());
        if let Some((kind, index)) = renamed
            .filter(|r| r.frames == 0)
            .and_then(|r| r.this.element())
        {
            if kind == self.kind {
                return rows.order.iter().position(|&i| i == index);
            }
        }
        let (kind, index) = rows.active.element()?;
        (rows.reveal && kind == self.kind).then_some(())?;
        rows.order.iter().position(|&i| i == index)
    }

    /// One row of the list, `cells` drawn after its label: a click anywhere in the
    /// row acts as a click on the label ([`Rows::row`]), and the row's context menu
    /// opens anywhere in it too.
    pub fn full_row(
        &mut self,
        ui: &mut egui::Ui,
        this: Selection,
        text: impl Into<egui::WidgetText>,
        cells: impl FnOnce(&mut egui::Ui),
    ) -> egui::Response {
        self.full_row_with(ui, this, text, |_| {}, cells)
    }

    /// [`full_row`](Self::full_row) with `before` drawn before the label (indent,
    /// a fold button, a colour).
    pub fn full_row_with(
        &mut self,
        ui: &mut egui::Ui,
        this: Selection,
        text: impl Into<egui::WidgetText>,
        before: impl FnOnce(&mut egui::Ui),
        cells: impl FnOnce(&mut egui::Ui),
    ) -> egui::Response {
        let rect = row_rect(ui);
        let background = self.background(ui, rect, this);
        let builder = egui::UiBuilder::new()
            .max_rect(rect)
            .layout(egui::Layout::left_to_right(egui::Align::Center));
        let r = ui
            .scope_builder(builder, |ui| {
                before(ui);
                let r = self.row(ui, this, text);
                cells(ui);
                r
            })
            .inner;
        if background.hovered() && !r.hovered() {
            let fill = ui
                .visuals()
                .widgets
                .hovered
                .weak_bg_fill
                .gamma_multiply(0.4);
            ui.painter().rect_filled(rect, 2.0, fill);
        }
        r
    }

    /// The part of a row outside its widgets: clicking it selects `this` as the
    /// label does (made before the row's widgets, which stay on top of it).
    pub fn background(
        &mut self,
        ui: &mut egui::Ui,
        rect: egui::Rect,
        this: Selection,
    ) -> egui::Response {
        let id = ui.id().with(("list_row", this));
        let r = ui.interact(rect, id, egui::Sense::click());
        self.rows.clicks(ui, self.commands, this, &r);
        self.context_menu(&r);
        r
    }

    /// The list's context menu on `r` (the row or the rest of it).
    fn context_menu(&mut self, r: &egui::Response) {
        let cx = MenuCx {
            model: self.model,
            kind: self.kind,
            active: self.rows.active,
            selected: &self.selected,
            commands: self.commands,
        };
        if let Some(q) = row_menu(r, cx) {
            self.request = Some(q);
        }
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
        if let Some(r) = self.rename_row(ui, this) {
            return r;
        }
        let r = self.rows.row(ui, self.commands, this, text);
        self.context_menu(&r);
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

/// The rectangle of the next list row: one widget high, as wide as the list's view.
pub fn row_rect(ui: &egui::Ui) -> egui::Rect {
    let min = ui.cursor().min;
    let width = (ui.clip_rect().right() - min.x).max(ui.available_width().min(4000.0));
    egui::Rect::from_min_size(
        min,
        egui::vec2(width.max(1.0), ui.spacing().interact_size.y),
    )
}

/// Moves the cursor of a row to `x` from its `left` edge (the start of a column).
pub fn column(ui: &mut egui::Ui, left: f32, x: f32) {
    let gap = left + x - ui.cursor().min.x;
    ui.add_space(gap.max(ui.spacing().item_spacing.x));
}

/// `count` rows of one height in a scroll area, laying out only those in view (a
/// long list costs what its visible rows cost); odd rows striped. `reveal`
/// scrolls to that row this frame.
pub fn virtual_rows(
    ui: &mut egui::Ui,
    scroll: egui::ScrollArea,
    count: usize,
    reveal: Option<usize>,
    mut row: impl FnMut(&mut egui::Ui, usize),
) {
    let height = ui.spacing().interact_size.y;
    let mut scroll = scroll.auto_shrink([false, false]);
    if let Some(k) = reveal {
        let step = height + ui.spacing().item_spacing.y;
        let y = k as f32 * step - (ui.available_height() - height) / 2.0;
        scroll = scroll.vertical_scroll_offset(y.max(0.0));
    }
    scroll.show_rows(ui, height, count, |ui, range| {
        for k in range {
            if k % 2 == 1 {
                let rect = row_rect(ui);
                ui.painter()
                    .rect_filled(rect, 0.0, ui.visuals().faint_bg_color);
            }
            row(ui, k);
        }
    });
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

/// A combo box choosing one of `choices` (indices, shown by `name`) into
/// `current`; `none` is the text shown while nothing is chosen and whether it can
/// be picked (an entry of its own).
pub fn index_combo(
    ui: &mut egui::Ui,
    id: &str,
    current: &mut Option<usize>,
    choices: impl Iterator<Item = usize>,
    name: impl Fn(usize) -> String,
    none: (String, bool),
) {
    let (none_text, offer_none) = none;
    let shown = current.map_or_else(|| none_text.clone(), &name);
    egui::ComboBox::from_id_salt(id)
        .selected_text(shown)
        .height(400.0)
        .show_ui(ui, |ui| {
            if offer_none {
                ui.selectable_value(current, None, none_text);
            }
            for i in choices {
                ui.selectable_value(current, Some(i), name(i));
            }
        });
}
