use hone_core::check::*;
fn main() {
    let old = ["E-INDEX-RANGE","E-PARENT-CYCLE","E-APPEND-CYCLE","E-ORDER-PARENT","E-ORDER-APPEND","E-ORDER-IK","E-IK-TARGET-NONE","E-IK-CHAIN","W-IK-NO-LINKS","W-IK-LOOP-ZERO","W-WEIGHT-SUM","W-WEIGHT-RANGE","E-WEIGHT-ZERO","E-WEIGHT-NONE-BONE","W-SDEF-DEGENERATE","I-SDEF-POINTLESS","W-SDEF-CENTER","E-VERSION-21-FEATURE","W-FACE-UNUSED","W-BODY-NO-BONE","W-SOFTBODY-NO-MATERIAL","E-JOINT-NO-BODY","E-JOINT-SAME-BODY","W-JOINT-KINEMATIC","E-BODY-OVERLAP","W-BODY-OVERLAP-JOINED","W-TEXTURE-MISSING","I-TEXTURE-MISSING-UNUSED","I-TEXTURE-CASE","W-DUP-BONE-NAME","W-DUP-MORPH-NAME","W-MORPH-GROUP-NESTED","E-AXIS-DEGENERATE","W-AXIS-NOT-UNIT"];
    for f in ["gene/Gene.pmx","gene/Gene_light.pmx","mei/mei.pmd","alicia_blade/Alicia_blade.pmx","nanoem_stripped/test.pmx","pmx21_softbody_stub/sample_pmx21_utf8.pmx","generated_deform/mixed-deform-types.pmx"] {
        let path = format!("/work/shared/models/{f}");
        let m = hone_core::pmx::load(std::path::Path::new(&path)).unwrap().model;
        let ps = check_model(&m, &CheckContext::for_file(std::path::Path::new(&path)));
        let mut counts = std::collections::BTreeMap::new();
        for p in &ps { *counts.entry(p.code).or_insert(0) += 1; assert!(catalog::info(p.code).is_some(), "{} not in catalog", p.code); assert_eq!(catalog::info(p.code).unwrap().severity, p.severity, "{}", p.code); }
        println!("=== {f}: {counts:?}");
        let verbose = std::env::args().nth(1).map_or(false, |a| f.contains(&a));
        let mut shown = std::collections::HashMap::new();
        for p in &ps { if !old.contains(&p.code) { let n = shown.entry(p.code).or_insert(0); *n += 1; if *n <= if verbose { 100 } else { 3 } { println!("  {} {} {}", p.code, p.message, p.fix.as_ref().map(|x| format!(" [fix: {}]", x.description(&m))).unwrap_or_default()); } } }
    }
}
