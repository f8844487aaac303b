import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.protobuf.Any;
import com.google.protobuf.Api;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DoubleValue;
import com.google.protobuf.Duration;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Empty;
import com.google.protobuf.FieldMask;
import com.google.protobuf.Struct;
import com.google.protobuf.Timestamp;
import com.google.protobuf.util.JsonFormat;
import io.grpc.testing.integration.EmptyProtos;
import io.grpc.testing.integration.Messages;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Java's canonical protobuf JSON (protobuf-java-util JsonFormat), as an oracle for Protodesk's tests. Types are the
 * grpc.testing interop messages and the well-known types, with the descriptors compiled into grpc-java's jars.
 *
 * <p>Reads one JSON request on stdin and writes one JSON array on stdout:
 *
 * <ul>
 *   <li>{@code {"type": "grpc.testing.SimpleResponse", "messages": [base64, ...], "emitDefaults": false,
 *       "protoNames": false}} prints each message: the array holds JsonFormat's output texts (compact), in order.
 *   <li>{@code {"type": "...", "parse": [jsonText, ...], "ignoreUnknown": false}} parses each text with
 *       JsonFormat.parser(): the array holds {@code {"base64": bytes}} or {@code {"error": message}} per text.
 * </ul>
 */
public final class JsonPrinter {
  public static void main(String[] args) throws Exception {
    JsonObject request =
        JsonParser.parseReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).getAsJsonObject();
    JsonFormat.TypeRegistry registry = registry();
    String typeName = request.get("type").getAsString();
    Descriptor type = registry.find(typeName);
    if (type == null) fail("unknown message type " + typeName);

    JsonArray out = new JsonArray();
    if (request.has("messages")) {
      JsonFormat.Printer printer = JsonFormat.printer().usingTypeRegistry(registry).omittingInsignificantWhitespace();
      if (flag(request, "emitDefaults")) printer = printer.includingDefaultValueFields();
      if (flag(request, "protoNames")) printer = printer.preservingProtoFieldNames();
      for (JsonElement message : request.getAsJsonArray("messages")) {
        byte[] bytes = Base64.getDecoder().decode(message.getAsString());
        out.add(printer.print(DynamicMessage.parseFrom(type, bytes)));
      }
    } else if (request.has("parse")) {
      JsonFormat.Parser parser = JsonFormat.parser().usingTypeRegistry(registry);
      if (flag(request, "ignoreUnknown")) parser = parser.ignoringUnknownFields();
      for (JsonElement text : request.getAsJsonArray("parse")) {
        JsonObject result = new JsonObject();
        DynamicMessage.Builder builder = DynamicMessage.newBuilder(type);
        try {
          parser.merge(text.getAsString(), builder);
          result.addProperty("base64", Base64.getEncoder().encodeToString(builder.build().toByteArray()));
        } catch (Exception e) { // InvalidProtocolBufferException, and gson's own for malformed JSON
          result.addProperty("error", String.valueOf(e.getMessage()));
        }
        out.add(result);
      }
    } else {
      fail("the request needs \"messages\" (to print) or \"parse\" (to parse)");
    }
    // UTF-8 whatever the locale: System.out would encode with the platform charset (ASCII under LANG=C).
    Gson gson = new GsonBuilder().disableHtmlEscaping().create();
    System.out.write((gson.toJson(out) + "\n").getBytes(StandardCharsets.UTF_8));
    System.out.flush();
  }

  /**
   * The interop messages (grpc/testing/test.proto has services only) and the well-known types, so that Any can hold
   * any of them. Adding a file's types adds the file and its imports.
   */
  private static JsonFormat.TypeRegistry registry() {
    JsonFormat.TypeRegistry.Builder builder = JsonFormat.TypeRegistry.newBuilder();
    for (FileDescriptor file : new FileDescriptor[] {
      EmptyProtos.getDescriptor(), Messages.getDescriptor(),
      Any.getDescriptor().getFile(), Api.getDescriptor().getFile(), Duration.getDescriptor().getFile(),
      Empty.getDescriptor().getFile(), FieldMask.getDescriptor().getFile(), Struct.getDescriptor().getFile(),
      Timestamp.getDescriptor().getFile(), DoubleValue.getDescriptor().getFile(),
    }) {
      builder.add(file.getMessageTypes());
    }
    return builder.build();
  }

  private static boolean flag(JsonObject request, String name) {
    return request.has(name) && request.get(name).getAsBoolean();
  }

  private static void fail(String message) {
    System.err.println("json-printer: " + message);
    System.exit(2);
  }
}
