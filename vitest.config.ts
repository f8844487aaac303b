import { defineConfig } from 'vitest/config';

export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    globalSetup: ['test/global-setup.ts'],
    // Integration tests start real servers and compile real protos: give them room on 2 shared cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
