import type { CallEvent } from '../../shared/call';
import { jsonStringEnd } from '../../shared/json-body';
import { redactedSecretMinLength } from '../../shared/workspace';

/** One text to replace and the `{{name}}` it becomes. */
interface Replacement {
  form: string;
  placeholder: string;
}

/** A run of JSON text outside string literals that is not structure: a number, true, false or null. */
const bareToken = /[^\s,:[\]{}]+/g;

/**
 * Hides secret values in everything that leaves the engine (reports, command-line output, history, events to the
 * page): each occurrence of a secret's value, anywhere in a text and also inside a longer word, becomes `{{name}}`.
 * Values shorter than `redactedSecretMinLength` characters are left alone (see there why); empty ones too.
 */
export class SecretRedactor {
  private readonly replacements: Replacement[];

  /** `secrets`: value by variable name. */
  constructor(secrets: ReadonlyMap<string, string>) {
    this.replacements = [...secrets]
      .filter(([, value]) => [...value].length >= redactedSecretMinLength)
      .flatMap(([name, value]) =>
        // Also the JSON-escaped form, as the value sits inside JSON text quoted in a message.
        [...new Set([value, JSON.stringify(value).slice(1, -1)])].map((form) => ({
          form,
          placeholder: `{{${name}}}`,
        })),
      )
      // Longer values first, so a secret that contains another is replaced whole.
      .sort((a, b) => b.form.length - a.form.length);
  }

  /** No secret long enough to hide: every method returns its input. */
  get empty(): boolean {
    return this.replacements.length === 0;
  }

  /** A text with every secret value replaced. */
  redact(text: string): string {
    return this.replacements.reduce(
      (result, { form, placeholder }) =>
        result.includes(form) ? result.split(form).join(placeholder) : result,
      text,
    );
  }

  /** A copy of a JSON-like value in which every string, at any depth, is redacted. */
  redactValue<T>(value: T): T {
    if (this.empty) return value;
    const redact = (item: unknown): unknown => {
      if (typeof item === 'string') return this.redact(item);
      if (Array.isArray(item)) return item.map(redact);
      if (typeof item === 'object' && item !== null) {
        return Object.fromEntries(Object.entries(item).map(([key, inner]) => [key, redact(inner)]));
      }
      return item;
    };
    return redact(value) as T;
  }

  /**
   * JSON text (a request or response message) redacted so that it stays valid JSON: a string holding a secret is
   * written again with `{{name}}` in place of it, and a number holding one becomes a string. A secret spanning JSON
   * structure is replaced where it stands: the text may then no longer parse, but the secret never shows.
   */
  redactJson(json: string): string {
    if (this.empty) return json;
    // Without escapes a string's text is its raw characters: no secret in the raw text means none anywhere.
    if (!json.includes('\\') && this.redact(json) === json) return json;
    let out = '';
    let i = 0;
    while (i < json.length) {
      if (json[i] === '"') {
        const end = jsonStringEnd(json, i);
        out += this.redactLiteral(json.slice(i, end));
        i = end;
        continue;
      }
      const quote = json.indexOf('"', i);
      const stop = quote === -1 ? json.length : quote;
      const bare = json.slice(i, stop);
      out +=
        this.redact(bare) === bare
          ? bare
          : bare.replace(bareToken, (token) => {
              const redacted = this.redact(token);
              return redacted === token ? token : JSON.stringify(redacted);
            });
      i = stop;
    }
    return this.redact(out);
  }

  /**
   * A call event as the page may see it: metadata, status message, hint and details redacted, and (like history,
   * which the page shows too) response messages: the page never holds a secret's value, only that it was there.
   */
  redactEvent(event: CallEvent): CallEvent {
    if (this.empty) return event;
    switch (event.type) {
      case 'sent':
        return event;
      case 'message':
        return { ...event, json: this.redactJson(event.json) };
      case 'status': {
        const { details, ...status } = event.status;
        const redacted = this.redactValue(status);
        return {
          ...event,
          status: details === undefined ? redacted : { ...redacted, details: this.redactJson(details) },
        };
      }
      case 'headers':
      case 'trailers':
        return { ...event, metadata: this.redactValue(event.metadata) };
    }
  }

  /** A literal whose text holds a secret, re-encoded with the secret replaced; one that is not valid JSON, as text. */
  private redactLiteral(literal: string): string {
    // Without escapes the literal's text is its raw characters, and `{{name}}` needs no escaping.
    if (!literal.includes('\\')) return this.redact(literal);
    let text: string;
    try {
      text = JSON.parse(literal) as string;
    } catch {
      return this.redact(literal);
    }
    const redacted = this.redact(text);
    return redacted === text ? literal : JSON.stringify(redacted);
  }
}
