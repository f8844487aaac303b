import { FieldDescriptorProto_Label, type DescriptorProto } from '@bufbuild/protobuf/wkt';
import { mapEntryName } from '../../proto/json-name';
import { qualify } from '../../proto/linker-context';

/**
 * proto-loader names a map's entry type after its field (`items_by_sku` -> `Items_by_sku`, or `ItemsBySku` once it
 * camel-cases field names) and refers to it by that bare name, which can clash with a nested message of the same name
 * (grpc.testing.LoadBalancerStatsResponse.RpcsByPeer). protoc names it `ItemsBySkuEntry` and refers to it fully qualified.
 */
export function renameMapEntries(message: DescriptorProto, fullName: string): void {
  // Pair every map field with its entry before renaming any, so a new name cannot be mistaken for an old one.
  const pairs = message.field.flatMap((field) => {
    if (field.label !== FieldDescriptorProto_Label.REPEATED) return [];
    const entry = message.nestedType.find(
      (nested) => nested.name === field.typeName && nested.options?.mapEntry === true,
    );
    return entry ? [{ field, entry }] : [];
  });
  for (const { field, entry } of pairs) {
    entry.name = mapEntryName(field.name);
    field.typeName = `.${qualify(fullName, entry.name)}`;
  }
}
