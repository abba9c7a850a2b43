// `npm run test:corpus` asks for the shared corpus explicitly: without it the run stops here, saying where
// the corpus was looked for, before anything is built.
import { NO_CORPUS, sharedCorpusDir } from './helpers/corpus.js';

export default function setup(): void {
  if (sharedCorpusDir() === null) throw new Error(`npm run test:corpus: ${NO_CORPUS}`);
}
