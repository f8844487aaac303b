import type { Command } from 'commander';
import { splitTarget } from '../positionals';
import { addSchemaFlags, schemaSourceFromFlags, type SchemaFlags } from '../schema-options';

/** `protodesk describe [target] [symbol]`: a service, method, message or enum as proto-like text. */
export function registerDescribe(program: Command, out: (line: string) => void): void {
  addSchemaFlags(
    program
      .command('describe')
      .description('show services, methods, messages and enums as proto text')
      .argument('[target]', 'server address, when the schema comes from reflection')
      .argument(
        '[symbol]',
        'what to describe (pkg.Service, pkg.Service/Method, pkg.Message); all services when absent',
      ),
  ).action(async (first: string | undefined, second: string | undefined, flags: SchemaFlags) => {
    const { target, symbol } = splitTarget([first, second]);
    const [{ loadFlagSchema }, { describeAll, describeSymbol }] = await Promise.all([
      import('../schema-load'),
      import('../../core/service/entry/describe'),
    ]);
    const schema = await loadFlagSchema(schemaSourceFromFlags(flags, target));
    out(symbol ? describeSymbol(schema.registry, symbol) : describeAll(schema.registry));
  });
}
