import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Integration tests start real servers and compile real protos: give them room on 2 shared cores.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
