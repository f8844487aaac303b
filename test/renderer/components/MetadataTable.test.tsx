// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { MetadataTable } from '../../../src/renderer/components/MetadataTable';
import { enabledMetadata, type MetadataRow } from '../../../src/renderer/model/metadata-rows';

afterEach(cleanup);

function Harness(props: { report: (rows: MetadataRow[]) => void }) {
  const [rows, setRows] = useState<MetadataRow[]>([]);
  return (
    <MetadataTable
      label="Reflection metadata"
      rows={rows}
      onChange={(next) => {
        props.report(next);
        setRows(next);
      }}
    />
  );
}

describe('MetadataTable', () => {
  it('adds, edits, disables and removes rows; only enabled keyed rows are sent', () => {
    let rows: MetadataRow[] = [];
    render(<Harness report={(next) => (rows = next)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add metadata' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add metadata' }));
    const table = screen.getByRole('table', { name: 'Reflection metadata' });
    const keys = within(table).getAllByRole('textbox', { name: 'Metadata key' });
    const values = within(table).getAllByRole('textbox', { name: 'Metadata value' });
    fireEvent.change(keys[0] as HTMLElement, { target: { value: 'authorization' } });
    fireEvent.change(values[0] as HTMLElement, { target: { value: 'Bearer t' } });
    fireEvent.change(keys[1] as HTMLElement, { target: { value: 'x-debug' } });
    fireEvent.change(values[1] as HTMLElement, { target: { value: '1' } });
    expect(enabledMetadata(rows)).toEqual([
      { key: 'authorization', value: 'Bearer t' },
      { key: 'x-debug', value: '1' },
    ]);

    fireEvent.click(within(table).getAllByRole('checkbox', { name: 'Enabled' })[1] as HTMLElement);
    expect(enabledMetadata(rows)).toEqual([{ key: 'authorization', value: 'Bearer t' }]);
    expect(rows).toHaveLength(2);

    fireEvent.click(within(table).getAllByRole('button', { name: 'Remove metadata' })[0] as HTMLElement);
    expect(rows).toEqual([{ key: 'x-debug', value: '1', enabled: false }]);
    expect(within(table).getAllByRole('textbox', { name: 'Metadata key' })).toHaveLength(1);
  });

  it('asks for base64 on -bin keys and flags values that are not', () => {
    render(<Harness report={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add metadata' }));
    expect(screen.queryByText('base64')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Metadata key' }), {
      target: { value: 'trace-bin' },
    });
    expect(screen.getByText('base64')).toBeTruthy();
    const value = screen.getByRole('textbox', { name: 'Metadata value' });
    fireEvent.change(value, { target: { value: 'not base64!' } });
    expect(value.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(value, { target: { value: 'AAEC' } });
    expect(value.getAttribute('aria-invalid')).toBe('false');
  });
});
