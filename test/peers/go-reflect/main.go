// go-reflect is the grpc-go peer for Protodesk's reflection tests: grpc-go's own interop TestService,
// health, and server reflection, on 127.0.0.1 only. It prints the port it listens on, then serves until killed.
// With -grpcweb the same server sits behind improbable-eng's gRPC-Web wrapper instead: gRPC-Web (binary and text)
// over HTTP/1.1, and over TLS with ALPN offering only http/1.1.
package main

import (
	"crypto/tls"
	"crypto/x509"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"strings"

	"github.com/improbable-eng/grpc-web/go/grpcweb"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/health"
	healthgrpc "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/interop"
	testgrpc "google.golang.org/grpc/interop/grpc_testing"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/reflection"
	v1alphareflectiongrpc "google.golang.org/grpc/reflection/grpc_reflection_v1alpha"
	"google.golang.org/grpc/status"
)

var (
	port       = flag.Int("port", 0, "port on 127.0.0.1; 0 picks a free one")
	mode       = flag.String("reflection", "both", "reflection services to serve: both (v1 and v1alpha), v1alpha, none")
	certFile   = flag.String("cert", "", "server certificate PEM; with -key, serve TLS")
	keyFile    = flag.String("key", "", "server private key PEM")
	clientCA   = flag.String("client_ca", "", "CA PEM for client certificates; when set, clients must present one (mutual TLS)")
	requireTok = flag.String("require_token", "", "when set, reflection calls need `authorization: Bearer <token>`")
	grpcWeb    = flag.Bool("grpcweb", false, "serve gRPC-Web (improbable-eng's wrapper) over HTTP/1.1 instead of gRPC")
)

func main() {
	flag.Parse()
	var opts []grpc.ServerOption
	// In -grpcweb mode TLS belongs to the HTTP server, not to grpc-go.
	if (*certFile != "" || *keyFile != "") && !*grpcWeb {
		creds, err := serverCredentials()
		if err != nil {
			log.Fatalf("go-reflect: %v", err)
		}
		opts = append(opts, grpc.Creds(creds))
	}
	if *requireTok != "" {
		opts = append(opts, grpc.StreamInterceptor(requireToken("Bearer "+*requireTok)))
	}
	server := grpc.NewServer(opts...)
	testgrpc.RegisterTestServiceServer(server, interop.NewTestServer())
	healthgrpc.RegisterHealthServer(server, health.NewServer())
	switch *mode {
	case "both":
		reflection.Register(server)
	case "v1alpha":
		v1alphareflectiongrpc.RegisterServerReflectionServer(server, reflection.NewServer(reflection.ServerOptions{Services: server}))
	case "none":
	default:
		log.Fatalf("go-reflect: unknown -reflection %q (both, v1alpha, none)", *mode)
	}
	listener, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", *port))
	if err != nil {
		log.Fatalf("go-reflect: %v", err)
	}
	// The test harness reads this line to learn the port.
	fmt.Println(listener.Addr().(*net.TCPAddr).Port)
	if *grpcWeb {
		err = serveGrpcWeb(server, listener)
	} else {
		err = server.Serve(listener)
	}
	if err != nil {
		log.Fatalf("go-reflect: %v", err)
	}
}

// serveGrpcWeb serves the gRPC server's services as gRPC-Web over HTTP/1.1 only: an empty TLSNextProto keeps
// net/http from offering h2 by ALPN, so clients must fall back to http/1.1.
func serveGrpcWeb(server *grpc.Server, listener net.Listener) error {
	wrapped := grpcweb.WrapServer(server, grpcweb.WithOriginFunc(func(string) bool { return true }))
	httpServer := &http.Server{
		Handler:      wrapped,
		TLSNextProto: map[string]func(*http.Server, *tls.Conn, http.Handler){},
	}
	if *certFile == "" && *keyFile == "" {
		return httpServer.Serve(listener)
	}
	config, err := tlsConfig()
	if err != nil {
		return err
	}
	config.NextProtos = []string{"http/1.1"}
	httpServer.TLSConfig = config
	return httpServer.ServeTLS(listener, "", "")
}

// serverCredentials loads the server certificate and, for mutual TLS, the CA that signs client certificates.
func serverCredentials() (credentials.TransportCredentials, error) {
	config, err := tlsConfig()
	if err != nil {
		return nil, err
	}
	return credentials.NewTLS(config), nil
}

// tlsConfig is the server's TLS: its certificate and, for mutual TLS, the CA that signs client certificates.
func tlsConfig() (*tls.Config, error) {
	pair, err := tls.LoadX509KeyPair(*certFile, *keyFile)
	if err != nil {
		return nil, err
	}
	config := &tls.Config{Certificates: []tls.Certificate{pair}}
	if *clientCA != "" {
		pem, err := os.ReadFile(*clientCA)
		if err != nil {
			return nil, err
		}
		pool := x509.NewCertPool()
		if !pool.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("no certificate in %s", *clientCA)
		}
		config.ClientCAs = pool
		config.ClientAuth = tls.RequireAndVerifyClientCert
	}
	return config, nil
}

// requireToken rejects reflection streams whose authorization metadata is not the expected value.
func requireToken(want string) grpc.StreamServerInterceptor {
	return func(srv any, ss grpc.ServerStream, info *grpc.StreamServerInfo, handler grpc.StreamHandler) error {
		if strings.HasPrefix(info.FullMethod, "/grpc.reflection.") {
			md, _ := metadata.FromIncomingContext(ss.Context())
			got := md.Get("authorization")
			if len(got) == 0 {
				return status.Error(codes.Unauthenticated, "missing authorization metadata")
			}
			if got[0] != want {
				return status.Error(codes.PermissionDenied, "wrong token")
			}
		}
		return handler(srv, ss)
	}
}
