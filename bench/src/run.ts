/**
 * `npm run bench -- NAME [options]`: runs bench/src/NAME.bench.ts. Every benchmark measures its own
 * baseline in the same run and prints ratios against it, so figures compare across machines.
 */
import { readdirSync } from 'node:fs';

const available = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''));
const [name, ...args] = process.argv.slice(2);
if (!name || !available.includes(name)) {
  console.error(`Usage: npm run bench -- <${available.join('|')}> [options]`);
  process.exit(2);
}
const bench = (await import(`./${name}.bench.ts`)) as { main: (args: string[]) => Promise<boolean> };
const met = await bench.main(args);
process.exit(met ? 0 : 1);
