//! The rigid body, joint and soft body forms, with what the simulation
//! approximates for the element.

use super::kit::{at, grid, Form, Get, Number, Set};
use super::Lists;
use crate::app::panels::terms::{joint_kind_name, shape_name, soft_shape_name};
use crate::pmx::{
    AeroModel, Joint, JointKind, RigidBody, RigidMode, RigidShape, SoftBody, SoftBodyFlags,
    SoftBodyShape,
};
use crate::tr;
use eframe::egui;
use egui::Ui;
use glam::Vec3;

fn shapes() -> [(RigidShape, String); 3] {
    [RigidShape::Sphere, RigidShape::Box, RigidShape::Capsule].map(|s| (s, shape_name(s)))
}

fn modes() -> [(RigidMode, String); 3] {
    [
        (RigidMode::FollowBone, tr!("inspector-mode-bone")),
        (RigidMode::Dynamic, tr!("inspector-mode-physics")),
        (
            RigidMode::DynamicWithBonePosition,
            tr!("inspector-mode-physics-bone"),
        ),
    ]
}

type Getter<T, V> = fn(&T) -> V;
type Setter<T, V> = fn(&mut T, V);
/// A number field: its name, getter and setter.
type Field<T, V> = (&'static str, Getter<T, V>, Setter<T, V>);

/// The group (0–15) and the groups collided with, of a body or a soft body.
fn collision<T: 'static>(
    ui: &mut Ui,
    f: &mut Form<T>,
    group: (impl Get<T, u8>, impl Set<T, u8>),
    mask: (impl Get<T, u16>, impl Set<T, u16>),
) {
    f.integer(ui, &tr!("inspector-field-group"), 0u8, 15, group);
    f.mask_bits(ui, &tr!("inspector-field-collides-with"), mask);
}

/// Where a body or joint stands: position, and rotation in degrees.
fn placement<T: 'static>(
    ui: &mut Ui,
    f: &mut Form<T>,
    position: (impl Get<T, Vec3>, impl Set<T, Vec3>),
    rotation: (impl Get<T, Vec3>, impl Set<T, Vec3>),
) {
    f.vector(ui, &tr!("inspector-field-position"), 0.01, position);
    let field = tr!("inspector-field-rotation");
    f.vector(ui, &field, Number::degrees(), rotation);
}

pub(super) fn rigid_body(ui: &mut Ui, f: &mut Form<RigidBody>, n: Lists) {
    grid(ui, "body", |ui| {
        f.names(ui, None);
        let bone = tr!("inspector-field-related-bone");
        f.reference(ui, &bone, n.bones, true, at!(bone));
        collision(ui, f, at!(group), at!(collision_mask));
        // The size follows the shape (a capsule turned box is not 0 deep).
        f.choice(
            ui,
            &tr!("inspector-field-shape"),
            &shapes(),
            (|b| b.shape, |b, v| b.set_shape(v)),
        );
        f.vector(ui, &tr!("inspector-field-size"), 0.01, at!(size));
        placement(ui, f, at!(position), at!(rotation));
        f.f32(ui, &tr!("inspector-field-mass"), 0.01, at!(mass));
        let damping = tr!("inspector-field-linear-damping");
        f.f32(ui, &damping, 0.005, at!(linear_damping));
        let damping = tr!("inspector-field-angular-damping");
        f.f32(ui, &damping, 0.005, at!(angular_damping));
        let restitution = tr!("inspector-field-restitution");
        f.f32(ui, &restitution, 0.005, at!(restitution));
        f.f32(ui, &tr!("inspector-field-friction"), 0.005, at!(friction));
        f.choice(ui, &tr!("inspector-field-mode"), &modes(), at!(mode));
    });
}

pub(super) fn joint(ui: &mut Ui, f: &mut Form<Joint>, n: Lists) {
    let kinds: [(JointKind, String); 6] = std::array::from_fn(|k| {
        let kind = JointKind::from_u8(k as u8);
        (kind, joint_kind_name(kind))
    });
    grid(ui, "joint", |ui| {
        f.names(ui, None);
        f.choice(ui, &tr!("inspector-field-kind"), &kinds, at!(kind));
        f.reference(
            ui,
            &tr!("inspector-field-body-a"),
            n.bodies,
            true,
            at!(body_a),
        );
        f.reference(
            ui,
            &tr!("inspector-field-body-b"),
            n.bodies,
            true,
            at!(body_b),
        );
        placement(ui, f, at!(position), at!(rotation));
        f.vector(
            ui,
            &tr!("inspector-field-linear-lower"),
            0.01,
            at!(linear_lower),
        );
        f.vector(
            ui,
            &tr!("inspector-field-linear-upper"),
            0.01,
            at!(linear_upper),
        );
        f.vector(
            ui,
            &tr!("inspector-field-angular-lower"),
            Number::degrees(),
            at!(angular_lower),
        );
        f.vector(
            ui,
            &tr!("inspector-field-angular-upper"),
            Number::degrees(),
            at!(angular_upper),
        );
        f.vector(
            ui,
            &tr!("inspector-field-linear-spring"),
            0.1,
            at!(linear_spring),
        );
        f.vector(
            ui,
            &tr!("inspector-field-angular-spring"),
            0.1,
            at!(angular_spring),
        );
    });
    physics_notes(ui, crate::physics::joint_approximations(f.first()));
}

/// What the simulation approximates or leaves out for the selected element,
/// in a muted colour ("approximated: …" / "not simulated: …").
fn physics_notes(ui: &mut Ui, notes: Vec<&'static str>) {
    if notes.is_empty() {
        return;
    }
    ui.separator();
    for n in notes {
        ui.add(egui::Label::new(egui::RichText::new(crate::physics::note_label(n)).weak()).wrap());
    }
}

const SOFT_NUMBERS: [Field<SoftBody, f32>; 21] = [
    ("VCF", |s| s.config.vcf, |s, v| s.config.vcf = v),
    ("DP", |s| s.config.dp, |s, v| s.config.dp = v),
    ("DG", |s| s.config.dg, |s, v| s.config.dg = v),
    ("LF", |s| s.config.lf, |s, v| s.config.lf = v),
    ("PR", |s| s.config.pr, |s, v| s.config.pr = v),
    ("VC", |s| s.config.vc, |s, v| s.config.vc = v),
    ("DF", |s| s.config.df, |s, v| s.config.df = v),
    ("MT", |s| s.config.mt, |s, v| s.config.mt = v),
    ("CHR", |s| s.config.chr, |s, v| s.config.chr = v),
    ("KHR", |s| s.config.khr, |s, v| s.config.khr = v),
    ("SHR", |s| s.config.shr, |s, v| s.config.shr = v),
    ("AHR", |s| s.config.ahr, |s, v| s.config.ahr = v),
    (
        "SRHR_CL",
        |s| s.cluster.srhr_cl,
        |s, v| s.cluster.srhr_cl = v,
    ),
    (
        "SKHR_CL",
        |s| s.cluster.skhr_cl,
        |s, v| s.cluster.skhr_cl = v,
    ),
    (
        "SSHR_CL",
        |s| s.cluster.sshr_cl,
        |s, v| s.cluster.sshr_cl = v,
    ),
    (
        "SR_SPLT_CL",
        |s| s.cluster.sr_splt_cl,
        |s, v| s.cluster.sr_splt_cl = v,
    ),
    (
        "SK_SPLT_CL",
        |s| s.cluster.sk_splt_cl,
        |s, v| s.cluster.sk_splt_cl = v,
    ),
    (
        "SS_SPLT_CL",
        |s| s.cluster.ss_splt_cl,
        |s, v| s.cluster.ss_splt_cl = v,
    ),
    (
        "LST",
        |s| s.material_params.lst,
        |s, v| s.material_params.lst = v,
    ),
    (
        "AST",
        |s| s.material_params.ast,
        |s, v| s.material_params.ast = v,
    ),
    (
        "VST",
        |s| s.material_params.vst,
        |s, v| s.material_params.vst = v,
    ),
];

const SOFT_ITERATIONS: [Field<SoftBody, i32>; 4] = [
    (
        "V_IT",
        |s| s.iterations.velocity,
        |s, v| s.iterations.velocity = v,
    ),
    (
        "P_IT",
        |s| s.iterations.position,
        |s, v| s.iterations.position = v,
    ),
    (
        "D_IT",
        |s| s.iterations.drift,
        |s, v| s.iterations.drift = v,
    ),
    (
        "C_IT",
        |s| s.iterations.cluster,
        |s, v| s.iterations.cluster = v,
    ),
];

pub(super) fn soft_body(ui: &mut Ui, f: &mut Form<SoftBody>, n: Lists) {
    grid(ui, "soft", |ui| {
        f.names(ui, None);
        f.choice(
            ui,
            &tr!("inspector-field-shape"),
            &[
                (
                    SoftBodyShape::TriMesh,
                    soft_shape_name(SoftBodyShape::TriMesh),
                ),
                (SoftBodyShape::Rope, soft_shape_name(SoftBodyShape::Rope)),
            ],
            at!(shape),
        );
        f.reference(
            ui,
            &tr!("inspector-field-material"),
            n.materials,
            true,
            at!(material),
        );
        collision(ui, f, at!(group), at!(collision_mask));
        for (field, bit) in [
            (tr!("inspector-field-b-link"), SoftBodyFlags::B_LINK),
            (tr!("inspector-field-clusters"), SoftBodyFlags::CLUSTERS),
            (
                tr!("inspector-field-randomise-links"),
                SoftBodyFlags::RANDOMIZE_LINKS,
            ),
        ] {
            f.check(
                ui,
                &field,
                (
                    move |s| s.flags.has(bit),
                    move |s, on| {
                        if on {
                            s.flags.0 |= bit
                        } else {
                            s.flags.0 &= !bit
                        }
                    },
                ),
            );
        }
        f.i32(
            ui,
            &tr!("inspector-field-b-link-distance"),
            at!(b_link_distance),
        );
        f.i32(
            ui,
            &tr!("inspector-field-cluster-count"),
            at!(cluster_count),
        );
        f.f32(
            ui,
            &tr!("inspector-field-total-mass"),
            0.01,
            at!(total_mass),
        );
        f.f32(ui, &tr!("inspector-field-margin"), 0.001, at!(margin));
        f.choice(
            ui,
            &tr!("inspector-field-aero-model"),
            &[
                (AeroModel::VPoint, "V_Point"),
                (AeroModel::VTwoSided, "V_TwoSided"),
                (AeroModel::VOneSided, "V_OneSided"),
                (AeroModel::FTwoSided, "F_TwoSided"),
                (AeroModel::FOneSided, "F_OneSided"),
            ],
            at!(aero_model),
        );
        let (numbers, materials) = SOFT_NUMBERS.split_at(18);
        for (field, get, set) in numbers {
            f.f32(ui, field, 0.01, (*get, *set));
        }
        for (field, get, set) in SOFT_ITERATIONS {
            f.i32(ui, field, (get, set));
        }
        for (field, get, set) in materials {
            f.f32(ui, field, 0.01, (*get, *set));
        }
    });
    let mut notes = crate::physics::soft::unsimulated_parameters(f.first());
    notes.extend(crate::physics::soft::approximated_parameters(f.first()));
    physics_notes(ui, notes);
    anchors_and_pins(ui, f, n);
}

fn anchors_and_pins(ui: &mut Ui, f: &mut Form<SoftBody>, n: Lists) {
    let s = f.first();
    ui.separator();
    ui.strong(tr!("inspector-anchors", count = s.anchors.len()));
    grid(ui, "anchors", |ui| {
        for (k, anchor) in s.anchors.iter().enumerate() {
            let lift = move |s: &mut SoftBody, change: &dyn Fn(&mut _)| {
                if let Some(a) = s.anchors.get_mut(k) {
                    change(a);
                }
            };
            f.nested(tr!("inspector-anchor", index = k), anchor, lift, |g| {
                let body = tr!("inspector-field-rigid-body");
                g.reference(ui, &body, n.bodies, false, at!(rigid_body));
                g.i32(ui, &tr!("inspector-field-vertex"), at!(vertex));
                g.check(ui, &tr!("inspector-field-near-mode"), at!(near_mode));
            });
        }
    });
    ui.strong(tr!("inspector-pins", count = s.pins.len()));
    let old = s
        .pins
        .iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let mut text = old.clone();
    let r = ui.add(
        egui::TextEdit::multiline(&mut text)
            .desired_rows(2)
            .desired_width(f32::INFINITY),
    );
    if r.changed() && text != old {
        let pins: Vec<i32> = text
            .split(',')
            .filter_map(|t| t.trim().parse().ok())
            .collect();
        if pins != s.pins {
            let shown = tr!("panels-n-vertices", count = pins.len());
            let field = tr!("inspector-field-pins");
            f.changed(field, shown, move |s| s.pins.clone_from(&pins));
        }
    }
}
