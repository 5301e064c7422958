//! Texture files for export: found as PMX names them, embedded as PNG or JPEG.

use std::path::Path;

/// How a texture's alpha channel looks, which decides the material's alpha mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Alpha {
    /// Every pixel opaque (or no alpha channel).
    Opaque,
    /// Only fully opaque and fully transparent pixels: a cut-out.
    Cutout,
    /// Some pixels part-transparent.
    Blended,
}

/// A texture ready to embed.
#[derive(Debug, Clone)]
pub struct EmbeddedImage {
    pub bytes: Vec<u8>,
    pub mime_type: &'static str,
    pub alpha: Alpha,
}

/// Reads and decodes a texture file. PNG and JPEG are embedded as they are; anything else the
/// `image` crate reads (BMP, TGA, DDS, GIF; an `.sph`/`.spa` is usually a BMP) is converted to
/// PNG. The format is told by content; TGA has no magic bytes, so it is tried last.
pub fn load(path: &Path) -> Result<EmbeddedImage, String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let decoded = match image::load_from_memory(&bytes) {
        Ok(img) => img,
        Err(first) => image::load_from_memory_with_format(&bytes, image::ImageFormat::Tga)
            .map_err(|_| first.to_string())?,
    };
    let alpha = alpha_of(&decoded);
    let format = image::guess_format(&bytes).ok();
    let (bytes, mime_type) = match format {
        Some(image::ImageFormat::Png) => (bytes, "image/png"),
        Some(image::ImageFormat::Jpeg) => (bytes, "image/jpeg"),
        _ => {
            let mut png = Vec::new();
            decoded
                .to_rgba8()
                .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
                .map_err(|e| e.to_string())?;
            (png, "image/png")
        }
    };
    Ok(EmbeddedImage {
        bytes,
        mime_type,
        alpha,
    })
}

fn alpha_of(img: &image::DynamicImage) -> Alpha {
    if !img.color().has_alpha() {
        return Alpha::Opaque;
    }
    let mut cutout = false;
    for pixel in img.to_rgba8().pixels() {
        match pixel.0[3] {
            255 => {}
            0 => cutout = true,
            _ => return Alpha::Blended,
        }
    }
    if cutout {
        Alpha::Cutout
    } else {
        Alpha::Opaque
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(pixels: &[[u8; 4]]) -> Vec<u8> {
        let img = image::RgbaImage::from_fn(pixels.len() as u32, 1, |x, _| {
            image::Rgba(pixels[x as usize])
        });
        let mut out = Vec::new();
        img.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
            .unwrap();
        out
    }

    #[test]
    fn png_kept_as_is_bmp_converted_and_alpha_classified() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("Tex")).unwrap();
        let opaque = png(&[[1, 2, 3, 255], [4, 5, 6, 255]]);
        std::fs::write(dir.path().join("Tex/Skin.PNG"), &opaque).unwrap();
        std::fs::write(
            dir.path().join("Tex/cut.png"),
            png(&[[0, 0, 0, 0], [9, 9, 9, 255]]),
        )
        .unwrap();
        std::fs::write(dir.path().join("Tex/glass.png"), png(&[[0, 0, 0, 128]])).unwrap();
        let mut bmp = Vec::new();
        image::RgbImage::from_pixel(2, 2, image::Rgb([200, 100, 50]))
            .write_to(&mut std::io::Cursor::new(&mut bmp), image::ImageFormat::Bmp)
            .unwrap();
        std::fs::write(dir.path().join("Tex/sphere.sph"), &bmp).unwrap();

        let skin = load(
            &crate::pmx::textures::find(dir.path(), "tex\\skin.png").expect("case-insensitive"),
        )
        .unwrap();
        assert_eq!(skin.bytes, opaque, "a PNG is embedded byte for byte");
        assert_eq!((skin.mime_type, skin.alpha), ("image/png", Alpha::Opaque));
        let cut = load(&crate::pmx::textures::find(dir.path(), "Tex/cut.png").unwrap()).unwrap();
        assert_eq!(cut.alpha, Alpha::Cutout);
        let glass =
            load(&crate::pmx::textures::find(dir.path(), "Tex/glass.png").unwrap()).unwrap();
        assert_eq!(glass.alpha, Alpha::Blended);
        let sphere =
            load(&crate::pmx::textures::find(dir.path(), "Tex\\sphere.sph").unwrap()).unwrap();
        assert_eq!(sphere.mime_type, "image/png");
        assert!(sphere.bytes.starts_with(b"\x89PNG"), "a BMP becomes PNG");
        let back = image::load_from_memory(&sphere.bytes).unwrap().to_rgb8();
        assert_eq!(back.get_pixel(1, 1).0, [200, 100, 50]);
        assert!(crate::pmx::textures::find(dir.path(), "Tex\\none.png").is_none());
        std::fs::write(dir.path().join("bad.png"), b"not an image").unwrap();
        assert!(load(&dir.path().join("bad.png")).is_err());
    }
}
