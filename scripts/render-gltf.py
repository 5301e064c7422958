"""Renders an exported .glb/.vrm with trimesh + pyrender (a viewer that is not Hone), headless.

A manual check, not a CI test (docs/export.md, "Seen in another viewer"):
    python3 -m venv /tmp/viewer && /tmp/viewer/bin/pip install trimesh pyrender pillow
    PYOPENGL_PLATFORM=egl /tmp/viewer/bin/python scripts/render-gltf.py MODEL.glb OUT.png [YAW_DEG]
"""
import math
import sys

import numpy as np
import pyrender
import trimesh
from PIL import Image

path, out = sys.argv[1], sys.argv[2]
yaw = math.radians(float(sys.argv[3])) if len(sys.argv) > 3 else 0.0
# A .vrm is a .glb with VRM's extensions; trimesh reads it as glTF binary.
with open(path, "rb") as f:
    scene = trimesh.load(f, file_type="glb", force="scene")
render_scene = pyrender.Scene.from_trimesh_scene(scene, bg_color=[0.35, 0.37, 0.42, 1.0], ambient_light=[0.45, 0.45, 0.45])
lo, hi = scene.bounds
centre = (lo + hi) / 2
height = hi[1] - lo[1]
distance = height * 1.6
# glTF's front is +Z (VRM 1.0): the camera stands on +Z looking back at the model.
eye = centre + np.array([distance * math.sin(yaw), 0.0, distance * math.cos(yaw)])
forward = (centre - eye) / np.linalg.norm(centre - eye)
right = np.cross(forward, [0.0, 1.0, 0.0])
right /= np.linalg.norm(right)
up = np.cross(right, forward)
pose = np.eye(4)
pose[:3, 0], pose[:3, 1], pose[:3, 2], pose[:3, 3] = right, up, -forward, eye
render_scene.add(pyrender.PerspectiveCamera(yfov=math.radians(40.0)), pose=pose)
render_scene.add(pyrender.DirectionalLight(intensity=3.0), pose=pose)
renderer = pyrender.OffscreenRenderer(800, 1000)
colour, _ = renderer.render(render_scene)
Image.fromarray(colour).save(out)
print(f"{path}: {len(scene.geometry)} meshes, {height:.2f} m tall -> {out}")
