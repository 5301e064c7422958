#!/usr/bin/env python3
"""Regenerates core/tests/data/physics_oracle/: Bullet reference traces of every shared model
with rigid bodies, at rest and under every shared motion that binds to it, for
core/tests/physics_oracle_all.rs (which runs without node).

Usage (node 20+, python3; the reference needs its node_modules):
    cp -r ../shared/oracles/bullet /tmp/bullet-oracle && (cd /tmp/bullet-oracle && npm ci)
    python3 scripts/physics_oracle_refs.py --oracle /tmp/bullet-oracle --models ../shared/models
(`--only generated` remakes just the generated cases: the rigs and motions that
`cargo run --release -p hone-core --example physics_cases` writes into generated/.)

Per case three runs of the reference (sim.mjs), 5 s at 60 fps: physics on (the reference),
physics on with 1/120 s steps (Bullet's own spread: the noise floor) and physics off (the
animation, for the swing). Only the bones physics drives are kept (compare.py's
physics_bones: bones of mode-1/2 bodies and their descendants without a body), every 5th
frame, rotations only: per frame and bone the quaternion's x, y, z as int16 (× 32767, sign
chosen so that w ≥ 0), little-endian, in `<case>.bin` as [run][frame][bone][3] with the runs
in the order on, on_120, off. `index.json` lists the cases, bones, groups and frames.
"""
import argparse
import json
import os
import struct
import subprocess
import sys
import tempfile

EVERY = 5
SECONDS = 5
# Model files with rigid bodies, relative to the shared models folder.
MODELS = [
    ("gene", "gene/Gene.pmx"),
    ("gene_light", "gene/Gene_light.pmx"),
    ("gene_pmd", "gene/Gene.pmd"),
    ("mei", "mei/mei.pmd"),
    ("alicia_blade", "alicia_blade/Alicia_blade.pmx"),
    ("mixed_deform", "generated_deform/mixed-deform-types.pmx"),
    ("qdef_twist", "generated_deform/qdef-twist-cylinder.pmx"),
    ("sdef_elbow", "generated_deform/sdef-two-bone-elbow.pmx"),
    ("nanoem", "nanoem_stripped/test.pmx"),
    ("softbody_stub", "pmx21_softbody_stub/sample_pmx21_utf8.pmx"),
]
MOTIONS_DIR = "gene/motion"
# Generated rigs and motions (core/examples/physics_cases.rs), relative to the output folder,
# each run with its own motions only: (key, model, motions).
GENERATED = [
    ("gen_chains", "generated/chains.pmx",
     ["generated/swing.vmd", "generated/switch_chains.vmd", "generated/old.vmd"]),
    ("gen_mixed", "generated/mixed.pmx",
     ["generated/swing.vmd", "generated/switch_mixed.vmd", "generated/old.vmd"]),
    ("gen_chains_pmd", "generated/chains.pmd", ["generated/swing.vmd", "generated/switch_chains.vmd"]),
]


def vmd_bone_names(path):
    """Names of the bones a VMD keys (cp932), to see whether it binds to a model."""
    data = open(path, "rb").read()
    off = 30 + 20
    (count,) = struct.unpack_from("<I", data, off)
    off += 4
    names = set()
    for _ in range(count):
        raw = data[off:off + 15].split(b"\0")[0]
        names.add(raw.decode("cp932", errors="replace"))
        off += 111
    return names


def run(oracle, model, motion, extra, out):
    cmd = ["node", os.path.join(oracle, "sim.mjs"), model, "--seconds", str(SECONDS),
           "--every", str(EVERY), "--round", "6", "--no-bodies", "--trace", out] + extra
    if motion:
        cmd += ["--motion", motion]
    subprocess.run(cmd, check=True, cwd=oracle, stdout=subprocess.DEVNULL)
    return json.load(open(out, encoding="utf-8"))


def quantise(q):
    x, y, z, w = q
    s = -1.0 if w < 0 else 1.0
    return [max(-32767, min(32767, round(s * c * 32767))) for c in (x, y, z)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--oracle", required=True, help="a copy of shared/oracles/bullet with node_modules")
    ap.add_argument("--models", required=True, help="the shared models folder")
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "core", "tests", "data",
                                                   "physics_oracle"))
    ap.add_argument("--only", choices=["shared", "generated"],
                    help="remake only these cases and keep the others in index.json")
    args = ap.parse_args()
    oracle = os.path.abspath(args.oracle)
    models = os.path.abspath(args.models)
    sys.path.insert(0, oracle)
    import compare  # the reference's own bone selection and grouping

    motions = sorted(f for f in os.listdir(os.path.join(models, MOTIONS_DIR)) if f.endswith(".vmd"))
    os.makedirs(args.out, exist_ok=True)
    cases = []
    tmp = tempfile.mkdtemp()
    out = os.path.abspath(args.out)
    jobs = []
    if args.only != "generated":
        jobs += [(key, rel, os.path.join(models, rel), [None] + [f"{MOTIONS_DIR}/{m}" for m in motions], models,
                  False) for key, rel in MODELS]
    if args.only != "shared":
        jobs += [(key, rel, os.path.join(out, rel), [None] + ms, out, True) for key, rel, ms in GENERATED]
    for key, rel, path, case_motions, base, generated in jobs:
        if not os.path.isfile(path):
            print(f"skip {rel}: not a file", file=sys.stderr)
            continue
        try:
            probe = run(oracle, path, None, ["--no-physics", "--frames", "0"], os.path.join(tmp, "probe.json"))
        except subprocess.CalledProcessError:
            print(f"skip {rel}: the reference cannot run it", file=sys.stderr)
            continue
        src = {"bodies": probe["bodies"], "names": [b["name"] for b in probe["bones"]],
               "parents": [b["parent"] for b in probe["bones"]]}
        bones, groups = compare.physics_bones(src)
        if not bones:
            print(f"skip {rel}: no bone driven by physics", file=sys.stderr)
            continue
        names = set(src["names"])
        for motion in case_motions:
            mpath = os.path.join(base, motion) if motion else None
            if mpath and not (vmd_bone_names(mpath) & names):
                continue
            case = key + "_" + (os.path.basename(motion)[:-4] if motion else "rest")
            runs = [run(oracle, path, mpath, extra, os.path.join(tmp, f"{case}{i}.json"))
                    for i, extra in enumerate([[], ["--substep-hz", "120"], ["--no-physics"]])]
            frames = [f["frame"] for f in runs[0]["frames"]]
            blob = bytearray()
            for r in runs:
                assert [f["frame"] for f in r["frames"]] == frames
                for f in r["frames"]:
                    for i in bones:
                        blob += struct.pack("<3h", *quantise(f["bone"][i][3:7]))
            open(os.path.join(args.out, case + ".bin"), "wb").write(blob)
            entry = {"case": case, "model": rel, "motion": motion,
                     "fps": runs[0]["fps"], "frames": frames,
                     "bones": [{"index": i, "name": src["names"][i], "group": groups[i]} for i in bones]}
            if generated:
                entry["generated"] = True  # paths relative to this folder, not the shared models
            cases.append(entry)
            print(f"{case}: {len(bones)} bones, {len(frames)} frames, {len(blob)} bytes", file=sys.stderr)
    if args.only:
        made = {c["case"] for c in cases}
        kept = json.load(open(os.path.join(args.out, "index.json"), encoding="utf-8"))["cases"]
        cases = [c for c in kept if c["case"] not in made and c.get("generated", False) != (args.only == "generated")] \
            + cases
    index = {"about": "Bullet reference (shared/oracles/bullet) rotations of the bones physics drives; "
                      "made by scripts/physics_oracle_refs.py",
             "every": EVERY, "seconds": SECONDS, "runs": ["on", "on_120", "off"], "cases": cases}
    with open(os.path.join(args.out, "index.json"), "w", encoding="utf-8") as f:
        json.dump(index, f, ensure_ascii=False, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
