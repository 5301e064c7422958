//! Semi-standard bones (準標準ボーン).
