// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageView } from '../../../../src/renderer/features/response/MessageView';
import { formatJson, formatJsonPrefix } from '../../../../src/renderer/features/response/format-json';
import type { TimelineEntry } from '../../../../src/renderer/model/call-model';
import { useElementSize } from './layout';

afterEach(cleanup);
useElementSize(360);

const vectors = Array.from({ length: 20_000 }, (_, i) => ({
  start: { x: i, y: 1, z: 2 },
  end: { x: 3, y: 4, z: 5 },
}));
const json = JSON.stringify({ vectors });
const entry: TimelineEntry = { direction: 'received', index: 0, atMs: 5, size: 1_234_567, json };

function view(format: Parameters<typeof MessageView>[0]['format']) {
  return render(
    <MessageView
      entry={entry}
      format={format}
      label="Response JSON"
      modelUri="protodesk://response/c1/0.json"
      theme="dark"
    />,
  );
}

describe('MessageView', () => {
  it('shows the first lines of a huge message while the worker formats the rest, and says so', () => {
    view({ state: 'formatting', chars: 15_200_000, firstLines: formatJsonPrefix(json, 64 * 1024) });
    expect(screen.getByRole('status').textContent).toBe('Formatting 15.2 MB…');
    expect(document.body.textContent).toContain('1.2 MB protobuf');
    const text = screen.getByRole('document', { name: 'Response JSON' });
    expect(text.getAttribute('aria-busy')).toBe('true');
    const lines = text.querySelectorAll('.line-view-line');
    expect(lines[0]?.textContent).toBe('1{');
    expect(lines[1]?.textContent).toBe('2  "vectors": [');
    expect(lines[3]?.textContent).toBe('4      "start": {');
  });

  it('says only that it is formatting when the first characters hold no whole line', () => {
    view({ state: 'formatting', chars: 15_200_000, firstLines: formatJsonPrefix(json, 3) });
    expect(screen.getByRole('status').textContent).toBe('Formatting 15.2 MB…');
    expect(screen.queryByRole('document')).toBeNull();
  });

  it('shows a huge message as numbered lines, only those in view', () => {
    const formatted = formatJson(json);
    view({ state: 'ready', formatted, large: true });
    const text = screen.getByRole('document', { name: 'Response JSON' });
    expect(text.getAttribute('aria-busy')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    const lines = text.querySelectorAll('.line-view-line');
    // 360 px of 18 px lines plus overscan, out of 240,000 lines.
    expect(formatted.lineStarts.length).toBe(240_004);
    expect(lines.length).toBeGreaterThan(10);
    expect(lines.length).toBeLessThan(60);
    expect(lines[0]?.textContent).toBe('1{');
    expect(lines[1]?.textContent).toBe('2  "vectors": [');
    expect(lines[3]?.textContent).toBe('4      "start": {');
  });

  it('says why a message could not be formatted', () => {
    view({ state: 'failed', message: 'worker script missing' });
    expect(screen.getByRole('alert').textContent).toBe(
      'Could not format this message: worker script missing',
    );
  });
});
