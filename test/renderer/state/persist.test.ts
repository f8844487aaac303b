import { describe, expect, it } from 'vitest';
import { loadWorkspace, samePersisted, saveWorkspace } from '../../../src/renderer/state/persist';
import { createTab, withRequestText, withTemplate } from '../../../src/renderer/state/tab-list';
import { FULL_SAMPLE, memoryStorage, SAMPLE, unaryCall } from './engine-stub';

const connection = { target: 'localhost:50051', tls: { mode: 'plaintext' as const }, metadata: [] };
const remembered = { 'src-1': { target: 'localhost:50051', tls: { mode: 'plaintext' as const } } };

describe('workspace persistence', () => {
  it('drops a saved tab that no longer parses and keeps the others', () => {
    const storage = memoryStorage();
    const good = withTemplate(createTab('tab-1', 'src-1', unaryCall, connection), {
      method: unaryCall,
      sample: SAMPLE,
      fullSample: FULL_SAMPLE,
      jsonSchema: {},
    });
    saveWorkspace(storage, { tabs: [good], activeTabId: 'tab-2', connections: {} });
    const saved = JSON.parse(storage.data.get('protodesk.workspace.v1') ?? '{}') as { tabs: unknown[] };
    saved.tabs.push({ id: 'tab-2', title: 'broken' });
    storage.setItem('protodesk.workspace.v1', JSON.stringify(saved));

    const loaded = loadWorkspace(storage);
    expect(loaded?.tabs.map((t) => t.id)).toEqual(['tab-1']);
    expect(loaded?.activeTabId).toBe('tab-1');
    expect(loaded?.tabs[0]).toMatchObject({ requestText: SAMPLE, dirty: false });
    expect(loaded?.tabs[0]?.template).toBeUndefined();
  });

  it('ignores a corrupt save', () => {
    const storage = memoryStorage();
    storage.setItem('protodesk.workspace.v1', '{not json');
    expect(loadWorkspace(storage)).toBeUndefined();
  });

  it('leaves out a huge request text, so the tab comes back with its sample', () => {
    const storage = memoryStorage();
    const huge = withRequestText(createTab('tab-1', 'src-1', unaryCall, connection), 'x'.repeat(300_000));
    saveWorkspace(storage, { tabs: [huge], activeTabId: 'tab-1', connections: {} });
    expect(loadWorkspace(storage)?.tabs[0]).toMatchObject({ requestText: '', dirty: false });
  });

  it("keeps a saved tab's file, request, TLS profile and tests across a reload, and drops its call", () => {
    const storage = memoryStorage();
    const tab = {
      ...withRequestText(createTab('tab-1', 'src-1', unaryCall, connection), '{"a": 1}'),
      saved: { path: 'collections/c/a.json', version: 'v1' },
      savedRequest: { method: unaryCall.fullName, target: 'localhost:50051', metadata: [], body: { a: 1 } },
      keepText: true,
      tlsProfile: 'staging',
      auth: { type: 'bearer' as const, token: '{{token}}' },
      captures: [{ variable: 'id', from: 'body' as const, path: '$.id' }],
      assertions: { status: 'NOT_FOUND' as const },
      failure: { kind: 'internal' as const, message: 'not kept' },
    };
    saveWorkspace(storage, {
      tabs: [tab],
      activeTabId: 'tab-1',
      connections: remembered,
    });
    const loaded = loadWorkspace(storage);
    const { failure: _failure, templateLoading: _loading, ...kept } = tab;
    expect(loaded?.tabs[0]).toEqual({ ...kept, dirty: loaded?.tabs[0]?.dirty });
    expect(loaded?.connections).toEqual(remembered);
  });

  it('drops auth of a shape this build does not know (the tab inherits) rather than the tab', () => {
    const storage = memoryStorage();
    const tab = { ...createTab('tab-1', 'src-1', unaryCall, connection), section: 'auth' as const };
    saveWorkspace(storage, { tabs: [tab], activeTabId: 'tab-1', connections: {} });
    const saved = JSON.parse(storage.data.get('protodesk.workspace.v1') ?? '{}') as { tabs: object[] };
    saved.tabs[0] = { ...saved.tabs[0], auth: { type: 'kerberos', realm: 'X' } };
    storage.setItem('protodesk.workspace.v1', JSON.stringify(saved));
    expect(loadWorkspace(storage)?.tabs.map((kept) => [kept.id, kept.auth, kept.section])).toEqual([
      ['tab-1', undefined, 'auth'],
    ]);
  });

  it('keeps the section each tab shows; a section this build does not know shows Message, the tab is kept', () => {
    const storage = memoryStorage();
    const tabs = [
      { ...createTab('tab-1', 'src-1', unaryCall, connection), section: 'metadata' as const },
      createTab('tab-2', 'src-1', unaryCall, connection),
    ];
    saveWorkspace(storage, { tabs, activeTabId: 'tab-1', connections: {} });
    expect(loadWorkspace(storage)?.tabs.map((tab) => tab.section)).toEqual(['metadata', undefined]);

    const saved = JSON.parse(storage.data.get('protodesk.workspace.v1') ?? '{}') as {
      tabs: { section?: string }[];
    };
    saved.tabs[0] = { ...saved.tabs[0], section: 'examples' };
    storage.setItem('protodesk.workspace.v1', JSON.stringify(saved));
    expect(loadWorkspace(storage)?.tabs.map((tab) => [tab.id, tab.section])).toEqual([
      ['tab-1', undefined],
      ['tab-2', undefined],
    ]);
  });

  it('drops the metadata and global last server an older save remembered: no tab inherits a token', () => {
    const storage = memoryStorage();
    const auth = [{ key: 'authorization', value: 'Bearer secret', enabled: true }];
    const older = {
      tabs: [],
      connections: { 'src-1': { ...connection, metadata: auth } },
      lastConnection: { ...connection, metadata: auth },
    };
    storage.setItem('protodesk.workspace.v1', JSON.stringify(older));
    const loaded = loadWorkspace(storage);
    expect(loaded?.connections).toEqual(remembered);
    expect(JSON.stringify(loaded)).not.toContain('Bearer secret');
  });

  it('counts a change to the remembered servers, or to any kept tab field, as something to save', () => {
    const tab = createTab('tab-1', 'src-1', unaryCall, connection);
    const state = { tabs: [tab], activeTabId: 'tab-1', connections: {} };
    expect(samePersisted(state, { ...state })).toBe(true);
    expect(samePersisted(state, { ...state, connections: remembered })).toBe(false);
    expect(samePersisted(state, { ...state, tabs: [{ ...tab, keepText: true }] })).toBe(false);
    // The call is not kept: a new call event is nothing to save.
    expect(samePersisted(state, { ...state, tabs: [{ ...tab, starting: true }] })).toBe(true);
  });
});
