//! Field-less enums that list their variants.

/// Declares a field-less enum and its `ALL` constant (every variant, in declaration order)
/// from one list of variants, so adding a variant cannot leave the list behind.
#[macro_export]
macro_rules! enum_with_all {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$variant_meta:meta])* $variant:ident $(= $value:literal)?),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis enum $name {
            $($(#[$variant_meta])* $variant $(= $value)?),+
        }

        impl $name {
            /// Every variant, in declaration order.
            #[allow(dead_code)] // a private enum may list its variants only for its tests
            $vis const ALL: [$name; [$(stringify!($variant)),+].len()] = [$($name::$variant),+];
        }
    };
}
