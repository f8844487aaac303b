import { describe, expect, it } from 'vitest';
import {
  environmentToSave,
  hasStoredValue,
  variableRows,
  variableRowsProblem,
} from '../../../../src/renderer/features/environments/variable-rows';
import type { VariableRow } from '../../../../src/renderer/features/environments/variable-rows';

const view = {
  file: { variables: { host: 'localhost:50051', user: 'ada' }, secrets: ['token'] },
  storedSecrets: ['token'],
};

/** The rows of `view`, with changes to the row named `name`. */
function edited(name: string, patch: Partial<VariableRow>): VariableRow[] {
  return variableRows(view).map((row) => (row.name === name ? { ...row, ...patch } : row));
}

describe('variable rows', () => {
  it('show plain values and never a secret value, only that one is stored', () => {
    const rows = variableRows(view);
    expect(rows.map((row) => [row.name, row.value, row.secret])).toEqual([
      ['host', 'localhost:50051', false],
      ['user', 'ada', false],
      ['token', '', true],
    ]);
    expect(rows.map((row) => hasStoredValue(row, view.storedSecrets))).toEqual([false, false, true]);
  });

  it('list plain variables, then secrets, each in natural order (shard2 before shard10, case aside), and save so', () => {
    const names = {
      variables: { shard10: 'c', Shard1: 'a', shard2: 'b' },
      secrets: ['key10', 'key2', 'Key1'],
    };
    const rows = variableRows({ file: names, storedSecrets: [] });
    expect(rows.map((row) => row.name)).toEqual(['Shard1', 'shard2', 'shard10', 'Key1', 'key2', 'key10']);
    expect(environmentToSave(rows.reverse(), []).file.secrets).toEqual(['Key1', 'key2', 'key10']);
  });

  it('keep a stored secret untouched when its box stays empty', () => {
    expect(environmentToSave(variableRows(view), view.storedSecrets, { tlsProfile: 'prod-tls' })).toEqual({
      file: {
        variables: { host: 'localhost:50051', user: 'ada' },
        secrets: ['token'],
        tlsProfile: 'prod-tls',
      },
      secrets: {},
    });
  });

  it('send a typed secret only in the secret changes, never in the file', () => {
    const saved = environmentToSave(edited('token', { value: 's3cret' }), view.storedSecrets);
    expect(saved.secrets).toEqual({ token: 's3cret' });
    expect(JSON.stringify(saved.file)).not.toContain('s3cret');
  });

  it('delete the stored value when forgotten, removed, renamed or made plain', () => {
    expect(environmentToSave(edited('token', { forget: true }), view.storedSecrets).secrets).toEqual({
      token: null,
    });
    const removed = variableRows(view).filter((row) => row.name !== 'token');
    expect(environmentToSave(removed, view.storedSecrets)).toEqual({
      file: { variables: { host: 'localhost:50051', user: 'ada' }, secrets: [] },
      secrets: { token: null },
    });
    expect(environmentToSave(edited('token', { name: 'apiToken' }), view.storedSecrets).secrets).toEqual({
      token: null,
    });
    const plain = environmentToSave(edited('token', { secret: false, value: 'visible' }), view.storedSecrets);
    expect(plain.file.variables['token']).toBe('visible');
    expect(plain.secrets).toEqual({ token: null });
  });

  it('name the first problem: empty, invalid or duplicate names', () => {
    expect(variableRowsProblem(variableRows(view))).toBeNull();
    expect(variableRowsProblem(edited('user', { name: '' }))).toMatch(/Name every variable/);
    expect(variableRowsProblem(edited('user', { name: '1user' }))).toMatch(/"1user" is not a variable name/);
    expect(variableRowsProblem(edited('user', { name: 'host' }))).toBe('"host" is defined twice.');
  });
});
