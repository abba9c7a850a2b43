// Two puzzle columns read from the game's tags: lichess's OpeningTags from the PGN Opening tag, and
// GameUrl from the Site tag.
//
// OpeningTags, as lichess writes them: the family's key, then the key of "family: variation", where the
// family is the name before the first ':' and the variation the text after it up to the first ',' (lichess
// keeps one level of variation), or "Other variations" when the name has none:
//   "Sicilian Defense: Najdorf Variation, English Attack" -> Sicilian_Defense Sicilian_Defense_Najdorf_Variation
//   "King's Pawn Game"                                    -> Kings_Pawn_Game Kings_Pawn_Game_Other_variations
// A key is the name with accents dropped (Grünfeld -> Grunfeld), each run of white space made one '_',
// then every character but letters, digits, '_' and '-' removed (scalachess's Opening.nameToKey).

const OTHER_VARIATIONS = 'Other variations';

/** lichess's key of an opening name. */
export function openingKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9_-]+/g, '');
}

/** OpeningTags of a PGN Opening tag value; '' when absent, empty or unknown ("?"). */
export function openingTags(opening: string | null): string {
  const name = opening?.trim() ?? '';
  if (name === '' || name === '?') return '';
  const colon = name.indexOf(':');
  const family = (colon < 0 ? name : name.slice(0, colon)).trim();
  const variation =
    colon < 0
      ? ''
      : name
          .slice(colon + 1)
          .split(',')[0]
          .trim();
  return `${openingKey(family)} ${openingKey(`${family}: ${variation === '' ? OTHER_VARIATIONS : variation}`)}`;
}

const LICHESS_GAME = /^https?:\/\/(www\.)?lichess\.org\/[A-Za-z0-9]{8}$/;

/**
 * GameUrl: the Site when it is a URL, with `#ply` (the ply of the puzzle position P); '' otherwise. A lichess
 * game URL also gets `/black` when White is to move at P (an even ply), as lichess's puzzle database
 * writes it: every sample puzzle whose FEN has Black to move before the setup move has it, no other.
 */
export function gameUrl(site: string | null, ply: number): string {
  const url = site?.trim() ?? '';
  if (!/^https?:\/\//.test(url)) return '';
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  return `${base}${LICHESS_GAME.test(base) && ply % 2 === 0 ? '/black' : ''}#${ply}`;
}
