import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { addAuthFlags, type AuthFlags } from '../auth-flags';
import { checkOutputFile } from '../output-file';
import { addSchemaFlags, schemaSourceFromFlags, type SchemaFlags } from '../schema-options';

/** `protodesk protoset [target] -o FILE`: writes the resolved FileDescriptorSet, imports included. */
export function registerProtoset(
  program: Command,
  log: (line: string) => void,
  err: (text: string) => void,
): void {
  addAuthFlags(
    addSchemaFlags(
      program
        .command('protoset')
        .description('write the resolved schema as a binary FileDescriptorSet (imports included)')
        .argument('[target]', 'server address, when the schema comes from reflection')
        .requiredOption('-o, --output <file>', 'where to write the descriptor set'),
    ),
  ).action(async (first: string | undefined, flags: SchemaFlags & AuthFlags & { output: string }) => {
    const source = schemaSourceFromFlags(flags, first);
    // A pipe is a fine destination here (`-o /dev/stdout`): the set is written, not replaced atomically.
    const output = await checkOutputFile(flags.output, '--output', {
      createFolder: false,
      regularOnly: false,
      example: 'schema.protoset',
    });
    const { loadAuthedSchema } = await import('../authed-schema-load');
    const schema = await loadAuthedSchema(source, flags, err);
    await writeFile(output, schema.toDescriptorSet());
    log(`Wrote ${schema.files.length} files to ${flags.output}`);
  });
}
