// `npm run demo`: the app on its own embedded database (DATA_DIR, default ./data-demo), seeded with a
// demo company on first start. Prints the demo login.
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { DEMO_LOGIN, seedDemo } from '../src/server/demo/seed.js';

const config = loadConfig({ ...process.env, DATA_DIR: process.env.DEMO_DATA_DIR ?? './data-demo' });
const { app, ctx } = await buildApp(config);
const seeded = await seedDemo(ctx.db);
const close = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void close());
process.on('SIGTERM', () => void close());
await app.listen({ port: config.port, host: config.host });
console.log(
  `\nDemo ${seeded ? 'seeded' : 'ready'} at http://${config.host}:${config.port}\n` +
    `  Sign in with ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}\n` +
    `  (demo data lives in ${config.dataDir}; delete that folder to start over)\n`,
);
