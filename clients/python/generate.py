#!/usr/bin/env python3
"""Generates hexfold_client's protobuf and gRPC modules from the repository's proto/ (grpcio-tools, pinned in
requirements-dev.txt), into src/hexfold_client/_gen/.

Usage: generate.py [--check]

The generated modules are committed, so the package installs with its runtime dependencies alone (no code
generator, no proto/ beside it); --check regenerates into a scratch directory and fails if anything differs from
what is committed, which the test command runs (tests/it/python.rs), so the package cannot drift from proto/.

protoc names a module after its proto file (`hexfold/v1/hexfold.proto` is `hexfold.v1.hexfold_pb2`), and the
import name `hexfold` belongs to another package (crates/hexfold-py). So the modules live under
`hexfold_client._gen` and their imports of one another (and their classes' module name) are rewritten to that prefix; the proto file names inside
the descriptors stay the API's own, as every other client sees them.
"""

import pathlib
import re
import shutil
import sys
import tempfile

from grpc_tools import protoc

HERE = pathlib.Path(__file__).resolve().parent
PROTO_DIR = HERE.parents[1] / "proto"
PACKAGE = HERE / "src" / "hexfold_client" / "_gen"
PREFIX = "hexfold_client._gen."
# The generated modules' imports of one another, and the module name each gives its classes (`__module__`, which
# pickle looks the classes up by).
IMPORT = re.compile(r"^(from|import) (hexfold\.v1)\b", re.MULTILINE)
MODULE = re.compile(r"(BuildTopDescriptorsAndMessages\(DESCRIPTOR, ')(hexfold\.v1\.)")


def generate(out):
    files = sorted(str(p.relative_to(PROTO_DIR)) for p in PROTO_DIR.rglob("*.proto"))
    include = pathlib.Path(protoc.__file__).parent / "_proto"
    args = ["grpc_tools.protoc", f"-I{PROTO_DIR}", f"-I{include}", f"--python_out={out}", f"--pyi_out={out}",
            f"--grpc_python_out={out}", *files]
    if protoc.main(args) != 0:
        raise SystemExit(f"protoc failed on {files}")
    (out / "__init__.py").write_text('"""Generated from proto/ by clients/python/generate.py: do not edit."""\n')
    for path in sorted(out.rglob("*")):
        if path.is_dir():
            (path / "__init__.py").touch()
        elif path.suffix in (".py", ".pyi"):
            text = IMPORT.sub(lambda m: f"{m.group(1)} {PREFIX}{m.group(2)}", path.read_text())
            path.write_text(MODULE.sub(lambda m: f"{m.group(1)}{PREFIX}{m.group(2)}", text))


def files(root):
    """Every generated file under root, by its path relative to root, with its bytes."""
    return {p.relative_to(root): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}


def main():
    if sys.argv[1:] not in ([], ["--check"]):
        raise SystemExit("usage: generate.py [--check]")
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "_gen"
        out.mkdir()
        generate(out)
        if sys.argv[1:] == ["--check"]:
            fresh, committed = files(out), files(PACKAGE)
            stale = sorted(str(p) for p in fresh.keys() | committed.keys() if fresh.get(p) != committed.get(p))
            if stale:
                raise SystemExit("src/hexfold_client/_gen differs from what proto/ generates (run "
                                 f"clients/python/generate.py and commit the result): {stale}")
            print("generated modules match proto/")
            return
        shutil.rmtree(PACKAGE, ignore_errors=True)
        shutil.copytree(out, PACKAGE)
    print(f"generated {PACKAGE.relative_to(HERE)}")


if __name__ == "__main__":
    main()
