import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.ServerCredentials;
import io.grpc.ServerInterceptors;
import io.grpc.TlsServerCredentials;
import io.grpc.netty.NettyServerBuilder;
import io.grpc.protobuf.services.HealthStatusManager;
import io.grpc.protobuf.services.ProtoReflectionService;
import io.grpc.protobuf.services.ProtoReflectionServiceV1;
import io.grpc.testing.integration.TestServiceImpl;
import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;

/**
 * The grpc-java peer of Protodesk's tests: grpc-java's own interop TestService (with the stock interop server's
 * metadata-echoing interceptors), health, and server reflection v1 and v1alpha, on 127.0.0.1 only. Prints the port
 * it listens on as its first stdout line, then serves until killed or until its stdin ends.
 *
 * <p>Usage: {@code java -cp 'classes:lib/*' ReflectServer [--port=N] [--cert=server.pem --key=server.key]}, with
 * stdin left open (a terminal, or a pipe the parent holds).
 */
public final class ReflectServer {
  @SuppressWarnings("deprecation") // ProtoReflectionService is v1alpha: deprecated, and still what many servers run.
  public static void main(String[] args) throws Exception {
    int port = 0;
    String cert = null;
    String key = null;
    for (String arg : args) {
      if (arg.startsWith("--port=")) port = Integer.parseInt(arg.substring("--port=".length()));
      else if (arg.startsWith("--cert=")) cert = arg.substring("--cert=".length());
      else if (arg.startsWith("--key=")) key = arg.substring("--key=".length());
      else fail("unknown argument " + arg + " (expected --port=N, --cert=FILE, --key=FILE)");
    }
    if ((cert == null) != (key == null)) fail("--cert and --key go together");
    ServerCredentials credentials =
        cert == null ? InsecureServerCredentials.create() : TlsServerCredentials.create(new File(cert), new File(key));

    Server server =
        NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", port), credentials)
            .addService(ServerInterceptors.intercept(
                new TestServiceImpl(Executors.newSingleThreadScheduledExecutor()), TestServiceImpl.interceptors()))
            .addService(new HealthStatusManager().getHealthService())
            .addService(ProtoReflectionServiceV1.newInstance())
            .addService(ProtoReflectionService.newInstance())
            .build()
            .start();
    // The test harness reads this line to learn the port.
    System.out.println(server.getPort());
    System.out.flush();
    // Exit when stdin ends: the harness holds it open, so a test runner that dies takes this server with it.
    Thread watchdog = new Thread(() -> {
      try {
        while (System.in.read() != -1) {}
      } catch (IOException e) {
        // stdin is gone as well
      }
      System.exit(0);
    });
    watchdog.setDaemon(true);
    watchdog.start();
    server.awaitTermination();
  }

  private static void fail(String message) {
    System.err.println("java-reflect: " + message);
    System.exit(2);
  }
}
