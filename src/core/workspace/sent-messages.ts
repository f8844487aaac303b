/** The request messages a call sent, as history keeps them: every one up to a cap, then only how many were left out. */

/** Limits of the messages history keeps per call. */
export interface SentMessageLimits {
  /** Default 1,000. */
  maxMessages?: number;
  /** Total JSON characters kept; default 5 MB. */
  maxChars?: number;
}

/** Collects a call's request messages in send order, bounded, so a long client stream cannot fill the history. */
export class SentMessages {
  private readonly kept: string[] = [];
  private chars = 0;
  private left = 0;
  private readonly maxMessages: number;
  private readonly maxChars: number;

  constructor(limits: SentMessageLimits = {}) {
    this.maxMessages = limits.maxMessages ?? 1000;
    this.maxChars = limits.maxChars ?? 5 * 1024 * 1024;
  }

  /** Takes the next message; once a limit is reached, later messages are only counted (the first ones stay). */
  add(json: string): void {
    if (this.left > 0 || this.kept.length >= this.maxMessages || this.chars + json.length > this.maxChars) {
      this.left += 1;
      return;
    }
    this.kept.push(json);
    this.chars += json.length;
  }

  /** The kept messages, oldest first. */
  get messages(): readonly string[] {
    return this.kept;
  }

  /** How many messages were sent but not kept. */
  get dropped(): number {
    return this.left;
  }
}
