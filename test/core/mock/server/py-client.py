"""grpcio as a client of the mock: runs the calls described on stdin (JSON) and prints what it got (JSON).

Each call: {"kind": "unary|server|client|bidi", "path": "/pkg.Service/Method", "requests": [hex], "metadata": [[k, v]]}
(a `-bin` key's value is hex too). Each result: {"code", "details", "responses": [hex], "initial": [[k, v]],
"trailing": [[k, v]]}, binary metadata values as hex. Messages stay raw bytes: no generated code is needed.
"""

import json
import sys

import grpc


def _metadata(pairs):
    return [(k, bytes.fromhex(v) if k.endswith("-bin") else v) for k, v in pairs]


def _printable(metadata):
    return [[k, v.hex() if isinstance(v, bytes) else v] for k, v in (metadata or [])]


def run(channel, call):
    path, metadata = call["path"], _metadata(call.get("metadata", []))
    requests = [bytes.fromhex(r) for r in call["requests"]]
    kind = call["kind"]
    try:
        if kind == "unary":
            response, rpc = channel.unary_unary(path).with_call(requests[0], metadata=metadata, timeout=10)
            responses = [response]
        elif kind == "client":
            response, rpc = channel.stream_unary(path).with_call(iter(requests), metadata=metadata, timeout=10)
            responses = [response]
        else:
            method = channel.unary_stream(path) if kind == "server" else channel.stream_stream(path)
            rpc = method(requests[0] if kind == "server" else iter(requests), metadata=metadata, timeout=10)
            responses = list(rpc)
        code, details = rpc.code(), rpc.details()
    except grpc.RpcError as error:
        rpc, responses = error, []
        code, details = error.code(), error.details()
    return {
        "code": code.value[0],
        "details": details or "",
        "responses": [r.hex() for r in responses],
        "initial": _printable(rpc.initial_metadata()),
        "trailing": _printable(rpc.trailing_metadata()),
    }


def main():
    target = sys.argv[1]
    calls = json.load(sys.stdin)
    with grpc.insecure_channel(target) as channel:
        print(json.dumps([run(channel, call) for call in calls]))


if __name__ == "__main__":
    main()
