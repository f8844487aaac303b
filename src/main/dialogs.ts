/** Native open/save dialogs for the contract's `choosePaths`, one shape per PathPurpose. */
import { dialog } from 'electron';
import type { BrowserWindow, OpenDialogOptions, SaveDialogOptions } from 'electron';
import { isSavePurpose, type PathPurpose, type SavePurpose } from '../shared/api/types';

const allFiles = { name: 'All files', extensions: ['*'] };

const saveOptions: Record<SavePurpose, SaveDialogOptions> = {
  saveFile: { title: 'Save as' },
  loadReport: {
    title: 'Save the load test report',
    filters: [
      { name: 'HTML report', extensions: ['html'] },
      { name: 'JSON', extensions: ['json'] },
    ],
  },
  loadExport: {
    title: 'Export the load test',
    filters: [
      { name: 'Locust file', extensions: ['py'] },
      { name: 'Shell script (ghz)', extensions: ['sh'] },
      allFiles,
    ],
  },
};

const openOptions: Record<Exclude<PathPurpose, SavePurpose>, OpenDialogOptions> = {
  protoFiles: {
    title: 'Import .proto files',
    properties: ['openFile', 'multiSelections'],
    filters: [{ name: 'Protocol Buffers', extensions: ['proto'] }, allFiles],
  },
  protoFolder: { title: 'Import a folder of .proto files', properties: ['openDirectory'] },
  descriptorSet: {
    title: 'Import a descriptor set',
    properties: ['openFile'],
    filters: [{ name: 'Descriptor sets', extensions: ['binpb', 'pb', 'protoset', 'desc', 'bin'] }, allFiles],
  },
  pemFile: {
    title: 'Choose a PEM file',
    properties: ['openFile'],
    filters: [{ name: 'PEM files', extensions: ['pem', 'crt', 'cer', 'key'] }, allFiles],
  },
  workspaceFolder: {
    title: 'Open a folder as the workspace',
    properties: ['openDirectory', 'createDirectory'],
  },
  bytesFile: { title: 'Insert a file as base64', properties: ['openFile'] },
  jsonFile: {
    title: 'Choose a JSON file',
    properties: ['openFile'],
    filters: [{ name: 'JSON', extensions: ['json'] }, allFiles],
  },
  loadData: {
    title: 'Choose a data file (JSON Lines or CSV)',
    properties: ['openFile'],
    filters: [{ name: 'JSON Lines or CSV', extensions: ['jsonl', 'ndjson', 'csv'] }, allFiles],
  },
};

/** Shows the dialog for `purpose` over `window`: the chosen paths, [] when cancelled. */
export async function choosePaths(
  window: BrowserWindow | undefined,
  purpose: PathPurpose,
): Promise<string[]> {
  if (isSavePurpose(purpose)) {
    const options = saveOptions[purpose];
    const result = window
      ? await dialog.showSaveDialog(window, options)
      : await dialog.showSaveDialog(options);
    return !result.canceled && result.filePath ? [result.filePath] : [];
  }
  const options = openOptions[purpose];
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return result.canceled ? [] : result.filePaths;
}
