//! Shared by the fuzz targets: an allocator that fails any input whose live
//! heap grows far beyond its own size (a count trusted before it was checked).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// Live bytes allowed per input byte, plus a fixed allowance; every real model
/// in the seed corpora (Gene.pmx, 2.8 MB, the largest) runs inside it.
const PER_INPUT_BYTE: usize = 64;
const FIXED: usize = 64 << 20;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static LIMIT: AtomicUsize = AtomicUsize::new(usize::MAX);

pub struct Capped;

unsafe impl GlobalAlloc for Capped {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if LIVE.fetch_add(layout.size(), Relaxed) + layout.size() > LIMIT.load(Relaxed) {
            LIVE.fetch_sub(layout.size(), Relaxed);
            // Null makes Rust abort with "memory allocation of N bytes failed",
            // which libFuzzer records as a crash.
            return std::ptr::null_mut();
        }
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Relaxed);
        System.dealloc(ptr, layout)
    }
}

/// Caps the live heap while one input runs (libFuzzer's own buffers included
/// in the baseline).
pub fn guard(input_len: usize) {
    let limit = LIVE.load(Relaxed) + FIXED + input_len.saturating_mul(PER_INPUT_BYTE);
    LIMIT.store(limit, Relaxed);
}
