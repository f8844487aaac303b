/** The `calls` domain of the contract for one client: its calls' events go to it, and closing it releases them. */
import { resolve } from 'node:path';
import type { DomainService, OperationInput } from '../../../shared/api/contract';
import type { ApiEvent, CallEventBatch, StartedCall } from '../../../shared/api/types';
import { prepareContextCall } from '../call-context';
import { redactedFailure } from '../failure';
import { fileFailure } from '../file-failure';
import { tlsFiles } from '../named-paths';
import { assertReadable, type ServiceParts } from './parts';
import { prepareCall } from '../use-cases/prepare-call';

/** Answers `calls.*` operations for one client. */
export class CallsDomain implements DomainService<'calls'> {
  /** The calls this client started and has not released. */
  private readonly owned = new Set<string>();
  private closed = false;

  constructor(
    private readonly parts: ServiceParts,
    private readonly emit: (event: ApiEvent) => void,
  ) {}

  /** Starts a call whose batches (and outcome, with a context) go to this client. */
  async start({ sourceId, request: asSent, context }: OperationInput<'calls.start'>): Promise<StartedCall> {
    const { sources, calls, workspace, tools, access } = this.parts;
    const schema = sources.schema(sourceId);
    // The method checked in the words of every front door (`protodesk call` says the same).
    const { request } = prepareCall(schema, asSent);
    await assertReadable(access, { files: tlsFiles(request.tls), folders: [] });
    const toBatch = (batch: CallEventBatch): void => this.emit({ type: 'call', batch });
    let started: StartedCall;
    if (!context) started = await calls.start(schema, request, toBatch);
    else {
      const prepared = await prepareContextCall(
        workspace,
        tools,
        this.parts.auth.authorizer,
        request,
        context,
        (outcome) => this.emit({ type: 'outcome', outcome }),
      );
      // A refused start (bad JSON, metadata or target after filling) may quote a secret.
      try {
        started = await calls.start(schema, prepared.request, toBatch, prepared.extras);
      } catch (error) {
        throw redactedFailure(error, prepared.redactor);
      }
    }
    // The client went away while the call was starting: nobody will see or release it.
    if (this.closed) await calls.release(started.callId);
    else this.owned.add(started.callId);
    return started;
  }

  async send({ callId, json }: OperationInput<'calls.send'>): Promise<void> {
    this.parts.calls.get(callId).send(json);
  }

  async end({ callId }: OperationInput<'calls.end'>): Promise<void> {
    this.parts.calls.session(callId).end();
  }

  async cancel({ callId }: OperationInput<'calls.cancel'>): Promise<void> {
    this.parts.calls.session(callId).cancel();
  }

  async release({ callId }: OperationInput<'calls.release'>): Promise<void> {
    this.parts.calls.get(callId);
    await this.parts.calls.release(callId);
    this.owned.delete(callId);
  }

  async acknowledge({ callId, seq }: OperationInput<'calls.acknowledge'>): Promise<void> {
    this.parts.calls.get(callId).acknowledge(seq);
  }

  async messages({ callId, from, count }: OperationInput<'calls.messages'>): Promise<{ json: string[] }> {
    return { json: await this.parts.calls.get(callId).messages(from, count) };
  }

  async saveMessages({
    callId,
    path,
  }: OperationInput<'calls.saveMessages'>): Promise<{ path: string; count: number }> {
    const file = resolve(path);
    await this.parts.access.assertWritable(file);
    const call = this.parts.calls.get(callId);
    try {
      return { path: file, count: await call.saveMessages(file) };
    } catch (error) {
      throw fileFailure(error, file, 'write');
    }
  }

  /** Releases every call this client started and has not released; calls starting now are released once started. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.owned].map((id) => this.parts.calls.release(id)));
    this.owned.clear();
  }
}
