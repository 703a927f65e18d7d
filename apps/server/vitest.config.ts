import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'eval/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['src/test/pglite-template.ts'],
    // A guard against a hung test, not a measure of speed (tests that measure time assert it themselves):
    // OCR and import tests take 15-30 s on a loaded two-core machine, and one passed 30 s there (2026-12-02).
    testTimeout: 90_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
