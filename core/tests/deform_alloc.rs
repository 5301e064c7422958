//! Evaluating a frame allocates nothing: a counting global allocator watches
//! `Deformer::evaluate` (morphs of every kind, append, IK, every weight kind).

use glam::{Quat, Vec3, Vec4};
use hone_core::deform::{Deformer, Pose};
use hone_core::pmx::*;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

mod support;
use support::{bone, morph};

struct Counting;
static COUNTING: AtomicBool = AtomicBool::new(false);
thread_local! {
    /// Threads whose allocations count: the test thread and the pool's
    /// workers (the test harness's own threads allocate on their own schedule).
    static WATCHED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

fn counts() -> bool {
    COUNTING.load(Ordering::Relaxed) && WATCHED.with(|w| w.get())
}
static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if counts() {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        unsafe { System.alloc(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if counts() {
            ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        }
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// A leg with IK and an append twist bone, a tube of every weight kind and
/// one morph of every kind.
fn rig() -> Model {
    let mut bones = vec![
        bone("root", Vec3::ZERO, -1),
        bone("leg", Vec3::new(0.0, 10.0, 0.0), 0),
        bone("knee", Vec3::new(0.0, 5.0, 0.0), 1),
        bone("ankle", Vec3::ZERO, 2),
        bone("twist", Vec3::new(0.0, 7.5, 0.0), 1),
        bone("legIK", Vec3::ZERO, 0),
    ];
    bones[4].append = Some(Append {
        parent: 2,
        ratio: 0.5,
        rotate: true,
        translate: true,
    });
    bones[5].layer = 1;
    bones[5].ik = Some(Ik {
        target: 3,
        loop_count: 40,
        limit_angle: 2.0,
        links: vec![
            IkLink {
                bone: 2,
                limits: Some(IkLimits {
                    lower: Vec3::new(-3.1, 0.0, 0.0),
                    upper: Vec3::new(-0.01, 0.0, 0.0),
                }),
            },
            IkLink {
                bone: 1,
                limits: None,
            },
        ],
    });
    let mut vertices = Vec::new();
    for i in 0..10_000 {
        let y = 10.0 * (i as f32 / 10_000.0);
        let a = i as f32 * 0.7;
        let position = Vec3::new(a.cos(), y, a.sin());
        let w = y / 10.0;
        let weights = match i % 5 {
            0 => Weights::Bdef1 { bone: 2 },
            1 => Weights::Bdef2 {
                bones: [1, 2],
                weight: w,
            },
            2 => Weights::Bdef4 {
                bones: [1, 2, 4, 3],
                weights: [w * 0.5, w * 0.5, (1.0 - w) * 0.5, (1.0 - w) * 0.5],
            },
            3 => Weights::Sdef {
                bones: [1, 2],
                weight: w,
                c: Vec3::new(0.0, 5.0, 0.0),
                r0: Vec3::new(0.0, 6.0, 0.0),
                r1: Vec3::new(0.0, 4.0, 0.0),
            },
            _ => Weights::Qdef {
                bones: [1, 2, 4, 0],
                weights: [w * 0.5, w * 0.5, 1.0 - w, 0.0],
            },
        };
        vertices.push(Vertex {
            position,
            weights,
            ..Default::default()
        });
    }
    let mat = |op| MaterialOffset {
        op,
        diffuse: Vec4::splat(0.5),
        ..builder::material_multiply(-1)
    };
    let morphs = vec![
        morph(
            "v",
            MorphOffsets::Vertex(
                (0..5000)
                    .map(|i| VertexOffset {
                        vertex: i * 2,
                        offset: Vec3::X,
                    })
                    .collect(),
            ),
        ),
        morph(
            "uv",
            MorphOffsets::Uv {
                layer: 0,
                offsets: (0..300)
                    .map(|i| UvOffset {
                        vertex: i,
                        offset: Vec4::ONE,
                    })
                    .collect(),
            },
        ),
        morph(
            "uv2",
            MorphOffsets::Uv {
                layer: 2,
                offsets: vec![UvOffset {
                    vertex: 7,
                    offset: Vec4::ONE,
                }],
            },
        ),
        morph(
            "bone",
            MorphOffsets::Bone(vec![BoneOffset {
                bone: 4,
                translation: Vec3::Y,
                rotation: Vec4::new(0.0, 0.38, 0.0, 0.92),
            }]),
        ),
        morph(
            "mat",
            MorphOffsets::Material(vec![mat(MaterialOp::Multiply), mat(MaterialOp::Add)]),
        ),
        morph(
            "imp",
            MorphOffsets::Impulse(vec![ImpulseOffset {
                rigid_body: 0,
                local: true,
                velocity: Vec3::X,
                torque: Vec3::ZERO,
            }]),
        ),
        morph(
            "flip",
            MorphOffsets::Flip(vec![
                GroupOffset {
                    morph: 0,
                    ratio: 1.0,
                },
                GroupOffset {
                    morph: 1,
                    ratio: 0.5,
                },
            ]),
        ),
        morph(
            "group",
            MorphOffsets::Group(vec![
                GroupOffset {
                    morph: 6,
                    ratio: 1.0,
                },
                GroupOffset {
                    morph: 3,
                    ratio: 0.5,
                },
            ]),
        ),
    ];
    Model {
        bones,
        vertices,
        morphs,
        materials: vec![Material::default(); 3],
        rigid_bodies: vec![RigidBody::default()],
        ..Default::default()
    }
}

fn pose_at(model: &Model, pose: &mut Pose, t: f32) {
    pose.bones[5].translation = Vec3::new(0.3 * t.sin(), 2.0 + t.cos(), -1.0);
    pose.bones[1].rotation = Quat::from_rotation_x(0.2 * t);
    pose.bones[4].rotation = Quat::from_rotation_y(t);
    for (i, w) in pose.morphs.iter_mut().enumerate() {
        *w = ((t + i as f32) * 1.3).sin().abs();
    }
    assert_eq!(pose.morphs.len(), model.morphs.len());
}

fn count_allocations(f: impl FnOnce()) -> usize {
    ALLOCATIONS.store(0, Ordering::SeqCst);
    COUNTING.store(true, Ordering::SeqCst);
    f();
    COUNTING.store(false, Ordering::SeqCst);
    ALLOCATIONS.load(Ordering::SeqCst)
}

// One test function: the counter is global, so tests must not overlap.
#[test]
fn evaluate_does_not_allocate() {
    WATCHED.with(|w| w.set(true));
    let model = rig();
    let mut deformer = Deformer::new(&model);
    let mut state = deformer.new_state();
    let mut pose = Pose::new(&model);

    // Serial skinning, called from any thread.
    deformer.parallel = false;
    pose_at(&model, &mut pose, 0.0);
    deformer.evaluate(&model, &pose, &mut state);
    let n = count_allocations(|| {
        for frame in 0..60 {
            pose_at(&model, &mut pose, frame as f32 * 0.1);
            deformer.evaluate(&model, &pose, &mut state);
        }
    });
    assert_eq!(n, 0, "serial evaluate allocated {n} times");
    assert!(state.positions.iter().all(|p| p.is_finite()));

    // Parallel skinning inside rayon's pool (how the app runs its frame).
    deformer.parallel = true;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    // Workers allocate their own queues when they first start: wait for
    // that, and watch them from then on.
    pool.broadcast(|_| WATCHED.with(|w| w.set(true)));
    let n = pool.install(|| {
        for _ in 0..3 {
            deformer.evaluate(&model, &pose, &mut state);
        }
        count_allocations(|| {
            for frame in 0..60 {
                pose_at(&model, &mut pose, frame as f32 * 0.1);
                deformer.evaluate(&model, &pose, &mut state);
            }
        })
    });
    assert_eq!(n, 0, "parallel evaluate allocated {n} times");
}
