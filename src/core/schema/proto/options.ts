import { fromBinary, type DescExtension, type DescField, type DescMessage } from '@bufbuild/protobuf';
import { FeatureSetSchema } from '@bufbuild/protobuf/wkt';
import type { AggregateField, OptionAst, OptionValue, Span } from './ast';
import type { LinkRecords } from './link-records';
import type { PendingOptions } from './linker-context';
import { checkOptionRules } from './option-rules';
import {
  elementKind,
  encodeOptions,
  featuresEntry,
  stripSourceRetention,
  type OptionMessage,
  type OptionScalar,
} from './options-encode';
import { enumOptionValue, scalarOptionValue } from './options-scalars';
import type { OptionTypes } from './options-types';
import type { Problems } from './problems';

class OptionProblem extends Error {
  constructor(
    message: string,
    readonly span: Span,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** What interpreting one element's options needs besides the options themselves. */
interface Interpreter {
  types: OptionTypes;
  records: LinkRecords;
}

/**
 * Interprets every element's options into its typed options message, encoded exactly as protoc does
 * (custom options become extensions, in field-number order). Standard options (features among them) are done
 * first: custom options need a registry built from the linked files, and their types' encoding follows features.
 * Records the features written on each element (LinkRecords.written).
 */
export function interpretOptions(
  pending: PendingOptions[],
  types: OptionTypes,
  records: LinkRecords,
  problems: Problems,
): void {
  const interpreter: Interpreter = { types, records };
  const custom = new Set(pending.filter((p) => p.options.some(usesExtensions)));
  for (const item of pending) if (!custom.has(item)) interpretOne(item, interpreter, problems);
  for (const item of custom) interpretOne(item, interpreter, problems);
}

function interpretOne(item: PendingOptions, interpreter: Interpreter, problems: Problems): void {
  const root: OptionMessage = { desc: interpreter.types.optionsType(item.schema), fields: new Map() };
  let ok = true;
  for (const option of item.options) {
    try {
      setOption(root, option, item, interpreter);
    } catch (error) {
      if (!(error instanceof OptionProblem)) throw error;
      problems.add(item.file, error.span, error.message, error.hint);
      ok = false;
    }
  }
  if (!ok || !checkOptionRules(root, item, problems)) return;
  recordFeatures(root, item, interpreter.records);
  // Options left empty only by dropping source-retention ones are omitted, as protoc does.
  if (stripSourceRetention(root) && root.fields.size === 0) return;
  item.owner.options = fromBinary(item.schema, encodeOptions(root));
}

/** Keeps the `features` as written on the element, before source-retention features are dropped from its options. */
function recordFeatures(root: OptionMessage, item: PendingOptions, records: LinkRecords): void {
  const value = featuresEntry(root)?.values[0];
  if (value && typeof value === 'object' && 'desc' in value)
    records.written.set(item.owner, fromBinary(FeatureSetSchema, encodeOptions(value)));
}

function usesExtensions(option: OptionAst): boolean {
  return option.name.some((p) => p.isExtension) || valueUsesExtensions(option.value);
}

function valueUsesExtensions(value: OptionValue): boolean {
  return (
    value.kind === 'aggregate' &&
    value.fields.some((f) => f.isExtension || f.values.some(valueUsesExtensions))
  );
}

/** `(foo.bar).baz` as protoc prints option names. */
function displayName(option: OptionAst): string {
  return option.name.map((p) => (p.isExtension ? `(${p.name})` : p.name)).join('.');
}

function setOption(
  root: OptionMessage,
  option: OptionAst,
  item: PendingOptions,
  interpreter: Interpreter,
): void {
  const name = displayName(option);
  let message = root;
  option.name.forEach((part, index) => {
    const shown = option.name
      .slice(0, index + 1)
      .map((p) => (p.isExtension ? `(${p.name})` : p.name))
      .join('.');
    const field = part.isExtension
      ? resolveExtension(part.name, shown, message.desc, item, interpreter, option.span)
      : message.desc.fields.find((f) => f.name === part.name);
    if (!field) {
      const where =
        index === 0
          ? `Option "${shown}" unknown.`
          : `Option field "${shown}" is not a field or extension of message "${message.desc.name}".`;
      throw new OptionProblem(
        where,
        option.span,
        index === 0 ? `"${message.desc.typeName}" has no field named "${part.name}".` : undefined,
      );
    }
    if (index < option.name.length - 1) {
      const element = elementKind(field);
      if (element.kind !== 'message')
        throw new OptionProblem(`Option "${shown}" is an atomic type, not a message.`, option.span);
      if (field.fieldKind === 'list') {
        throw new OptionProblem(
          `Option field "${shown}" is a repeated message. Repeated message options must be initialized using an aggregate value.`,
          option.span,
        );
      }
      let entry = message.fields.get(field.number);
      if (!entry)
        message.fields.set(
          field.number,
          (entry = { field, values: [{ desc: element.message, fields: new Map() }], span: option.span }),
        );
      message = entry.values[0] as OptionMessage;
      return;
    }
    const value = convertValue(field, option.value, name, false, interpreter);
    addValue(message, field, value, `Option "${name}" was already set.`, option.span);
  });
}

function addValue(
  message: OptionMessage,
  field: DescField | DescExtension,
  value: OptionScalar | OptionMessage,
  alreadySet: string,
  span: Span,
): void {
  const entry = message.fields.get(field.number);
  if (!entry) {
    message.fields.set(field.number, { field, values: [value], span });
  } else if (field.fieldKind === 'list') {
    entry.values.push(value);
  } else {
    throw new OptionProblem(alreadySet, span);
  }
}

function resolveExtension(
  name: string,
  shown: string,
  target: DescMessage,
  item: PendingOptions,
  interpreter: Interpreter,
  span: Span,
): DescExtension {
  const found = interpreter.types.symbols.lookup(name, item.scope, item.view, false);
  if (!found.ok) {
    throw new OptionProblem(
      `Option "${shown}" unknown. Ensure that your proto definition file imports the proto which defines the option.`,
      span,
      found.hint,
    );
  }
  if (found.entry.kind !== 'extension')
    throw new OptionProblem(
      `Option "${shown}" is not a field or extension of message "${target.name}".`,
      span,
    );
  const extension = interpreter.types.extension(found.fullName);
  if (!extension) throw new OptionProblem(`Option "${shown}" unknown.`, span);
  if (extension.extendee.typeName !== target.typeName) {
    throw new OptionProblem(
      `Option "${shown}" is an extension of "${extension.extendee.typeName}" but is used on "${target.typeName}".`,
      span,
    );
  }
  return extension;
}

function convertValue(
  field: DescField | DescExtension,
  value: OptionValue,
  name: string,
  textFormat: boolean,
  interpreter: Interpreter,
): OptionScalar | OptionMessage {
  const element = elementKind(field);
  let result: OptionScalar | OptionMessage | { error: string };
  switch (element.kind) {
    case 'map':
      throw new OptionProblem(`Map fields in option values are not supported ("${name}").`, value.span);
    case 'message':
      if (value.kind !== 'aggregate') {
        throw new OptionProblem(
          `Option "${name}" is a message. To set the entire message, use syntax like "${name} = { <proto text format> }". To set fields within it, use syntax like "${name}.foo = value".`,
          value.span,
        );
      }
      return parseAggregate(element.message, value.fields, interpreter);
    case 'enum':
      result = enumOptionValue(element.enumType, value, name, textFormat);
      break;
    default:
      result = scalarOptionValue(element.scalar, value, name, textFormat);
  }
  if (typeof result === 'object' && 'error' in result) throw new OptionProblem(result.error, value.span);
  return result;
}

/** Reads a text-format aggregate `{ a: 1 b { c: "x" } [ext]: 2 }` into a message value. */
function parseAggregate(
  desc: DescMessage,
  fields: AggregateField[],
  interpreter: Interpreter,
): OptionMessage {
  const message: OptionMessage = { desc, fields: new Map() };
  for (const item of fields) {
    if (item.isExtension && item.name.includes('/')) {
      setAnyExpansion(message, item, interpreter);
      continue;
    }
    const field = item.isExtension
      ? interpreter.types.extension(item.name.replace(/^\./, ''))
      : findField(desc, item.name);
    if (!field || (item.isExtension && 'extendee' in field && field.extendee.typeName !== desc.typeName)) {
      const shown = item.isExtension ? `[${item.name}]` : `"${item.name}"`;
      throw new OptionProblem(`Message type "${desc.typeName}" has no field named ${shown}.`, item.span);
    }
    for (const value of item.values) {
      const converted = convertValue(field, value, item.name, true, interpreter);
      addValue(
        message,
        field,
        converted,
        `Non-repeated field "${item.name}" is specified multiple times.`,
        item.span,
      );
    }
  }
  return message;
}

/** Text format names a group field by its type name, every other field by its name. */
function findField(desc: DescMessage, name: string): DescField | undefined {
  return (
    desc.fields.find((f) => f.name === name) ??
    desc.fields.find(
      (f) =>
        f.message?.name === name &&
        elementKind(f).kind === 'message' &&
        'delimitedEncoding' in f &&
        f.delimitedEncoding,
    )
  );
}

/** `[type.googleapis.com/pkg.T] { ... }` inside an Any: type_url plus the encoded message. */
function setAnyExpansion(message: OptionMessage, item: AggregateField, interpreter: Interpreter): void {
  const typeName = item.name.slice(item.name.lastIndexOf('/') + 1);
  const inner = interpreter.types.message(typeName);
  const value = item.values[0];
  if (message.desc.typeName !== 'google.protobuf.Any' || !inner || value?.kind !== 'aggregate') {
    throw new OptionProblem(
      `Cannot expand "[${item.name}]" here.`,
      item.span,
      'Any expansion needs an Any field and a known message type.',
    );
  }
  const typeUrl = message.desc.fields.find((f) => f.number === 1);
  const bytes = message.desc.fields.find((f) => f.number === 2);
  if (!typeUrl || !bytes) throw new OptionProblem(`Cannot expand "[${item.name}]" here.`, item.span);
  message.fields.set(1, { field: typeUrl, values: [new TextEncoder().encode(item.name)], span: item.span });
  message.fields.set(2, {
    field: bytes,
    values: [encodeOptions(parseAggregate(inner, value.fields, interpreter))],
    span: item.span,
  });
}
