"""Protodesk's Python test peer: a grpcio server of a schema's services, with reflection and health.

    server.py --schema=pyservice|editions2023|editions2024 [--reflection=both|v1alpha|none]
              [--cert=PEM --key=PEM [--client-ca=PEM]]

The schema's Python code is generated at start (codegen.py), so reflection serves exactly the descriptors Python's
generator embeds. Listens on 127.0.0.1 on a free port, prints the port as its first line, and serves until SIGTERM or
until its stdin closes (so it never outlives the process that started it: keep stdin open).
"""

import argparse
import signal
import sys
import tempfile
import threading
from concurrent import futures
from pathlib import Path

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection, reflection_pb2

import codegen
import generic

V1_REFLECTION = "grpc.reflection.v1.ServerReflection"


class DeterministicReplies(grpc.ServerInterceptor):
    """Serializes every reply deterministically: upb otherwise orders map entries by a hash seeded per process, so the
    same reply would be different bytes from one server run to the next."""

    def intercept_service(self, continuation, handler_call_details):
        handler = continuation(handler_call_details)
        if handler is None or handler.response_serializer is None:
            return handler
        return handler._replace(response_serializer=lambda reply: reply.SerializeToString(deterministic=True))


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--schema", required=True, choices=sorted(codegen.SCHEMAS))
    parser.add_argument("--reflection", default="both", choices=["both", "v1alpha", "none"])
    parser.add_argument("--cert", help="server certificate (PEM): serve TLS")
    parser.add_argument("--key", help="its private key (PEM)")
    parser.add_argument("--client-ca", help="CA (PEM) that must have signed a client certificate: mutual TLS")
    return parser.parse_args()


def servicer_for(schema, service, pb2_grpc):
    if schema != "pyservice":
        return generic.servicer(service, getattr(pb2_grpc, f"{service.name}Servicer"))
    # Only now: they import the generated code.
    import kitchen
    import movies

    return {"MovieService": movies.MovieService, "KitchenService": kitchen.KitchenService}[service.name]()


def add_services(server, schema, out_dir):
    """Registers the schema's services with the generated add_*_to_server; returns their full names."""
    names = []
    for pb2, pb2_grpc in codegen.load(schema, out_dir):
        for service in pb2.DESCRIPTOR.services_by_name.values():
            add = getattr(pb2_grpc, f"add_{service.name}Servicer_to_server")
            add(servicer_for(schema, service, pb2_grpc), server)
            names.append(service.full_name)
    return names


def add_health(server, names):
    servicer = health.HealthServicer()
    for name in ["", *names]:
        servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    health_pb2_grpc.add_HealthServicer_to_server(servicer, server)
    return health.SERVICE_NAME


def add_reflection(server, mode, names, out_dir):
    if mode == "none":
        return
    names = [*names, reflection.SERVICE_NAME]
    if mode == "both":
        codegen.load_reflection_v1(out_dir)
        names.append(V1_REFLECTION)
    reflection.enable_server_reflection(names, server)
    if mode == "both":
        # grpcio-reflection implements v1alpha only; v1's messages are the same on the wire, so its servicer answers v1.
        info = grpc.stream_stream_rpc_method_handler(
            reflection.ReflectionServicer(names).ServerReflectionInfo,
            request_deserializer=reflection_pb2.ServerReflectionRequest.FromString,
            response_serializer=reflection_pb2.ServerReflectionResponse.SerializeToString,
        )
        v1 = grpc.method_handlers_generic_handler(V1_REFLECTION, {"ServerReflectionInfo": info})
        server.add_generic_rpc_handlers([v1])


def listen(server, args):
    address = "127.0.0.1:0"
    if not args.cert:
        return server.add_insecure_port(address)
    credentials = grpc.ssl_server_credentials(
        [(Path(args.key).read_bytes(), Path(args.cert).read_bytes())],
        root_certificates=Path(args.client_ca).read_bytes() if args.client_ca else None,
        require_client_auth=bool(args.client_ca),
    )
    return server.add_secure_port(address, credentials)


def stop_when_stdin_closes(server):
    sys.stdin.buffer.read()
    server.stop(None)


def main():
    args = parse_args()
    with tempfile.TemporaryDirectory(prefix="protodesk-py-grpc-") as out_dir:
        server = grpc.server(futures.ThreadPoolExecutor(max_workers=16), interceptors=[DeterministicReplies()])
        names = add_services(server, args.schema, out_dir)
        names.append(add_health(server, names))
        add_reflection(server, args.reflection, names, out_dir)
        port = listen(server, args)
        server.start()
        signal.signal(signal.SIGTERM, lambda *_: server.stop(None))
        threading.Thread(target=stop_when_stdin_closes, args=(server,), daemon=True).start()
        print(port, flush=True)
        server.wait_for_termination()


if __name__ == "__main__":
    main()
