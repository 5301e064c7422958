//! Changing a rigid body's shape keeps its extent: the box Rapier builds for the
//! new shape spans what the old shape's collider spanned.

use glam::Vec3;
use hone_core::physics::BodyShape;
use hone_core::pmx::{RigidBody, RigidShape};

/// Half extents of the collider Rapier builds for `body`, at the origin.
fn collider_half_extents(body: &RigidBody) -> Vec3 {
    let aabb = BodyShape::of(body).collider().build().compute_aabb();
    let half = aabb.half_extents();
    Vec3::new(half.x, half.y, half.z)
}

fn body(shape: RigidShape, size: Vec3) -> RigidBody {
    RigidBody {
        shape,
        size,
        ..RigidBody::default()
    }
}

fn assert_close(a: Vec3, b: Vec3, what: &str) {
    assert!((a - b).abs().max_element() < 1e-5, "{what}: {a} vs {b}");
}

#[test]
fn a_capsule_turned_box_is_its_diameter_wide_and_deep_and_its_full_height_tall() {
    // Radius 0.5, height 2 (between the caps): 3 tall with them.
    let mut b = body(RigidShape::Capsule, Vec3::new(0.5, 2.0, 0.0));
    let before = collider_half_extents(&b);
    assert_close(before, Vec3::new(0.5, 1.5, 0.5), "the capsule's collider");
    b.set_shape(RigidShape::Box);
    assert_eq!(b.shape, RigidShape::Box);
    assert_eq!(
        b.size,
        Vec3::new(0.5, 1.5, 0.5),
        "half extents, depth not 0"
    );
    assert_close(collider_half_extents(&b), before, "the box's collider");
    // And back: the same capsule.
    b.set_shape(RigidShape::Capsule);
    assert_eq!(b.size, Vec3::new(0.5, 2.0, 0.0));
}

#[test]
fn a_sphere_becomes_a_cube_of_its_diameter_or_a_capsule_with_a_length() {
    let sphere = body(RigidShape::Sphere, Vec3::new(0.8, 0.0, 0.0));
    let mut cube = sphere.clone();
    cube.set_shape(RigidShape::Box);
    assert_eq!(cube.size, Vec3::splat(0.8));
    assert_close(
        collider_half_extents(&cube),
        collider_half_extents(&sphere),
        "same extent",
    );
    let mut capsule = sphere.clone();
    capsule.set_shape(RigidShape::Capsule);
    // No length is left after the caps: it takes its diameter as height.
    assert_eq!(capsule.size, Vec3::new(0.8, 1.6, 0.0));
    // A box becomes the sphere around its largest half width.
    let mut b = body(RigidShape::Box, Vec3::new(0.2, 1.0, 0.3));
    b.set_shape(RigidShape::Sphere);
    assert_eq!(b.size, Vec3::new(1.0, 0.0, 0.0));
}

#[test]
fn the_same_shape_or_an_unknown_one_keeps_the_numbers() {
    let size = Vec3::new(0.3, 0.0, 0.7);
    let mut b = body(RigidShape::Box, size);
    b.set_shape(RigidShape::Box);
    assert_eq!(b.size, size);
    b.set_shape(RigidShape::Unknown(7));
    assert_eq!(b.size, size);
}
