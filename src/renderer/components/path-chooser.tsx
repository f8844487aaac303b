/** Choosing paths on the engine's machine: native dialogs when the shell has them, else the page's own dialog. */
import { createContext, useCallback, useContext, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { ApiPick } from '../../shared/api/contract';
import type { PathPurpose } from '../../shared/api/types';
import { PathDialog } from './PathDialog';
import { defaultTitle } from './paths';
import { rememberedFolder, rememberFolder } from './remembered-folders';

/** The part of the API path choosing uses. */
export type PathChooserApi = ApiPick<'files.listDirectory' | 'app.info' | 'files.choosePaths'>;

/** Asks the user for paths; resolves [] when cancelled. */
export type ChoosePaths = (
  purpose: PathPurpose,
  /** `fileName`: the name a save dialog starts with. */
  options?: { title?: string; multiple?: boolean; fileName?: string },
) => Promise<string[]>;

interface PendingChoice {
  purpose: PathPurpose;
  title: string;
  multiple: boolean;
  start?: string;
  fileName?: string;
  resolve: (paths: string[]) => void;
}

const ChooserContext = createContext<ChoosePaths | null>(null);

/** Provides usePathChooser to its children and renders the in-page path dialog when one is asked for. */
export function PathChooserProvider(props: { children: ReactNode; api: PathChooserApi }): React.JSX.Element {
  const { api } = props;
  const [pending, setPending] = useState<PendingChoice | null>(null);
  const lastFolder = useRef<string | undefined>(undefined);
  const nativeDialogs = useRef<Promise<{ native: boolean; cwd?: string }> | null>(null);

  const choose = useCallback<ChoosePaths>(
    async (purpose, options = {}) => {
      if (!nativeDialogs.current) {
        // Asked once: whether the shell has native dialogs does not change while the page lives.
        nativeDialogs.current = api.app.info().then(
          (info) => ({ native: info.nativeDialogs, cwd: info.cwd }),
          () => ({ native: false }),
        );
      }
      const { native, cwd } = await nativeDialogs.current;
      if (native) {
        const paths = await api.files.choosePaths({ purpose });
        if (paths !== null) return paths;
      }
      return new Promise<string[]>((resolve) => {
        setPending((previous) => {
          previous?.resolve([]);
          return {
            purpose,
            title: options.title ?? defaultTitle(purpose),
            multiple: options.multiple ?? purpose === 'protoFiles',
            start: rememberedFolder(localStorage, purpose) ?? lastFolder.current ?? cwd,
            ...(options.fileName !== undefined ? { fileName: options.fileName } : {}),
            resolve,
          };
        });
      });
    },
    [api],
  );

  const finish = (paths: string[], folder: string | undefined): void => {
    if (folder) lastFolder.current = folder;
    // Each kind of path opens where the user last chose one (reports in the report folder), also next session.
    if (folder && pending && paths.length > 0) rememberFolder(localStorage, pending.purpose, folder);
    pending?.resolve(paths);
    setPending(null);
  };

  return (
    <ChooserContext.Provider value={choose}>
      {props.children}
      {pending && (
        <PathDialog
          api={api}
          purpose={pending.purpose}
          title={pending.title}
          multiple={pending.multiple}
          start={pending.start}
          fileName={pending.fileName}
          onDone={finish}
        />
      )}
    </ChooserContext.Provider>
  );
}

/** The function that asks for paths; needs a PathChooserProvider above. */
export function usePathChooser(): ChoosePaths {
  const choose = useContext(ChooserContext);
  if (!choose) throw new Error('usePathChooser needs a <PathChooserProvider> above it');
  return choose;
}

/** Its children with a path chooser: the one above if there is one, else a provider of its own. */
export function EnsurePathChooser(props: { children: ReactNode; api: PathChooserApi }): React.JSX.Element {
  const outer = useContext(ChooserContext);
  if (outer) return <>{props.children}</>;
  return <PathChooserProvider api={props.api}>{props.children}</PathChooserProvider>;
}
