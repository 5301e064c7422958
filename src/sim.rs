//! One frame of the whole pipeline. Not yet implemented.
