//! The one error type for reading and writing model files.

use std::fmt;

crate::enum_with_all! {
    /// Which part of the file an error is in.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Section {
        Header,
        ModelInfo,
        Vertex,
        Face,
        Texture,
        Material,
        Bone,
        IkLink,
        Morph,
        DisplayFrame,
        RigidBody,
        Joint,
        SoftBody,
        /// PMD-only sections.
        IkChain,
        Expression,
        DisplayList,
        Extension,
        /// VMD motion files.
        Motion,
        /// Bytes after the last section.
        Trailer,
    }
}

impl Section {
    /// The label of the section named `name` (its fixed English name), else `name` itself.
    pub fn label_of(name: &str) -> String {
        Section::ALL
            .iter()
            .find(|s| s.name() == name)
            .map_or_else(|| name.to_string(), |s| s.label())
    }

    pub fn name(self) -> &'static str {
        match self {
            Section::Header => "header",
            Section::ModelInfo => "model info",
            Section::Vertex => "vertex",
            Section::Face => "face",
            Section::Texture => "texture",
            Section::Material => "material",
            Section::Bone => "bone",
            Section::IkLink => "IK link",
            Section::Morph => "morph",
            Section::DisplayFrame => "display frame",
            Section::RigidBody => "rigid body",
            Section::Joint => "joint",
            Section::SoftBody => "soft body",
            Section::IkChain => "IK chain",
            Section::Expression => "expression",
            Section::DisplayList => "display list",
            Section::Extension => "extension",
            Section::Motion => "motion",
            Section::Trailer => "trailer",
        }
    }

    /// [`name`](Self::name) in the current language (messages; JSON keeps `name`).
    pub fn label(self) -> String {
        crate::tr!(&crate::i18n::key_of("err-section-", self.name()))
    }
}

/// Where a parse problem is: section, element index (and name if already read), byte offset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Location {
    pub section: Section,
    pub index: Option<usize>,
    pub name: Option<String>,
    pub offset: usize,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.section.label())?;
        if let Some(i) = self.index {
            write!(f, " {i}")?;
        }
        if let Some(n) = &self.name {
            if !n.is_empty() {
                write!(f, " ({n})")?;
            }
        }
        Ok(())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Malformed bytes: `bone 12 (右ひじ): parent index 400 out of range at byte 0x1a2f4`.
    #[error("{}", crate::tr!(
        "err-pmx-parse",
        location = location.to_string(),
        message = message.as_str(),
        offset = format!("{:#x}", location.offset)
    ))]
    Parse { location: Location, message: String },
    #[error("{path}: {source}")]
    Io {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{}", crate::tr!("err-pmx-needs-21", features = .0.join("; ")))]
    Needs21(Vec<String>),
    #[error("{}", crate::tr!("err-pmx-write", reason = .0.as_str()))]
    Write(String),
    #[error("{}", crate::tr!("err-pmx-unsupported", reason = .0.as_str()))]
    Unsupported(String),
    /// A malformed PMX Editor CSV line (line and column inside).
    #[error("{0}")]
    Csv(#[from] super::csv::CsvError),
}

impl Error {
    pub fn parse(
        section: Section,
        index: Option<usize>,
        name: Option<String>,
        offset: usize,
        message: impl Into<String>,
    ) -> Self {
        Error::Parse {
            location: Location {
                section,
                index,
                name,
                offset,
            },
            message: message.into(),
        }
    }
    pub fn io(path: impl AsRef<std::path::Path>, source: std::io::Error) -> Self {
        Error::Io {
            path: path.as_ref().display().to_string(),
            source,
        }
    }
}

pub type Result<T> = std::result::Result<T, Error>;

/// A rule broken in a way that does not stop reading (e.g. QDEF in a 2.0 file).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Warning {
    pub section: &'static str,
    pub index: Option<usize>,
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // `section` is the section's fixed name (kept for JSON); show its label.
        let section = Section::label_of(self.section);
        let place = match self.index {
            Some(i) => format!("{section} {i}"),
            None => section,
        };
        f.write_str(&crate::tr!(
            "pmx-warning",
            place = place,
            message = self.message.as_str(),
            offset = format!("{:#x}", self.offset)
        ))
    }
}
