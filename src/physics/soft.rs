//! Soft bodies (XPBD). In progress.
