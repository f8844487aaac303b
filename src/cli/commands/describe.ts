import type { Command } from 'commander';
import { addAuthFlags, type AuthFlags } from '../auth-flags';
import { splitTarget } from '../positionals';
import { addSchemaFlags, schemaSourceFromFlags, type SchemaFlags } from '../schema-options';

/** `protodesk describe [target] [symbol]`: a service, method, message or enum as proto-like text. */
export function registerDescribe(
  program: Command,
  out: (line: string) => void,
  err: (text: string) => void,
): void {
  addAuthFlags(
    addSchemaFlags(
      program
        .command('describe')
        .description('show services, methods, messages and enums as proto text')
        .argument('[target]', 'server address, when the schema comes from reflection')
        .argument(
          '[symbol]',
          'what to describe (pkg.Service, pkg.Service/Method, pkg.Message); all services when absent',
        ),
    ),
  ).action(async (first: string | undefined, second: string | undefined, flags: SchemaFlags & AuthFlags) => {
    const { target, symbol } = splitTarget([first, second]);
    const [{ loadAuthedSchema }, { describeAll, describeSymbol }] = await Promise.all([
      import('../authed-schema-load'),
      import('../../core/service/entry/describe'),
    ]);
    const schema = await loadAuthedSchema(schemaSourceFromFlags(flags, target), flags, err);
    out(symbol ? describeSymbol(schema.registry, symbol) : describeAll(schema.registry));
  });
}
