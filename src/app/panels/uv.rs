//! The UV editor: the chosen material's faces as a wireframe in UV space (V down, as
//! PMX stores it) over its texture, with UVs outside 0..1 drawn over dimmed repeats.
//! Vertices are selected here as in the viewport's vertex mode (the same selection:
//! click, box, Shift adds, Ctrl removes); the gizmo moves, rotates or scales the
//! selection's UVs — or a UV morph's offsets — through the `uv_transform` operation,
//! one undo step per drag.

use eframe::egui::{self, Color32, Pos2, Rect, Sense, Stroke};
use glam::Vec2;
use serde_json::{Map, Value};

use crate::app::commands::{Command, Commands};
use crate::app::selection::Combine;
use crate::app::textures::TexState;
use crate::app::{LogLevel, PanelState, Selected, Selection, View};
use crate::edit::ElementKind;
use crate::pmx::Model;
use crate::rig::uv::{base_uv, offsets_by_vertex, uv_morph};
use crate::tr;

/// What the gizmo does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tool {
    #[default]
    Move,
    Rotate,
    Scale,
}

/// Which part of the gizmo a drag holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Handle {
    /// Move or scale freely / uniformly.
    Centre,
    AxisU,
    AxisV,
    Ring,
}

/// A gizmo drag in progress: where it started (screen) and its pivot (UV).
#[derive(Debug, Clone, Copy)]
struct Drag {
    handle: Handle,
    from: Pos2,
    pivot: Vec2,
}

/// Numbers typed under the view (applied with Apply).
#[derive(Debug, Clone, Copy)]
pub struct Typed {
    pub translate: [f32; 2],
    pub rotate_deg: f32,
    pub scale: [f32; 2],
}

impl Default for Typed {
    fn default() -> Self {
        Typed {
            translate: [0.0; 2],
            rotate_deg: 0.0,
            scale: [1.0; 2],
        }
    }
}

/// The UV editor's view state (pan, zoom, tool) and its reused buffers.
#[derive(Default)]
pub struct UvEditor {
    /// The material shown (follows a material selected in the lists).
    pub material: Option<usize>,
    /// The UV morph shown as arrows (and edited in morph mode).
    pub morph: Option<usize>,
    /// The gizmo edits the morph's offsets instead of the vertices' UVs.
    pub edit_morph: bool,
    pub tool: Tool,
    pub typed: Typed,
    /// Screen offset of the view from fitting 0..1 in the middle.
    pub pan: egui::Vec2,
    /// 1 = the 0..1 square fits the view.
    pub zoom: f32,
    /// The view's rectangle last frame (tests aim with it).
    pub last_rect: Option<Rect>,
    drag: Option<Drag>,
    box_from: Option<Pos2>,
    texture: Option<(usize, egui::TextureHandle)>,
    /// Frame the material's UVs when next drawn (it was just chosen).
    frame_pending: bool,
    /// Which model revision, material and morph the buffers below were made for.
    built: Option<(u64, usize, Option<usize>)>,
    /// The material's faces (indices into the face list).
    faces: std::ops::Range<usize>,
    /// The material's vertices, ascending.
    vertices: Vec<usize>,
    /// Per model vertex: the morph's summed UV offset (zero without a morph).
    offsets: Vec<Vec2>,
    /// Per model vertex: selected (rebuilt each frame without allocating).
    selected: Vec<bool>,
}

impl std::fmt::Debug for UvEditor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UvEditor")
            .field("material", &self.material)
            .field("morph", &self.morph)
            .field("tool", &self.tool)
            .finish_non_exhaustive()
    }
}

const HANDLE_LEN: f32 = 60.0;
const RING: f32 = 55.0;

impl UvEditor {
    /// Pixels per UV unit in `rect`.
    fn scale(&self, rect: Rect) -> f32 {
        let zoom = if self.zoom > 0.0 { self.zoom } else { 1.0 };
        rect.width().min(rect.height()) * 0.9 * zoom
    }

    /// Where `uv` is drawn in `rect`.
    pub fn to_screen_in(&self, rect: Rect, uv: Vec2) -> Pos2 {
        let s = self.scale(rect);
        rect.center() + self.pan + egui::vec2(uv.x - 0.5, uv.y - 0.5) * s
    }

    /// Where `uv` was drawn last frame (None before the tab was drawn).
    pub fn to_screen(&self, uv: Vec2) -> Option<Pos2> {
        self.last_rect.map(|r| self.to_screen_in(r, uv))
    }

    fn to_uv(&self, rect: Rect, p: Pos2) -> Vec2 {
        let s = self.scale(rect);
        let d = (p - rect.center() - self.pan) / s;
        Vec2::new(d.x + 0.5, d.y + 0.5)
    }

    /// Screen position of a gizmo handle about `pivot` (UV) last frame.
    pub fn handle_at(&self, handle: Handle, pivot: Vec2) -> Option<Pos2> {
        let c = self.to_screen(pivot)?;
        Some(match handle {
            Handle::Centre => c,
            Handle::AxisU => c + egui::vec2(HANDLE_LEN, 0.0),
            Handle::AxisV => c + egui::vec2(0.0, HANDLE_LEN),
            Handle::Ring => {
                c + egui::vec2(
                    RING * std::f32::consts::FRAC_1_SQRT_2,
                    -RING * std::f32::consts::FRAC_1_SQRT_2,
                )
            }
        })
    }

    /// Pans and zooms so that `lo..hi` (UV) fills the view `rect`.
    pub fn frame(&mut self, rect: Rect, lo: Vec2, hi: Vec2) {
        let size = (hi - lo).max(Vec2::splat(1e-3));
        let fit = rect.width().min(rect.height()) * 0.9;
        let want = (rect.width() / size.x).min(rect.height() / size.y) * 0.9;
        self.zoom = (want / fit).clamp(0.05, 200.0);
        let centre = (lo + hi) * 0.5;
        self.pan = -egui::vec2(centre.x - 0.5, centre.y - 0.5) * self.scale(rect);
    }

    /// Frames the material's UVs together with the 0..1 square.
    fn frame_material(&mut self, model: &Model, rect: Rect, layer: u8) {
        let (mut lo, mut hi) = (Vec2::ZERO, Vec2::ONE);
        for &v in &self.vertices {
            let p = self.shown(model, v, layer);
            if p.is_finite() {
                lo = lo.min(p);
                hi = hi.max(p);
            }
        }
        self.frame(rect, lo, hi);
    }

    /// UV shown (and edited) for vertex `v`: its base UV on the layer, plus the
    /// morph's offset while the morph is edited.
    fn shown(&self, model: &Model, v: usize, layer: u8) -> Vec2 {
        base_uv(model, v, layer) + self.offset(v)
    }

    /// The morph's offset of vertex `v` when it is edited (zero otherwise).
    fn offset(&self, v: usize) -> Vec2 {
        match self.edit_morph {
            true => self.offsets.get(v).copied().unwrap_or(Vec2::ZERO),
            false => Vec2::ZERO,
        }
    }

    /// Rebuilds the material's vertex list and the morph's offsets after an edit or
    /// another choice (not every frame).
    fn rebuild(&mut self, model: &Model, revision: u64) {
        let Some(m) = self.material else {
            self.vertices.clear();
            self.faces = 0..0;
            self.built = None;
            return;
        };
        let key = (revision, m, self.morph);
        if self.built == Some(key) {
            return;
        }
        if self.built.is_none_or(|(_, old, _)| old != m) {
            self.frame_pending = true;
        }
        self.built = Some(key);
        let ranges = crate::edit::remap::material_face_ranges(model);
        self.vertices.clear();
        self.faces = ranges.get(m).cloned().unwrap_or_default();
        if let Some(range) = ranges.get(m) {
            let n = model.vertices.len();
            self.vertices.extend(
                model.faces[range.clone()]
                    .iter()
                    .flatten()
                    .filter_map(|&i| usize::try_from(i).ok().filter(|&i| i < n)),
            );
        }
        self.vertices.sort_unstable();
        self.vertices.dedup();
        self.offsets = match self.morph.and_then(|k| uv_morph(model, k)) {
            Some((_, o)) => offsets_by_vertex(model, o),
            None => Vec::new(),
        };
    }

    /// The centre of the selected vertices' shown UVs (None when none of them is
    /// in the material).
    pub fn selection_centre(&self, model: &Model, layer: u8) -> Option<Vec2> {
        let mut lo = Vec2::splat(f32::INFINITY);
        let mut hi = Vec2::splat(f32::NEG_INFINITY);
        for &v in &self.vertices {
            if self.selected.get(v).copied().unwrap_or(false) {
                let p = self.shown(model, v, layer);
                lo = lo.min(p);
                hi = hi.max(p);
            }
        }
        lo.is_finite().then(|| (lo + hi) * 0.5)
    }
}

/// The UV layer shown: the morph's, else the UVs.
fn layer_of(model: &Model, morph: Option<usize>) -> u8 {
    morph
        .and_then(|m| uv_morph(model, m))
        .map_or(0, |(layer, _)| layer)
}

pub fn show(ui: &mut egui::Ui, view: &View, commands: &mut Commands, local: &mut PanelState) {
    let ed = &mut local.uv;
    let model = view.model;
    if let Selection::Material(m) = view.selection {
        ed.material = Some(m);
    }
    ed.material = ed.material.filter(|&m| m < model.materials.len());
    ed.morph = ed.morph.filter(|&m| uv_morph(model, m).is_some());
    toolbar(ui, view, ed);
    ed.rebuild(model, view.doc.history.revision());
    ed.selected.clear();
    ed.selected.resize(model.vertices.len(), false);
    for v in view.selected.iter(view.selection, ElementKind::Vertex) {
        if let Some(s) = ed.selected.get_mut(v) {
            *s = true;
        }
    }
    typed_row(ui, view, commands, ed);

    let (response, painter) = ui.allocate_painter(ui.available_size(), Sense::click_and_drag());
    let rect = response.rect;
    ed.last_rect = Some(rect);
    painter.rect_filled(rect, 0.0, Color32::from_gray(28));
    let Some(material) = ed.material else {
        painter.text(
            rect.center(),
            egui::Align2::CENTER_CENTER,
            tr!("uv-no-material"),
            egui::FontId::proportional(14.0),
            ui.visuals().weak_text_color(),
        );
        return;
    };
    if std::mem::take(&mut ed.frame_pending) {
        ed.frame_material(model, rect, layer_of(model, ed.morph));
    }
    navigate(ui, &response, ed, rect);
    let painter = painter.with_clip_rect(rect);
    draw_texture(ui, view, ed, &painter, rect, material);

    let layer = layer_of(model, ed.morph);
    let centre = ed.selection_centre(model, layer);
    let preview = gizmo_input(ui, &response, view, commands, ed, rect, centre);

    // The wireframe, with the dragged selection where the drag puts it.
    let at = |v: usize| -> Pos2 {
        let p = ed.shown(model, v, layer);
        let p = match preview {
            Some((t, pivot)) if ed.selected[v] => t.apply(pivot, p),
            _ => p,
        };
        ed.to_screen_in(rect, p)
    };
    let wire = Stroke::new(1.0, Color32::from_rgba_unmultiplied(120, 200, 255, 170));
    let n = model.vertices.len();
    if let Some(faces) = model.faces.get(ed.faces.clone()) {
        for f in faces {
            let [a, b, c] = f.map(|i| usize::try_from(i).ok().filter(|&i| i < n));
            let (Some(a), Some(b), Some(c)) = (a, b, c) else {
                continue;
            };
            let (pa, pb, pc) = (at(a), at(b), at(c));
            painter.line_segment([pa, pb], wire);
            painter.line_segment([pb, pc], wire);
            painter.line_segment([pc, pa], wire);
        }
    }
    // The morph's offsets: arrows from the base UV to the morphed one.
    if ed.morph.is_some() {
        let arrow = Stroke::new(1.5, Color32::from_rgb(255, 120, 200));
        for &v in &ed.vertices {
            let d = ed.offsets.get(v).copied().unwrap_or(Vec2::ZERO);
            if d != Vec2::ZERO {
                let base = base_uv(model, v, layer);
                let from = ed.to_screen_in(rect, base);
                // Edited, the point is the morphed UV (and follows a drag).
                let to = match ed.edit_morph {
                    true => at(v),
                    false => ed.to_screen_in(rect, base + d),
                };
                painter.arrow(from, to - from, arrow);
            }
        }
    }
    for &v in &ed.vertices {
        let (size, colour) = if ed.selected[v] {
            (2.5, Color32::from_rgb(255, 160, 40))
        } else {
            (1.5, Color32::from_rgb(200, 230, 255))
        };
        painter.rect_filled(
            Rect::from_center_size(at(v), egui::vec2(size, size) * 2.0),
            0.0,
            colour,
        );
    }
    // The 0..1 frame.
    let frame = Rect::from_two_pos(
        ed.to_screen_in(rect, Vec2::ZERO),
        ed.to_screen_in(rect, Vec2::ONE),
    );
    painter.rect_stroke(
        frame,
        0.0,
        Stroke::new(1.5, Color32::from_rgb(250, 220, 90)),
        egui::StrokeKind::Middle,
    );
    if let Some(c) = centre {
        draw_gizmo(&painter, ed, rect, c, preview.map(|(t, _)| t));
    }
    if let (Some(from), Some(to)) = (
        ed.box_from,
        response
            .hover_pos()
            .or(ui.input(|i| i.pointer.latest_pos())),
    ) {
        painter.rect(
            Rect::from_two_pos(from, to),
            0.0,
            Color32::from_rgba_unmultiplied(255, 160, 40, 25),
            Stroke::new(1.0, Color32::from_rgb(255, 160, 40)),
            egui::StrokeKind::Middle,
        );
    }
}

fn toolbar(ui: &mut egui::Ui, view: &View, ed: &mut UvEditor) {
    let model = view.model;
    ui.horizontal_wrapped(|ui| {
        ui.label(tr!("uv-material"));
        let name = |m: usize| super::label(m, &model.materials[m].name);
        let choices = 0..model.materials.len();
        let none = (tr!("uv-none"), false);
        super::index_combo(ui, "uv_material", &mut ed.material, choices, name, none);
        ui.separator();
        ui.label(tr!("uv-morph"));
        let name = |m: usize| super::label(m, &model.morphs[m].name);
        let choices = (0..model.morphs.len()).filter(|&m| uv_morph(model, m).is_some());
        let none = (tr!("uv-none"), true);
        super::index_combo(ui, "uv_morph", &mut ed.morph, choices, name, none);
        ui.add_enabled(
            ed.morph.is_some(),
            egui::Checkbox::new(&mut ed.edit_morph, tr!("uv-edit-morph")),
        )
        .on_hover_text(tr!("uv-edit-morph-tip"));
        ui.separator();
        ui.selectable_value(&mut ed.tool, Tool::Move, tr!("uv-tool-move"));
        ui.selectable_value(&mut ed.tool, Tool::Rotate, tr!("uv-tool-rotate"));
        ui.selectable_value(&mut ed.tool, Tool::Scale, tr!("uv-tool-scale"));
        if ui.button(tr!("uv-fit")).clicked() {
            ed.frame_pending = true;
        }
        let count = view
            .selected
            .iter(view.selection, ElementKind::Vertex)
            .count();
        ui.label(egui::RichText::new(tr!("uv-selected", count = count)).weak());
    });
}

fn typed_row(ui: &mut egui::Ui, view: &View, commands: &mut Commands, ed: &mut UvEditor) {
    let model = view.model;
    let layer = layer_of(model, ed.morph);
    let centre = ed.selection_centre(model, layer);
    let mut apply = false;
    ui.horizontal_wrapped(|ui| {
        let t = &mut ed.typed;
        let [tu, tv] = &mut t.translate;
        let [su, sv] = &mut t.scale;
        for (key, value, speed) in [
            ("uv-move-u", tu, 0.001),
            ("uv-move-v", tv, 0.001),
            ("uv-rotate", &mut t.rotate_deg, 0.5),
            ("uv-scale-u", su, 0.01),
            ("uv-scale-v", sv, 0.01),
        ] {
            let label = ui.label(tr!(key));
            ui.add(egui::DragValue::new(value).speed(speed).max_decimals(4))
                .labelled_by(label.id);
        }
        apply = ui
            .add_enabled(centre.is_some(), egui::Button::new(tr!("uv-apply")))
            .clicked();
    });
    if let (true, Some(pivot)) = (apply, centre) {
        let t = ed.typed;
        let affine = crate::rig::uv::UvAffine {
            translate: Vec2::from(t.translate),
            rotate_deg: t.rotate_deg,
            scale: Vec2::from(t.scale),
            pivot: Some(pivot),
        };
        push_transform(view.model, commands, ed, affine, pivot);
    }
}

/// Wheel zooms about the pointer; middle or right drag pans.
fn navigate(ui: &egui::Ui, response: &egui::Response, ed: &mut UvEditor, rect: Rect) {
    if ed.zoom <= 0.0 {
        ed.zoom = 1.0;
    }
    if response.hovered() {
        let scroll = ui.input(|i| i.smooth_scroll_delta.y);
        if scroll != 0.0 {
            if let Some(p) = response.hover_pos() {
                let before = ed.to_uv(rect, p);
                ed.zoom = (ed.zoom * (scroll / 200.0).exp()).clamp(0.05, 200.0);
                // Keep the UV under the pointer where it was.
                ed.pan += p - ed.to_screen_in(rect, before);
            }
        }
    }
    if response.dragged_by(egui::PointerButton::Middle)
        || response.dragged_by(egui::PointerButton::Secondary)
    {
        ed.pan += response.drag_delta();
    }
}

fn draw_texture(
    ui: &egui::Ui,
    view: &View,
    ed: &mut UvEditor,
    painter: &egui::Painter,
    rect: Rect,
    material: usize,
) {
    let model = view.model;
    let Some(tex) = usize::try_from(model.materials[material].texture).ok() else {
        return;
    };
    if ed.texture.as_ref().map(|t| t.0) != Some(tex) {
        ed.texture = match view.textures.states.get(tex) {
            Some(TexState::Ready(img)) => {
                let image = egui::ColorImage::from_rgba_unmultiplied(
                    [img.width as usize, img.height as usize],
                    &img.rgba,
                );
                let handle = ui.ctx().load_texture(
                    "uv-editor-texture",
                    image,
                    egui::TextureOptions::LINEAR_REPEAT,
                );
                Some((tex, handle))
            }
            _ => None,
        };
    }
    let Some((_, handle)) = &ed.texture else {
        return;
    };
    // Repeats around 0..1 dimmed (wrap-around UVs land on them), 0..1 itself bright.
    let around = Rect::from_two_pos(
        ed.to_screen_in(rect, Vec2::splat(-2.0)),
        ed.to_screen_in(rect, Vec2::splat(3.0)),
    );
    let uv_around = Rect::from_min_max(egui::pos2(-2.0, -2.0), egui::pos2(3.0, 3.0));
    painter.image(handle.id(), around, uv_around, Color32::from_gray(70));
    let tile = Rect::from_two_pos(
        ed.to_screen_in(rect, Vec2::ZERO),
        ed.to_screen_in(rect, Vec2::ONE),
    );
    let unit = Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
    painter.image(handle.id(), tile, unit, Color32::from_gray(200));
}

/// The handle under `p` for the current tool (None: selecting).
fn handle_under(ed: &UvEditor, rect: Rect, centre: Vec2, p: Pos2) -> Option<Handle> {
    let c = ed.to_screen_in(rect, centre);
    let near = |q: Pos2| q.distance(p) <= 8.0;
    match ed.tool {
        Tool::Rotate => ((p.distance(c) - RING).abs() <= 6.0).then_some(Handle::Ring),
        Tool::Move | Tool::Scale => {
            if near(c) {
                Some(Handle::Centre)
            } else if near(c + egui::vec2(HANDLE_LEN, 0.0))
                || (p.y - c.y).abs() <= 5.0 && (c.x..=c.x + HANDLE_LEN).contains(&p.x)
            {
                Some(Handle::AxisU)
            } else if near(c + egui::vec2(0.0, HANDLE_LEN))
                || (p.x - c.x).abs() <= 5.0 && (c.y..=c.y + HANDLE_LEN).contains(&p.y)
            {
                Some(Handle::AxisV)
            } else {
                None
            }
        }
    }
}

/// The transform a gizmo drag from `drag.from` to `p` makes.
fn drag_transform(ed: &UvEditor, rect: Rect, drag: &Drag, p: Pos2) -> crate::rig::uv::UvAffine {
    let s = ed.scale(rect);
    let d = (p - drag.from) / s;
    let c = ed.to_screen_in(rect, drag.pivot);
    let mut t = crate::rig::uv::UvAffine {
        pivot: Some(drag.pivot),
        ..Default::default()
    };
    match (ed.tool, drag.handle) {
        (Tool::Rotate, _) => {
            // Screen angles with Y flipped, so counter-clockwise is positive.
            let angle = |q: Pos2| (-(q.y - c.y)).atan2(q.x - c.x);
            t.rotate_deg = (angle(p) - angle(drag.from)).to_degrees();
        }
        (Tool::Move, Handle::AxisU) => t.translate = Vec2::new(d.x, 0.0),
        (Tool::Move, Handle::AxisV) => t.translate = Vec2::new(0.0, d.y),
        (Tool::Move, _) => t.translate = Vec2::new(d.x, d.y),
        (Tool::Scale, handle) => {
            let ratio = |a: f32, b: f32| if a.abs() > 1.0 { b / a } else { 1.0 };
            let (a, b) = (drag.from - c, p - c);
            t.scale = match handle {
                Handle::AxisU => Vec2::new(ratio(a.x, b.x), 1.0),
                Handle::AxisV => Vec2::new(1.0, ratio(a.y, b.y)),
                // The centre square starts on the pivot: right or up grows, left or
                // down shrinks (×2 per 100 px).
                _ => {
                    let px = (p - drag.from).x - (p - drag.from).y;
                    Vec2::splat((px / 100.0).exp2())
                }
            };
            // A zero scale would collapse the UVs; the operation refuses it.
            t.scale = t.scale.map(|x| if x.abs() < 1e-4 { 1e-4 } else { x });
        }
    }
    t
}

/// Clicks and drags on the view: gizmo drags (returned as the preview), picks and
/// box selection.
fn gizmo_input(
    ui: &egui::Ui,
    response: &egui::Response,
    view: &View,
    commands: &mut Commands,
    ed: &mut UvEditor,
    rect: Rect,
    centre: Option<Vec2>,
) -> Option<(crate::rig::uv::UvAffine, Vec2)> {
    let layer = layer_of(view.model, ed.morph);
    let primary = egui::PointerButton::Primary;
    let how = Combine::from_egui(ui.input(|i| i.modifiers));
    if response.drag_started_by(primary) {
        let from = ui
            .input(|i| i.pointer.press_origin())
            .unwrap_or(rect.center());
        let handle = centre.and_then(|c| handle_under(ed, rect, c, from).map(|h| (h, c)));
        match handle {
            Some((handle, pivot)) => {
                ed.drag = Some(Drag {
                    handle,
                    from,
                    pivot,
                })
            }
            None => ed.box_from = Some(from),
        }
    }
    let pointer = response
        .interact_pointer_pos()
        .or(ui.input(|i| i.pointer.latest_pos()));
    let preview = match (ed.drag, pointer) {
        (Some(drag), Some(p)) => Some((drag_transform(ed, rect, &drag, p), drag.pivot)),
        _ => None,
    };
    if response.drag_stopped_by(primary) {
        if let (Some(_), Some((t, pivot))) = (ed.drag.take(), preview) {
            if !t.is_identity() {
                push_transform(view.model, commands, ed, t, pivot);
            }
            return None;
        }
        if let (Some(a), Some(b)) = (ed.box_from.take(), pointer) {
            let area = Rect::from_two_pos(a, b);
            let model = view.model;
            let picked: Vec<usize> = ed
                .vertices
                .iter()
                .copied()
                .filter(|&v| area.contains(ed.to_screen_in(rect, ed.shown(model, v, layer))))
                .collect();
            select(view, commands, &picked, how);
        }
    }
    if response.clicked_by(primary) {
        if let Some(p) = response.interact_pointer_pos() {
            let model = view.model;
            let nearest = ed
                .vertices
                .iter()
                .map(|&v| {
                    (
                        v,
                        ed.to_screen_in(rect, ed.shown(model, v, layer)).distance(p),
                    )
                })
                .filter(|&(_, d)| d <= 8.0)
                .min_by(|a, b| a.1.total_cmp(&b.1));
            match nearest {
                Some((v, _)) => select(view, commands, &[v], how),
                None if how == Combine::Replace => select(view, commands, &[], how),
                None => {}
            }
        }
    }
    preview
}

fn select(view: &View, commands: &mut Commands, picked: &[usize], how: Combine) {
    let (active, selected): (Selection, Selected) =
        view.selected
            .combine(view.selection, ElementKind::Vertex, picked, how);
    commands.push(Command::SelectSet {
        active,
        selected,
        reveal: false,
    });
}

/// Plans `uv_transform` on the selected vertices of the material (and the morph in
/// morph mode) and queues its edit: one undo step.
fn push_transform(
    model: &Model,
    commands: &mut Commands,
    ed: &UvEditor,
    t: crate::rig::uv::UvAffine,
    pivot: Vec2,
) {
    let Some(op) = crate::ops::find("uv_transform") else {
        return;
    };
    let vertices: Vec<usize> = ed
        .vertices
        .iter()
        .copied()
        .filter(|&v| ed.selected.get(v).copied().unwrap_or(false))
        .collect();
    if vertices.is_empty() {
        return;
    }
    let f = crate::ops::float;
    let mut values = Map::new();
    values.insert("translate_u".into(), f(t.translate.x));
    values.insert("translate_v".into(), f(t.translate.y));
    values.insert("rotate_deg".into(), f(t.rotate_deg));
    values.insert("scale_u".into(), f(t.scale.x));
    values.insert("scale_v".into(), f(t.scale.y));
    values.insert("pivot_u".into(), f(pivot.x));
    values.insert("pivot_v".into(), f(pivot.y));
    match ed.morph.filter(|_| ed.edit_morph) {
        Some(m) => {
            values.insert("morph".into(), Value::from(model.morphs[m].name.clone()));
        }
        None => {
            values.insert("layer".into(), Value::from(layer_of(model, ed.morph)));
        }
    }
    let selection = crate::ops::Selection {
        vertices,
        ..Default::default()
    };
    match (op.plan)(model, &selection, &crate::ops::Options::new(values)) {
        Ok(plan) => {
            if let Some(edit) = plan.edit {
                commands.edit(edit);
            }
        }
        Err(e) => commands.log(LogLevel::Error, e.to_string()),
    }
}

fn draw_gizmo(
    painter: &egui::Painter,
    ed: &UvEditor,
    rect: Rect,
    centre: Vec2,
    preview: Option<crate::rig::uv::UvAffine>,
) {
    let c = ed.to_screen_in(rect, centre);
    let (red, green, white) = (
        Color32::from_rgb(240, 80, 80),
        Color32::from_rgb(90, 220, 90),
        Color32::WHITE,
    );
    match ed.tool {
        Tool::Rotate => {
            painter.circle_stroke(c, RING, Stroke::new(2.5, Color32::from_rgb(90, 160, 255)));
            if let Some(t) = preview {
                let (s, co) = t.rotate_deg.to_radians().sin_cos();
                painter.line_segment([c, c + egui::vec2(co, -s) * RING], Stroke::new(2.0, white));
            }
        }
        Tool::Move | Tool::Scale => {
            painter.arrow(c, egui::vec2(HANDLE_LEN, 0.0), Stroke::new(2.5, red));
            painter.arrow(c, egui::vec2(0.0, HANDLE_LEN), Stroke::new(2.5, green));
            if ed.tool == Tool::Scale {
                for (end, colour) in [
                    (c + egui::vec2(HANDLE_LEN, 0.0), red),
                    (c + egui::vec2(0.0, HANDLE_LEN), green),
                ] {
                    painter.rect_filled(
                        Rect::from_center_size(end, egui::vec2(9.0, 9.0)),
                        0.0,
                        colour,
                    );
                }
            }
            painter.rect_stroke(
                Rect::from_center_size(c, egui::vec2(12.0, 12.0)),
                0.0,
                Stroke::new(2.0, white),
                egui::StrokeKind::Middle,
            );
        }
    }
}
