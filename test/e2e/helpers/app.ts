// The user's actions in the app, by role and accessible name (the names are the UI's contract: see README).
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { protoFolder, protoRoot } from './paths';

/** The sidebar's views, as their tabs in the "Sidebar views" strip name them. */
export type SidebarViewName = 'Schemas' | 'Collections' | 'History' | 'Mocks';

/** Shows one of the sidebar's views (the others are hidden) and waits until it is shown. */
export async function showSidebarView(page: Page, view: SidebarViewName): Promise<void> {
  await page.getByRole('tablist', { name: 'Sidebar views' }).getByRole('tab', { name: view }).click();
  await page.getByRole('tabpanel', { name: view }).waitFor();
}

/** The sidebar's tree of sources, services and methods (in its Schemas view). */
export const methodTree = (page: Page): Locator => page.getByRole('tree', { name: 'Methods' });

/** A method's entry in the sidebar. */
export const methodItem = (page: Page, method: string): Locator =>
  methodTree(page).getByRole('treeitem', { name: method, exact: true });

/** The response region of the open tab. */
export const responseRegion = (page: Page): Locator => page.getByRole('region', { name: 'Response' });

/** The request editor (Monaco, or its plain textarea until Monaco has loaded). */
export const requestEditor = (page: Page): Locator => page.getByRole('textbox', { name: 'Request JSON' });

/** What the "Import protos" dialog is filled with: the mode radio's label, the path(s), the import paths. */
export interface ProtoImport {
  mode: 'Proto files' | 'Proto folder' | 'Descriptor set';
  path: string;
  importPaths?: string[];
}

/**
 * Imports through the "Import protos" dialog (from the Schemas view); resolves once the dialog has closed, which it
 * does only on success.
 */
export async function importProtos(page: Page, what: ProtoImport): Promise<void> {
  await showSidebarView(page, 'Schemas');
  await page.getByRole('button', { name: 'Import protos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import protos' });
  await dialog.getByRole('radio', { name: what.mode }).check();
  await dialog.getByRole('textbox', { name: 'Path', exact: true }).fill(what.path);
  if (what.importPaths)
    await dialog.getByRole('textbox', { name: 'Import paths' }).fill(what.importPaths.join('\n'));
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await closedOrFailed(dialog);
}

/** Imports a folder of .proto files that import each other relative to the folder itself. */
export const importProtoFolder = (page: Page, folder: string): Promise<void> =>
  importProtos(page, { mode: 'Proto folder', path: folder });

/** Imports a plaintext server's schema by reflection (from the Schemas view); resolves once the dialog has closed. */
export async function importByReflection(page: Page, address: string): Promise<void> {
  await showSidebarView(page, 'Schemas');
  await page.getByRole('button', { name: 'Import from server reflection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import from server reflection' });
  await dialog.getByRole('textbox', { name: 'Server address' }).fill(address);
  await dialog.getByRole('combobox', { name: 'TLS', exact: true }).selectOption({ label: 'Plaintext' });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await closedOrFailed(dialog);
}

/** Waits until an import dialog closes (the source loaded); throws with the dialog's alert when it shows one instead. */
export async function closedOrFailed(dialog: Locator): Promise<void> {
  const alert = dialog.getByRole('alert').first();
  const failed = alert.waitFor().then(async () => {
    throw new Error(`the import failed: ${await alert.innerText()}`);
  });
  await Promise.race([dialog.waitFor({ state: 'hidden' }), failed]);
}

/** The strip of open request tabs. */
export const openTabs = (page: Page): Locator => page.getByRole('tablist', { name: 'Open requests' });

/** Opens a method in a tab to keep (double-click in the sidebar's Schemas view) and waits for its tab to be selected. */
export async function openMethod(page: Page, method: string, tabName: string): Promise<void> {
  await showSidebarView(page, 'Schemas');
  await methodItem(page, method).dblclick();
  await openTabs(page).getByRole('tab', { name: tabName, selected: true }).waitFor();
}

/** Shows a method in the preview tab (a single click in the sidebar) and waits for its tab to be selected. */
export async function previewMethod(page: Page, method: string, tabName: string): Promise<void> {
  await methodItem(page, method).click();
  await openTabs(page).getByRole('tab', { name: tabName, selected: true }).waitFor();
}

/** The Monaco editor whose input is the request editor. */
export const monacoRequestEditor = (page: Page): Locator =>
  page
    .locator('.monaco-editor')
    .filter({ has: requestEditor(page) })
    .first();

/** Waits until the request editor is the real Monaco editor (not its placeholder textarea). */
export async function waitForMonaco(page: Page): Promise<void> {
  await monacoRequestEditor(page).waitFor();
}

/**
 * Shows the Message section and clicks into Monaco's text, as a user does (its focusable input is an invisible
 * EditContext element), and selects all.
 */
export async function selectAllRequestJson(page: Page): Promise<void> {
  await requestSection(page, 'Message');
  await waitForMonaco(page);
  await monacoRequestEditor(page).locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
}

/** The page's clipboard, as far as pasting a request and reading a copy need it (the e2e project has no DOM types). */
type ClipboardHost = {
  navigator: { clipboard: { writeText(text: string): Promise<void>; readText(): Promise<string> } };
};

/** What the page's clipboard holds (after Copy response, say). Needs the clipboard permissions openApp grants. */
export const readClipboard = (page: Page): Promise<string> =>
  page.evaluate(() => (globalThis as unknown as ClipboardHost).navigator.clipboard.readText());

/**
 * Replaces the request JSON by pasting it, as a user does with a big request (typing would trip Monaco's auto-closing
 * quotes, and inserting 12 KB as typed text takes Monaco ~15 s). Needs the clipboard permissions openApp grants.
 */
export async function setRequestJson(page: Page, json: string): Promise<void> {
  await page.evaluate(
    (text) => (globalThis as unknown as ClipboardHost).navigator.clipboard.writeText(text),
    json,
  );
  await selectAllRequestJson(page);
  await page.keyboard.press('ControlOrMeta+V');
}

/** The little of the DOM that reading Monaco's lines needs (the e2e project has no DOM types). */
interface LinesElement {
  querySelectorAll(selector: string): ArrayLike<{ style: { top: string }; textContent: string | null }>;
}

/** The request editor's visible text (Monaco renders only the lines in view). */
export async function requestEditorText(page: Page): Promise<string> {
  // Monaco reuses line elements, so their document order is not the text's order: sort them by their offset from the top.
  return monacoRequestEditor(page)
    .locator('.view-lines')
    .evaluate((lines: LinesElement) =>
      Array.from(lines.querySelectorAll('.view-line'))
        .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
        .map((line) => (line.textContent ?? '').replace(/\u00a0/g, ' '))
        .join('\n'),
    );
}

/** The status badge of the response region, by its accessible name, e.g. "Status NOT_FOUND (5)". */
export const statusBadge = (page: Page, name: string, code: number): Locator =>
  responseRegion(page).getByRole('status', { name: `Status ${name} (${code})` });

/** Reopens the newest history entry whose text matches `method`. */
export async function reopenFromHistory(page: Page, method: RegExp): Promise<void> {
  await showSidebarView(page, 'History');
  await page.getByRole('list', { name: 'History' }).getByRole('button', { name: method }).first().click();
}

/** The request pane's sections, as its tablist "Request sections" names them. */
export type RequestSectionName = 'Message' | 'Metadata' | 'Auth' | 'Settings' | 'Tests';

/** The tablist of the request pane's sections. */
export const requestSectionTabs = (page: Page): Locator =>
  page.getByRole('tablist', { name: 'Request sections' });

/** A section's name: its label, then its count when it has one ("Metadata 2"). */
const sectionName = (name: RequestSectionName): RegExp => new RegExp(`^${name}( \\d+)?$`);

/** A section's tab in the request pane. */
export const requestSectionTab = (page: Page, name: RequestSectionName): Locator =>
  requestSectionTabs(page).getByRole('tab', { name: sectionName(name) });

/**
 * Shows a section of the request pane (Metadata, deadline and options under Settings, assertions and captures under
 * Tests) and returns its panel once it is the selected one.
 */
export async function requestSection(page: Page, name: RequestSectionName): Promise<Locator> {
  await requestSectionTab(page, name).click();
  await requestSectionTabs(page)
    .getByRole('tab', { name: sectionName(name), selected: true })
    .waitFor();
  return page.getByRole('tabpanel', { name: sectionName(name) });
}

/** Adds a metadata row in the Metadata section and fills it. */
export async function addMetadata(page: Page, key: string, value: string): Promise<void> {
  const panel = await requestSection(page, 'Metadata');
  await panel.getByRole('button', { name: 'Add metadata' }).click();
  await panel.getByRole('textbox', { name: 'Metadata key' }).last().fill(key);
  await panel.getByRole('textbox', { name: 'Metadata value' }).last().fill(value);
}

/** Fills "Deadline (ms)" in the Settings section (empty text: no deadline). */
export async function setDeadline(page: Page, milliseconds: string): Promise<void> {
  const panel = await requestSection(page, 'Settings');
  await panel.getByRole('textbox', { name: 'Deadline (ms)' }).fill(milliseconds);
}

/** Fills the tab's "Server address". */
export async function setServerAddress(page: Page, address: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Server address' }).fill(address);
}

/** Clicks "Send". */
export async function send(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

/** Waits until the response region shows a status name (e.g. "OK", "INVALID_ARGUMENT"). */
export async function waitForStatus(page: Page, name: string, timeout = 30_000): Promise<void> {
  await responseRegion(page).getByText(name, { exact: true }).first().waitFor({ timeout });
}

/** The "N received" counter text for a count, as the response pane writes it (en-US thousands separators). */
export const receivedText = (count: number): RegExp =>
  new RegExp(`(^|[^\\d,])${count.toLocaleString('en-US')} received`);

/** Waits until the response region says `count` messages were received. */
export async function waitForReceived(page: Page, count: number, timeout = 30_000): Promise<void> {
  await responseRegion(page).getByText(receivedText(count)).first().waitFor({ timeout });
}

/** Imports grpc's interop protos as a folder; their imports (`grpc/testing/empty.proto`) resolve from test/fixtures/protos. */
export const importInteropFolder = (page: Page): Promise<void> =>
  importProtos(page, { mode: 'Proto folder', path: protoFolder('grpc/testing'), importPaths: [protoRoot] });

/** Imports grpc's interop test.proto, whose imports (`grpc/testing/empty.proto`) are relative to test/fixtures/protos. */
export const importInteropProtos = (page: Page): Promise<void> =>
  importProtos(page, {
    mode: 'Proto files',
    path: join(protoFolder('grpc/testing'), 'test.proto'),
    importPaths: [protoRoot],
  });

/** Creates an environment in the open "Environments" dialog with these variables, and saves it. */
export async function createEnvironment(
  dialog: Locator,
  name: string,
  variables: { name: string; value: string; secret?: boolean }[],
): Promise<void> {
  await dialog.getByRole('textbox', { name: 'Environment name' }).fill(name);
  await dialog.getByRole('button', { name: 'New environment' }).click();
  const editor = dialog.getByRole('region', { name: `Environment ${name}` });
  for (const [index, variable] of variables.entries()) {
    await editor.getByRole('button', { name: 'Add variable' }).click();
    const row = editor.getByRole('row').nth(index + 1);
    await row.getByRole('textbox', { name: 'Variable name' }).fill(variable.name);
    if (variable.secret) await row.getByRole('checkbox', { name: 'Secret' }).check();
    await row.getByLabel('Value').fill(variable.value);
  }
  await editor.getByRole('button', { name: 'Save environment' }).click();
  await editor.getByText('Saved.').waitFor();
}

/**
 * Waits until no CSS transition runs (a theme switch fades colours for a moment); a spinner's endless animation does
 * not count.
 */
export async function waitForTransitions(page: Page): Promise<void> {
  // A function, not a string: the page's CSP forbids eval. Polled (as expect.poll would, without needing vitest, so
  // bench/ui can use this too): a transition's `finished` promise can stay pending in headless Chromium.
  const running = (): Promise<number> =>
    page
      .locator('html')
      .evaluate(
        (html) =>
          html.ownerDocument
            .getAnimations()
            .filter((a: { constructor: { name: string } }) => a.constructor.name === 'CSSTransition').length,
      );
  const deadline = Date.now() + 5_000;
  while ((await running()) > 0) {
    if (Date.now() > deadline) throw new Error('CSS transitions were still running after 5 s.');
    await page.waitForTimeout(50);
  }
}

/** The Load test view of the open tab. */
export const loadView = (page: Page): Locator => page.getByRole('region', { name: 'Load test' });

/** Switches the open tab's right-hand pane to its Load test view and waits for it. */
export async function showLoadTest(page: Page): Promise<Locator> {
  await page
    .getByRole('tablist', { name: 'Response pane views' })
    .getByRole('tab', { name: 'Load test' })
    .click();
  await loadView(page).waitFor();
  return loadView(page);
}

/** A key figure of the Load test view as shown ("Calls" → "1,234"). */
export async function loadFigure(page: Page, name: string): Promise<string> {
  const figure = loadView(page)
    .getByRole('group', { name: 'Key figures' })
    .locator('div')
    .filter({ has: page.getByRole('term').getByText(name, { exact: true }) });
  return (await figure.getByRole('definition').innerText()).trim();
}

/** The top bar's dialogs: buttons when the bar has room, items of its More menu in a narrow window. */
export type BarDialogName = 'Environments' | 'TLS profiles' | 'Paste grpcurl command';

/** Opens one of the top bar's dialogs the way the window shows it: its button, or More → its menu item. */
export async function openBarDialog(page: Page, name: BarDialogName): Promise<void> {
  const button = page.getByRole('banner').getByRole('button', { name, exact: true });
  if (await button.isVisible()) await button.click();
  else {
    await page.getByRole('banner').getByRole('button', { name: 'More' }).click();
    await page.getByRole('menu', { name: 'More' }).getByRole('menuitem', { name, exact: true }).click();
  }
  await page.getByRole('dialog', { name }).waitFor();
}
