//! The fluent handles `ModelBuilder` hands back for each element it adds (bones, materials,
//! morphs, display frames, rigid bodies, joints, soft bodies).

use super::*;

/// Declares the fluent handle to one element list of the model: the struct,
/// `index()`, a private accessor to the element, and the constructors the
/// builder uses (`push` a new element, `existing` for an index).
macro_rules! handle {
    ($(#[$doc:meta])* $handle:ident, $element:ty, $list:ident, $get:ident, $what:literal) => {
        $(#[$doc])*
        pub struct $handle<'a> {
            b: &'a mut ModelBuilder,
            index: usize,
        }

        impl<'a> $handle<'a> {
            pub(super) fn push(b: &'a mut ModelBuilder, element: $element) -> Self {
                let index = b.model.$list.len();
                b.model.$list.push(element);
                $handle { b, index }
            }
            #[allow(dead_code)] // only some kinds have a `_mut` accessor
            pub(super) fn existing(b: &'a mut ModelBuilder, index: i32) -> Self {
                assert!((index as usize) < b.model.$list.len(), concat!("no ", $what, " {}"), index);
                $handle {
                    b,
                    index: index as usize,
                }
            }
        }

        impl $handle<'_> {
            pub fn index(&self) -> i32 {
                idx(self.index)
            }
            fn $get(&mut self) -> &mut $element {
                &mut self.b.model.$list[self.index]
            }
            pub fn name_en(mut self, name: &str) -> Self {
                self.$get().name_en = name.to_string();
                self
            }
        }
    };
}

/// Setters that store one argument in one field of the handle's element:
/// `name(field: Type);` sets the field of that name, `name(arg: Type) => field = expr;`
/// stores an expression of the argument.
macro_rules! setters {
    ($get:ident;) => {};
    ($get:ident; $(#[$doc:meta])* $name:ident($arg:ident: $ty:ty); $($rest:tt)*) => {
        setters!($get; $(#[$doc])* $name($arg: $ty) => $arg = $arg; $($rest)*);
    };
    ($get:ident; $(#[$doc:meta])* $name:ident($arg:ident: $ty:ty) => $field:ident = $value:expr; $($rest:tt)*) => {
        $(#[$doc])*
        pub fn $name(mut self, $arg: $ty) -> Self {
            self.$get().$field = $value;
            self
        }
        setters!($get; $($rest)*);
    };
}

/// Clears the mask bits of these collision groups (PMX Editor's 非衝突グループ).
fn clear_groups(mask: &mut u16, groups: &[u8]) {
    for &g in groups {
        // A group above 15 has no bit to clear (see pmx::rules::group_bit).
        *mask = crate::pmx::rules::mask_with(*mask, g, false);
    }
}

handle! {
    /// Fluent handle to a bone just added (or taken with `bone_mut`).
    BoneBuilder, Bone, bones, bone, "bone"
}

impl BoneBuilder<'_> {
    setters! { bone;
        /// −1 = no parent.
        parent(parent: i32);
        position(position: Vec3);
        /// 変形階層.
        layer(layer: i32);
        tail_offset(offset: Vec3) => tail = Tail::Offset(offset);
        tail_bone(bone: i32) => tail = Tail::Bone(bone);
        /// Replaces the non-structural flags (see [`BoneFlags`]).
        flags(flags: u16) => flags = BoneFlags(flags & !BoneFlags::STRUCTURAL);
        fixed_axis(axis: Vec3) => fixed_axis = Some(axis);
        external_parent(key: i32) => external_parent_key = Some(key);
    }
    /// Tail offset pointing at a model-space position.
    pub fn tail_at(mut self, position: Vec3) -> Self {
        let p = self.bone().position;
        self.tail_offset(position - p)
    }
    pub fn flag(mut self, bit: u16, on: bool) -> Self {
        self.bone().flags.set(bit, on);
        self
    }
    pub fn movable(self) -> Self {
        self.flag(BoneFlags::MOVABLE, true)
    }
    pub fn hidden(self) -> Self {
        self.flag(BoneFlags::VISIBLE, false)
    }
    pub fn not_operable(self) -> Self {
        self.flag(BoneFlags::OPERABLE, false)
    }
    pub fn not_rotatable(self) -> Self {
        self.flag(BoneFlags::ROTATABLE, false)
    }
    pub fn after_physics(self) -> Self {
        self.flag(BoneFlags::AFTER_PHYSICS, true)
    }
    /// 付与: take `ratio` of `parent`'s rotation and/or translation.
    pub fn append(mut self, parent: i32, ratio: f32, rotate: bool, translate: bool) -> Self {
        self.bone().append = Some(Append {
            parent,
            ratio,
            rotate,
            translate,
        });
        self
    }
    pub fn append_rotate(self, parent: i32, ratio: f32) -> Self {
        self.append(parent, ratio, true, false)
    }
    pub fn append_move(self, parent: i32, ratio: f32) -> Self {
        self.append(parent, ratio, false, true)
    }
    /// ローカル付与: append the parent's local transform instead of its user values.
    pub fn append_local(self) -> Self {
        self.flag(BoneFlags::APPEND_LOCAL, true)
    }
    pub fn local_axes(mut self, x: Vec3, z: Vec3) -> Self {
        self.bone().local_axes = Some(LocalAxes { x, z });
        self
    }
    /// Makes this an IK bone; add links with `ik_link`/`ik_link_limited` (effector side first).
    pub fn ik(mut self, target: i32, loop_count: i32, limit_angle: f32) -> Self {
        self.bone().ik = Some(Ik {
            target,
            loop_count,
            limit_angle,
            links: Vec::new(),
        });
        self
    }
    fn push_link(mut self, link: IkLink) -> Self {
        self.bone()
            .ik
            .as_mut()
            .expect("ik_link needs .ik(..) first")
            .links
            .push(link);
        self
    }
    pub fn ik_link(self, bone: i32) -> Self {
        self.push_link(IkLink { bone, limits: None })
    }
    /// A link limited to `lower..=upper` (radians per Euler axis).
    pub fn ik_link_limited(self, bone: i32, lower: Vec3, upper: Vec3) -> Self {
        self.push_link(IkLink {
            bone,
            limits: Some(IkLimits { lower, upper }),
        })
    }
}

handle! { MaterialBuilder, Material, materials, material, "material" }

impl MaterialBuilder<'_> {
    setters! { material;
        diffuse(diffuse: Vec4);
        ambient(ambient: Vec3);
        /// Replaces the draw flags.
        flags(flags: u8) => flags = MaterialFlags(flags);
        /// One of the shared toon01..toon10 (0..=9).
        toon_shared(index: u8) => toon = Toon::Shared(index);
        memo(memo: &str) => memo = memo.to_string();
    }
    pub fn specular(mut self, specular: Vec3, power: f32) -> Self {
        let m = self.material();
        m.specular = specular;
        m.specular_power = power;
        self
    }
    pub fn flag(mut self, bit: u8, on: bool) -> Self {
        self.material().flags.set(bit, on);
        self
    }
    pub fn double_sided(self) -> Self {
        self.flag(MaterialFlags::DOUBLE_SIDED, true)
    }
    /// Draws the outline edge in this colour and size.
    pub fn edge(mut self, color: Vec4, size: f32) -> Self {
        let m = self.material();
        m.flags.set(MaterialFlags::EDGE, true);
        m.edge_color = color;
        m.edge_size = size;
        self
    }
    pub fn texture(mut self, path: &str) -> Self {
        let t = self.b.texture(path);
        self.material().texture = t;
        self
    }
    pub fn sphere(mut self, path: &str, mode: SphereMode) -> Self {
        let t = self.b.texture(path);
        let m = self.material();
        m.sphere_texture = t;
        m.sphere_mode = mode;
        self
    }
    pub fn toon_texture(mut self, path: &str) -> Self {
        let t = self.b.texture(path);
        self.material().toon = Toon::Texture(t);
        self
    }
}

handle! { MorphBuilder, Morph, morphs, morph, "morph" }

/// A material morph offset that changes nothing when multiplied
/// (all factors 1); set the fields to change.
pub fn material_multiply(material: i32) -> MaterialOffset {
    MaterialOffset::identity(material, MaterialOp::Multiply)
}

/// A material morph offset that changes nothing when added (all zero).
pub fn material_add(material: i32) -> MaterialOffset {
    MaterialOffset::identity(material, MaterialOp::Add)
}

handle! { FrameBuilder, DisplayFrame, display_frames, frame, "display frame" }

impl FrameBuilder<'_> {
    /// Special frame (Root, 表情): editors must not delete it.
    pub fn special(mut self) -> Self {
        self.frame().special = true;
        self
    }
    pub fn bone(self, bone: i32) -> Self {
        self.bones([bone])
    }
    pub fn bones(mut self, bones: impl IntoIterator<Item = i32>) -> Self {
        self.frame()
            .elements
            .extend(bones.into_iter().map(DisplayElement::Bone));
        self
    }
    pub fn morph(self, morph: i32) -> Self {
        self.morphs([morph])
    }
    pub fn morphs(mut self, morphs: impl IntoIterator<Item = i32>) -> Self {
        self.frame()
            .elements
            .extend(morphs.into_iter().map(DisplayElement::Morph));
        self
    }
}

handle! { RigidBodyBuilder, RigidBody, rigid_bodies, body, "rigid body" }

impl RigidBodyBuilder<'_> {
    setters! { body;
        /// Model-space position.
        at(position: Vec3);
        /// Euler angles in radians (see [`euler_rotation`](crate::pmx::euler_rotation)).
        rotation(euler: Vec3) => rotation = euler;
        mode(mode: RigidMode);
        /// Collision group 0..=15.
        group(group: u8);
        /// The stored mask: bit n set = collides with group n.
        mask(collision_mask: u16);
        mass(mass: f32);
        restitution(restitution: f32);
        friction(friction: f32);
    }
    fn shape(mut self, shape: RigidShape, size: Vec3) -> Self {
        let r = self.body();
        r.shape = shape;
        r.size = size;
        self
    }
    pub fn sphere(self, radius: f32) -> Self {
        self.shape(RigidShape::Sphere, Vec3::new(radius, 0.0, 0.0))
    }
    /// A box of these half extents.
    pub fn box_shape(self, half_extents: Vec3) -> Self {
        self.shape(RigidShape::Box, half_extents)
    }
    /// A capsule along its local Y: `height` is the cylinder part between the caps.
    pub fn capsule(self, radius: f32, height: f32) -> Self {
        self.shape(RigidShape::Capsule, Vec3::new(radius, height, 0.0))
    }
    /// A capsule whose cylinder part runs from `a` to `b`: placed at the
    /// midpoint and turned so its Y axis lies along `b − a`.
    pub fn capsule_between(self, a: Vec3, b: Vec3, radius: f32) -> Self {
        // A capsule is symmetric: point its axis up so the angles stay small.
        let d = if (b - a).y < 0.0 { a - b } else { b - a };
        self.capsule(radius, d.length())
            .at((a + b) * 0.5)
            .rotation(euler_angles(Quat::from_rotation_arc(
                Vec3::Y,
                d.normalize_or(Vec3::Y),
            )))
    }
    pub fn follow_bone(self) -> Self {
        self.mode(RigidMode::FollowBone)
    }
    pub fn dynamic(self) -> Self {
        self.mode(RigidMode::Dynamic)
    }
    pub fn dynamic_with_bone_position(self) -> Self {
        self.mode(RigidMode::DynamicWithBonePosition)
    }
    /// Clears the mask bits of these groups (PMX Editor's 非衝突グループ).
    pub fn no_collision_with(mut self, groups: &[u8]) -> Self {
        clear_groups(&mut self.body().collision_mask, groups);
        self
    }
    pub fn damping(mut self, linear: f32, angular: f32) -> Self {
        let r = self.body();
        r.linear_damping = linear;
        r.angular_damping = angular;
        self
    }
}

/// (v, 0, 0): the X-axis-only values of ConeTwist, Hinge and Slider joints.
fn on_x(v: f32) -> Vec3 {
    Vec3::new(v, 0.0, 0.0)
}

handle! { JointBuilder, Joint, joints, joint, "joint" }

impl JointBuilder<'_> {
    setters! { joint;
        at(position: Vec3);
        rotation(euler: Vec3) => rotation = euler;
    }
    pub fn linear_limits(mut self, lower: Vec3, upper: Vec3) -> Self {
        let j = self.joint();
        j.linear_lower = lower;
        j.linear_upper = upper;
        self
    }
    pub fn angular_limits(mut self, lower: Vec3, upper: Vec3) -> Self {
        let j = self.joint();
        j.angular_lower = lower;
        j.angular_upper = upper;
        self
    }
    pub fn springs(mut self, linear: Vec3, angular: Vec3) -> Self {
        let j = self.joint();
        j.linear_spring = linear;
        j.angular_spring = angular;
        self
    }
    /// ConeTwist (kind 3) fields as the spec maps them: swing spans (Z, Y) and
    /// twist span (X) into the angular lower limit; softness / bias /
    /// relaxation into the linear spring; damping and fix threshold into the
    /// linear limits' X. Motor off. Use Bullet's defaults 1.0 / 0.3 / 1.0,
    /// damping 0.01, fix threshold 0.05 unless you mean otherwise.
    #[allow(clippy::too_many_arguments)]
    pub fn cone_twist(
        self,
        swing_span1: f32,
        swing_span2: f32,
        twist_span: f32,
        softness: f32,
        bias: f32,
        relaxation: f32,
        damping: f32,
        fix_thresh: f32,
    ) -> Self {
        self.angular_limits(Vec3::new(twist_span, swing_span2, swing_span1), Vec3::ZERO)
            .linear_limits(on_x(damping), on_x(fix_thresh))
            .springs(Vec3::new(softness, bias, relaxation), Vec3::ZERO)
    }
    /// Hinge (kind 5) limits about the joint's X axis, with softness / bias /
    /// relaxation (Bullet's defaults 0.9 / 0.3 / 1.0). Motor off.
    pub fn hinge(self, low: f32, high: f32, softness: f32, bias: f32, relaxation: f32) -> Self {
        self.angular_limits(on_x(low), on_x(high))
            .springs(Vec3::new(softness, bias, relaxation), Vec3::ZERO)
    }
    /// Slider (kind 4) travel and twist along/about the joint's X axis. Motors off.
    pub fn slider(
        self,
        linear_low: f32,
        linear_high: f32,
        angle_low: f32,
        angle_high: f32,
    ) -> Self {
        self.linear_limits(on_x(linear_low), on_x(linear_high))
            .angular_limits(on_x(angle_low), on_x(angle_high))
            .springs(Vec3::ZERO, Vec3::ZERO)
    }
}

handle! { SoftBodyBuilder, SoftBody, soft_bodies, soft, "soft body" }

impl SoftBodyBuilder<'_> {
    setters! { soft;
        group(group: u8);
        mask(collision_mask: u16);
        flags(flags: u8) => flags = SoftBodyFlags(flags);
        mass(total_mass: f32);
        margin(margin: f32);
        aero(aero_model: AeroModel);
        config(config: SoftBodyConfig);
        cluster_params(cluster: SoftBodyClusterParams);
        iterations(iterations: SoftBodyIterations);
    }
    pub fn no_collision_with(mut self, groups: &[u8]) -> Self {
        clear_groups(&mut self.soft().collision_mask, groups);
        self
    }
    fn flag(mut self, bit: u8, on: bool) -> Self {
        let flags = &mut self.soft().flags.0;
        *flags = (*flags & !bit) | if on { bit } else { 0 };
        self
    }
    /// Bending links between nodes up to `distance` links apart (0 = none).
    pub fn b_link(mut self, distance: i32) -> Self {
        self.soft().b_link_distance = distance;
        self.flag(SoftBodyFlags::B_LINK, distance > 0)
    }
    /// Cluster collision with `count` clusters (0 = off).
    pub fn clusters(mut self, count: i32) -> Self {
        self.soft().cluster_count = count;
        self.flag(SoftBodyFlags::CLUSTERS, count > 0)
    }
    /// Linear / area-angular / volume stiffness, each 0..=1.
    pub fn stiffness(mut self, lst: f32, ast: f32, vst: f32) -> Self {
        self.soft().material_params = SoftBodyMaterial { lst, ast, vst };
        self
    }
    /// Ties `vertex`'s node to `rigid_body`.
    pub fn anchor(mut self, rigid_body: i32, vertex: i32, near_mode: bool) -> Self {
        self.soft().anchors.push(SoftBodyAnchor {
            rigid_body,
            vertex,
            near_mode,
        });
        self
    }
    pub fn pin(self, vertex: i32) -> Self {
        self.pins([vertex])
    }
    pub fn pins(mut self, vertices: impl IntoIterator<Item = i32>) -> Self {
        self.soft().pins.extend(vertices);
        self
    }
}
