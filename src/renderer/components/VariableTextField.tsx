/**
 * A one-line text input that shows its `{{name}}` variables: each one highlighted (unknown ones underlined as a
 * warning) by a mirror of the text laid over the input, and a popover on hover or focus with each value (secrets
 * masked, revealable) or warning. The input itself stays a plain textbox with its own name; without a variable scope
 * (a dialog where nothing is filled) it is exactly a plain input.
 */
import * as Popover from '@radix-ui/react-popover';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { InputHTMLAttributes } from 'react';
import { placeholderSpans } from '../../shared/variables';
import { lookupVariable } from './variable-lookup';
import { useVariableScope, type VariableScope } from './variable-scope';
import { VariableDetails } from './VariableDetails';
import './variable-field.css';

/** Props of VariableTextField: an input's own props, with the text and its change as plain strings. */
export interface VariableTextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type'
> {
  value: string;
  onChange: (text: string) => void;
  /** The textbox's accessible name (it also names the popover). */
  'aria-label': string;
}

// A pointer passing over the field should not flash the popover; one moving from the field to it must reach it.
const openDelayMs = 300;
const closeDelayMs = 200;

/** The input with its highlighting mirror and variables popover. */
export function VariableTextField(props: VariableTextFieldProps): React.JSX.Element {
  const { value, onChange, ...inputProps } = props;
  const scope = useVariableScope();
  const input = useRef<HTMLInputElement>(null);
  const mirror = useRef<HTMLSpanElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const warningId = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const spans = scope ? placeholderSpans(value) : [];
  const names = [...new Set(spans.map((span) => span.name))];
  const warnings = scope ? unknownMessages(scope, names) : [];

  useLayoutEffect(() => {
    if (input.current && mirror.current) copyTextBox(input.current, mirror.current);
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const plainInput = (
    <input
      ref={input}
      type="text"
      {...inputProps}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  if (!scope) return plainInput;

  const later = (next: boolean, delay: number): void => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), delay);
  };
  const follow = (): void => {
    if (input.current && mirror.current) mirror.current.scrollLeft = input.current.scrollLeft;
  };
  const describedBy = [inputProps['aria-describedby'], warnings.length > 0 ? warningId : undefined]
    .filter(Boolean)
    .join(' ');

  return (
    <Popover.Root open={open && names.length > 0} onOpenChange={setOpen}>
      <Popover.Anchor asChild>
        <span
          className="pd-variable-field"
          onPointerEnter={() => later(true, openDelayMs)}
          onPointerLeave={() => later(false, closeDelayMs)}
        >
          <input
            ref={input}
            type="text"
            {...inputProps}
            aria-describedby={describedBy || undefined}
            value={value}
            onChange={(event) => {
              // While the user types, the popover would cover what is below (the request's section tabs).
              later(false, 0);
              onChange(event.target.value);
            }}
            onFocus={(event) => {
              later(true, 0);
              inputProps.onFocus?.(event);
            }}
            onBlur={(event) => {
              // Moving into the popover (its Reveal button) keeps it open.
              const to = event.relatedTarget;
              if (!(to instanceof Node && content.current?.contains(to))) later(false, 0);
              inputProps.onBlur?.(event);
            }}
            onScroll={follow}
            onSelect={follow}
            onKeyUp={follow}
          />
          <span ref={mirror} className="pd-variable-mirror" aria-hidden="true">
            {segments(value, spans, scope)}
          </span>
          {warnings.length > 0 && (
            <span id={warningId} className="pd-visually-hidden">
              {warnings.join(' ')}
            </span>
          )}
        </span>
      </Popover.Anchor>
      {/* Not in a portal: right after the input in the tab order, so Tab reaches a Reveal button. */}
      <Popover.Content
        ref={content}
        className="pd-variable-popover"
        aria-label={`Variables in ${props['aria-label']}`}
        side="bottom"
        align="start"
        sideOffset={4}
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
        onInteractOutside={(event) => {
          // A click back into the field is not "outside".
          if (event.target instanceof Node && input.current?.parentElement?.contains(event.target))
            event.preventDefault();
        }}
        onPointerEnter={() => clearTimeout(timer.current)}
        onPointerLeave={() => later(false, closeDelayMs)}
        onBlur={(event) => {
          const to = event.relatedTarget;
          const stays = to instanceof Node && (event.currentTarget.contains(to) || to === input.current);
          if (!stays) later(false, 0);
        }}
      >
        <VariableDetails names={names} scope={scope} />
      </Popover.Content>
    </Popover.Root>
  );
}

/** The warning of each name a call would not fill. */
function unknownMessages(scope: VariableScope, names: string[]): string[] {
  return names.flatMap((name) => {
    const lookup = lookupVariable(scope.view, name);
    return lookup.kind === 'unknown' ? [lookup.message] : [];
  });
}

/** The mirror's text: plain runs as they are, each variable in a marked span. */
function segments(
  text: string,
  spans: ReturnType<typeof placeholderSpans>,
  scope: VariableScope,
): React.ReactNode[] {
  const nodes: React.ReactNode[] = [];
  let at = 0;
  for (const span of spans) {
    nodes.push(text.slice(at, span.start));
    const unknown = lookupVariable(scope.view, span.name).kind === 'unknown';
    nodes.push(
      <span
        key={span.start}
        className={unknown ? 'pd-variable-token pd-variable-unknown' : 'pd-variable-token'}
      >
        {text.slice(span.start, span.end)}
      </span>,
    );
    at = span.end;
  }
  nodes.push(text.slice(at));
  return nodes;
}

/** Gives the mirror the input's text box: font, spacing, padding and border widths, so its glyphs sit on the input's. */
function copyTextBox(from: HTMLInputElement, to: HTMLElement): void {
  const style = getComputedStyle(from);
  const props = [
    'font-family',
    'font-size',
    'font-weight',
    'font-style',
    'letter-spacing',
    'word-spacing',
    'text-indent',
    'padding-top',
    'padding-right',
    'padding-bottom',
    'padding-left',
    'border-top-width',
    'border-right-width',
    'border-bottom-width',
    'border-left-width',
  ];
  for (const name of props) to.style.setProperty(name, style.getPropertyValue(name));
  to.scrollLeft = from.scrollLeft;
}
