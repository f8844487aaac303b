import type {
  EnumAst,
  ExtendAst,
  FieldAst,
  GroupAst,
  MessageAst,
  MessageElement,
  ProtoFileAst,
  ServiceAst,
} from './ast';
import { mapEntryName } from './json-name';
import type { Problems } from './problems';
import type { SymbolEntry, SymbolTable } from './symbols';

/** Registers every name a file defines (packages, types, fields, values, services...) in the table. */
export function collectSymbols(ast: ProtoFileAst, table: SymbolTable, problems: Problems): void {
  const file = ast.path;
  const add = (fullName: string, entry: Omit<SymbolEntry, 'file'>): void => {
    const error = table.add(fullName, { ...entry, file });
    if (error) problems.add(file, entry.span, error);
  };
  const pkg = ast.package?.name ?? '';
  if (pkg) {
    const parts = pkg.split('.');
    for (let i = 1; i <= parts.length; i++)
      add(parts.slice(0, i).join('.'), { kind: 'package', span: ast.package?.span });
  }
  const scoped = (scope: string, name: string): string => (scope ? `${scope}.${name}` : name);

  const enumDecl = (scope: string, node: EnumAst): void => {
    add(scoped(scope, node.name), {
      kind: 'enum',
      span: node.nameSpan,
      enumValues: node.values.map((v) => v.name),
    });
    for (const value of node.values)
      add(scoped(scope, value.name), { kind: 'enumValue', span: value.nameSpan });
  };
  const extendDecl = (scope: string, node: ExtendAst): void => {
    for (const field of node.fields) {
      if (field.kind === 'group') groupDecl(scope, field, 'extension');
      else add(scoped(scope, field.name), { kind: 'extension', span: field.nameSpan });
    }
  };
  const groupDecl = (scope: string, node: GroupAst, kind: 'field' | 'extension'): void => {
    add(scoped(scope, node.name), { kind: 'message', span: node.nameSpan });
    add(scoped(scope, node.name.toLowerCase()), { kind, span: node.nameSpan });
    body(scoped(scope, node.name), node.body);
  };
  const fieldDecl = (scope: string, node: FieldAst | GroupAst): void => {
    if (node.kind === 'group') groupDecl(scope, node, 'field');
    else add(scoped(scope, node.name), { kind: 'field', span: node.nameSpan });
  };
  const body = (scope: string, elements: MessageElement[]): void => {
    for (const el of elements) {
      switch (el.kind) {
        case 'field':
        case 'group':
          fieldDecl(scope, el);
          break;
        case 'map':
          add(scoped(scope, mapEntryName(el.name)), { kind: 'message', span: el.nameSpan });
          add(scoped(scope, el.name), { kind: 'field', span: el.nameSpan });
          break;
        case 'oneof':
          add(scoped(scope, el.name), { kind: 'oneof', span: el.nameSpan });
          for (const field of el.fields) fieldDecl(scope, field);
          break;
        case 'message':
          messageDecl(scope, el);
          break;
        case 'enum':
          enumDecl(scope, el);
          break;
        case 'extend':
          extendDecl(scope, el);
          break;
        default:
          break;
      }
    }
  };
  const messageDecl = (scope: string, node: MessageAst): void => {
    const full = scoped(scope, node.name);
    add(full, { kind: 'message', span: node.nameSpan });
    body(full, node.body);
  };
  const serviceDecl = (node: ServiceAst): void => {
    const full = scoped(pkg, node.name);
    add(full, { kind: 'service', span: node.nameSpan });
    for (const method of node.methods)
      add(`${full}.${method.name}`, { kind: 'method', span: method.nameSpan });
  };

  for (const node of ast.messages) messageDecl(pkg, node);
  for (const node of ast.enums) enumDecl(pkg, node);
  for (const node of ast.extends) extendDecl(pkg, node);
  for (const node of ast.services) serviceDecl(node);
}
