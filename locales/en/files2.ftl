# The open file deleted or moved while open.
files2-gone = { $name } was deleted or moved. The model stays open here: Save writes it back where it was.
files2-gone-save = Save it back
files2-gone-keep = Keep in memory
files2-gone-kept = Keeping { $name } in memory; it is not on disk until you save it

# Before writing into another folder: what happens to the textures.
files2-textures-title = Textures of the model
files2-textures-intro = Saving into { $folder }, where texture files from other folders (the model's own folder, an added model's) are brought. The texture files:
files2-textures-copied = Copied beside the new file ({ $count })
files2-textures-shared = Already there with the same content, shared ({ $count })
files2-textures-missing = Not found: the path is kept and the texture will be missing ({ $count })
files2-textures-refused = Not copied: an absolute path or one outside the model's folder; the path is kept ({ $count })
files2-textures-renamed = { $stored } → { $path }
files2-textures-save = Save
files2-textures-cancelled = Not saved: { $path }

# Loading a motion or pose in the background.
files2-motion-title = Loading a motion
files2-motion-loading = Reading { $name }…
files2-motion-parsing = Reading the motion
files2-motion-cancelled = Loading { $path } cancelled: the current motion stays
files2-motion-worker-stopped = the loading thread stopped
