//! Any bytes: reading a VMD never panics, and its curves evaluate to finite values.
#![no_main]

mod common;

use hone::motion::read_vmd;
use libfuzzer_sys::fuzz_target;

#[global_allocator]
static ALLOC: common::Capped = common::Capped;

fuzz_target!(|data: &[u8]| {
    common::guard(data.len());
    let Ok(vmd) = read_vmd(data) else { return };
    for (_, key) in vmd.bone_keys.iter().take(64) {
        for curve in &key.curves {
            let y = curve.eval(0.37);
            assert!(y.is_finite(), "curve {curve:?} gives {y}");
        }
    }
    let _ = vmd.last_frame();
});
