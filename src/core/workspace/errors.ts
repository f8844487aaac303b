/** Errors of the workspace files, phrased for the person who has to act on them. `path` is workspace-relative. */

/** A save found the file changed on disk since the version it was based on (and overwriting was not asked for). */
export class WorkspaceConflictError extends Error {
  constructor(readonly path: string) {
    super(`${path} changed on disk since it was opened.`);
    this.name = 'WorkspaceConflictError';
  }
}

/** A workspace file that cannot be used: missing, unparsable (left as it is), or of a newer format. */
export class WorkspaceFileError extends Error {
  constructor(
    message: string,
    readonly path: string,
    readonly hint?: string,
  ) {
    super(message);
    this.name = 'WorkspaceFileError';
  }
}

/** A file written by a newer Protodesk: left where it is (not corrupt), refused until Protodesk is updated. */
export class WorkspaceFormatError extends WorkspaceFileError {
  constructor(
    readonly format: number,
    path: string,
    readonly supported: number,
  ) {
    super(
      `${path} was written by a newer Protodesk (file format ${format}; this version reads up to format ${supported}).`,
      path,
      'Update Protodesk to open it. The file is left unchanged.',
    );
    this.name = 'WorkspaceFormatError';
  }
}

/** A folder that holds files but no protodesk.json: nothing is created in it until the person confirms. */
export class NotAWorkspaceError extends Error {
  constructor(readonly folder: string) {
    super(`${folder} is not a Protodesk workspace: it has no protodesk.json.`);
    this.name = 'NotAWorkspaceError';
  }
}
