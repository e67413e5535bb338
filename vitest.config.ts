import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** The suites that read real estimate files (PDF, OCR, workbooks) end to end. */
const READER_SUITES = [
  'src/server/modules/ingestion/ingestion.test.ts',
  'src/server/modules/ingestion/ingestion-ocr.test.ts',
  'src/server/modules/ai/estimate-fixtures.test.ts',
];

export default defineConfig({
  // The web code imports through the tsconfig path alias @/* -> src/* (as vite.config.ts does).
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    experimental: { fsModuleCache: true },
    pool: 'forks',
    maxWorkers: 2,
    // Time limits catch a hang; they are not a speed test. They are set for a busy machine (a load
    // average of 8–16 on two cores makes everything several times slower), never for a quiet one.
    testTimeout: 30_000,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          isolate: false,
          include: ['src/domain/**/*.test.ts', 'src/contracts/**/*.test.ts', 'src/**/*.unit.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          isolate: false,
          // A test that starts a second app or reads a large file on a loaded machine.
          testTimeout: 180_000,
          globalSetup: ['src/server/testing/global-setup.ts'],
          include: ['src/server/**/*.test.ts'],
          exclude: ['src/**/*.unit.test.ts'],
          env: { TEST_DB: 'pglite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'api-postgres',
          isolate: false,
          testTimeout: 180_000,
          globalSetup: ['src/server/testing/global-setup.ts'],
          include: ['src/server/**/*.test.ts'],
          // Reading estimate files is the same on either database and takes minutes: those suites run
          // on PGlite only (saving a plan on PostgreSQL is covered by the ai module's own tests).
          exclude: ['src/**/*.unit.test.ts', ...READER_SUITES],
          env: { TEST_DB: 'postgres' },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          isolate: false,
          // Two files at a time: each spends most of its time waiting on its own Chromium and server.
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        extends: true,
        test: {
          // The fault drills (tests/faults/README.md): each runs the real server against a PostgreSQL
          // of its own that it stops and starts. Two files at a time: most of a drill is waiting out
          // a lease or a claim, and every limit it checks is generous. `npm run test:faults`, and a
          // line of work of its own in `npm test`.
          name: 'faults',
          isolate: false,
          globalSetup: ['tests/faults/support/global-setup.ts'],
          include: ['tests/faults/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
