#!/usr/bin/env node
// Runs the whole test suite (`npm test`) beside one CPU-bound process per core, as on a laptop that is
// also running a browser and an editor, or a shared CI runner: the suite must pass there too.
// Prints the suite's wall time; the burners stop with it.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const cores = availableParallelism();
const burners = Array.from({ length: cores }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stopBurners = () => {
  for (const burner of burners) burner.kill('SIGKILL');
};
process.on('SIGINT', () => {
  stopBurners();
  process.exit(130);
});

console.log(`test:busy: ${cores} CPU-bound process(es) running beside the suite`);
const started = Date.now();
const suite = spawn('npm', ['test', '--', ...process.argv.slice(2)], { stdio: 'inherit' });
suite.on('exit', (code, signal) => {
  stopBurners();
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(
    `test:busy: npm test ${code === 0 ? 'passed' : 'FAILED'} in ${minutes} min beside ${cores} busy core(s)`,
  );
  process.exit(code ?? (signal ? 1 : 0));
});
