// The README's ```sh blocks, line by line, as test/readme.test.ts and test/pipeline/multi-machine.test.ts
// run them: comments and a leading `npm ci && ` taken off (the suite runs on an installed clone).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT } from './cli.js';

export function readmeShellBlocks(): string[][] {
  const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
  return [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) =>
    block[1]
      .split('\n')
      .map((raw) =>
        raw
          .replace(/\s+#.*$/, '')
          .replace(/^npm ci && /, '')
          .trim(),
      )
      .filter((l) => l !== ''),
  );
}

/** The block that runs pgn-xray on other machines (`parallel -S`). */
export const isMultiMachine = (block: string[]): boolean => block.some((l) => /^parallel -S /.test(l));
