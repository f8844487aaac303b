import type {
  DescEnum,
  DescEnumValue,
  DescExtension,
  DescField,
  DescMessage,
  DescMethod,
  DescOneof,
  DescService,
  FileRegistry,
} from '@bufbuild/protobuf';
import type { PrintContext } from './describe/context';
import { printEnum, printEnumValue } from './describe/enum';
import { printExtendBlock } from './describe/extend';
import { isGroup, printField } from './describe/field';
import { printMessage, printMessageBody, printOneof } from './describe/message';
import { printMethod, printService } from './describe/service';
import { closeMatches } from './describe/suggest';
import { ProtoWriter } from './describe/writer';
import { SchemaError } from './errors';

/** Something `describe` can print, with the words grpcurl uses for it. */
type Target =
  | { kind: 'service'; desc: DescService }
  | { kind: 'method'; desc: DescMethod }
  | { kind: 'message'; desc: DescMessage }
  | { kind: 'enum'; desc: DescEnum }
  | { kind: 'enumValue'; desc: DescEnumValue }
  | { kind: 'field'; desc: DescField }
  | { kind: 'oneof'; desc: DescOneof }
  | { kind: 'extension'; desc: DescExtension }
  // Map entries and group types are shown as the field that declares them.
  | { kind: 'mapEntry'; desc: DescField }
  | { kind: 'groupType'; desc: DescField };

const indexes = new WeakMap<FileRegistry, Map<string, Target>>();

/** Adds a message and everything declared inside it to the index. */
function indexMessage(index: Map<string, Target>, message: DescMessage): void {
  index.set(message.typeName, { kind: 'message', desc: message });
  message.nestedMessages.forEach((m) => indexMessage(index, m));
  message.nestedEnums.forEach((e) => indexEnum(index, e));
  message.nestedExtensions.forEach((e) => index.set(e.typeName, { kind: 'extension', desc: e }));
  for (const oneof of message.oneofs)
    index.set(`${message.typeName}.${oneof.name}`, { kind: 'oneof', desc: oneof });
  for (const field of message.fields) {
    index.set(`${message.typeName}.${field.name}`, { kind: 'field', desc: field });
    // Map entries and group types are described as the field that declares them (after the loop above, so this wins).
    const typeName = field.proto.typeName.replace(/^\./, '');
    if (field.fieldKind === 'map') index.set(typeName, { kind: 'mapEntry', desc: field });
    else if (isGroup(field)) index.set(typeName, { kind: 'groupType', desc: field });
  }
}

/** Adds an enum and its values (named `pkg.Enum.VALUE`, as grpcurl names them). */
function indexEnum(index: Map<string, Target>, desc: DescEnum): void {
  index.set(desc.typeName, { kind: 'enum', desc });
  for (const value of desc.values)
    index.set(`${desc.typeName}.${value.name}`, { kind: 'enumValue', desc: value });
}

/** Every describable name in the registry. */
function symbolIndex(registry: FileRegistry): Map<string, Target> {
  let index = indexes.get(registry);
  if (index) return index;
  index = new Map();
  for (const file of registry.files) {
    for (const service of file.services) {
      index.set(service.typeName, { kind: 'service', desc: service });
      for (const method of service.methods) {
        index.set(`${service.typeName}.${method.name}`, { kind: 'method', desc: method });
      }
    }
    file.messages.forEach((m) => indexMessage(index, m));
    file.enums.forEach((e) => indexEnum(index, e));
    file.extensions.forEach((e) => index.set(e.typeName, { kind: 'extension', desc: e }));
  }
  indexes.set(registry, index);
  return index;
}

/** `pkg.Svc/Method`, `/pkg.Svc/Method` and `.pkg.Msg` all name the same things as their dotted forms. */
function normalize(symbol: string): string {
  return symbol
    .trim()
    .replace(/^[./]+/, '')
    .replace(/\/(?=[^/]*$)/, '.');
}

/** grpcurl's words for each kind of element. */
function describedAs(target: Target): string {
  switch (target.kind) {
    case 'service':
      return 'a service';
    case 'method':
      return 'a method';
    case 'message':
      return 'a message';
    case 'enum':
      return 'an enum';
    case 'enumValue':
      return 'an enum value';
    case 'field':
      return isGroup(target.desc) ? 'a group field' : 'a field';
    case 'oneof':
      return 'a one-of';
    case 'extension':
      return isGroup(target.desc) ? 'a group field' : 'an extension';
    case 'mapEntry':
      return 'the entry type for a map field';
    case 'groupType':
      return 'the type of a group field';
  }
}

/** The proto source of one element. */
function printTarget(ctx: PrintContext, target: Target): void {
  switch (target.kind) {
    case 'service':
      return printService(ctx, target.desc, 0);
    case 'method':
      return printMethod(ctx, target.desc, 0);
    case 'message':
      return printMessage(ctx, target.desc, 0);
    case 'enum':
      return printEnum(ctx, target.desc, 0);
    case 'enumValue':
      return printEnumValue(ctx, target.desc, 0);
    case 'oneof':
      return printOneof(ctx, target.desc, 0);
    case 'extension':
      return printExtendBlock(ctx, [target.desc], 0, printMessageBody);
    case 'field':
    case 'mapEntry':
    case 'groupType':
      return printField(ctx, target.desc, 0, printMessageBody);
  }
}

/** `<name> is <kind>:` followed by the element's proto source. */
function describeTarget(registry: FileRegistry, name: string, target: Target): string {
  const ctx: PrintContext = { w: new ProtoWriter(), registry };
  printTarget(ctx, target);
  return `${name} is ${describedAs(target)}:\n${ctx.w.toString()}`;
}

/** Resolves a symbol (service, method `pkg.Svc.Method` or `pkg.Svc/Method`, message, enum, extension) and prints it like grpcurl describe. */
export function describeSymbol(registry: FileRegistry, symbol: string): string {
  const index = symbolIndex(registry);
  const name = normalize(symbol);
  const target = index.get(name);
  if (target) return describeTarget(registry, name, target);
  const matches = closeMatches(name, index.keys());
  throw new SchemaError([
    {
      message: `Symbol "${symbol}" not found: no service, method, message, enum, field or extension has that name.`,
      hint:
        matches.length === 0
          ? 'Names are fully qualified, like package.Service or package.Service/Method.'
          : `Did you mean ${matches.length === 1 ? matches[0] : `one of ${matches.join(', ')}`}?`,
    },
  ]);
}

/** Every service with its methods, sorted by name: what `protodesk describe` prints with no symbol. */
export function describeAll(registry: FileRegistry): string {
  const services = [...symbolIndex(registry)]
    .filter(([, t]) => t.kind === 'service')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  if (services.length === 0) return 'The schema has no services.';
  return services.map(([name, target]) => describeTarget(registry, name, target)).join('\n');
}
