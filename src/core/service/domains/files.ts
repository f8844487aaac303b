/** The `files` domain of the contract: files the page reads, writes, lists and chooses, each use checked by PathAccess. */
import type { DomainService, OperationInput } from '../../../shared/api/contract';
import type { DirectoryListing, FileAsBase64 } from '../../../shared/api/types';
import { readFileBase64 } from '../file-base64';
import { listDirectory, writeTextFile } from '../files';
import type { ServiceParts } from './parts';

/** Answers `files.*` operations. */
export class FilesDomain implements DomainService<'files'> {
  constructor(private readonly parts: ServiceParts) {}

  async write({ path, text }: OperationInput<'files.write'>): Promise<void> {
    await this.parts.access.assertWritable(path);
    await writeTextFile(path, text);
  }

  async listDirectory({ path }: OperationInput<'files.listDirectory'> = {}): Promise<DirectoryListing> {
    this.parts.access.assertListable();
    return listDirectory(path);
  }

  /** The paths chosen are the page's handles: the engine keeps the grant and checks every later use against it. */
  async choosePaths({ purpose }: OperationInput<'files.choosePaths'>): Promise<string[] | null> {
    if (!this.parts.choosePaths) return null;
    const paths = await this.parts.choosePaths(purpose);
    await this.parts.access.grant(purpose, paths);
    return paths;
  }

  /** Only files the user chose (or the workspace names): the page holds the path, the engine checks the grant. */
  async readBase64({ path }: OperationInput<'files.readBase64'>): Promise<FileAsBase64> {
    await this.parts.access.assertReadable(path);
    return readFileBase64(path);
  }
}
