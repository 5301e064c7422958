//! The byte cursor shared by the PMX, PMD and VMD readers.
//!
//! Bounds-checked little-endian reads that never panic, the check of an
//! element count against the bytes left (made before anything is allocated),
//! and fixed-size Shift-JIS text fields. Failures here only say what is
//! wrong and where ([`Short`], [`TooMany`]); each reader words them in its
//! own messages and adds its section and element.

use glam::{Vec2, Vec3, Vec4};

/// A read position in a byte slice. It only moves forward, and only past
/// bytes that were there.
#[derive(Debug, Clone)]
pub struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

/// A read needed more bytes than were left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Short {
    /// Where the read started.
    pub at: usize,
    pub needed: usize,
    pub left: usize,
}

/// A count of elements cannot fit in the bytes left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooMany {
    /// count × smallest element size; None where that overflows.
    pub need: Option<usize>,
    pub left: usize,
}

/// A fixed-size little-endian value.
pub trait Le: Sized {
    fn read(cursor: &mut Cursor<'_>) -> Result<Self, Short>;
}

impl<'a> Cursor<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Cursor { bytes, pos: 0 }
    }

    /// Byte offset of the next read.
    #[inline(always)]
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// The whole input (to look back at bytes already read).
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    #[inline(always)]
    pub fn left(&self) -> usize {
        self.bytes.len() - self.pos
    }

    pub fn is_at_end(&self) -> bool {
        self.pos == self.bytes.len()
    }

    #[cold]
    fn short(&self, needed: usize) -> Short {
        Short {
            at: self.pos,
            needed,
            left: self.left(),
        }
    }

    /// The next `n` bytes.
    #[inline(always)]
    pub fn take(&mut self, n: usize) -> Result<&'a [u8], Short> {
        let bytes: &'a [u8] = self.bytes;
        match bytes.get(self.pos..).and_then(|s| s.get(..n)) {
            Some(s) => {
                self.pos += n;
                Ok(s)
            }
            None => Err(self.short(n)),
        }
    }

    /// The next `N` bytes as an array.
    #[inline(always)]
    pub fn array<const N: usize>(&mut self) -> Result<[u8; N], Short> {
        match self
            .bytes
            .get(self.pos..)
            .and_then(|s| s.first_chunk::<N>())
        {
            Some(a) => {
                self.pos += N;
                Ok(*a)
            }
            None => Err(self.short(N)),
        }
    }

    /// Any fixed-size value: `let mask: u16 = cursor.get()?`.
    #[inline(always)]
    pub fn get<T: Le>(&mut self) -> Result<T, Short> {
        T::read(self)
    }

    #[inline(always)]
    pub fn vec2(&mut self) -> Result<Vec2, Short> {
        let a: [u8; 8] = self.array()?;
        Ok(Vec2::new(f32_at(&a, 0), f32_at(&a, 4)))
    }
    #[inline(always)]
    pub fn vec3(&mut self) -> Result<Vec3, Short> {
        let a: [u8; 12] = self.array()?;
        Ok(vec3_at(&a, 0))
    }
    #[inline(always)]
    pub fn vec4(&mut self) -> Result<Vec4, Short> {
        let a: [u8; 16] = self.array()?;
        Ok(Vec4::new(
            f32_at(&a, 0),
            f32_at(&a, 4),
            f32_at(&a, 8),
            f32_at(&a, 12),
        ))
    }

    /// A fixed-size Shift-JIS text field (PMD, VMD), decoded by [`sjis_text`].
    pub fn sjis(&mut self, len: usize) -> Result<String, Short> {
        Ok(sjis_text(self.take(len)?))
    }

    /// Checks that `count` elements of at least `min_size` bytes each fit in
    /// what is left, so a corrupt count never causes a huge allocation.
    pub fn check_fits(&self, count: usize, min_size: usize) -> Result<(), TooMany> {
        let need = count.checked_mul(min_size);
        match need {
            Some(n) if n <= self.left() => Ok(()),
            _ => Err(TooMany {
                need,
                left: self.left(),
            }),
        }
    }
}

impl Short {
    /// The message every reader shows for it, naming what was being read.
    pub fn message(&self, what: &str) -> String {
        crate::tr!(
            "read-short",
            what = what,
            needed = self.needed,
            left = self.left
        )
    }
}

impl TooMany {
    /// The bytes needed, for a message ("too many" where it overflows).
    pub fn need_text(&self) -> String {
        self.need
            .map_or_else(|| crate::tr!("pmx-read-too-many"), |n| n.to_string())
    }

    /// The message every reader shows for `count` elements of `what`.
    pub fn message(&self, what: &str, count: usize) -> String {
        crate::tr!(
            "read-count-too-big",
            what = what,
            count = count,
            needed = self.need_text(),
            left = self.left
        )
    }
}

macro_rules! le {
    ($($t:ty => $read:ident),*) => {$(
        impl Le for $t {
            #[inline(always)]
            fn read(cursor: &mut Cursor<'_>) -> Result<Self, Short> {
                cursor.$read()
            }
        }
    )*};
}
le!(Vec2 => vec2, Vec3 => vec3, Vec4 => vec4);

/// The little-endian numbers: a method each (`cursor.u16()`) and [`Le`] (`cursor.get::<u16>()`).
macro_rules! numbers {
    ($($t:ident),*) => {
        impl Cursor<'_> {$(
            #[inline(always)]
            pub fn $t(&mut self) -> Result<$t, Short> {
                Ok($t::from_le_bytes(self.array()?))
            }
        )*}
        le!($($t => $t),*);
    };
}
numbers!(u8, u16, u32, i32, f32);

/// The f32 at byte `at` of a record already taken whole.
#[inline(always)]
pub fn f32_at(b: &[u8], at: usize) -> f32 {
    f32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// The three f32 at byte `at` of a record already taken whole.
#[inline(always)]
pub fn vec3_at(b: &[u8], at: usize) -> Vec3 {
    Vec3::new(f32_at(b, at), f32_at(b, at + 4), f32_at(b, at + 8))
}

/// The text part of a fixed-size field: the bytes before the first NUL (the
/// padding after it, 0xFD or leftovers of older names, is not text).
pub fn until_nul(field: &[u8]) -> &[u8] {
    let end = field.iter().position(|&b| b == 0).unwrap_or(field.len());
    &field[..end]
}

/// Decodes a fixed-size Shift-JIS field up to its first NUL.
pub fn sjis_text(field: &[u8]) -> String {
    let (text, _) = encoding_rs::SHIFT_JIS.decode_without_bom_handling(until_nul(field));
    text.into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_advance_only_over_bytes_that_are_there() {
        let mut c = Cursor::new(&[1, 0, 2, 0, 0, 0, 9]);
        assert_eq!(c.u16(), Ok(1));
        assert_eq!(c.get::<u32>(), Ok(2));
        assert_eq!(
            c.u16(),
            Err(Short {
                at: 6,
                needed: 2,
                left: 1
            })
        );
        assert_eq!(c.pos(), 6, "a failed read does not move");
        assert_eq!(
            c.take(usize::MAX).map(|_| ()).unwrap_err().needed,
            usize::MAX
        );
        assert_eq!(c.u8(), Ok(9));
        assert!(c.is_at_end());
    }

    #[test]
    fn counts_are_checked_against_bytes_left() {
        let c = Cursor::new(&[0; 10]);
        assert_eq!(c.check_fits(5, 2), Ok(()));
        let e = c.check_fits(6, 2).unwrap_err();
        assert_eq!((e.need, e.left, e.need_text()), (Some(12), 10, "12".into()));
        let e = c.check_fits(usize::MAX, 2).unwrap_err();
        assert_eq!((e.need, e.need_text()), (None, "too many".into()));
    }

    #[test]
    fn sjis_fields_stop_at_nul() {
        let mut field = b"\x83Z\x83\x93\x83^\x81[\0\xfd\xfd\x82\xa0".to_vec();
        field.resize(20, 0xFD);
        assert_eq!(sjis_text(&field), "センター");
        assert_eq!(Cursor::new(b"abc").sjis(3), Ok("abc".into()));
        assert_eq!(until_nul(b"ab\0c"), b"ab");
    }
}
