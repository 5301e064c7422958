//! The bone form (the PMX bone record) and the bone's pose (runtime, not saved).

use eframe::egui;

use super::kit::{at, grid, number_f32, part, reference_picker, Form, Names, Number};
use super::Lists;
use crate::app::commands::Commands;
use crate::app::pose::PoseState;
use crate::pmx::{Append, Bone, BoneFlags, Ik, IkLimits, IkLink, LocalAxes, Tail, NONE};
use crate::tr;
use egui::Ui;
use glam::Vec3;

/// The flag checkboxes: label and bit.
fn flags() -> [(String, u16); 5] {
    [
        (tr!("inspector-field-rotatable"), BoneFlags::ROTATABLE),
        (tr!("inspector-field-movable"), BoneFlags::MOVABLE),
        (tr!("inspector-field-visible"), BoneFlags::VISIBLE),
        (tr!("inspector-field-operable"), BoneFlags::OPERABLE),
        (
            tr!("inspector-field-after-physics"),
            BoneFlags::AFTER_PHYSICS,
        ),
    ]
}

pub(super) fn form(ui: &mut Ui, f: &mut Form<Bone>, n: Lists) {
    grid(ui, "bone", |ui| {
        f.names(ui, Some(crate::motion::names::VMD_BONE_NAME_BYTES));
        f.vector(ui, &tr!("inspector-field-position"), 0.01, at!(position));
        f.reference(
            ui,
            &tr!("inspector-field-parent"),
            n.bones,
            true,
            at!(parent),
        );
        f.i32(ui, &tr!("inspector-field-deform-layer"), at!(layer));
        for (field, bit) in flags() {
            flag(ui, f, &field, bit);
        }
        f.check(
            ui,
            &tr!("inspector-field-tail-is-a-bone"),
            (
                |b| matches!(b.tail, Tail::Bone(_)),
                |b, on| {
                    if on != matches!(b.tail, Tail::Bone(_)) {
                        b.tail = if on {
                            Tail::Bone(NONE)
                        } else {
                            Tail::Offset(Vec3::ZERO)
                        };
                    }
                },
            ),
        );
        match f.first().tail {
            Tail::Bone(_) => f.reference(
                ui,
                &tr!("inspector-field-tail-bone"),
                n.bones,
                true,
                (
                    |b| match b.tail {
                        Tail::Bone(t) => t,
                        Tail::Offset(_) => NONE,
                    },
                    |b, v| b.tail = Tail::Bone(v),
                ),
            ),
            Tail::Offset(_) => f.vector(
                ui,
                &tr!("inspector-field-tail-offset"),
                0.01,
                (
                    |b| match b.tail {
                        Tail::Offset(o) => o,
                        Tail::Bone(_) => Vec3::ZERO,
                    },
                    |b, v| b.tail = Tail::Offset(v),
                ),
            ),
        }
        append(ui, f, n);
        optional_axes(ui, f);
        let external = tr!("inspector-field-external-parent");
        f.optional(ui, &external, part!(external_parent_key), || 0);
        if f.first().external_parent_key.is_some() {
            f.i32(
                ui,
                &tr!("inspector-field-external-key"),
                (
                    |b| b.external_parent_key.unwrap_or(0),
                    |b, v| b.external_parent_key = Some(v),
                ),
            );
        }
        ik(ui, f, n);
    });
    if f.first().ik.is_some() {
        ik_links(ui, f, n);
    }
}

fn flag(ui: &mut Ui, f: &mut Form<Bone>, field: &str, bit: u16) {
    f.check(
        ui,
        field,
        (move |b| b.flags.has(bit), move |b, on| b.flags.set(bit, on)),
    );
}

fn append(ui: &mut Ui, f: &mut Form<Bone>, n: Lists) {
    f.optional(ui, &tr!("inspector-field-append"), part!(append), || {
        Append {
            parent: NONE,
            ratio: 1.0,
            rotate: true,
            translate: false,
        }
    });
    if f.first().append.is_none() {
        return;
    }
    fn a(b: &Bone) -> Append {
        b.append.unwrap_or(Append {
            parent: NONE,
            ratio: 0.0,
            rotate: false,
            translate: false,
        })
    }
    fn with(b: &mut Bone, change: impl FnOnce(&mut Append)) {
        if let Some(a) = &mut b.append {
            change(a);
        }
    }
    f.reference(
        ui,
        &tr!("inspector-field-append-parent"),
        n.bones,
        true,
        (|b| a(b).parent, |b, v| with(b, |a| a.parent = v)),
    );
    f.f32(
        ui,
        &tr!("inspector-field-append-ratio"),
        0.01,
        (|b| a(b).ratio, |b, v| with(b, |a| a.ratio = v)),
    );
    f.check(
        ui,
        &tr!("inspector-field-append-rotation"),
        (|b| a(b).rotate, |b, v| with(b, |a| a.rotate = v)),
    );
    f.check(
        ui,
        &tr!("inspector-field-append-translation"),
        (|b| a(b).translate, |b, v| with(b, |a| a.translate = v)),
    );
    f.check(
        ui,
        &tr!("inspector-field-append-local"),
        (
            |b| b.flags.has(BoneFlags::APPEND_LOCAL),
            |b, on| b.flags.set(BoneFlags::APPEND_LOCAL, on),
        ),
    );
}

fn optional_axes(ui: &mut Ui, f: &mut Form<Bone>) {
    f.optional(
        ui,
        &tr!("inspector-field-fixed-axis"),
        part!(fixed_axis),
        || Vec3::X,
    );
    if f.first().fixed_axis.is_some() {
        f.vector(
            ui,
            &tr!("inspector-field-axis"),
            0.01,
            (
                |b| b.fixed_axis.unwrap_or(Vec3::X),
                |b, v| b.fixed_axis = Some(v),
            ),
        );
    }
    f.optional(
        ui,
        &tr!("inspector-field-local-axes"),
        part!(local_axes),
        || LocalAxes {
            x: Vec3::X,
            z: Vec3::Z,
        },
    );
    if f.first().local_axes.is_some() {
        fn axes(b: &Bone) -> LocalAxes {
            b.local_axes.unwrap_or(LocalAxes {
                x: Vec3::X,
                z: Vec3::Z,
            })
        }
        let fields = [
            tr!("inspector-field-local-x"),
            tr!("inspector-field-local-z"),
        ];
        for (k, field) in fields.iter().enumerate() {
            let set = move |b: &mut Bone, v| {
                if let Some(a) = &mut b.local_axes {
                    *[&mut a.x, &mut a.z][k] = v;
                }
            };
            f.vector(ui, field, 0.01, (move |b| [axes(b).x, axes(b).z][k], set));
        }
    }
}

/// Read access to a bone's IK (defaults when it has none, which the form never shows).
fn ik_of(b: &Bone) -> (i32, i32, f32) {
    b.ik.as_ref().map_or((NONE, 0, 0.0), |ik| {
        (ik.target, ik.loop_count, ik.limit_angle)
    })
}

fn with_ik(b: &mut Bone, change: impl FnOnce(&mut Ik)) {
    if let Some(ik) = &mut b.ik {
        change(ik);
    }
}

fn ik(ui: &mut Ui, f: &mut Form<Bone>, n: Lists) {
    f.optional(ui, &tr!("inspector-field-ik"), part!(ik), || Ik {
        target: NONE,
        loop_count: 40,
        limit_angle: 1.0,
        links: Vec::new(),
    });
    if f.first().ik.is_none() {
        return;
    }
    f.reference(
        ui,
        &tr!("inspector-field-ik-target"),
        n.bones,
        true,
        (|b| ik_of(b).0, |b, v| with_ik(b, |ik| ik.target = v)),
    );
    f.i32(
        ui,
        &tr!("inspector-field-ik-loops"),
        (|b| ik_of(b).1, |b, v| with_ik(b, |ik| ik.loop_count = v)),
    );
    f.f32(
        ui,
        &tr!("inspector-field-ik-limit-angle"),
        Number::degrees(),
        (|b| ik_of(b).2, |b, v| with_ik(b, |ik| ik.limit_angle = v)),
    );
}

fn link_of(b: &Bone, k: usize) -> IkLink {
    b.ik.as_ref()
        .and_then(|ik| ik.links.get(k).copied())
        .unwrap_or(IkLink {
            bone: NONE,
            limits: None,
        })
}

fn with_link(b: &mut Bone, k: usize, change: impl FnOnce(&mut IkLink)) {
    if let Some(l) = b.ik.as_mut().and_then(|ik| ik.links.get_mut(k)) {
        change(l);
    }
}

fn ik_links(ui: &mut Ui, f: &mut Form<Bone>, n: Lists) {
    let links = f.first().ik.as_ref().map_or(0, |ik| ik.links.len());
    ui.separator();
    ui.strong(tr!("inspector-ik-links", count = links));
    for k in 0..links {
        let link = link_of(f.first(), k);
        ui.push_id(("link", k), |ui| {
            ui.horizontal(|ui| {
                // The spec's name (IKリンク); the picker is labelled by it, so accessibility
                // tools (and tests) find it.
                let label = ui.label(format!("IKリンク {k}"));
                let mut bone = link.bone;
                let (picked, picker) =
                    reference_picker(ui, ("ik_link", k), &mut bone, n.bones, false, false);
                picker.labelled_by(label.id);
                if picked {
                    let shown = n.bones.of(bone).unwrap_or("?").to_owned();
                    f.changed(tr!("inspector-ik-link", index = k), shown, move |b| {
                        with_link(b, k, |l| l.bone = bone)
                    });
                }
                let mut limited = link.limits.is_some();
                if ui.checkbox(&mut limited, tr!("inspector-limits")).changed() {
                    let shown = if limited {
                        tr!("inspector-on")
                    } else {
                        tr!("inspector-off")
                    };
                    f.changed(
                        tr!("inspector-ik-link-limits", index = k),
                        shown,
                        move |b| {
                            with_link(b, k, |l| {
                                if limited != l.limits.is_some() {
                                    l.limits = limited.then_some(IkLimits {
                                        lower: Vec3::ZERO,
                                        upper: Vec3::ZERO,
                                    });
                                }
                            })
                        },
                    );
                }
                if ui
                    .small_button("✖")
                    .on_hover_text(tr!("inspector-remove-link"))
                    .clicked()
                {
                    let shown = tr!("inspector-link-removed", index = k);
                    f.changed(tr!("inspector-ik-links-field"), shown, move |b| {
                        with_ik(b, |ik| {
                            if k < ik.links.len() {
                                ik.links.remove(k);
                            }
                        })
                    });
                }
            });
            if link.limits.is_some() {
                grid(ui, "limits", |ui| {
                    let lim = move |b: &Bone| {
                        link_of(b, k).limits.unwrap_or(IkLimits {
                            lower: Vec3::ZERO,
                            upper: Vec3::ZERO,
                        })
                    };
                    let fields = [tr!("inspector-field-lower"), tr!("inspector-field-upper")];
                    for (side, field) in fields.iter().enumerate() {
                        f.vector(
                            ui,
                            field,
                            Number::degrees(),
                            (
                                move |b| [lim(b).lower, lim(b).upper][side],
                                move |b, v| {
                                    with_link(b, k, |l| {
                                        if let Some(x) = &mut l.limits {
                                            *[&mut x.lower, &mut x.upper][side] = v;
                                        }
                                    })
                                },
                            ),
                        );
                    }
                });
            }
        });
    }
    // A new link extends the chain: the parent of the last link (of the target when
    // there is none), as riggers build IK chains from the tip up. Never a link to no
    // bone, which the spec does not allow; with no such parent the button is off.
    let next = match n.bones {
        Names::Bones(bones) => f.first().ik.as_ref().and_then(|ik| {
            let from = ik.links.last().map_or(ik.target, |l| l.bone);
            let parent = bones.get(usize::try_from(from).ok()?)?.parent;
            usize::try_from(parent)
                .ok()
                .filter(|&p| p < bones.len())
                .map(|_| parent)
        }),
        _ => None,
    };
    let add = ui.add_enabled(next.is_some(), egui::Button::new(tr!("inspector-add-link")));
    if let (true, Some(bone)) = (add.clicked(), next) {
        let shown = tr!("inspector-link-added");
        f.changed(tr!("inspector-ik-links-field"), shown, move |b| {
            with_ik(b, |ik| ik.links.push(IkLink { bone, limits: None }))
        });
    }
}

/// The bone's pose: rotation as Euler angles (Y, X, Z as MMD shows them) and
/// translation. A runtime value: changes go out as pose commands.
pub(super) fn pose(ui: &mut Ui, index: usize, pose: &PoseState, commands: &mut Commands) {
    ui.separator();
    ui.strong(tr!("inspector-pose"));
    let p = pose.bones().get(index).copied().unwrap_or_default();
    let (yaw, pitch, roll) = p.rotation.to_euler(glam::EulerRot::YXZ);
    let mut euler = Vec3::new(pitch, yaw, roll);
    let mut translation = p.translation;
    let mut changed = false;
    grid(ui, "pose", |ui| {
        let label = ui.label(tr!("inspector-field-rotation"));
        ui.horizontal(|ui| {
            for (k, axis) in ["x", "y", "z"].into_iter().enumerate() {
                let kind = Number {
                    prefix: axis,
                    ..Number::degrees()
                };
                if let Some(t) = number_f32(ui, label.id, euler[k], kind) {
                    euler[k] = t.stored;
                    changed = true;
                }
            }
        });
        ui.end_row();
        let label = ui.label(tr!("inspector-field-translation"));
        ui.horizontal(|ui| {
            for (k, axis) in ["x", "y", "z"].into_iter().enumerate() {
                let kind = Number {
                    prefix: axis,
                    ..Number::plain(0.01)
                };
                if let Some(t) = number_f32(ui, label.id, translation[k], kind) {
                    translation[k] = t.stored;
                    changed = true;
                }
            }
        });
        ui.end_row();
    });
    if changed {
        let rotation = glam::Quat::from_euler(glam::EulerRot::YXZ, euler.y, euler.x, euler.z);
        commands.pose_bone(
            index,
            crate::deform::BonePose {
                rotation,
                translation,
            },
        );
    }
    if ui.button(tr!("inspector-reset-pose")).clicked() {
        commands.pose_bone(index, Default::default());
    }
}
