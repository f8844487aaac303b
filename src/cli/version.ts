declare const __PROTODESK_VERSION__: string | undefined;

/** The package version: the build injects it; tests run from source, where it is absent. */
export const VERSION = typeof __PROTODESK_VERSION__ === 'string' ? __PROTODESK_VERSION__ : '0.0.0-dev';
