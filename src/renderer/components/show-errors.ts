/**
 * The one rule for when a form shows its validation messages: a field's message once the user has changed that field, every message after a submit attempt; never on a form that has just opened.
 */
import { useCallback, useState } from 'react';

/** Which fields' messages are shown, and the two events that reveal them. */
export interface ShownErrors<Field extends string> {
  /** The user changed `field`. */
  touch(field: Field): void;
  /** The user tried to submit: every message shows from now on. */
  submit(): void;
  /** Back to a form that has just opened (after a successful submit that keeps the form). */
  reset(): void;
  /** Whether `field`'s message, if it has one, is shown. */
  shows(field: Field): boolean;
  /** The message to show for `field`: `problem` once the rule allows it, else undefined. */
  error(field: Field, problem: string | undefined): string | undefined;
}

/** The rule's state for one form. */
export function useShownErrors<Field extends string>(): ShownErrors<Field> {
  const [touched, setTouched] = useState<ReadonlySet<Field>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const touch = useCallback(
    (field: Field) => setTouched((now) => (now.has(field) ? now : new Set(now).add(field))),
    [],
  );
  const shows = (field: Field): boolean => submitted || touched.has(field);
  return {
    touch,
    submit: () => setSubmitted(true),
    reset: () => {
      setSubmitted(false);
      setTouched(new Set());
    },
    shows,
    error: (field, problem) => (shows(field) ? problem : undefined),
  };
}
