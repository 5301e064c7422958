//! Any bytes: reading a PMX never panics and never allocates far beyond the input.
#![no_main]

mod common;

use hone::pmx::read::read_pmx;
use libfuzzer_sys::fuzz_target;

#[global_allocator]
static ALLOC: common::Capped = common::Capped;

fuzz_target!(|data: &[u8]| {
    common::guard(data.len());
    let _ = read_pmx(data);
});
