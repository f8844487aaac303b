import { fieldNaming } from './field-names';

/** How proto-loader hands messages to handlers and takes them back, which depends on how it loaded the schema. */
export interface MessageShape {
  /** A field's name. */
  name: (protoName: string) => string;
  /** A map field's value: an object, or a list of key/value entries when proto-loader loaded a descriptor set (protobufjs then sees maps as repeated entry messages). */
  map: (entries: Record<string, unknown>) => unknown;
}

export function messageShape(keepCase: boolean | undefined, fromDescriptorSet: boolean): MessageShape {
  return {
    name: fieldNaming(keepCase),
    map: fromDescriptorSet
      ? (entries) => Object.entries(entries).map(([key, value]) => ({ key, value }))
      : (entries) => entries,
  };
}
