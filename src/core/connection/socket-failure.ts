import { statSync } from 'node:fs';
import { fileType } from '../files/file-type';
import type { ConnectionProblem } from './errors';

/**
 * Explains a failed connect to a unix socket (`connect ENOENT /run/app.sock`), by what is at the path; undefined when
 * the reason is not about the socket `path`. Names the path as the target shows it, so relative paths stay relative.
 */
export function socketFailure(reason: string, path: string): ConnectionProblem | undefined {
  const code = /^connect (E[A-Z]+) (.*)$/.exec(reason);
  // TCP errors name `host:port` (which is also a TCP target's display); a socket path has a slash or no port.
  if (!code || code[2] !== path || /^(\[[^\]]*\]|[^/:]+):\d+$/.test(path)) return undefined;
  let type: string | undefined;
  try {
    type = fileType(statSync(path));
  } catch (error) {
    const found = (error as NodeJS.ErrnoException).code;
    if (found === 'ENOENT' || found === 'ENOTDIR') {
      return {
        message: `The socket ${path} does not exist${found === 'ENOTDIR' ? ' (part of its path is not a folder)' : ''}.`,
        hint: 'Start the server, or check the path (unix:///absolute/path or unix:relative/path).',
      };
    }
  }
  if (code[1] === 'EACCES' || code[1] === 'EPERM') {
    return {
      message: `No permission to connect to the socket ${path}.`,
      hint: 'Connecting needs write permission on the socket and search permission on its folders: check their owner and mode (ls -l), or run as a user the server allows.',
    };
  }
  if (type !== undefined && type !== 'a socket') {
    return {
      message: `${path} is not a socket: it is ${type}.`,
      hint: 'Check the path: it must name the socket file the server listens on.',
    };
  }
  if (code[1] === 'ECONNREFUSED') {
    return {
      message: `No server is listening on the socket ${path} (connection refused).`,
      hint: 'Start the server; a socket file left behind by a server that stopped refuses connections like this.',
    };
  }
  return undefined;
}
