//! Every field of the selected element, editable with a fitting widget.
//!
//! The inspector edits a copy; when a field changes it emits one
//! [`ModelEdit`](crate::edit::ModelEdit) (consecutive changes to one field merge into one undo step).
//! References are shown by name and picked from a searchable list.

use eframe::egui;

use crate::app::{Selection, State};
use crate::edit::ModelEdit;
use crate::pmx::*;
use egui::{DragValue, Ui};
use glam::{Vec2, Vec3, Vec4};

/// Collects the widgets of one element in a two-column grid and remembers what changed.
struct Form {
    changed: Option<&'static str>,
}

impl Form {
    fn new() -> Self {
        Form { changed: None }
    }

    fn mark(&mut self, r: &egui::Response, field: &'static str) {
        if r.changed() {
            self.changed = Some(field);
        }
    }

    fn row(
        &mut self,
        ui: &mut Ui,
        field: &'static str,
        add: impl FnOnce(&mut Ui, egui::Id) -> bool,
    ) {
        let label = ui.label(field);
        let changed = ui.horizontal(|ui| add(ui, label.id)).inner;
        if changed {
            self.changed = Some(field);
        }
        ui.end_row();
    }

    fn text(&mut self, ui: &mut Ui, field: &'static str, v: &mut String) {
        self.row(ui, field, |ui, id| {
            ui.add(egui::TextEdit::singleline(v).desired_width(f32::INFINITY))
                .labelled_by(id)
                .changed()
        });
    }

    fn multiline(&mut self, ui: &mut Ui, field: &'static str, v: &mut String) {
        self.row(ui, field, |ui, id| {
            ui.add(
                egui::TextEdit::multiline(v)
                    .desired_rows(3)
                    .desired_width(f32::INFINITY),
            )
            .labelled_by(id)
            .changed()
        });
    }

    fn f32(&mut self, ui: &mut Ui, field: &'static str, v: &mut f32, speed: f64) {
        self.row(ui, field, |ui, id| {
            ui.add(DragValue::new(v).speed(speed).max_decimals(5))
                .labelled_by(id)
                .changed()
        });
    }

    fn i32(&mut self, ui: &mut Ui, field: &'static str, v: &mut i32) {
        self.row(ui, field, |ui, id| {
            ui.add(DragValue::new(v).speed(0.05))
                .labelled_by(id)
                .changed()
        });
    }

    fn u8(&mut self, ui: &mut Ui, field: &'static str, v: &mut u8, max: u8) {
        self.row(ui, field, |ui, id| {
            ui.add(DragValue::new(v).range(0..=max).speed(0.05))
                .labelled_by(id)
                .changed()
        });
    }

    /// One drag value per component, prefixed x, y, z, w.
    fn vector(&mut self, ui: &mut Ui, field: &'static str, v: &mut [f32], speed: f64) {
        self.row(ui, field, |ui, id| {
            let mut c = false;
            for (x, axis) in v.iter_mut().zip(["x", "y", "z", "w"]) {
                c |= ui
                    .add(DragValue::new(x).speed(speed).prefix(axis).max_decimals(5))
                    .labelled_by(id)
                    .changed();
            }
            c
        });
    }

    fn vec2(&mut self, ui: &mut Ui, field: &'static str, v: &mut Vec2, speed: f64) {
        self.vector(ui, field, v.as_mut(), speed);
    }

    fn vec3(&mut self, ui: &mut Ui, field: &'static str, v: &mut Vec3, speed: f64) {
        self.vector(ui, field, v.as_mut(), speed);
    }

    /// Radians stored, degrees shown.
    fn vec3_deg(&mut self, ui: &mut Ui, field: &'static str, v: &mut Vec3) {
        self.row(ui, field, |ui, id| {
            let mut c = false;
            for (k, axis) in ["x", "y", "z"].iter().enumerate() {
                let mut deg = v[k].to_degrees();
                if ui
                    .add(
                        DragValue::new(&mut deg)
                            .speed(0.5)
                            .prefix(*axis)
                            .suffix("°")
                            .max_decimals(3),
                    )
                    .labelled_by(id)
                    .changed()
                {
                    v[k] = deg.to_radians();
                    c = true;
                }
            }
            c
        });
    }

    fn vec4(&mut self, ui: &mut Ui, field: &'static str, v: &mut Vec4, speed: f64) {
        self.vector(ui, field, v.as_mut(), speed);
    }

    fn rgb(&mut self, ui: &mut Ui, field: &'static str, v: &mut Vec3) {
        self.row(ui, field, |ui, id| {
            let mut a = v.to_array();
            let c = ui.color_edit_button_rgb(&mut a).changed();
            let c = color_channels(ui, id, &mut a) | c;
            *v = Vec3::from(a);
            c
        });
    }

    fn rgba(&mut self, ui: &mut Ui, field: &'static str, v: &mut Vec4) {
        self.row(ui, field, |ui, id| {
            let mut a = v.to_array();
            let c = ui.color_edit_button_rgba_unmultiplied(&mut a).changed();
            let c = color_channels(ui, id, &mut a) | c;
            *v = Vec4::from(a);
            c
        });
    }

    fn check(&mut self, ui: &mut Ui, field: &'static str, v: &mut bool) {
        self.row(ui, field, |ui, id| {
            ui.checkbox(v, "").labelled_by(id).changed()
        });
    }

    fn flag16(&mut self, ui: &mut Ui, field: &'static str, flags: &mut BoneFlags, bit: u16) {
        let mut on = flags.has(bit);
        self.check(ui, field, &mut on);
        flags.set(bit, on);
    }

    fn choice<T: PartialEq + Copy>(
        &mut self,
        ui: &mut Ui,
        field: &'static str,
        v: &mut T,
        options: &[(T, &str)],
    ) {
        self.row(ui, field, |ui, _| {
            let current = options
                .iter()
                .find(|(o, _)| o == v)
                .map_or("(other)", |(_, n)| *n);
            let mut c = false;
            egui::ComboBox::from_id_salt(field)
                .selected_text(current)
                .show_ui(ui, |ui| {
                    for (o, n) in options {
                        c |= ui.selectable_value(v, *o, *n).changed();
                    }
                });
            c
        });
    }

    /// An index into `names`, −1 allowed when `none` is true.
    fn reference(
        &mut self,
        ui: &mut Ui,
        field: &'static str,
        salt: usize,
        v: &mut i32,
        names: &[String],
        none: bool,
    ) {
        self.row(ui, field, |ui, _| {
            reference_picker(ui, (field, salt), v, names, none)
        });
    }
}

/// Drag values r, g, b (, a) after a colour button.
fn color_channels(ui: &mut Ui, label: egui::Id, a: &mut [f32]) -> bool {
    let mut c = false;
    for (x, channel) in a.iter_mut().zip(["r", "g", "b", "a"]) {
        c |= ui
            .add(
                DragValue::new(x)
                    .speed(0.005)
                    .prefix(channel)
                    .max_decimals(4),
            )
            .labelled_by(label)
            .changed();
    }
    c
}

/// A combo box listing `names` with a filter box; shows the current reference by name.
pub fn reference_picker(
    ui: &mut Ui,
    salt: impl std::hash::Hash + std::fmt::Debug,
    v: &mut i32,
    names: &[String],
    none: bool,
) -> bool {
    let current = match usize::try_from(*v).ok().and_then(|i| names.get(i)) {
        Some(n) => format!("#{} {n}", *v),
        None if *v < 0 => "(none)".to_owned(),
        None => format!("#{} (out of range)", *v),
    };
    let id = ui.make_persistent_id(&salt).with("filter");
    let mut changed = false;
    egui::ComboBox::from_id_salt(salt)
        .selected_text(current)
        .width(180.0)
        .height(320.0)
        .show_ui(ui, |ui| {
            let mut filter: String = ui.data_mut(|d| d.get_temp(id).unwrap_or_default());
            ui.add(egui::TextEdit::singleline(&mut filter).hint_text("filter"));
            if none && ui.selectable_label(*v < 0, "(none)").clicked() {
                *v = NONE;
                changed = true;
            }
            for (i, n) in names.iter().enumerate() {
                if super::matches(&filter, &[n])
                    && ui
                        .selectable_label(*v == i as i32, format!("#{i} {n}"))
                        .clicked()
                {
                    *v = i as i32;
                    changed = true;
                }
            }
            ui.data_mut(|d| d.insert_temp(id, filter));
        });
    changed
}

/// Edits of one field of one element merge while a drag or text entry lasts.
fn merge_key(k: impl std::hash::Hash) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault};
    BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default().hash_one(k)
}

fn grid(ui: &mut Ui, id: &str, body: impl FnOnce(&mut Ui)) {
    egui::Grid::new(id)
        .num_columns(2)
        .striped(true)
        .spacing([8.0, 4.0])
        .show(ui, body);
}

struct Names {
    bones: Vec<String>,
    morphs: Vec<String>,
    materials: Vec<String>,
    bodies: Vec<String>,
    textures: Vec<String>,
}

impl Names {
    fn of(m: &Model) -> Self {
        Names {
            bones: m.bones.iter().map(|b| b.name.clone()).collect(),
            morphs: m.morphs.iter().map(|b| b.name.clone()).collect(),
            materials: m.materials.iter().map(|b| b.name.clone()).collect(),
            bodies: m.rigid_bodies.iter().map(|b| b.name.clone()).collect(),
            textures: m.textures.clone(),
        }
    }
}

pub fn show(ui: &mut Ui, state: &mut State) {
    let names = Names::of(&state.doc.model);
    let sel = state.selection;
    let edit = egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show(ui, |ui| match sel {
            Selection::None => {
                ui.weak("Select a bone, morph, material, rigid body or joint.");
                if ui.link("Model info").clicked() {
                    state.selection = Selection::Model;
                }
                None
            }
            Selection::Model => {
                let mut info = state.doc.model.info.clone();
                ui.heading("Model");
                let mut f = Form::new();
                grid(ui, "info", |ui| {
                    f.text(ui, "name", &mut info.name);
                    f.text(ui, "name (en)", &mut info.name_en);
                    f.multiline(ui, "comment", &mut info.comment);
                    f.multiline(ui, "comment (en)", &mut info.comment_en);
                });
                let h = &state.doc.model.header;
                ui.separator();
                ui.label(format!(
                    "PMX {:.1}, {}, {} additional UV, index sizes v{} t{} m{} b{} mo{} r{}",
                    h.version.as_f32(),
                    match h.encoding {
                        TextEncoding::Utf16Le => "UTF-16",
                        TextEncoding::Utf8 => "UTF-8",
                    },
                    h.additional_uv_count,
                    h.index_sizes.vertex,
                    h.index_sizes.texture,
                    h.index_sizes.material,
                    h.index_sizes.bone,
                    h.index_sizes.morph,
                    h.index_sizes.rigid_body
                ));
                f.changed
                    .map(|c| ModelEdit::set_info(info, c).merging(merge_key(("info", 0, c))))
            }
            Selection::Bone(i) => {
                let b = &state.doc.model.bones[i];
                let heading = format!("Bone #{i} {}", b.name);
                element_form(ui, "Bone", i, heading, b.clone(), |ui, b| {
                    bone(ui, b, i, &names, state)
                })
            }
            Selection::Morph(i) => {
                let m = &state.doc.model.morphs[i];
                let heading = format!("Morph #{i} {}", m.name);
                let page = &mut state.panels.morph_page;
                element_form(ui, "Morph", i, heading, m.clone(), |ui, m| {
                    morph(ui, m, &names, page)
                })
            }
            Selection::Material(i) => {
                let m = &state.doc.model.materials[i];
                let heading = format!("Material #{i} {}", m.name);
                element_form(ui, "Material", i, heading, m.clone(), |ui, m| {
                    material(ui, m, &names)
                })
            }
            Selection::RigidBody(i) => {
                let b = &state.doc.model.rigid_bodies[i];
                let heading = format!("Rigid body #{i} {}", b.name);
                element_form(ui, "RigidBody", i, heading, b.clone(), |ui, b| {
                    rigid_body(ui, b, &names)
                })
            }
            Selection::Joint(i) => {
                let j = &state.doc.model.joints[i];
                let heading = format!("Joint #{i} {}", j.name);
                element_form(ui, "Joint", i, heading, j.clone(), |ui, j| {
                    joint(ui, j, &names)
                })
            }
            Selection::SoftBody(i) => {
                let s = &state.doc.model.soft_bodies[i];
                let heading = format!("Soft body #{i} {}", s.name);
                element_form(ui, "SoftBody", i, heading, s.clone(), |ui, s| {
                    soft_body(ui, s, &names)
                })
            }
            Selection::Vertex(i) => {
                let model = &state.doc.model;
                let skinned = state.pose.positions().get(i).copied();
                let v = model.vertices[i].clone();
                element_form(ui, "Vertex", i, format!("Vertex #{i}"), v, |ui, v| {
                    vertex(ui, v, model, &names, skinned)
                })
            }
            Selection::DisplayFrame(i) => {
                let d = &state.doc.model.display_frames[i];
                let heading = format!("Display frame #{i} {}", d.name);
                element_form(ui, "DisplayFrame", i, heading, d.clone(), |ui, d| {
                    display_frame(ui, d, &names)
                })
            }
        })
        .inner;
    state.panels.reveal_selection = false;
    if let Some(e) = edit {
        state.apply(e);
    }
}

/// The form of one element under `heading`, editing a copy; a change becomes one
/// edit that merges with further changes of the same field (`key` names the kind).
fn element_form<T: Into<crate::edit::Element>>(
    ui: &mut Ui,
    key: &'static str,
    index: usize,
    heading: String,
    mut value: T,
    form: impl FnOnce(&mut Ui, &mut T) -> Option<&'static str>,
) -> Option<ModelEdit> {
    ui.heading(heading);
    let field = form(ui, &mut value)?;
    Some(ModelEdit::set(index, value, field).merging(merge_key((key, index, field))))
}

fn bone(
    ui: &mut Ui,
    b: &mut Bone,
    index: usize,
    n: &Names,
    state: &mut State,
) -> Option<&'static str> {
    let mut f = Form::new();
    grid(ui, "bone", |ui| {
        f.text(ui, "name", &mut b.name);
        f.text(ui, "name (en)", &mut b.name_en);
        f.vec3(ui, "position", &mut b.position, 0.01);
        f.reference(ui, "parent", 0, &mut b.parent, &n.bones, true);
        f.i32(ui, "deform layer", &mut b.layer);
        f.flag16(ui, "rotatable", &mut b.flags, BoneFlags::ROTATABLE);
        f.flag16(ui, "movable", &mut b.flags, BoneFlags::MOVABLE);
        f.flag16(ui, "visible", &mut b.flags, BoneFlags::VISIBLE);
        f.flag16(ui, "operable", &mut b.flags, BoneFlags::OPERABLE);
        f.flag16(ui, "after physics", &mut b.flags, BoneFlags::AFTER_PHYSICS);
        let mut tail_is_bone = matches!(b.tail, Tail::Bone(_));
        f.check(ui, "tail is a bone", &mut tail_is_bone);
        match (&mut b.tail, tail_is_bone) {
            (Tail::Bone(t), true) => f.reference(ui, "tail bone", 1, t, &n.bones, true),
            (Tail::Offset(o), false) => f.vec3(ui, "tail offset", o, 0.01),
            (_, true) => b.tail = Tail::Bone(NONE),
            (_, false) => b.tail = Tail::Offset(Vec3::ZERO),
        }
        let mut has_append = b.append.is_some();
        f.check(ui, "append (付与)", &mut has_append);
        match (&mut b.append, has_append) {
            (Some(a), true) => {
                f.reference(ui, "append parent", 2, &mut a.parent, &n.bones, true);
                f.f32(ui, "append ratio", &mut a.ratio, 0.01);
                f.check(ui, "append rotation", &mut a.rotate);
                f.check(ui, "append translation", &mut a.translate);
                f.flag16(ui, "append local", &mut b.flags, BoneFlags::APPEND_LOCAL);
            }
            (Some(_), false) => b.append = None,
            (None, true) => {
                b.append = Some(Append {
                    parent: NONE,
                    ratio: 1.0,
                    rotate: true,
                    translate: false,
                })
            }
            (None, false) => {}
        }
        let mut fixed = b.fixed_axis.is_some();
        f.check(ui, "fixed axis", &mut fixed);
        match (&mut b.fixed_axis, fixed) {
            (Some(a), true) => f.vec3(ui, "axis", a, 0.01),
            (Some(_), false) => b.fixed_axis = None,
            (None, true) => b.fixed_axis = Some(Vec3::X),
            _ => {}
        }
        let mut local = b.local_axes.is_some();
        f.check(ui, "local axes", &mut local);
        match (&mut b.local_axes, local) {
            (Some(a), true) => {
                f.vec3(ui, "local x", &mut a.x, 0.01);
                f.vec3(ui, "local z", &mut a.z, 0.01);
            }
            (Some(_), false) => b.local_axes = None,
            (None, true) => {
                b.local_axes = Some(LocalAxes {
                    x: Vec3::X,
                    z: Vec3::Z,
                })
            }
            _ => {}
        }
        let mut ext = b.external_parent_key.is_some();
        f.check(ui, "external parent", &mut ext);
        match (&mut b.external_parent_key, ext) {
            (Some(k), true) => f.i32(ui, "external key", k),
            (Some(_), false) => b.external_parent_key = None,
            (None, true) => b.external_parent_key = Some(0),
            _ => {}
        }
        let mut ik = b.ik.is_some();
        f.check(ui, "IK", &mut ik);
        match (&mut b.ik, ik) {
            (Some(_), false) => b.ik = None,
            (None, true) => {
                b.ik = Some(Ik {
                    target: NONE,
                    loop_count: 40,
                    limit_angle: 1.0,
                    links: Vec::new(),
                })
            }
            _ => {}
        }
        if let Some(ik) = &mut b.ik {
            f.reference(ui, "IK target", 3, &mut ik.target, &n.bones, true);
            f.i32(ui, "IK loops", &mut ik.loop_count);
            let mut deg = ik.limit_angle.to_degrees();
            f.f32(ui, "IK limit angle °", &mut deg, 0.5);
            ik.limit_angle = deg.to_radians();
        }
    });
    if let Some(ik) = &mut b.ik {
        ui.separator();
        ui.strong(format!("IK links ({})", ik.links.len()));
        let mut remove = None;
        for (k, link) in ik.links.iter_mut().enumerate() {
            ui.push_id(("link", k), |ui| {
                ui.horizontal(|ui| {
                    ui.label(format!("{k}."));
                    if reference_picker(ui, ("ik_link", k), &mut link.bone, &n.bones, false) {
                        f.changed = Some("IK link");
                    }
                    let mut lim = link.limits.is_some();
                    if ui.checkbox(&mut lim, "limits").changed() {
                        link.limits = lim.then_some(IkLimits {
                            lower: Vec3::ZERO,
                            upper: Vec3::ZERO,
                        });
                        f.changed = Some("IK link limits");
                    }
                    if ui.small_button("✖").on_hover_text("Remove link").clicked() {
                        remove = Some(k);
                    }
                });
                if let Some(l) = &mut link.limits {
                    grid(ui, "limits", |ui| {
                        f.vec3_deg(ui, "lower", &mut l.lower);
                        f.vec3_deg(ui, "upper", &mut l.upper);
                    });
                }
            });
        }
        if let Some(k) = remove {
            ik.links.remove(k);
            f.changed = Some("IK link removed");
        }
        if ui.button("Add link").clicked() {
            ik.links.push(IkLink {
                bone: NONE,
                limits: None,
            });
            f.changed = Some("IK link added");
        }
    }
    ui.separator();
    ui.strong("Pose (not saved in the model)");
    let mut p = state.pose.bones().get(index).copied().unwrap_or_default();
    let (mut yaw, mut pitch, mut roll) = {
        let (y, x, z) = p.rotation.to_euler(glam::EulerRot::YXZ);
        (y.to_degrees(), x.to_degrees(), z.to_degrees())
    };
    let mut changed = false;
    grid(ui, "pose", |ui| {
        ui.label("rotation");
        ui.horizontal(|ui| {
            changed |= ui
                .add(
                    DragValue::new(&mut pitch)
                        .speed(0.5)
                        .prefix("x")
                        .suffix("°"),
                )
                .changed();
            changed |= ui
                .add(DragValue::new(&mut yaw).speed(0.5).prefix("y").suffix("°"))
                .changed();
            changed |= ui
                .add(DragValue::new(&mut roll).speed(0.5).prefix("z").suffix("°"))
                .changed();
        });
        ui.end_row();
        ui.label("translation");
        ui.horizontal(|ui| {
            for (k, a) in ["x", "y", "z"].iter().enumerate() {
                changed |= ui
                    .add(DragValue::new(&mut p.translation[k]).speed(0.01).prefix(*a))
                    .changed();
            }
        });
        ui.end_row();
    });
    if changed {
        p.rotation = glam::Quat::from_euler(
            glam::EulerRot::YXZ,
            yaw.to_radians(),
            pitch.to_radians(),
            roll.to_radians(),
        );
        state.pose.set_bone(index, p);
    }
    if ui.button("Reset this bone's pose").clicked() {
        state.pose.set_bone(index, Default::default());
    }
    f.changed
}

fn morph(ui: &mut Ui, m: &mut Morph, n: &Names, page: &mut usize) -> Option<&'static str> {
    let mut f = Form::new();
    grid(ui, "morph", |ui| {
        f.text(ui, "name", &mut m.name);
        f.text(ui, "name (en)", &mut m.name_en);
        f.choice(
            ui,
            "panel",
            &mut m.panel,
            &[
                (0, "system"),
                (1, "brow"),
                (2, "eye"),
                (3, "mouth"),
                (4, "other"),
            ],
        );
        ui.label("kind");
        ui.label(m.kind().name());
        ui.end_row();
        ui.label("offsets");
        ui.label(m.offsets.len().to_string());
        ui.end_row();
    });
    ui.separator();
    const PAGE: usize = 50;
    let len = m.offsets.len();
    let pages = len.div_ceil(PAGE).max(1);
    *page = (*page).min(pages - 1);
    if pages > 1 {
        ui.horizontal(|ui| {
            if ui.small_button("◀").clicked() && *page > 0 {
                *page -= 1;
            }
            ui.label(format!(
                "offsets {}–{} of {len}",
                *page * PAGE,
                ((*page + 1) * PAGE).min(len)
            ));
            if ui.small_button("▶").clicked() && *page + 1 < pages {
                *page += 1;
            }
        });
    }
    let range = *page * PAGE..((*page + 1) * PAGE).min(len);
    grid(ui, "offsets", |ui| match &mut m.offsets {
        MorphOffsets::Group(v) | MorphOffsets::Flip(v) => {
            for (k, o) in v[range].iter_mut().enumerate() {
                f.reference(ui, "morph", k, &mut o.morph, &n.morphs, false);
                f.f32(ui, "ratio", &mut o.ratio, 0.01);
            }
        }
        MorphOffsets::Vertex(v) => {
            for o in &mut v[range] {
                f.i32(ui, "vertex", &mut o.vertex);
                f.vec3(ui, "offset", &mut o.offset, 0.001);
            }
        }
        MorphOffsets::Bone(v) => {
            for (k, o) in v[range].iter_mut().enumerate() {
                f.reference(ui, "bone", k, &mut o.bone, &n.bones, false);
                f.vec3(ui, "translation", &mut o.translation, 0.01);
                f.vec4(ui, "rotation (quat)", &mut o.rotation, 0.001);
            }
        }
        MorphOffsets::Uv { offsets, .. } => {
            for o in &mut offsets[range] {
                f.i32(ui, "vertex", &mut o.vertex);
                f.vec4(ui, "uv offset", &mut o.offset, 0.001);
            }
        }
        MorphOffsets::Material(v) => {
            for (k, o) in v[range].iter_mut().enumerate() {
                f.reference(ui, "material", k, &mut o.material, &n.materials, true);
                f.choice(
                    ui,
                    "operation",
                    &mut o.op,
                    &[(MaterialOp::Multiply, "multiply"), (MaterialOp::Add, "add")],
                );
                f.vec4(ui, "diffuse", &mut o.diffuse, 0.005);
                f.vec3(ui, "specular", &mut o.specular, 0.005);
                f.f32(ui, "specular power", &mut o.specular_power, 0.05);
                f.vec3(ui, "ambient", &mut o.ambient, 0.005);
                f.vec4(ui, "edge colour", &mut o.edge_color, 0.005);
                f.f32(ui, "edge size", &mut o.edge_size, 0.01);
                f.vec4(ui, "texture tint", &mut o.texture_tint, 0.005);
                f.vec4(ui, "sphere tint", &mut o.sphere_tint, 0.005);
                f.vec4(ui, "toon tint", &mut o.toon_tint, 0.005);
            }
        }
        MorphOffsets::Impulse(v) => {
            for (k, o) in v[range].iter_mut().enumerate() {
                f.reference(ui, "rigid body", k, &mut o.rigid_body, &n.bodies, false);
                f.check(ui, "local", &mut o.local);
                f.vec3(ui, "velocity", &mut o.velocity, 0.01);
                f.vec3(ui, "torque", &mut o.torque, 0.01);
            }
        }
    });
    f.changed
}

fn material(ui: &mut Ui, m: &mut Material, n: &Names) -> Option<&'static str> {
    let mut f = Form::new();
    grid(ui, "material", |ui| {
        f.text(ui, "name", &mut m.name);
        f.text(ui, "name (en)", &mut m.name_en);
        f.rgba(ui, "diffuse", &mut m.diffuse);
        f.rgb(ui, "specular", &mut m.specular);
        f.f32(ui, "specular power", &mut m.specular_power, 0.1);
        f.rgb(ui, "ambient", &mut m.ambient);
        for (field, bit) in [
            ("double sided", MaterialFlags::DOUBLE_SIDED),
            ("ground shadow", MaterialFlags::GROUND_SHADOW),
            ("self shadow map", MaterialFlags::SELF_SHADOW_MAP),
            ("self shadow", MaterialFlags::SELF_SHADOW),
            ("edge", MaterialFlags::EDGE),
            ("vertex colour (2.1)", MaterialFlags::VERTEX_COLOR),
            ("points (2.1)", MaterialFlags::POINT),
            ("lines (2.1)", MaterialFlags::LINE),
        ] {
            let mut on = m.flags.has(bit);
            f.check(ui, field, &mut on);
            m.flags.set(bit, on);
        }
        f.rgba(ui, "edge colour", &mut m.edge_color);
        f.f32(ui, "edge size", &mut m.edge_size, 0.01);
        f.reference(ui, "texture", 0, &mut m.texture, &n.textures, true);
        f.reference(
            ui,
            "sphere texture",
            1,
            &mut m.sphere_texture,
            &n.textures,
            true,
        );
        f.choice(
            ui,
            "sphere mode",
            &mut m.sphere_mode,
            &[
                (SphereMode::Disabled, "off"),
                (SphereMode::Multiply, "multiply (sph)"),
                (SphereMode::Add, "add (spa)"),
                (SphereMode::SubTexture, "sub-texture"),
            ],
        );
        let mut shared = matches!(m.toon, Toon::Shared(_));
        f.check(ui, "shared toon", &mut shared);
        match (&mut m.toon, shared) {
            (Toon::Shared(k), true) => {
                let mut one_based = *k + 1;
                f.u8(ui, "toon (toonNN.bmp)", &mut one_based, 10);
                *k = one_based.clamp(1, 10) - 1;
            }
            (Toon::Texture(t), false) => f.reference(ui, "toon texture", 2, t, &n.textures, true),
            (_, true) => m.toon = Toon::Shared(0),
            (_, false) => m.toon = Toon::Texture(NONE),
        }
        f.multiline(ui, "memo", &mut m.memo);
        ui.label("face indices");
        ui.label(format!("{} (edit the mesh to change)", m.face_index_count));
        ui.end_row();
    });
    f.changed
}

const SHAPES: [(RigidShape, &str); 3] = [
    (RigidShape::Sphere, "sphere"),
    (RigidShape::Box, "box"),
    (RigidShape::Capsule, "capsule"),
];

fn collision_mask(ui: &mut Ui, f: &mut Form, mask: &mut u16) {
    ui.label("collides with");
    ui.vertical(|ui| {
        for row in 0..2 {
            ui.horizontal(|ui| {
                for g in row * 8..row * 8 + 8 {
                    let mut on = *mask & (1 << g) != 0;
                    let r = ui.checkbox(&mut on, g.to_string());
                    if r.changed() {
                        *mask ^= 1 << g;
                    }
                    f.mark(&r, "collision mask");
                }
            });
        }
    });
    ui.end_row();
}

fn rigid_body(ui: &mut Ui, b: &mut RigidBody, n: &Names) -> Option<&'static str> {
    let mut f = Form::new();
    grid(ui, "body", |ui| {
        f.text(ui, "name", &mut b.name);
        f.text(ui, "name (en)", &mut b.name_en);
        f.reference(ui, "bone", 0, &mut b.bone, &n.bones, true);
        f.u8(ui, "group", &mut b.group, 15);
        collision_mask(ui, &mut f, &mut b.collision_mask);
        f.choice(ui, "shape", &mut b.shape, &SHAPES);
        f.vec3(ui, "size", &mut b.size, 0.01);
        f.vec3(ui, "position", &mut b.position, 0.01);
        f.vec3_deg(ui, "rotation", &mut b.rotation);
        f.f32(ui, "mass", &mut b.mass, 0.01);
        f.f32(ui, "linear damping", &mut b.linear_damping, 0.005);
        f.f32(ui, "angular damping", &mut b.angular_damping, 0.005);
        f.f32(ui, "restitution", &mut b.restitution, 0.005);
        f.f32(ui, "friction", &mut b.friction, 0.005);
        f.choice(
            ui,
            "mode",
            &mut b.mode,
            &[
                (RigidMode::FollowBone, "follow bone (0)"),
                (RigidMode::Dynamic, "physics (1)"),
                (
                    RigidMode::DynamicWithBonePosition,
                    "physics + bone position (2)",
                ),
            ],
        );
    });
    f.changed
}

fn joint(ui: &mut Ui, j: &mut Joint, n: &Names) -> Option<&'static str> {
    let mut f = Form::new();
    let kinds: Vec<(JointKind, &str)> = (0..6)
        .map(|k| (JointKind::from_u8(k), JointKind::from_u8(k).name()))
        .collect();
    grid(ui, "joint", |ui| {
        f.text(ui, "name", &mut j.name);
        f.text(ui, "name (en)", &mut j.name_en);
        f.choice(ui, "kind", &mut j.kind, &kinds);
        f.reference(ui, "body A", 0, &mut j.body_a, &n.bodies, true);
        f.reference(ui, "body B", 1, &mut j.body_b, &n.bodies, true);
        f.vec3(ui, "position", &mut j.position, 0.01);
        f.vec3_deg(ui, "rotation", &mut j.rotation);
        f.vec3(ui, "linear lower", &mut j.linear_lower, 0.01);
        f.vec3(ui, "linear upper", &mut j.linear_upper, 0.01);
        f.vec3_deg(ui, "angular lower", &mut j.angular_lower);
        f.vec3_deg(ui, "angular upper", &mut j.angular_upper);
        f.vec3(ui, "linear spring", &mut j.linear_spring, 0.1);
        f.vec3(ui, "angular spring", &mut j.angular_spring, 0.1);
    });
    physics_notes(ui, crate::physics::joint_approximations(j));
    f.changed
}

/// What the simulation approximates or leaves out for the selected element,
/// in a muted colour ("approximated: …" / "not simulated: …").
fn physics_notes(ui: &mut Ui, notes: Vec<&'static str>) {
    if notes.is_empty() {
        return;
    }
    ui.separator();
    for n in notes {
        ui.add(
            egui::Label::new(egui::RichText::new(crate::cli::info::note_label(n)).weak()).wrap(),
        );
    }
}

fn soft_body(ui: &mut Ui, s: &mut SoftBody, n: &Names) -> Option<&'static str> {
    let mut f = Form::new();
    grid(ui, "soft", |ui| {
        f.text(ui, "name", &mut s.name);
        f.text(ui, "name (en)", &mut s.name_en);
        f.choice(
            ui,
            "shape",
            &mut s.shape,
            &[
                (SoftBodyShape::TriMesh, "tri-mesh"),
                (SoftBodyShape::Rope, "rope"),
            ],
        );
        f.reference(ui, "material", 0, &mut s.material, &n.materials, true);
        f.u8(ui, "group", &mut s.group, 15);
        collision_mask(ui, &mut f, &mut s.collision_mask);
        for (field, bit) in [
            ("B-link", SoftBodyFlags::B_LINK),
            ("clusters", SoftBodyFlags::CLUSTERS),
            ("randomise links", SoftBodyFlags::RANDOMIZE_LINKS),
        ] {
            let mut on = s.flags.has(bit);
            f.check(ui, field, &mut on);
            if on {
                s.flags.0 |= bit
            } else {
                s.flags.0 &= !bit
            }
        }
        f.i32(ui, "B-link distance", &mut s.b_link_distance);
        f.i32(ui, "cluster count", &mut s.cluster_count);
        f.f32(ui, "total mass", &mut s.total_mass, 0.01);
        f.f32(ui, "margin", &mut s.margin, 0.001);
        f.choice(
            ui,
            "aero model",
            &mut s.aero_model,
            &[
                (AeroModel::VPoint, "V_Point"),
                (AeroModel::VTwoSided, "V_TwoSided"),
                (AeroModel::VOneSided, "V_OneSided"),
                (AeroModel::FTwoSided, "F_TwoSided"),
                (AeroModel::FOneSided, "F_OneSided"),
            ],
        );
        let (c, cl) = (&mut s.config, &mut s.cluster);
        for (field, v) in [
            ("VCF", &mut c.vcf),
            ("DP", &mut c.dp),
            ("DG", &mut c.dg),
            ("LF", &mut c.lf),
            ("PR", &mut c.pr),
            ("VC", &mut c.vc),
            ("DF", &mut c.df),
            ("MT", &mut c.mt),
            ("CHR", &mut c.chr),
            ("KHR", &mut c.khr),
            ("SHR", &mut c.shr),
            ("AHR", &mut c.ahr),
            ("SRHR_CL", &mut cl.srhr_cl),
            ("SKHR_CL", &mut cl.skhr_cl),
            ("SSHR_CL", &mut cl.sshr_cl),
            ("SR_SPLT_CL", &mut cl.sr_splt_cl),
            ("SK_SPLT_CL", &mut cl.sk_splt_cl),
            ("SS_SPLT_CL", &mut cl.ss_splt_cl),
        ] {
            f.f32(ui, field, v, 0.01);
        }
        let it = &mut s.iterations;
        f.i32(ui, "V_IT", &mut it.velocity);
        f.i32(ui, "P_IT", &mut it.position);
        f.i32(ui, "D_IT", &mut it.drift);
        f.i32(ui, "C_IT", &mut it.cluster);
        f.f32(ui, "LST", &mut s.material_params.lst, 0.01);
        f.f32(ui, "AST", &mut s.material_params.ast, 0.01);
        f.f32(ui, "VST", &mut s.material_params.vst, 0.01);
    });
    physics_notes(ui, crate::physics::soft::unsimulated_parameters(s));
    ui.separator();
    ui.strong(format!("Anchors ({})", s.anchors.len()));
    grid(ui, "anchors", |ui| {
        for (k, a) in s.anchors.iter_mut().enumerate() {
            f.reference(ui, "rigid body", k, &mut a.rigid_body, &n.bodies, false);
            f.i32(ui, "vertex", &mut a.vertex);
            f.check(ui, "near mode", &mut a.near_mode);
        }
    });
    ui.strong(format!("Pinned vertices ({})", s.pins.len()));
    let mut text = s
        .pins
        .iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    if ui
        .add(
            egui::TextEdit::multiline(&mut text)
                .desired_rows(2)
                .desired_width(f32::INFINITY),
        )
        .changed()
    {
        s.pins = text
            .split(',')
            .filter_map(|t| t.trim().parse().ok())
            .collect();
        f.changed = Some("pins");
    }
    f.changed
}

const BONE_FIELDS: [&str; 4] = ["bone 1", "bone 2", "bone 3", "bone 4"];
const WEIGHT_FIELDS: [&str; 4] = ["weight 1", "weight 2", "weight 3", "weight 4"];
const UV_FIELDS: [&str; 4] = [
    "additional UV 1",
    "additional UV 2",
    "additional UV 3",
    "additional UV 4",
];

fn vertex(
    ui: &mut Ui,
    v: &mut Vertex,
    model: &Model,
    n: &Names,
    skinned: Option<Vec3>,
) -> Option<&'static str> {
    let mut f = Form::new();
    grid(ui, "vertex", |ui| {
        f.vec3(ui, "position", &mut v.position, 0.01);
        f.vec3(ui, "normal", &mut v.normal, 0.005);
        f.vec2(ui, "UV", &mut v.uv, 0.001);
        let extra = usize::from(model.header.additional_uv_count).min(4);
        for (field, uv) in UV_FIELDS.iter().zip(&mut v.additional_uvs[..extra]) {
            f.vec4(ui, field, uv, 0.001);
        }
        let mut kind = v.weights.kind();
        let kinds = WeightKind::ALL.map(|k| (k, k.name()));
        f.choice(ui, "weight type", &mut kind, &kinds);
        if kind != v.weights.kind() {
            v.weights = convert_weights(&v.weights, kind, model, v.position);
        }
        match &mut v.weights {
            Weights::Bdef1 { bone } => f.reference(ui, "bone", 0, bone, &n.bones, true),
            Weights::Bdef2 { bones, weight } | Weights::Sdef { bones, weight, .. } => {
                for (k, b) in bones.iter_mut().enumerate() {
                    f.reference(ui, BONE_FIELDS[k], k, b, &n.bones, true);
                }
                f.f32(ui, "weight of bone 1", weight, 0.005);
                ui.label("weight of bone 2");
                ui.label(format!("{:.5} (1 − weight of bone 1)", 1.0 - *weight));
                ui.end_row();
            }
            Weights::Bdef4 { bones, weights } | Weights::Qdef { bones, weights } => {
                for (k, (b, w)) in bones.iter_mut().zip(weights).enumerate() {
                    f.reference(ui, BONE_FIELDS[k], k, b, &n.bones, true);
                    f.f32(ui, WEIGHT_FIELDS[k], w, 0.005);
                }
            }
        }
        if let Weights::Sdef { c, r0, r1, .. } = &mut v.weights {
            f.vec3(ui, "SDEF C", c, 0.01);
            f.vec3(ui, "SDEF R0", r0, 0.01);
            f.vec3(ui, "SDEF R1", r1, 0.01);
        }
        ui.label("bones × weights");
        ui.label(weight_summary(&v.weights, &n.bones));
        ui.end_row();
        f.f32(ui, "edge scale", &mut v.edge_scale, 0.01);
        if let Some(p) = skinned {
            ui.label("posed position");
            ui.label(format!("{:.3}, {:.3}, {:.3}", p.x, p.y, p.z));
            ui.end_row();
        }
    });
    f.changed
}

/// "name weight + name weight = sum" of the bones a vertex follows, −1 as "(none)".
pub fn weight_summary(w: &Weights, bone_names: &[String]) -> String {
    let (bones, weights, n) = w.bone_weights();
    let terms: Vec<String> = bones[..n]
        .iter()
        .zip(&weights[..n])
        .filter(|(_, w)| **w != 0.0 || n == 1)
        .map(|(&b, w)| {
            let name = match usize::try_from(b).ok().and_then(|b| bone_names.get(b)) {
                Some(name) => name.as_str(),
                None if b < 0 => "(none)",
                None => "(out of range)",
            };
            format!("{name} {w:.3}")
        })
        .collect();
    let sum: f32 = weights[..n].iter().sum();
    format!("{} = {sum:.3}", terms.join(" + "))
}

/// `w` as another weight type, keeping its strongest bones. A new SDEF gets C
/// (and R0 = R1 = C, a plain rotation about C) at the point of its two bones'
/// segment nearest the vertex; that is where the checker wants C.
fn convert_weights(w: &Weights, to: WeightKind, model: &Model, position: Vec3) -> Weights {
    let (bones, weights, n) = w.bone_weights();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| weights[b].total_cmp(&weights[a]));
    let bone = |k: usize| order.get(k).map_or(NONE, |&s| bones[s]);
    let weight = |k: usize| order.get(k).map_or(0.0, |&s| weights[s]);
    let pair = [bone(0), bone(1)];
    let pair_weight = if weight(0) + weight(1) > 0.0 {
        weight(0) / (weight(0) + weight(1))
    } else {
        1.0
    };
    let bones4 = [bone(0), bone(1), bone(2), bone(3)];
    let weights4 = [weight(0), weight(1), weight(2), weight(3)];
    match to {
        WeightKind::Bdef1 => Weights::Bdef1 { bone: bone(0) },
        WeightKind::Bdef2 => Weights::Bdef2 {
            bones: pair,
            weight: pair_weight,
        },
        WeightKind::Bdef4 => Weights::Bdef4 {
            bones: bones4,
            weights: weights4,
        },
        WeightKind::Qdef => Weights::Qdef {
            bones: bones4,
            weights: weights4,
        },
        WeightKind::Sdef => {
            let at = |b: i32| {
                usize::try_from(b)
                    .ok()
                    .and_then(|b| model.bones.get(b))
                    .map_or(position, |b| b.position)
            };
            let (a, b) = (at(pair[0]), at(pair[1]));
            let ab = b - a;
            let t = if ab.length_squared() > 0.0 {
                ((position - a).dot(ab) / ab.length_squared()).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let c = a + ab * t;
            Weights::Sdef {
                bones: pair,
                weight: pair_weight,
                c,
                r0: c,
                r1: c,
            }
        }
    }
}

fn display_frame(ui: &mut Ui, d: &mut DisplayFrame, n: &Names) -> Option<&'static str> {
    let mut f = Form::new();
    grid(ui, "display_frame", |ui| {
        f.text(ui, "name", &mut d.name);
        f.text(ui, "name (en)", &mut d.name_en);
        f.check(ui, "special (Root/表情)", &mut d.special);
        ui.label("items");
        ui.label(d.elements.len().to_string());
        ui.end_row();
    });
    ui.separator();
    grid(ui, "display_frame_items", |ui| {
        for (k, e) in d.elements.iter_mut().enumerate() {
            match e {
                DisplayElement::Bone(b) => f.reference(ui, "bone", k, b, &n.bones, false),
                DisplayElement::Morph(m) => f.reference(ui, "morph", k, m, &n.morphs, false),
            }
        }
    });
    f.changed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converting_weights_keeps_the_strongest_bones() {
        let m = crate::app::demo::tube_rig();
        let w = Weights::Bdef4 {
            bones: [3, 1, 2, NONE],
            weights: [0.1, 0.6, 0.3, 0.0],
        };
        let p = Vec3::new(1.5, 7.0, 0.0);
        assert_eq!(
            convert_weights(&w, WeightKind::Bdef1, &m, p),
            Weights::Bdef1 { bone: 1 }
        );
        let Weights::Bdef2 { bones, weight } = convert_weights(&w, WeightKind::Bdef2, &m, p) else {
            panic!("not BDEF2");
        };
        assert_eq!(bones, [1, 2]);
        assert!((weight - 0.6 / 0.9).abs() < 1e-6);
        // SDEF: C on the segment 下 (y 5) – 上 (y 10) nearest the vertex.
        let Weights::Sdef {
            bones, c, r0, r1, ..
        } = convert_weights(&w, WeightKind::Sdef, &m, p)
        else {
            panic!("not SDEF");
        };
        assert_eq!(bones, [1, 2]);
        assert!((c - Vec3::new(0.0, 7.0, 0.0)).length() < 1e-5, "{c}");
        assert_eq!((r0, r1), (c, c));
        assert!(crate::check::check_model(
            &{
                let mut m = m.clone();
                m.vertices[0].weights = convert_weights(&w, WeightKind::Sdef, &m, p);
                m.vertices[0].position = p;
                m
            },
            &Default::default()
        )
        .iter()
        .all(|p| p.target != crate::check::ElementRef::Vertex(0)));
        let Weights::Qdef { bones, weights } = convert_weights(&w, WeightKind::Qdef, &m, p) else {
            panic!("not QDEF");
        };
        assert_eq!(bones, [1, 2, 3, NONE]);
        assert_eq!(weights, [0.6, 0.3, 0.1, 0.0]);
    }

    #[test]
    fn weight_summary_names_bones_and_sums() {
        let names: Vec<String> = ["a", "b"].map(String::from).to_vec();
        let w = Weights::Bdef4 {
            bones: [0, NONE, 7, 1],
            weights: [0.5, 0.25, 0.0, 0.125],
        };
        assert_eq!(
            weight_summary(&w, &names),
            "a 0.500 + (none) 0.250 + b 0.125 = 0.875"
        );
        assert_eq!(
            weight_summary(&Weights::Bdef1 { bone: 9 }, &names),
            "(out of range) 1.000 = 1.000"
        );
    }
}
