/** What the palette offers: every method of every loaded source, and commands. */
import type { SourceState } from '../../../shared/api/types';
import type { MethodInfo } from '../../../shared/schema';

/** One method the palette can open, with the source it comes from. */
export interface PaletteItem {
  sourceId: string;
  sourceLabel: string;
  method: MethodInfo;
}

/** All methods of the loaded sources, in source and declaration order. */
export function paletteItems(sources: SourceState[]): PaletteItem[] {
  return sources.flatMap((source) =>
    source.services.flatMap((service) =>
      service.methods.map((method) => ({ sourceId: source.id, sourceLabel: source.label, method })),
    ),
  );
}

/** A command the palette runs when chosen. */
export interface PaletteCommand {
  label: string;
  run(): void;
}
