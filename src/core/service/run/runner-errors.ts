/** The run was asked for something the workspace does not have (a folder, collection, environment or saved request); nothing ran. */
export class RunSelectionError extends Error {
  override name = 'RunSelectionError';
}
