// Recovery of the games a broken game swallowed (docs/design.md §7). A game cut off inside a comment or a
// variation runs on, for the splitter, into the next game's tag section; so does a game whose next
// `[Event` was glued onto its last line. When such a game is rejected, the bytes from the start of
// another tag section on are split again and analysed as the games they are.
// A swallowed game does not always make the swallowing one fail: cut inside its first comment after
// `1. e4`, a game runs on into the next game's moves, and when that game also opened 1. e4 every move
// stays legal. So a game that replays is split too, but only where its bytes hold a whole game start —
// tag pairs alone on their lines, a blank line, then movetext — which a comment quoting `[Event "x"]`
// does not.

const latin1 = new TextDecoder('latin1');

// A tag pair alone on its line, or at its end after other text (glued onto a previous line).
const TAG_PAIR = String.raw`\[[A-Za-z0-9_+#=:-]+[ \t]+"(?:[^"\\\r\n]|\\.)*"[ \t]*\]`;
const TAG_LINE = new RegExp(String.raw`^[ \t]*${TAG_PAIR}[ \t]*$`);
const LINE_START_TAG = new RegExp(String.raw`[\r\n][ \t]*(${TAG_PAIR})`, 'g');
const GLUED_TAG = new RegExp(String.raw`(${TAG_PAIR})[ \t]*$`);

/** Offset of the first line after the game's leading tag section (blank lines and tag lines). */
function movetextStart(text: string): number {
  let at = 0;
  while (at < text.length) {
    let eol = text.indexOf('\n', at);
    if (eol < 0) eol = text.length;
    const line = text
      .slice(at, eol)
      .replace(/\r$/, '')
      .replace(/^\uFEFF|^\u00EF\u00BB\u00BF/, '');
    if (line.trim() !== '' && !TAG_LINE.test(line)) return at;
    at = eol + 1;
  }
  return -1;
}

/** Whether the lines from `at` are tag pairs, then a blank line, then movetext: the start of a game. */
function gameStartsAt(text: string, at: number): boolean {
  const lines = text.slice(at, at + 4096).split(/\r?\n/);
  let k = 0;
  while (k < lines.length && TAG_LINE.test(lines[k])) k++;
  if (k === 0 || k >= lines.length - 1 || lines[k].trim() !== '') return false;
  while (k < lines.length && lines[k].trim() === '') k++;
  return k < lines.length && /^\s*(\d+\.|[a-hNBRQKO]|\*|1-0|0-1|1\/2)/.test(lines[k]);
}

const LF = 0x0a;
const CR = 0x0d;
const OPEN_BRACKET = 0x5b;
const SPACE = 0x20;
const TAB = 0x09;

/**
 * Where a game that replays holds the start of another whole game (see above), or -1. A byte search
 * first: a line end followed by `[` after the tag section is rare in movetext (lichess writes it on one
 * line, with a `[%clk` in every comment), so most games cost a memchr for each kind of line end.
 */
export function swallowedGame(bytes: Uint8Array, tagsEnd: number): number {
  // the line ends of the blank lines after the tag section are no game start (a `[` there would have been
  // read as a tag pair): the search starts past them, two or three calls of indexOf fewer a game
  let from = tagsEnd;
  while (from < bytes.length && (bytes[from] === LF || bytes[from] === CR || bytes[from] === SPACE || bytes[from] === TAB)) from++;
  // Buffer's indexOf is memchr; Uint8Array's is a slower loop
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let text: string | null = null;
  const startsAt = (i: number): boolean => gameStartsAt((text ??= latin1.decode(bytes)), i);
  const afterLf = firstAfter(b, LF, from, startsAt);
  const afterCr = firstAfter(b, CR, from, startsAt);
  return afterLf < 0 || (afterCr >= 0 && afterCr < afterLf) ? afterCr : afterLf;
}

/** The first `[` at or after `from` that follows an `eol` byte and passes `accept`, or -1. */
function firstAfter(b: Buffer, eol: number, from: number, accept: (i: number) => boolean): number {
  for (let p = b.indexOf(eol, Math.max(0, from - 1)); p >= 0; p = b.indexOf(eol, p + 1)) {
    if (b[p + 1] === OPEN_BRACKET && p + 1 >= from && accept(p + 1)) return p + 1;
  }
  return -1;
}

/**
 * Where another game's tag section starts inside the bytes of a rejected game, after its own tag
 * section and movetext have begun: the `[` of a tag pair that starts a line, moved back to a tag pair
 * glued onto the end of the line before. -1 when there is none.
 */
export function nextTagSection(bytes: Uint8Array): number {
  const text = latin1.decode(bytes);
  const from = movetextStart(text);
  if (from < 0) return -1;
  LINE_START_TAG.lastIndex = Math.max(0, from - 1);
  const m = LINE_START_TAG.exec(text);
  if (m === null) return -1;
  let at = m.index + m[0].length - m[1].length;
  // `... 1-0[Event "x"]` then `[Site "y"]`: the glued pair belongs to the next game
  const lineStart = Math.max(text.lastIndexOf('\n', m.index - 1), text.lastIndexOf('\r', m.index - 1)) + 1;
  const glued = GLUED_TAG.exec(text.slice(lineStart, m.index));
  if (glued !== null && lineStart + glued.index > from) at = lineStart + glued.index;
  return at;
}
