//! Whether a bone or morph name survives a VMD motion: VMD stores names in
//! fixed Shift-JIS fields and motions bind by name, so a longer name is cut and a
//! character Shift-JIS lacks is replaced — the motion then misses the element.

/// Bytes of a bone name in a VMD bone key.
pub const VMD_BONE_NAME_BYTES: usize = 15;
/// Bytes of a morph name in a VMD morph key.
pub const VMD_MORPH_NAME_BYTES: usize = 15;

/// What a name becomes in a VMD.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VmdNameFit {
    /// Shift-JIS bytes of the characters Shift-JIS holds.
    pub bytes: usize,
    /// Characters Shift-JIS cannot hold, in order, each once.
    pub unmappable: Vec<char>,
}

impl VmdNameFit {
    /// True when the name comes back from a VMD as it is (`limit` bytes).
    pub fn fits(&self, limit: usize) -> bool {
        self.bytes <= limit && self.unmappable.is_empty()
    }
}

/// Measures `name` in Shift-JIS (encoding_rs's, as MMD's files use).
pub fn vmd_name_fit(name: &str) -> VmdNameFit {
    let mut fit = VmdNameFit {
        bytes: 0,
        unmappable: Vec::new(),
    };
    if name.is_ascii() {
        fit.bytes = name.len();
        return fit;
    }
    // Character by character into a stack buffer: the inspector calls this every
    // frame while a name is shown, so nothing is allocated unless a character fails.
    let mut encoder = encoding_rs::SHIFT_JIS.new_encoder();
    let mut utf8 = [0u8; 4];
    let mut out = [0u8; 8];
    for c in name.chars() {
        let (result, _, written) =
            encoder.encode_from_utf8_without_replacement(c.encode_utf8(&mut utf8), &mut out, false);
        if matches!(result, encoding_rs::EncoderResult::Unmappable(_)) {
            if !fit.unmappable.contains(&c) {
                fit.unmappable.push(c);
            }
        } else {
            fit.bytes += written;
        }
    }
    fit
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_at_fifteen_and_sixteen_bytes() {
        // 7 kanji (14 bytes) + 1 ASCII = 15: fits; one more ASCII = 16: does not.
        let fifteen = "左腕捩左腕捩左a";
        assert_eq!(vmd_name_fit(fifteen).bytes, 15);
        assert!(vmd_name_fit(fifteen).fits(VMD_BONE_NAME_BYTES));
        let sixteen = "左腕捩左腕捩左ab";
        assert_eq!(vmd_name_fit(sixteen).bytes, 16);
        assert!(!vmd_name_fit(sixteen).fits(VMD_BONE_NAME_BYTES));
        assert!(vmd_name_fit("abcdefghijklmno").fits(VMD_MORPH_NAME_BYTES));
        assert!(!vmd_name_fit("abcdefghijklmnop").fits(VMD_MORPH_NAME_BYTES));
        // Half-width katakana is one byte, full-width digits two.
        assert_eq!(vmd_name_fit("ｳｨﾝｸ").bytes, 4);
        assert_eq!(vmd_name_fit("１").bytes, 2);
    }

    #[test]
    fn characters_outside_shift_jis() {
        let fit = vmd_name_fit("髪🎀𠮷🎀");
        assert_eq!(fit.unmappable, vec!['🎀', '𠮷']);
        assert_eq!(fit.bytes, 2);
        assert!(!fit.fits(VMD_BONE_NAME_BYTES));
        assert!(vmd_name_fit("吉").fits(VMD_BONE_NAME_BYTES));
        assert!(vmd_name_fit("").fits(VMD_BONE_NAME_BYTES));
    }
}
