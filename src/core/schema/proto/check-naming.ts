import { FeatureSet_EnforceNamingStyle as Style } from '@bufbuild/protobuf/wkt';
import { fileElements } from './desc-elements';
import type { FeatureCheck } from './feature-check';
import { protoChain, type Element } from './feature-resolver';

type Rule = (name: string) => string | undefined;

/** protoc's IsValidTitleCaseName. */
const titleCase: Rule = (name) => {
  if (!/^[A-Za-z0-9]*$/.test(name)) return 'should be TitleCase';
  if (!/^[A-Z]/.test(name)) return 'should begin with a capital letter';
  return undefined;
};

/** protoc's IsValidLowerSnakeCaseName (package names keep their dots). */
const lowerSnakeCase: Rule = (name) => {
  if (!/^[a-z0-9_.]*$/.test(name)) return 'should be lower_snake_case';
  if (!/^[a-z]/.test(name)) return 'should begin with a lower case letter';
  return badUnderscores(name) ? 'contains style violating underscores' : undefined;
};

/** protoc's IsValidUpperSnakeCaseName. */
const upperSnakeCase: Rule = (name) => {
  if (!/^[A-Z0-9_]*$/.test(name)) return 'should be UPPER_SNAKE_CASE';
  if (!/^[A-Z]/.test(name)) return 'should begin with an upper case letter';
  return badUnderscores(name) ? 'contains style violating underscores' : undefined;
};

/** A leading or trailing underscore, or one not followed by a letter. */
function badUnderscores(name: string): boolean {
  return name.startsWith('_') || name.endsWith('_') || /_[^A-Za-z]/.test(name);
}

const rules: Partial<Record<Element['kind'], { what: string; rule: Rule }>> = {
  file: { what: 'Package name', rule: lowerSnakeCase },
  message: { what: 'Message name', rule: titleCase },
  field: { what: 'Field name', rule: lowerSnakeCase },
  extension: { what: 'Field name', rule: lowerSnakeCase },
  oneof: { what: 'Oneof name', rule: lowerSnakeCase },
  enum: { what: 'Enum name', rule: titleCase },
  enum_value: { what: 'Enum value name', rule: upperSnakeCase },
  service: { what: 'Service name', rule: titleCase },
  rpc: { what: 'Method name', rule: titleCase },
};

/** The naming style STYLE2024 enforces (edition 2024's default), element by element, where it is in force. */
export function checkNamingStyle(check: FeatureCheck): void {
  const { file } = check;
  for (const element of fileElements(file)) {
    const style = check.resolver.resolve('enforceNamingStyle', protoChain(element), file.edition);
    if (style === Style.STYLE_LEGACY || style === Style.ENFORCE_NAMING_STYLE_UNKNOWN) continue;
    const name = element.kind === 'file' ? file.proto.package : element.name;
    const found = rules[element.kind];
    const error = name && found ? found.rule(name) : undefined;
    if (!found || !error) continue;
    const span =
      element.kind === 'file'
        ? check.records.packageSpans.get(file.proto.name)
        : check.records.spans.get(element.proto);
    check.problems.add(
      file.proto.name,
      span,
      `${found.what} ${name} ${error}`,
      'Rename it, or opt out with features.enforce_naming_style = STYLE_LEGACY.',
    );
  }
}
