import { homedir } from 'node:os';
import { GrpcurlParseError } from './errors';

/** One word of a shell command after quote removal. */
export interface ShellWord {
  text: string;
  /** Shell variables (`$NAME`, `${NAME}`) the word referred to; they are written as `{{NAME}}` in `text`. */
  variables: string[];
}

const nameStart = /[A-Za-z_]/;
const nameChar = /[A-Za-z0-9_]/;
const operators = new Set(['|', '&', ';', '<', '>', '(', ')']);

/**
 * Splits a command line as bash would for a simple command: blanks separate words; `\` before a newline continues the
 * line; single quotes are literal; double quotes keep `\` for `$ \` " and newline only; an unquoted `~/` at a word's start
 * is the home folder. Shell variables become `{{NAME}}` placeholders (Protodesk's variables) instead of being expanded.
 * Throws GrpcurlParseError for what a pasted request cannot carry: pipes, redirects, command substitution, `$'…'`.
 */
export function shellWords(command: string): ShellWord[] {
  const words: ShellWord[] = [];
  let word: ShellWord | undefined;
  const current = (): ShellWord => (word ??= { text: '', variables: [] });
  let i = 0;
  while (i < command.length) {
    const c = command[i]!;
    if (c === '\\') {
      const next = command[i + 1];
      if (next === '\n' || (next === '\r' && command[i + 2] === '\n')) {
        i += next === '\r' ? 3 : 2;
        continue;
      }
      if (next !== undefined) current().text += next;
      i += 2;
    } else if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      if (word) words.push(word);
      word = undefined;
      i++;
    } else if (c === '#' && word === undefined) {
      while (i < command.length && command[i] !== '\n') i++;
    } else if (c === "'") {
      const end = command.indexOf("'", i + 1);
      if (end < 0) unclosed("single quote (')");
      current().text += command.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      i = doubleQuoted(command, i + 1, current());
    } else if (c === '$') {
      i = dollar(command, i, current());
    } else if (c === '`') {
      throw new GrpcurlParseError(
        'The command uses `…` (command substitution), which Protodesk cannot run: paste the value itself.',
      );
    } else if (operators.has(c)) {
      throw new GrpcurlParseError(
        `The command contains an unquoted ${c}: paste a single grpcurl command, without pipes, redirects or other commands.`,
      );
    } else {
      if (c === '~' && word === undefined && /^~(\/|$|\s)/.test(command.slice(i)))
        current().text += homedir();
      else current().text += c;
      i++;
    }
  }
  if (word) words.push(word);
  return words;
}

/** Reads a double-quoted part starting after its opening quote; returns the index after the closing one. */
function doubleQuoted(command: string, from: number, word: ShellWord): number {
  let i = from;
  while (i < command.length) {
    const c = command[i]!;
    if (c === '"') return i + 1;
    if (c === '\\') {
      const next = command[i + 1];
      if (next === '\n') i += 2;
      else if (next !== undefined && '$`"\\'.includes(next)) {
        word.text += next;
        i += 2;
      } else {
        word.text += c;
        i++;
      }
    } else if (c === '$') {
      i = dollar(command, i, word);
    } else if (c === '`') {
      throw new GrpcurlParseError(
        'The command uses `…` (command substitution), which Protodesk cannot run: paste the value itself.',
      );
    } else {
      word.text += c;
      i++;
    }
  }
  return unclosed('double quote (")');
}

/** Reads `$NAME` or `${NAME}` at `i` into a `{{NAME}}` placeholder; a lone `$` is literal. Returns the next index. */
function dollar(command: string, i: number, word: ShellWord): number {
  const next = command[i + 1] ?? '';
  if (next === '(') {
    throw new GrpcurlParseError(
      'The command uses $(…) (command substitution), which Protodesk cannot run: paste the value itself.',
    );
  }
  if (next === "'") {
    throw new GrpcurlParseError(
      "The command uses $'…' quoting, which is not supported: use plain single quotes ('…').",
    );
  }
  let name: string;
  let end = i + 1;
  if (next === '{') {
    const close = command.indexOf('}', i + 2);
    name = close < 0 ? '' : command.slice(i + 2, close);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
      throw new GrpcurlParseError(
        `The command uses \${…} in a form Protodesk cannot read (${command.slice(i, close < 0 ? undefined : close + 1)}): write the value itself, or \${NAME} for a variable.`,
      );
    }
    end = close + 1;
  } else if (nameStart.test(next)) {
    while (end < command.length && nameChar.test(command[end]!)) end++;
    name = command.slice(i + 1, end);
  } else {
    word.text += '$';
    return i + 1;
  }
  word.text += `{{${name}}}`;
  if (!word.variables.includes(name)) word.variables.push(name);
  return end;
}

function unclosed(what: string): never {
  throw new GrpcurlParseError(`The command has an unclosed ${what}: paste the whole command.`);
}
