//! Every check Hone runs, one entry per code: its severity, category, what it
//! means, why it matters in MMD and how to fix it. The one owner of a code's
//! category (the Problems panel groups by it) and of docs/checks.md
//! (`hone check --list` prints [`markdown`]; a test keeps the file equal to it).
//!
//! This file is long because it is a table; each entry is a few lines of text.

use super::Severity;
use serde::Serialize;

/// What part of the rig a check is about (the Problems panel's groups).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Category {
    /// References, names, counts, numbers, morph values, the file version.
    Structure,
    /// Vertex weights and SDEF parameters.
    Weights,
    /// Deform order (変形順序).
    Order,
    /// Rigid bodies, joints and soft bodies.
    Physics,
    /// Display frames and material colours: what MMD shows.
    Display,
    /// Texture files and paths.
    Textures,
}

impl Category {
    pub const ALL: [Category; 6] = [
        Category::Structure,
        Category::Weights,
        Category::Order,
        Category::Physics,
        Category::Display,
        Category::Textures,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Category::Structure => "structure",
            Category::Weights => "weights",
            Category::Order => "order",
            Category::Physics => "physics",
            Category::Display => "display",
            Category::Textures => "textures",
        }
    }
}

/// One check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct CheckInfo {
    pub code: &'static str,
    pub severity: Severity,
    pub category: Category,
    /// What it finds.
    pub meaning: &'static str,
    /// What goes wrong in MMD.
    pub why: &'static str,
    /// How to fix it (and what Hone's fix does, if it offers one).
    pub fix: &'static str,
}

/// The entry for `code`.
pub fn info(code: &str) -> Option<&'static CheckInfo> {
    CATALOG.iter().find(|c| c.code == code)
}

/// The category of `code` (structure for a code not in the catalog).
pub fn category(code: &str) -> Category {
    info(code).map_or(Category::Structure, |c| c.category)
}

/// docs/checks.md: every check by category.
pub fn markdown() -> String {
    let mut s = String::from(
        "# Rig checks\n\n\
         `hone check FILE` and the Problems panel run every check below after each edit. \
         The panel also looks for the texture files again (in the model file's folder) \
         when the window gets the focus back and every 2 s while it is shown. \
         Codes are stable: `E-` error (the rig is broken), `W-` warning (probably unintended), \
         `I-` info (worth knowing). \"Fix\" says what to do; where Hone offers a fix it goes \
         through the undo history (`hone check FILE --fix OUT` applies them all). \
         Generated from `core/src/check/catalog.rs` (`hone check --list`).\n",
    );
    for cat in Category::ALL {
        s.push_str(&format!("\n## {}\n", cat.name()));
        for c in CATALOG.iter().filter(|c| c.category == cat) {
            s.push_str(&format!(
                "\n### {}\n\n{} ({}).\n\n- Why it matters in MMD: {}.\n- Fix: {}\n",
                c.code,
                c.meaning,
                c.severity.name(),
                c.why,
                c.fix
            ));
        }
    }
    s
}

macro_rules! check {
    ($code:literal, $sev:ident, $cat:ident, $meaning:literal, $why:literal, $fix:literal) => {
        CheckInfo {
            code: $code,
            severity: Severity::$sev,
            category: Category::$cat,
            meaning: $meaning,
            why: $why,
            fix: $fix,
        }
    };
}

pub const CATALOG: &[CheckInfo] = &[
    // ---------------------------------------------------------------- structure
    check!("E-INDEX-RANGE", Error, Structure,
        "A reference (parent, tail, weight bone, face vertex, morph offset, frame entry, body bone, joint body, soft-body anchor, toon, texture) points outside its list, or a material draws past the face list, or a collision group is above 15",
        "MMD crashes, refuses the file, or reads garbage; a group above 15 puts the body in no group, so it collides with nothing",
        "Point the reference at an existing element (or −1 where the spec allows none)."),
    check!("E-PARENT-CYCLE", Error, Structure,
        "A bone is its own ancestor",
        "Bone matrices are built parent first; a cycle has no first bone, so the chain cannot be evaluated",
        "Break the cycle by giving one bone another parent."),
    check!("E-APPEND-CYCLE", Error, Structure,
        "Append (付与) sources form a cycle",
        "Each bone reads its source's rotation/translation; a cycle never settles",
        "Remove one append or point it elsewhere."),
    check!("E-IK-TARGET-NONE", Error, Structure,
        "An IK bone has no target (−1)",
        "The solver has nothing to move toward; the IK does nothing",
        "Set the IK target (the bone at the chain's end, e.g. 足首)."),
    check!("E-IK-CHAIN", Error, Structure,
        "An IK link is not an ancestor of the target (link 0) or of the previous link",
        "The solver rotates links assuming they carry the target; otherwise the chain twists without reaching",
        "List the links from the target upward along the parent chain."),
    check!("W-IK-NO-LINKS", Warning, Structure,
        "An IK bone has no links",
        "The solver has nothing to rotate",
        "Add the chain's bones as links, or remove the IK."),
    check!("W-IK-LOOP-ZERO", Warning, Structure,
        "An IK loop count ≤ 0",
        "The solver never runs",
        "Set a loop count (40 is usual for legs)."),
    check!("E-VERSION-21-FEATURE", Error, Structure,
        "A file declared PMX 2.0 uses PMX 2.1 features (QDEF, flip/impulse morphs, vertex colour/point/line materials, non-spring joints, soft bodies)",
        "PMX 2.0 readers, MMD among them, fail on them",
        "Declare the file 2.1 (Hone's fix), or remove the features."),
    check!("W-FACE-UNUSED", Warning, Structure,
        "Materials draw fewer face indices than the face list holds",
        "The last faces belong to no material and are never drawn",
        "Give the faces to a material or delete them."),
    check!("E-MATERIAL-FACE-COUNT", Error, Structure,
        "A material's face index count is negative or not a multiple of 3",
        "Every later material starts mid-triangle and draws shifted, broken triangles",
        "Set the count to three times the material's triangles."),
    check!("E-NONFINITE", Error, Structure,
        "A number is NaN or infinite (vertex, bone, morph offset, material, rigid body, joint or soft body; weights and bone axes have their own checks)",
        "One NaN spreads through skinning or physics: vertices vanish, bodies fly off",
        "Re-enter the value (PMX Editor shows it as NaN/∞)."),
    check!("W-NAME-EMPTY", Warning, Structure,
        "A bone or morph has no name",
        "Motions bind bones and morphs by name, so it cannot be keyed",
        "Name it (Hone's fix gives a placeholder such as ボーン12)."),
    check!("I-NAME-EMPTY", Info, Structure,
        "A material, rigid body, joint, soft body, display frame or the model has no name",
        "Harmless to MMD, but lists show blanks and tools that match by name cannot find it",
        "Name it (Hone's fix gives a placeholder; the model name has no fix)."),
    check!("W-DUP-BONE-NAME", Warning, Structure,
        "Two bones share a name",
        "Motions bind by name, so only the first gets keyframes",
        "Rename the later one (Hone's fix: name_2, the first free suffix)."),
    check!("W-DUP-MORPH-NAME", Warning, Structure,
        "Two morphs share a name",
        "Motions bind by name, so only the first gets keyframes",
        "Rename the later one (Hone's fix: name_2)."),
    check!("I-DUP-NAME", Info, Structure,
        "Two materials, rigid bodies, joints, soft bodies or display frames share a name",
        "Harmless to MMD; tools that match by name (mmd_tools, effect files) mix them up",
        "Rename the later one (Hone's fix: name_2)."),
    check!("I-NAME-VMD", Info, Structure,
        "A bone or morph name is longer than 15 bytes in Shift-JIS (or has characters Shift-JIS lacks)",
        "VMD motion files store 15 bytes of the name, so they carry it cut short",
        "Shorten the name if motions should find it reliably."),
    check!("W-NAME-VMD-CLASH", Warning, Structure,
        "Two bones (or morphs) agree in the first 15 Shift-JIS bytes of their names",
        "A VMD motion stores only those bytes, so it cannot tell them apart: one gets the other's keys",
        "Rename one so the first 15 bytes differ."),
    check!("W-MORPH-GROUP-NESTED", Warning, Structure,
        "A group morph lists another group morph",
        "The spec does not support groups of groups; runtimes differ (MMD ignores the inner group)",
        "List the inner group's morphs directly."),
    check!("W-MORPH-PANEL", Warning, Structure,
        "A morph's panel is not 0..4 (system, eyebrow, eye, mouth, other)",
        "MMD files the morph under no panel",
        "Choose a panel (Hone's fix: 4, other)."),
    check!("W-MORPH-UV-LAYER", Warning, Structure,
        "An additional-UV morph moves a UV layer the file does not have",
        "The header declares fewer additional UVs, so the morph changes nothing",
        "Raise the file's additional UV count or retarget the morph."),
    check!("W-MORPH-BONE-ROTATION", Warning, Structure,
        "A bone-morph rotation is not a unit quaternion",
        "The bone is scaled or collapses when the morph is applied",
        "Normalise the rotations (Hone's fix; a zero rotation becomes none)."),
    check!("E-MORPH-MATERIAL-OP", Error, Structure,
        "A material-morph offset's operation is neither 0 (multiply) nor 1 (add)",
        "Readers disagree on what it does; MMD may reject the morph",
        "Set the operation to multiply or add."),
    check!("E-AXIS-DEGENERATE", Error, Structure,
        "A fixed or local axis is zero or not finite, or local X ∥ Z",
        "The spec builds the local frame from X and Z; it collapses and the bone rotates unpredictably",
        "Enter a real direction (PMX Editor: 軸制限/ローカル軸)."),
    check!("W-AXIS-NOT-UNIT", Warning, Structure,
        "A fixed or local axis is not unit length",
        "Readers that do not normalise scale the rotation",
        "Normalise it (Hone's fix)."),
    // ---------------------------------------------------------------- weights
    check!("E-WEIGHT-NONE-BONE", Error, Weights,
        "A vertex puts weight on bone −1",
        "That share of the vertex stays at the origin or is dropped, so the mesh tears",
        "Normalise the weights (Hone's fix drops the −1 share)."),
    check!("W-WEIGHT-RANGE", Warning, Weights,
        "A weight is outside 0..1 or not finite",
        "The vertex overshoots its bones and stretches",
        "Normalise the weights (Hone's fix)."),
    check!("E-WEIGHT-ZERO", Error, Weights,
        "BDEF4/QDEF weights sum to about 0",
        "No bone moves the vertex: it stays at the origin",
        "Weight the vertex to its bones."),
    check!("W-WEIGHT-SUM", Warning, Weights,
        "BDEF4/QDEF weights do not sum to 1 (±0.001)",
        "MMD does not renormalise, so the vertex shrinks toward or overshoots its bones",
        "Normalise the weights (Hone's fix)."),
    check!("W-SDEF-DEGENERATE", Warning, Weights,
        "SDEF on the same bone twice, or C/R0/R1 not finite",
        "SDEF has nothing to blend and skins wrongly",
        "Make it BDEF2, or fix the SDEF parameters."),
    check!("I-SDEF-POINTLESS", Info, Weights,
        "SDEF with the whole weight on one bone",
        "It equals BDEF1 but costs SDEF's work",
        "Make it BDEF1 (Hone's fix)."),
    check!("W-SDEF-CENTER", Warning, Weights,
        "An SDEF centre C far from the joint of its two bones",
        "SDEF rotates around C; far from the joint, the skin bulges or caves",
        "Move C to the joint the bones share."),
    // ---------------------------------------------------------------- order
    check!("E-ORDER-PARENT", Error, Order,
        "A bone is evaluated before its parent (deform layer / index)",
        "The bone reads last frame's parent: it lags or jitters",
        "Raise its deform layer (Hone's fix raises it and the bones that depend on it)."),
    check!("E-ORDER-APPEND", Error, Order,
        "A bone is evaluated before its multi-level or local append source",
        "It reads the source before the source is computed",
        "Raise its deform layer (Hone's fix)."),
    check!("E-ORDER-IK", Error, Order,
        "An IK bone before its target/links, or an append bone before the IK that rotates its source",
        "The solver or the append reads stale poses: feet slide, 足D bones lag",
        "Raise its deform layer (Hone's fix)."),
    // ---------------------------------------------------------------- physics
    check!("W-BODY-NO-BONE", Warning, Physics,
        "A mode 0 or mode 2 body has no bone",
        "Mode 0 stays where it was loaded; mode 2 has nothing to align to",
        "Give the body a bone."),
    check!("W-SOFTBODY-NO-MATERIAL", Warning, Physics,
        "A soft body has no material",
        "It has no mesh to simulate",
        "Assign the material it should simulate."),
    check!("E-JOINT-NO-BODY", Error, Physics,
        "A joint's body A or B is −1",
        "The joint connects nothing and is dropped",
        "Set both bodies."),
    check!("E-JOINT-SAME-BODY", Error, Physics,
        "A joint joins a body to itself",
        "Bullet cannot build it; the joint is dropped",
        "Set the other body."),
    check!("W-JOINT-KINEMATIC", Warning, Physics,
        "A joint links two bone-following (mode 0) bodies",
        "Both follow their bones, so the joint does nothing",
        "Make one body simulated, or delete the joint."),
    check!("E-BODY-OVERLAP", Error, Physics,
        "Two bodies that collide overlap in the rest pose (at least one simulated, not joined)",
        "Physics pushes them apart violently at the first step: the classic explosion",
        "Separate them, or stop them colliding (Hone's fix clears the two groups' mask bits on both bodies)."),
    check!("W-BODY-OVERLAP-JOINED", Warning, Physics,
        "Two joined bodies that collide overlap at rest",
        "The joint holds them together while the contact pushes them apart: they jitter",
        "Stop them colliding (Hone's fix)."),
    check!("W-BODY-OVERLAP-CHAIN", Warning, Physics,
        "Two bodies of the same chain of joints collide and overlap at rest",
        "The chain's joints hold them against each other, so they fight and jitter (skirts, hair)",
        "Stop them colliding (Hone's fix)."),
    check!("W-BODY-UNJOINED", Warning, Physics,
        "A simulated body (mode 1, or without a bone) no joint ties to another body",
        "It falls away under gravity and drags its bone along",
        "Joint it to the body it should hang from, or make it follow its bone."),
    check!("W-CHAIN-ROOT-DYNAMIC", Warning, Physics,
        "A chain of jointed bodies that no body holds (none follows its bone, none is mode 2), reported on its root",
        "The whole chain drops; the root of hair or a skirt should follow its animated parent bone",
        "Make the root follow its bone (Hone's fix when the parent bone is animated), or joint the chain to the body that moves its parent."),
    check!("W-BODY-FOLLOW-ON-PHYSICS-BONE", Warning, Physics,
        "A bone-following body sits on a bone physics moves (a simulated body drives it or an ancestor, or it appends from one)",
        "It is placed from the pose before physics, lags a frame and pushes the bodies that drive its bone",
        "Make it simulated and joint it into the chain, or move it to an animated bone."),
    check!("W-BONE-BELOW-PHYSICS", Warning, Physics,
        "A weighted bone (or one whose plain descendants carry weight) below a bone a simulated body drives, with no simulated body of its own and not 物理後変形 (after physics, 0x1000)",
        "MMD computes it before physics and keeps it there: it does not move with the hair or cloth above it, so its vertices stay behind (MMDAgent and babylon-mmd agree; saba moves it)",
        "Set 物理後変形 on it (Hone's fix), so it is recomputed from the physics result, or give it its own body."),
    check!("W-BODY-BONE-DRIVEN", Warning, Physics,
        "A simulated body on a bone that IK or append (付与) also drives",
        "Physics and the solver overwrite each other every frame: the bone jitters",
        "Put the body on a bone only physics moves, or make it follow its bone."),
    check!("W-BODY-FAR-FROM-BONE", Warning, Physics,
        "A body more than 5× its size (and 2 units) from its bone — or a simulated body that far from the bone its bone hangs from",
        "It swings its bone on a long invisible arm (Gene's 前クローク2_2錘 hangs 93 units below its cloak)",
        "Move the body (or the bone) to where it belongs."),
    check!("W-BODY-MASS", Warning, Physics,
        "A mode 1 or 2 body with mass ≤ 0",
        "Bullet makes a body without mass static: it never moves",
        "Give it a mass (Hone's fix: 1)."),
    check!("W-BODY-TINY", Warning, Physics,
        "A simulated body below 0.1 units across its widest radius",
        "So small a body jitters and passes through others",
        "Make it larger, or let it follow its bone."),
    check!("I-BODY-MODE2-AS-MODE1", Info, Physics,
        "A mode-2 body jointed to a simulated body on its bone's parent",
        "MMD runs such a body as mode 1: its bone takes the body's position too",
        "Nothing to do if that is what you want; otherwise change the mode or the chain."),
    check!("W-JOINT-MASS-RATIO", Warning, Physics,
        "A joint joins two simulated bodies whose masses differ more than 10×",
        "The solver cannot hold the light one: jitter",
        "Bring the masses closer."),
    check!("W-JOINT-Y-90", Warning, Physics,
        "A joint's rotation limit on Y reaches ±90°",
        "Bullet's 6DOF joint reads rotations as Euler angles, which lock at Y = ±90°; the joint flips or jitters",
        "Keep Y within ±80° (swap the joint's axes if it must turn further)."),
    check!("W-JOINT-LIMIT-INVERTED", Warning, Physics,
        "A joint's lower limit is above its upper limit on an axis",
        "Bullet leaves that axis free — sometimes meant, usually a typo",
        "Swap the limits if the axis should be limited."),
    check!("W-JOINT-SPRING-STIFF", Warning, Physics,
        "A spring on a movable joint axis with k·h²/m > 4 (h = 1/60 s, m the bodies' reduced mass)",
        "At 60 Hz such a spring overshoots every step and the motion grows: the chain explodes",
        "Lower the stiffness (Hone's fix: k = m/h²)."),
    // ---------------------------------------------------------------- display
    check!("W-FRAME-ROOT", Warning, Display,
        "Display frame 0 is not the special frame \"Root\"",
        "PMX starts with the special frames; MMD and editors expect Root first (it holds the root bone)",
        "Hone's fix moves, adds, renames or flags the special frames."),
    check!("W-FRAME-EXP", Warning, Display,
        "Display frame 1 is not the special frame \"表情\"",
        "MMD lists morphs from the 表情 frame",
        "Hone's fix moves, adds, renames or flags the special frames."),
    check!("W-BONE-NO-FRAME", Warning, Display,
        "A visible, operable bone in no display frame",
        "MMD lists only framed bones in its timeline, so the bone cannot be keyed",
        "Add it to a frame (Hone's fix: the frame of its nearest framed ancestor)."),
    check!("W-MORPH-NO-FRAME", Warning, Display,
        "A morph in no display frame",
        "MMD's morph panel does not list it (a motion file can still drive it)",
        "Add it to the 表情 frame (Hone's fix)."),
    check!("W-FRAME-DUP", Warning, Display,
        "A bone or morph listed more than once in the display frames",
        "MMD shows it twice; keys entered on either row land on the same bone",
        "Keep one entry (Hone's fix keeps the first)."),
    check!("I-FRAME-HIDDEN", Info, Display,
        "A display frame lists a bone that is hidden or not operable",
        "MMD shows the entry but the bone cannot be picked or moved",
        "Remove the entry, or make the bone visible and operable."),
    check!("W-COLOR-RANGE", Warning, Display,
        "A material colour or alpha is outside 0..1",
        "MMD's shader and effects clamp or overflow such values differently: colours blow out",
        "Clamp into 0..1 (Hone's fix)."),
    // ---------------------------------------------------------------- textures
    check!("W-TEXTURE-MISSING", Warning, Textures,
        "A texture a material uses is not in the model's folder",
        "MMD draws the material untextured (white or its diffuse colour)",
        "Copy the file next to the model or fix the path."),
    check!("I-TEXTURE-MISSING-UNUSED", Info, Textures,
        "A texture no material uses is missing",
        "Nothing is drawn with it; the entry is dead weight",
        "Delete the entry or ship the file."),
    check!("I-TEXTURE-CASE", Info, Textures,
        "A texture only exists with different letter case",
        "Fine on Windows (MMD), missing on case-sensitive systems",
        "Make the path's case match the file."),
    check!("W-TEXTURE-PATH-ABSOLUTE", Warning, Textures,
        "A texture path is absolute (drive letter, leading separator, UNC)",
        "It only resolves on the machine that made the model",
        "Make it relative to the model's folder."),
    check!("W-TEXTURE-PATH-ESCAPES", Warning, Textures,
        "A texture path climbs out of the model's folder (\"..\")",
        "The model does not travel as one folder; shared copies lose the texture",
        "Copy the texture into the model's folder and point at it."),
    check!("I-TEXTURE-DUP", Info, Textures,
        "Two texture entries name the same file",
        "The file is loaded twice",
        "Point the materials at one entry and delete the other."),
];
