import { randomBytes } from 'node:crypto';
import { shellVariableName } from '../../../shared/shell-quote';

/**
 * Secrets in a copied grpcurl command: each secret is filled in as a placeholder of plain letters (which quoting and
 * JSON leave as they are), and once the command is written each placeholder becomes a reference the shell expands
 * (`"$API_TOKEN"`), so the command runs once the variable is exported and the secret itself never leaves the engine.
 */
export class SecretReferences {
  private readonly byPlaceholder = new Map<string, string>();
  private readonly nonce = randomBytes(6).toString('hex');

  /** `values` with each secret replaced by its placeholder. */
  fill(values: ReadonlyMap<string, string>, secrets: ReadonlyMap<string, string>): Map<string, string> {
    const filled = new Map(values);
    for (const name of secrets.keys()) {
      const placeholder = `ProtodeskSecret${this.byPlaceholder.size}x${this.nonce}`;
      this.byPlaceholder.set(placeholder, shellVariableName(name));
      filled.set(name, placeholder);
    }
    return filled;
  }

  /** Each placeholder filled in so far, and the environment variable (`API_TOKEN`) it stands for. */
  get placeholders(): ReadonlyMap<string, string> {
    return this.byPlaceholder;
  }

  /**
   * The command with each placeholder turned into a shell reference: inside single quotes the quote is closed before
   * it and reopened after (`'Bearer '"$TOKEN"`), leaving out quote pairs that would be empty. `reference` writes the
   * reference to a variable (default `"$TOKEN"`) as one double-quoted word.
   */
  expand(command: string, reference = (variable: string): string => `"$${variable}"`): string {
    if (this.byPlaceholder.size === 0) return command;
    const pattern = new RegExp([...this.byPlaceholder.keys()].join('|'), 'g');
    let out = '';
    let quoted = false;
    let last = 0;
    let reopen = false;
    // After a reference that stood inside quotes they are reopened, unless the text goes on by closing them.
    const resume = (text: string): string => {
      if (!reopen) return text;
      reopen = false;
      return text.startsWith("'") ? text.slice(1) : `'${text}`;
    };
    for (const match of command.matchAll(pattern)) {
      const at = match.index;
      quoted = quotedAt(command, last, at, quoted);
      let text = command.slice(last, at);
      if (!quoted) text = resume(text);
      else if (text === '' && reopen) reopen = false;
      else {
        // Inside quotes there is no other `'`: one right before the placeholder is the one that opened them.
        text = resume(text);
        text = text.endsWith("'") ? text.slice(0, -1) : `${text}'`;
      }
      if (quoted) reopen = true;
      out += `${text}${reference(this.byPlaceholder.get(match[0]) ?? match[0])}`;
      last = at + match[0].length;
    }
    return out + resume(command.slice(last));
  }
}

/** Whether position `to` is inside single quotes, scanning from `from` where it was `quoted` (POSIX rules). */
function quotedAt(text: string, from: number, to: number, quoted: boolean): boolean {
  let inside = quoted;
  for (let i = from; i < to; i++) {
    const char = text[i];
    if (inside) {
      if (char === "'") inside = false;
    } else if (char === '\\') i++;
    else if (char === "'") inside = true;
  }
  return inside;
}
