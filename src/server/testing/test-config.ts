import { type Config, loadConfig } from '../config.js';
import type { PasswordHashing } from '../modules/auth/passwords.js';
import { compiledAnalysisScript, compiledReaderScript } from './server-process.js';

/**
 * The password hashing of the tests' servers: argon2id as in production, at its cheapest. A run signs
 * users up and in thousands of times, and the standard parameters cost tens of milliseconds of CPU per
 * hash; passwords.unit.test.ts holds the standard ones.
 */
export const TEST_PASSWORD_HASHING: PasswordHashing = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/**
 * The configuration of a server a test runs in its own process: `env` read as the product reads it,
 * plus what only tests set (never read from the environment): the run's compiled file reader and the
 * cheap password hashing.
 */
export function testServerConfig(env: Record<string, string | undefined>): Config {
  const config = loadConfig(env);
  config.ingestion.readerScript = compiledReaderScript();
  config.ingestion.analysisScript = compiledAnalysisScript();
  config.passwordHashing = TEST_PASSWORD_HASHING;
  return config;
}
