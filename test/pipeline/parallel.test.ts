// docs/design.md §13 under the existing distributed engine, GNU parallel: N = 1, 2, 3, 7 shards of a real
// corpus file run as separate processes; their records together are one run's records (whole records
// compared, `game` aside), merge-stats of their statistics equals one run's statistics, and their
// games tables together are one run's. Concatenated in shard order they are in input order.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';
import { corpusPath } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';

const FILE = corpusPath('games/lichess-db-2017-05-no-event-tag-clocks.pgn');
const hasParallel = spawnSync('parallel', ['--version'], { encoding: 'utf8' }).status === 0;

function sh(cmd: string, cwd: string): void {
  const r = spawnSync('bash', ['-o', 'pipefail', '-c', cmd], { cwd, encoding: 'utf8' });
  expect(r.status, `${cmd}\n${r.stderr}`).toBe(0);
}

/** Lines without their `"game":N,` (numbers restart in every shard) and `"offset":N,` (only shards write it). */
function withoutGame(text: string): string[] {
  return text
    .trim()
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => l.replace(/^\{"game":\d+,("offset":\d+,)?/, '{'));
}

function statsOf(path: string): unknown {
  const s = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  delete s.run;
  return s;
}

describe.skipIf(!hasParallel)('GNU parallel as the engine (--shard, merge-stats)', () => {
  const dir = tempDir('parallel');
  const node = `${process.execPath} ${CLI}`;
  sh(`${node} ${FILE} --all-positions -q -o one.jsonl --stats one.json --games one.games.jsonl`, dir);
  const one = withoutGame(readFileSync(join(dir, 'one.jsonl'), 'utf8'));
  const oneGames = withoutGame(readFileSync(join(dir, 'one.games.jsonl'), 'utf8'));

  for (const n of [1, 2, 3, 7]) {
    it(`${n} shard${n === 1 ? '' : 's'}: records, statistics and games table equal one run's`, () => {
      sh(
        `parallel -j2 ${node} ${FILE} --all-positions -q --shard {}/${n} -o s${n}.{}.jsonl --stats s${n}.{}.json --games s${n}.{}.games.jsonl ::: $(seq ${n})`,
        dir,
      );
      const files = Array.from({ length: n }, (_, i) => `s${n}.${i + 1}`);
      // concatenated in shard order: input order, nothing lost or doubled
      const records = files.flatMap((f) => withoutGame(readFileSync(join(dir, `${f}.jsonl`), 'utf8')));
      expect(records).toEqual(one);
      const games = files.flatMap((f) => withoutGame(readFileSync(join(dir, `${f}.games.jsonl`), 'utf8')));
      expect(games).toEqual(oneGames);
      sh(`${node} merge-stats ${files.map((f) => `${f}.json`).join(' ')} -o m${n}.json -q`, dir);
      expect(statsOf(join(dir, `m${n}.json`))).toEqual(statsOf(join(dir, 'one.json')));
    });
  }
});
