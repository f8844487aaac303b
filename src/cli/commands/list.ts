import type { Command } from 'commander';
import { addAuthFlags, type AuthFlags } from '../auth-flags';
import { splitTarget } from '../positionals';
import { addSchemaFlags, schemaSourceFromFlags, type SchemaFlags } from '../schema-options';
import { UsageError } from '../usage-error';
import { unknownService } from '../../core/service/use-cases/prepare-call';

/** `protodesk list [target] [service]`: services, or one service's methods (grpcurl's output, plus kinds with --long). */
export function registerList(
  program: Command,
  out: (line: string) => void,
  err: (text: string) => void,
): void {
  addAuthFlags(
    addSchemaFlags(
      program
        .command('list')
        .description('list services, or the methods of one service')
        .argument('[target]', 'server address, when the schema comes from reflection')
        .argument('[service]', 'a service whose methods to list')
        .option('-l, --long', 'show each method with its kind and message types'),
    ),
  ).action(
    async (
      first: string | undefined,
      second: string | undefined,
      flags: SchemaFlags & AuthFlags & { long?: boolean },
    ) => {
      const { target, symbol } = splitTarget([first, second]);
      const { loadAuthedSchema } = await import('../authed-schema-load');
      const schema = await loadAuthedSchema(schemaSourceFromFlags(flags, target), flags, err);
      const services = schema.services();
      if (!symbol) {
        for (const service of services) out(service.fullName);
        return;
      }
      const service = services.find((s) => s.fullName === symbol.replace(/^\./, ''));
      if (!service) {
        throw new UsageError(unknownService(schema, symbol));
      }
      for (const method of service.methods) {
        out(
          flags.long
            ? `${method.fullName}\t${method.kind}\t${method.inputType} -> ${method.outputType}`
            : method.fullName,
        );
      }
    },
  );
}
