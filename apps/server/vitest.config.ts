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
    // One process per worker runs its files one after another, the modules loaded once (decision 043):
    // the suite took 755 s isolated and 445 s so on this machine. A test leaves what it changes in a
    // module as it found it (setSearchCache, indexOptions); an app's close releases what it held.
    isolate: false,
    maxWorkers: 2,
  },
});
