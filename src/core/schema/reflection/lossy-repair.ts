import { clone, create, createFileRegistry } from '@bufbuild/protobuf';
import {
  FileDescriptorProtoSchema,
  FileDescriptorSetSchema,
  type FileDescriptorProto,
} from '@bufbuild/protobuf/wkt';
import { fillJsonNames } from '../json-names';
import { orderByDependencies } from '../file-order';
import { declaredTypes } from './lossy/declared-types';
import { looksLossy } from './lossy/detect';
import { clearFalseMapEntry } from './lossy/false-map-entries';
import { splitImportCycles } from './lossy/import-cycles';
import { declareImports, importedFrom } from './lossy/imports';
import { renameMapEntries } from './lossy/map-entries';
import { forEachMessage } from './lossy/messages';
import { moveNestedExtensions } from './lossy/nested-extensions';
import { describeUnresolved, lossyError } from './lossy/problems';
import { qualifyReferences } from './lossy/qualify';
import { restoreProto3Optional } from './lossy/synthetic-oneofs';
import { bundledWellKnownFiles, wellKnownPackage } from './lossy/well-known';

/**
 * Repairs the descriptors of a grpc-js server whose @grpc/reflection serves @grpc/proto-loader's `fileDescriptorProtos`
 * (NestJS and most Node services): one file per package that imports nothing, type names relative to the wrong scope,
 * map entries, nested extensions and proto3 optionals misdescribed, no json_name, and the well-known types copied into
 * a file of their own. Packages whose files imported each other's come as files that would import each other.
 * The result is one consistent set, dependencies first, with the well-known types replaced by `wellKnown` (the engine's
 * compiled copies). Files without those marks are returned as they are: the same array, untouched. Throws SchemaError,
 * naming file and symbol, for what cannot be repaired; `origin` (`The server at host:port`) starts its messages.
 */
export function repairLossyDescriptors(
  files: FileDescriptorProto[],
  wellKnown: FileDescriptorProto[],
  origin: string,
): FileDescriptorProto[] {
  if (!looksLossy(files)) return files;
  // The server's google.protobuf file is proto-loader's copy of whichever well-known types it loaded, in no real file.
  const own = files
    .filter((file) => file.package !== wellKnownPackage)
    .map((file) => clone(FileDescriptorProtoSchema, file));
  for (const file of own) {
    // Before anything looks for map entries.
    forEachMessage(file, clearFalseMapEntry);
    forEachMessage(file, (message, fullName) => {
      moveNestedExtensions(message);
      renameMapEntries(message, fullName);
      restoreProto3Optional(message);
    });
  }
  fillJsonNames(own);
  const declared = declaredTypes([...wellKnown, ...own]);
  const unresolved = own.flatMap((file) => qualifyReferences(file, declared));
  if (unresolved.length > 0) throw lossyError(origin, unresolved.map(describeUnresolved));
  const acyclic = splitImportCycles(own, declared);
  declareImports(acyclic, acyclic === own ? declared : declaredTypes([...wellKnown, ...acyclic]));
  const repaired = orderByDependencies([...importedFrom(acyclic, wellKnown), ...acyclic], origin);
  assertLinks(repaired, origin);
  return repaired;
}

/** repairLossyDescriptors with the bundled well-known types, compiled only when the files need them. */
export function repairIfLossy(files: FileDescriptorProto[], origin: string): FileDescriptorProto[] {
  return looksLossy(files) ? repairLossyDescriptors(files, bundledWellKnownFiles(), origin) : files;
}

/** A repaired set must build a registry; if proto-loader lost something this module does not know, say so here. */
function assertLinks(files: FileDescriptorProto[], origin: string): void {
  try {
    createFileRegistry(create(FileDescriptorSetSchema, { file: files }));
  } catch (error) {
    const reason = (error as Error).message || 'a type it refers to is missing';
    throw lossyError(origin, [`after repair they still do not link (${reason}).`]);
  }
}
