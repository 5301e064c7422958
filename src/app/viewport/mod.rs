//! The 3D viewport tab: camera input, the three-d paint callback, overlays,
//! picking and the pose gizmo.

use eframe::egui;

pub mod camera;
pub mod collision;
pub mod debug_overlays;
pub mod debug_state;
pub mod gizmo;
pub mod labels;
pub mod modes;
pub mod morph_edit;
pub mod navigate;
pub mod overlays;
pub mod paint;
pub mod picking;
pub mod render;
pub mod timing;

use crate::app::commands::{Command, Commands, Mode, ViewCommand};
use crate::app::{Selection, State, View};
use camera::{OrbitCamera, Projector};
use egui::{PointerButton, Sense};
use std::sync::{Arc, Mutex};

#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct ViewOptions {
    pub mesh: bool,
    pub wireframe: bool,
    pub edges: bool,
    pub bones: bool,
    pub bodies: bool,
    pub joints: bool,
    pub grid: bool,
    /// MMD's ground shadow on the floor.
    pub ground_shadow: bool,
}

impl Default for ViewOptions {
    fn default() -> Self {
        ViewOptions {
            mesh: true,
            wireframe: false,
            edges: true,
            bones: true,
            bodies: false,
            joints: false,
            grid: true,
            ground_shadow: true,
        }
    }
}

/// Viewport state that lives beside the document.
#[derive(Default)]
pub struct Viewport {
    pub camera: OrbitCamera,
    pub options: ViewOptions,
    /// None without a GL context (tests): the view shows a placeholder.
    pub gpu: Option<Arc<Mutex<render::GpuScene>>>,
    pub gizmo: gizmo::Gizmo,
    /// View ▸ Frame timing.
    pub timing: timing::FrameTiming,
    /// Pose revision last sent to the GPU (None: send the pose again).
    pub(crate) uploaded: Option<u64>,
    /// What model edits left stale on the GPU ([`Viewport::model_changed`]).
    pub(crate) stale: MeshStale,
    /// How many times the mesh (indices, UVs, vertex colours) was rebuilt and
    /// uploaded whole: tests read it to see an edit took the cheap path.
    pub mesh_builds: u64,
    pub last_rect: Option<egui::Rect>,
    /// Whether the last upload had UV morphs applied (so a reset re-uploads the rest UVs).
    pub(crate) uv_morphed: bool,
    /// Collision groups, joint limits and contacts overlay.
    pub collision: collision::CollisionView,
    /// Pose / Edit bones / Vertices and their tools.
    pub modes: modes::ModeState,
    /// The mesh coloured by weights.
    pub weights: crate::app::weight_view::WeightView,
    /// Paint weights mode's brush and stroke.
    pub paint: paint::PaintTool,
    /// Edit morph mode's morph and drag.
    pub morph_edit: morph_edit::MorphEdit,
}

/// What the GPU scene must take again after model edits.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct MeshStale {
    /// Indices, UVs, colours or draw ranges changed: rebuild the whole mesh.
    pub mesh: bool,
    /// Materials whose drawing values changed (updated in place).
    pub materials: Vec<usize>,
    /// Material values or material morphs changed: recompute the shown
    /// material colours (after morphs) even if the pose did not change.
    pub live_materials: bool,
}

impl Viewport {
    /// After model edits: what the mesh reads is vertex UVs, additional UV1
    /// and edge scale, the faces, the materials' face ranges and flags, the
    /// texture list and the header's UV count. Vertex positions, normals and
    /// weights reach the GPU through the pose; a material's colours and
    /// textures are updated in place; bones, bodies, joints, names: nothing.
    pub fn model_changed(&mut self, changes: &crate::edit::ChangeSet) {
        use crate::edit::changes::{MaterialField, VertexField};
        use crate::edit::ElementKind as K;
        let stale = &mut self.stale;
        let mesh_vertex_fields = [
            VertexField::Uv,
            VertexField::AdditionalUvs,
            VertexField::EdgeScale,
        ];
        if changes.is_structural()
            || [K::Face, K::Texture, K::Header]
                .iter()
                .any(|k| changes.touches(*k))
            || mesh_vertex_fields
                .iter()
                .any(|f| changes.fields(K::Vertex).has(*f))
            || changes
                .fields(K::Material)
                .has(MaterialField::FaceIndexCount)
        {
            stale.mesh = true;
        }
        let names = [
            MaterialField::Name,
            MaterialField::NameEn,
            MaterialField::Memo,
        ];
        for (i, fields) in changes.edits(K::Material) {
            if !fields.only(names) && !stale.materials.contains(&i) {
                stale.materials.push(i);
            }
        }
        if changes.touches(K::Material) || changes.touches(K::Morph) {
            stale.live_materials = true;
        }
        // Positions and normals of an edited vertex come through the pose, whose
        // revision moves on (only the vertices a dab skinned go up again).
    }

    pub fn reset_camera(&mut self, model: &crate::pmx::Model) {
        let (min, max) = model_bounds(model);
        self.camera = OrbitCamera::framing(min, max);
    }
}

/// Bounding box of the rest-pose vertices (bones when there is no mesh).
pub fn model_bounds(model: &crate::pmx::Model) -> (glam::Vec3, glam::Vec3) {
    let pts: Box<dyn Iterator<Item = glam::Vec3>> = if model.vertices.is_empty() {
        Box::new(model.bones.iter().map(|b| b.position))
    } else {
        Box::new(model.vertices.iter().map(|v| v.position))
    };
    pts.filter(|p| p.is_finite()).fold(
        (
            glam::Vec3::splat(f32::INFINITY),
            glam::Vec3::splat(f32::NEG_INFINITY),
        ),
        |(lo, hi), p| (lo.min(p), hi.max(p)),
    )
}

/// The view switches and the pose and physics buttons: drawn from the view, every
/// change sent as a command.
pub fn toolbar(ui: &mut egui::Ui, view: &View, sent: &mut Commands) {
    ui.horizontal_wrapped(|ui| {
        let mut o = view.viewport.options;
        ui.toggle_value(&mut o.mesh, crate::tr!("view-mesh"));
        ui.toggle_value(&mut o.wireframe, crate::tr!("view-wireframe"));
        ui.toggle_value(&mut o.edges, crate::tr!("view-edges"));
        ui.toggle_value(&mut o.bones, crate::tr!("view-bones"));
        ui.toggle_value(&mut o.bodies, crate::tr!("view-bodies"));
        ui.toggle_value(&mut o.joints, crate::tr!("view-joints"));
        ui.toggle_value(&mut o.grid, crate::tr!("view-grid"));
        ui.toggle_value(&mut o.ground_shadow, crate::tr!("view-shadow"))
            .on_hover_text(crate::tr!("view-shadow-hint"));
        if o != view.viewport.options {
            sent.push(Command::View(ViewCommand::Options(o)));
        }
        debug_overlays::switches(ui, view.debug.overlays, sent);
        crate::app::weight_view::toolbar(ui, view.viewport.weights.mode, sent);
        ui.separator();
        let physics_on = view.pose.physics_enabled();
        collision::toolbar(ui, view.viewport.collision.options, physics_on, sent);
        ui.separator();
        if ui
            .button(crate::tr!("view-reset-view"))
            .on_hover_text(crate::tr!("view-reset-view-hint"))
            .clicked()
        {
            sent.push(Command::View(ViewCommand::ResetCamera));
        }
        if ui
            .button(crate::tr!("view-frame"))
            .on_hover_text(crate::tr!("view-frame-hint"))
            .clicked()
        {
            sent.push(Command::View(ViewCommand::FrameSelection));
        }
        if ui
            .add_enabled(
                !view.pose.is_rest(),
                egui::Button::new(crate::tr!("view-reset-pose")),
            )
            .clicked()
        {
            sent.push(Command::ResetPose);
        }
        let mut physics = view.pose.physics_enabled();
        if ui
            .toggle_value(&mut physics, crate::tr!("view-physics"))
            .on_hover_text(crate::tr!("view-physics-hint"))
            .changed()
        {
            sent.push(Command::Physics(physics));
        }
        if physics && ui.button(crate::tr!("view-reset-physics")).clicked() {
            sent.push(Command::ResetPhysics);
        }
        let pending = view.textures.pending();
        let missing = view.textures.missing().count();
        if pending > 0 {
            ui.spinner();
            ui.label(crate::tr!("view-textures-loading", count = pending));
        }
        if missing > 0 {
            ui.colored_label(
                egui::Color32::from_rgb(240, 180, 60),
                crate::tr!("view-textures-missing", count = missing),
            )
            .on_hover_ui(|ui| {
                for (i, e) in view.textures.missing() {
                    ui.label(format!("#{i}: {e}"));
                }
            });
        }
    });
}

/// Applies a view change the toolbar (or a panel) sent.
pub fn view_command(state: &mut State, command: ViewCommand) {
    match command {
        ViewCommand::Options(options) => state.viewport_mut().options = options,
        ViewCommand::Collision(options) => state.viewport_mut().collision.options = options,
        ViewCommand::Overlays(overlays) => state.debug_mut().overlays = overlays,
        ViewCommand::WeightMode(mode) => state.viewport_mut().weights.mode = mode,
        ViewCommand::ResetCamera => {
            let f = state.frame_parts();
            f.viewport.reset_camera(f.doc.model());
        }
        ViewCommand::FrameSelection => {
            let view = state.view();
            let mut camera = view.viewport.camera;
            navigate::frame_selection(&view, &mut camera);
            state.viewport_mut().camera = camera;
        }
        ViewCommand::Timing(shown) => state.viewport_mut().timing.shown = shown,
        ViewCommand::RestOptions(rest) => state.viewport_mut().modes.rest = rest,
        ViewCommand::VertexTools(tools) => state.viewport_mut().modes.vertex = tools,
        ViewCommand::Brush(brush) => state.viewport_mut().paint.brush = brush,
        ViewCommand::MorphTarget(target) => state.viewport_mut().morph_edit.target = target,
        ViewCommand::Camera(camera) => state.viewport_mut().camera = camera,
        ViewCommand::Gizmo(gizmo) => state.viewport_mut().gizmo = gizmo,
        ViewCommand::BoxFrom(from) => state.viewport_mut().modes.box_from = from,
        ViewCommand::Rect(rect) => state.viewport_mut().last_rect = Some(rect),
    }
}

/// Sends changed mesh / skinned vertices / textures / per-frame settings to the GPU scene.
pub fn sync_gpu(state: &mut State) {
    let Some(gpu) = state.viewport().gpu.clone() else {
        return;
    };
    let Ok(mut scene) = gpu.lock() else { return };
    let new_textures = state.take_new_textures();
    let f = state.frame_parts();
    let model = f.doc.model();
    let stale = std::mem::take(&mut f.viewport.stale);
    let mut mesh_changed = stale.mesh || scene.mesh.is_none();
    if !mesh_changed {
        // A material edit that changes what is drawn (primitive, vertex colours) rebuilds.
        mesh_changed = !stale
            .materials
            .iter()
            .all(|&i| scene.update_material(model, i));
    }
    if mesh_changed {
        scene.set_mesh(Arc::new(render::MeshData::from_model(model)));
        f.viewport.mesh_builds += 1;
        // Every already-decoded texture goes up again with the new mesh.
        for (i, t) in f.textures.states.iter().enumerate() {
            if let crate::app::textures::TexState::Ready(img) = t {
                scene.new_textures.push((i, img.clone()));
            }
        }
    } else {
        for i in new_textures {
            if let Some(crate::app::textures::TexState::Ready(img)) = f.textures.states.get(i) {
                scene.new_textures.push((i, img.clone()));
            }
        }
    }
    let revision = f.pose.revision;
    let uploaded = f.viewport.uploaded;
    let pose_changed = mesh_changed || uploaded != Some(revision);
    // Weight dabs while the pose stands still skinned some vertices alone: only
    // they are copied and uploaded, and the materials are as they were.
    let alone = f
        .pose
        .skinned_alone()
        .filter(|(since, _)| !mesh_changed && uploaded.is_some_and(|u| *since <= u))
        .is_some_and(|(_, vertices)| {
            pose_changed && scene.set_some_vertices(f.pose.positions(), f.pose.normals(), vertices)
        });
    if pose_changed && !alone {
        scene.set_vertices(f.pose.positions(), f.pose.normals());
    }
    f.viewport.uploaded = Some(revision);
    if (pose_changed && !alone) || stale.live_materials {
        // Material and UV morphs.
        let deform = f.pose.deform_state();
        scene.live_materials.clear();
        scene
            .live_materials
            .extend(
                model
                    .materials
                    .iter()
                    .zip(&deform.materials)
                    .map(|(m, mm)| {
                        let (v, tints) = mm.apply(m);
                        render::LiveMaterial {
                            diffuse: v.diffuse,
                            specular: v.specular,
                            specular_power: v.specular_power,
                            ambient: v.ambient,
                            edge_color: v.edge_color,
                            edge_size: v.edge_size,
                            tints,
                        }
                    }),
            );
        let uv_morphed = !deform.morphed_uvs().is_empty();
        if uv_morphed || f.viewport.uv_morphed {
            if let Some(mesh) = scene.mesh.clone() {
                scene.set_uvs(&mesh.uvs, &deform.uv_offsets);
                // Additional UV1 morphs recolour vertex-coloured materials.
                if mesh.uses_vertex_colors() {
                    scene.set_colors(&mesh.colors, &deform.additional_uv_offsets[0]);
                }
            }
        }
        f.viewport.uv_morphed = uv_morphed;
    }
    let weights = &f.viewport.weights;
    if weights.is_on() {
        match weights.recolored() {
            Some((since, vertices)) => {
                scene.set_some_overlay(&weights.colors, vertices, since, weights.revision)
            }
            None => scene.set_overlay(&weights.colors, weights.revision),
        }
    }
}

/// The viewport's drawing buffers, reused every frame: lent beside the [`View`]
/// ([`State::split_viewport`]), the one thing its drawing writes.
#[derive(Default)]
pub struct Scratch {
    /// The debug overlays' label placement.
    pub labels: labels::LabelScratch,
}

/// What the viewport reads this frame, brought up to date before it draws (the
/// window calls it, then [`show`]): Edit morph's shown morph, the pose, the bodies'
/// and contacts' transforms, the deform order and IK trace, the weight colours and
/// the GPU scene's data.
pub fn prepare(state: &mut State) {
    if state.viewport().modes.mode == Mode::MorphEdit {
        morph_edit::update(state);
    }
    let f = state.frame_parts();
    let model = f.doc.model();
    f.pose.evaluate(model);
    // The transforms the bodies are drawn and picked with.
    let world = f.pose.world();
    let sim = f.pose.sim().map(|s| &s.physics);
    let collision = &mut f.viewport.collision;
    crate::physics::rules::debug_bodies_into(model, world, sim, &mut collision.bodies);
    match sim.filter(|_| collision.options.contacts) {
        Some(sim) => sim.contacts_into(&mut collision.contacts),
        None => collision.contacts.clear(),
    }
    f.debug.refresh_order(model);
    if f.debug.overlays.ik && f.debug.ik_steps {
        debug_overlays::update_trace(f.debug, model, f.pose, f.selection);
    }
    crate::app::weight_view::WeightView::update(state);
    sync_gpu(state);
}

/// The viewport tab: draws the frame's view ([`prepare`]d) and sends what the
/// pointer and the keys do as commands — the camera, the gizmo's drag, poses and
/// rest moves, picks, vertex selections, paint strokes, Edit morph's drags — which
/// the app applies after the panels have drawn, in the same frame. It draws with
/// the camera and gizmo its input made, so nothing lags a frame. It cannot change
/// the state itself:
///
/// ```compile_fail,E0308
/// use hone::app::{commands::Commands, viewport, State};
/// fn draw(ui: &mut eframe::egui::Ui, state: &mut State, sent: &mut Commands) {
///     let mut scratch = viewport::Scratch::default();
///     viewport::show(ui, state, sent, &mut scratch);
/// }
/// ```
pub fn show(ui: &mut egui::Ui, view: &View, sent: &mut Commands, scratch: &mut Scratch) {
    toolbar(ui, view, sent);
    modes::bar(ui, view, sent);
    let (rect, response) = ui.allocate_exact_size(ui.available_size(), Sense::click_and_drag());
    if view.viewport.last_rect != Some(rect) {
        sent.push(Command::View(ViewCommand::Rect(rect)));
    }
    let camera = navigate::camera_input(ui, &response, rect, view);
    if camera != view.viewport.camera {
        sent.push(Command::View(ViewCommand::Camera(camera)));
    }

    let proj = Projector::new(&camera, rect);
    let mode = view.viewport.modes.mode;
    let model = view.model;
    let world = view.pose.world();
    let rest = mode == Mode::EditBones;
    // The selected bone's gizmo (posing it, or moving its rest in Edit bones).
    let bone_gizmo = match view.selection {
        Selection::Bone(bone) if bone < model.bones.len() && mode.has_bone_gizmo() => {
            Some(gizmo::GizmoInput {
                model,
                world,
                bone,
                pose: view.pose.bones()[bone],
                proj: &proj,
                size: camera.distance * 0.06,
                rest,
            })
        }
        _ => None,
    };
    let mut gizmo = view.viewport.gizmo;

    // Gizmo drag (primary button) on the selected bone; otherwise a click picks.
    if let Some(inp) = &bone_gizmo {
        let bone = inp.bone;
        if response.drag_started_by(PointerButton::Primary) {
            if let Some(p) = response.interact_pointer_pos() {
                // The press position, so the grab point is where the drag began.
                let press = ui.input(|i| i.pointer.press_origin()).unwrap_or(p);
                gizmo.begin(inp, press);
            }
        }
        if response.dragged_by(PointerButton::Primary) && gizmo.is_dragging() {
            if let Some(p) = response.interact_pointer_pos() {
                if rest {
                    let delta = gizmo.update_rest(inp, p);
                    let options = view.viewport.modes.rest;
                    let edit = delta
                        .and_then(|d| crate::rig::rest::move_bone_rest(model, bone, d, options));
                    if let Some(edit) = edit {
                        // One drag is one undo step (the merge ends when the button is up),
                        // labelled with the whole drag's Δ.
                        let value =
                            crate::rig::rest::rest_move_value(model, bone, gizmo.rest_moved());
                        sent.edit(edit.value(value).merging(rest_merge_key(bone)));
                    }
                } else if let Some(pose) = gizmo.update(inp, p) {
                    sent.pose_bone(bone, pose);
                }
            }
        }
    }
    if response.drag_stopped() && mode.has_bone_gizmo() {
        gizmo.end();
    }
    let mut hover = None;
    match mode {
        Mode::Vertices => modes::vertex_input(&response, ui, view, sent, &proj),
        Mode::MorphEdit => {
            if !morph_edit::input(&response, ui, view, sent, &mut gizmo, &proj) {
                modes::vertex_input(&response, ui, view, sent, &proj);
            }
        }
        Mode::PaintWeights => hover = paint::input(&response, view, sent, &proj),
        Mode::Pose | Mode::EditBones => {}
    }
    if gizmo != view.viewport.gizmo {
        sent.push(Command::View(ViewCommand::Gizmo(gizmo)));
    }
    if !mode.selects_vertices() && response.clicked() {
        if let Some(p) = response.interact_pointer_pos() {
            pick(ui, view, sent, &proj, p);
        }
    }

    let painter = ui.painter_at(rect);
    match &view.viewport.gpu {
        Some(gpu) => {
            if let Ok(mut scene) = gpu.lock() {
                let f = &mut scene.frame;
                f.view_proj = proj.view_proj;
                f.view = camera.view();
                f.eye = camera.eye();
                f.camera_distance = camera.distance;
                let o = view.viewport.options;
                f.show_mesh = o.mesh;
                f.wireframe = o.wireframe;
                f.edges = o.edges;
                f.grid = o.grid;
                f.ground_shadow = o.ground_shadow;
                f.weight_overlay = view.viewport.weights.is_on();
                f.material_visible.clear();
                f.material_visible.extend_from_slice(view.material_visible);
                if let Some(e) = &scene.error {
                    painter.text(
                        rect.center(),
                        egui::Align2::CENTER_CENTER,
                        crate::tr!("view-3d-unavailable", error = e.to_string()),
                        egui::FontId::proportional(14.0),
                        egui::Color32::RED,
                    );
                }
            }
            let gpu = gpu.clone();
            let callback = egui_glow::CallbackFn::new(move |info, painter| {
                if let Ok(mut scene) = gpu.lock() {
                    scene.paint(painter.gl(), &info);
                }
            });
            painter.add(egui::PaintCallback {
                rect,
                callback: Arc::new(callback),
            });
        }
        None => {
            painter.rect_filled(rect, 0.0, egui::Color32::from_rgb(89, 94, 107));
            painter.text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                crate::tr!("view-no-gpu"),
                egui::FontId::proportional(14.0),
                egui::Color32::LIGHT_GRAY,
            );
        }
    }

    let opts = view.viewport.options;
    let bodies = &view.viewport.collision.bodies;
    // Selected bodies and joints show even with their overlay off.
    let (active, selected) = (view.selection, view.selected);
    let body_selected = |i| selected.contains(active, Selection::RigidBody(i));
    if opts.bodies || matches!(active, Selection::RigidBody(_)) {
        overlays::draw_bodies(&painter, &proj, model, bodies, body_selected, !opts.bodies);
    }
    let joint_selected = |i| selected.contains(active, Selection::Joint(i));
    if opts.joints || matches!(active, Selection::Joint(_)) {
        overlays::draw_joints(&painter, &proj, model, bodies, joint_selected, !opts.joints);
    }
    collision_overlay(&painter, &proj, rect, view);
    crate::app::generators::preview::draw(&painter, &proj, view);
    if opts.bones {
        let bone_selected = |i| selected.contains(active, Selection::Bone(i));
        overlays::draw_bones(&painter, &proj, model, world, bone_selected);
    }
    crate::app::timeline::draw_hud(&painter, rect, view);
    debug_overlays::draw(&painter, &proj, view, &mut scratch.labels);
    modes::draw_vertices(&painter, &proj, view, response.hover_pos());
    match mode {
        Mode::PaintWeights => paint::draw(&painter, &proj, view, hover),
        Mode::MorphEdit => morph_edit::draw(&painter, &proj, view, &gizmo),
        _ => {}
    }
    crate::app::weight_view::draw_legend(&painter, rect, view);
    if let Selection::Vertex(v) = view.selection {
        if let Some(&p) = view.pose.positions().get(v) {
            overlays::draw_vertex(&painter, &proj, p);
        }
    }
    if let Some(inp) = &bone_gizmo {
        gizmo.draw(&painter, inp);
        painter.text(
            rect.left_bottom() + egui::vec2(8.0, -8.0),
            egui::Align2::LEFT_BOTTOM,
            &model.bones[inp.bone].name,
            egui::FontId::proportional(14.0),
            egui::Color32::WHITE,
        );
    }
}

/// A click outside the vertex modes: the bone or body under it, sent as a pick
/// (Ctrl or Shift adds the element or takes it out again; a viewport has no list
/// order for Shift's range).
fn pick(ui: &egui::Ui, view: &View, sent: &mut Commands, proj: &Projector, p: egui::Pos2) {
    let opts = view.viewport.options;
    let collision = &view.viewport.collision;
    let hit = opts
        .bones
        .then(|| picking::pick_bone(proj, view.model, view.pose.world(), p, 8.0))
        .flatten()
        .map(Selection::Bone)
        .or_else(|| {
            // The transforms the bodies are drawn with ([`prepare`]).
            (opts.bodies || collision.options.bodies)
                .then(|| picking::pick_body(proj, &collision.bodies, p))
                .flatten()
                .map(Selection::RigidBody)
        });
    if let Some(sel) = hit {
        let m = ui.input(|i| i.modifiers);
        let mods = crate::app::selection::ClickMods {
            toggle: m.command || m.shift,
            range: false,
        };
        let (active, selected) = view.selected.click(view.selection, sel, mods, &[]);
        sent.push(Command::Pick { active, selected });
    }
}

/// Edits of one bone's rest position merge while one drag lasts.
fn rest_merge_key(bone: usize) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault};
    BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default()
        .hash_one(("rest position", bone))
}

/// The collision overlay (bodies by group, joint limits, contacts) and its legend.
fn collision_overlay(painter: &egui::Painter, proj: &Projector, rect: egui::Rect, view: &View) {
    let collision = &view.viewport.collision;
    let o = collision.options;
    if !(o.bodies || o.joints || o.contacts) {
        return;
    }
    let model = view.model;
    // Filled by `prepare` this frame.
    let bodies = &collision.bodies;
    let (lo, hi) = model
        .bones
        .iter()
        .map(|b| b.position)
        .filter(|p| p.is_finite())
        .fold(
            (
                glam::Vec3::splat(f32::INFINITY),
                glam::Vec3::splat(f32::NEG_INFINITY),
            ),
            |(a, b), p| (a.min(p), b.max(p)),
        );
    let size = if lo.x <= hi.x {
        ((hi - lo).max_element() * 0.04).clamp(0.1, 5.0)
    } else {
        1.0
    };
    if o.bodies {
        let sel = match view.selection {
            Selection::RigidBody(i) => Some(i),
            _ => None,
        };
        collision::draw_bodies(painter, proj, model, bodies, sel);
    }
    if o.joints {
        let sel = match view.selection {
            Selection::Joint(i) => Some(i),
            _ => None,
        };
        collision::draw_joints(painter, proj, model, bodies, sel, size);
    }
    if o.contacts {
        collision::draw_contacts(painter, proj, &collision.contacts, size);
    }
    if o.bodies || o.joints {
        collision::draw_legend(painter, rect, model, o);
    }
}
