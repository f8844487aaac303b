import type { CallEvent, CallProtocol, CallTimings } from '../shared/call';
import type { MetadataEntry } from '../shared/schema';
import { protocolName } from '../shared/protocol-names';

/** `-v`: the request metadata, response headers and trailers, and a summary with sizes and timings, for stderr. */
export class VerboseReport {
  constructor(private readonly write: (text: string) => void) {}

  /** Printed before the call starts. */
  request(method: string, target: string, protocol: CallProtocol, metadata: readonly MetadataEntry[]): void {
    this.write(
      `Calling ${method} on ${target} over ${protocolName(protocol)}\n\nRequest metadata to send:\n${formatMetadata(metadata)}\n`,
    );
  }

  /** Prints the parts of an event that -v shows (messages go to stdout elsewhere). */
  event(event: CallEvent): void {
    switch (event.type) {
      case 'headers':
        this.write(`\nResponse headers received:\n${formatMetadata(event.metadata)}\n`);
        break;
      case 'trailers':
        this.write(`\nResponse trailers received:\n${formatMetadata(event.metadata)}\n`);
        break;
      case 'status': {
        const { status, timings } = event;
        const http = status.httpStatus !== undefined ? `, HTTP ${status.httpStatus}` : '';
        this.write(
          `\nStatus: ${status.name} (${status.code})${http}${status.message ? `: ${status.message}` : ''}\n`,
        );
        this.write(`${summary(timings)}\n${formatTimings(timings)}\n`);
        if (event.httpVersion)
          this.write(`HTTP version: ${event.httpVersion === '2' ? 'HTTP/2' : 'HTTP/1.1'}\n`);
        if (event.insecure) this.write('TLS: the server certificate was not verified (--insecure).\n');
        break;
      }
      default:
        break;
    }
  }
}

/** `key: value` per line, or `(empty)` as grpcurl prints it. */
function formatMetadata(metadata: readonly MetadataEntry[]): string {
  return metadata.length === 0 ? '(empty)' : metadata.map(({ key, value }) => `${key}: ${value}`).join('\n');
}

/** `Sent 1 request (7 bytes) and received 3 responses (96 bytes)` */
function summary(t: CallTimings): string {
  const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
  return `Sent ${count(t.messagesSent, 'request')} (${count(t.bytesSent, 'byte')}) and received ${count(t.messagesReceived, 'response')} (${count(t.bytesReceived, 'byte')})`;
}

/** `Timings: channel ready 1.2 ms, headers 3.0 ms, first message 3.1 ms, total 3.4 ms` (absent steps left out). */
function formatTimings(t: CallTimings): string {
  const steps: [string, number | undefined][] = [
    ['channel ready', t.channelReadyMs],
    ['headers', t.headersMs],
    ['first message', t.firstMessageMs],
    ['total', t.totalMs],
  ];
  const shown = steps.flatMap(([name, ms]) => (ms === undefined ? [] : [`${name} ${ms.toFixed(1)} ms`]));
  return `Timings: ${shown.join(', ')}`;
}
