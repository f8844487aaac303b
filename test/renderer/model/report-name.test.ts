import { describe, expect, it } from 'vitest';
import { reportFileName } from '../../../src/renderer/model/report-name';

describe('reportFileName', () => {
  it('is the method’s short name and the local time to the minute', () => {
    const at = new Date(2026, 11, 7, 9, 5);
    expect(reportFileName('grpc.testing.TestService.EmptyCall', at, 'html')).toBe(
      'EmptyCall-2026-12-07-0905.html',
    );
    expect(reportFileName('UnaryCall', at, 'json')).toBe('UnaryCall-2026-12-07-0905.json');
  });
});
