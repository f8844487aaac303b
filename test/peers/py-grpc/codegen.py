"""Generates a schema's Python code with grpc_tools.protoc (as `python -m grpc_tools.protoc` would) and imports it."""

import importlib
import importlib.util
import json
import sys
from importlib import resources
from pathlib import Path

from grpc_tools import protoc

HERE = Path(__file__).resolve().parent
PROTOS = HERE.parent.parent / "fixtures" / "protos"
BUNDLED = HERE.parent.parent.parent / "src" / "core" / "schema" / "bundled" / "protos"
WKT = resources.files("grpc_tools") / "_proto"

# The .proto files of each schema, import-path relative (shared with schemas.ts).
SCHEMAS = json.loads((HERE / "schemas.json").read_text())


def _protoc(files, include, out_dir, grpc=True):
    outputs = [f"--python_out={out_dir}", f"--pyi_out={out_dir}"]
    if grpc:
        outputs.append(f"--grpc_python_out={out_dir}")
    if protoc.main(["protoc", f"-I{include}", f"-I{WKT}", *outputs, *files]) != 0:
        raise RuntimeError(f"grpc_tools.protoc failed on {' '.join(files)}")


def load(schema, out_dir):
    """Generates every file of `schema` into out_dir and imports it: [(pb2 module, pb2_grpc module)] in file order.

    Every file is imported, services or not, so that the default descriptor pool (what reflection serves and what
    json_format resolves Any with) holds them all.
    """
    files = SCHEMAS[schema]
    _protoc(files, PROTOS, out_dir)
    sys.path.insert(0, str(out_dir))
    names = [file.removesuffix(".proto").replace("/", ".") for file in files]
    return [(importlib.import_module(f"{name}_pb2"), importlib.import_module(f"{name}_pb2_grpc")) for name in names]


def load_reflection_v1(out_dir):
    """Generates grpc/reflection/v1/reflection.proto, so that the v1 reflection service can describe itself.

    Imported under another name: its own, grpc.reflection.v1.reflection_pb2, would be looked up in grpcio's package.
    """
    _protoc(["grpc/reflection/v1/reflection.proto"], BUNDLED, out_dir, grpc=False)
    path = Path(out_dir) / "grpc" / "reflection" / "v1" / "reflection_pb2.py"
    spec = importlib.util.spec_from_file_location("protodesk_reflection_v1_pb2", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
