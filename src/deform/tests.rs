//! Unit tests built from the spec's own examples.
