// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasteGrpcurlDialog } from '../../../../src/renderer/features/grpcurl/PasteGrpcurlDialog';
import { ApiError } from '../../../../src/shared/api/errors';
import type { GrpcurlImport } from '../../../../src/shared/workspace';

afterEach(cleanup);

const imported: GrpcurlImport = {
  request: {
    method: 'grpc.testing.TestService/UnaryCall',
    target: 'localhost:50051',
    metadata: [{ key: 'authorization', value: 'Bearer t' }],
    body: { responseSize: 3 },
  },
  warnings: [],
};

/** Opens the dialog on a stand-in engine that answers grpcurlToRequest with `answer`. */
function open(answer: (command: string) => Promise<GrpcurlImport>) {
  const grpcurlToRequest = vi.fn(({ command }: { command: string }) => answer(command));
  const onCreate = vi.fn();
  const onClose = vi.fn();
  render(
    <PasteGrpcurlDialog api={{ workspace: { grpcurlToRequest } }} onCreate={onCreate} onClose={onClose} />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Paste grpcurl command' });
  const box = within(dialog).getByRole('textbox', { name: 'grpcurl command' });
  const create = () => fireEvent.click(within(dialog).getByRole('button', { name: 'Create request' }));
  return { dialog, box, create, grpcurlToRequest, onCreate, onClose };
}

const command = `grpcurl -plaintext -H 'authorization: Bearer t' -d '{"responseSize":3}' localhost:50051 grpc.testing.TestService/UnaryCall`;

describe('paste grpcurl dialog', () => {
  it('creates the request the engine built from the command', async () => {
    const { box, create, grpcurlToRequest, onCreate } = open(async () => imported);
    fireEvent.change(box, { target: { value: `  ${command}\n` } });
    create();
    await waitFor(() => expect(onCreate).toHaveBeenCalledWith(imported));
    expect(grpcurlToRequest).toHaveBeenCalledWith({ command });
  });

  it('shows the failure and its hint inline and keeps the text to fix', async () => {
    const failure = { kind: 'invalidRequest' as const, message: 'Unknown flag -bogus.', hint: 'Remove it.' };
    const { dialog, box, create, onCreate } = open(async () => {
      throw new ApiError(failure);
    });
    fireEvent.change(box, { target: { value: 'grpcurl -bogus localhost:1 a.B/C' } });
    create();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Unknown flag -bogus.');
    expect(alert.textContent).toContain('Remove it.');
    expect(box).toHaveProperty('value', 'grpcurl -bogus localhost:1 a.B/C');
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('shows warnings first, and creates on the second click for the same command', async () => {
    const warned = {
      ...imported,
      warnings: ['-v is not kept: the response pane shows headers and trailers.'],
    };
    const { dialog, box, create, grpcurlToRequest, onCreate } = open(async () => warned);
    fireEvent.change(box, { target: { value: `${command} -v` } });
    create();
    expect(await within(dialog).findByText(/-v is not kept/)).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();
    create();
    await waitFor(() => expect(onCreate).toHaveBeenCalledWith(warned));
    expect(grpcurlToRequest).toHaveBeenCalledTimes(1);
  });

  it('asks for a command when the box is empty, and closes on Cancel', () => {
    const { dialog, create, grpcurlToRequest, onClose } = open(async () => imported);
    create();
    expect(within(dialog).getByRole('alert').textContent).toBe('Paste a grpcurl command.');
    expect(grpcurlToRequest).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
