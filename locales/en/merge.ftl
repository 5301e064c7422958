cli-merge-bad-vec3 = { $flag } wants X,Y,Z (three numbers), not { $value }
cli-merge-part = added { $part }:
save-textures-renamed = Rename textures copied beside the saved file
