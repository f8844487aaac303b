/** The run was asked for something the workspace does not have (a folder, collection or environment); nothing ran. */
export class RunSelectionError extends Error {
  override name = 'RunSelectionError';
}
