/** A field's name as proto-loader hands it to handlers and writes it in its descriptors. */
export type FieldName = (protoName: string) => string;

/** The naming a `keepCase` option implies: names as written, or protobufjs's camelCase (the first character kept as is). */
export function fieldNaming(keepCase: boolean | undefined): FieldName {
  return keepCase
    ? (name) => name
    : (name) =>
        name.slice(0, 1) + name.slice(1).replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
