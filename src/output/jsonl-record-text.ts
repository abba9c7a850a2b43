// The constant text of the JSON Lines motif records, built from the record's field lists
// (motifs/record-fields.ts) rather than written out: a line record is a whole template with `a1` in its
// square places and `?` in its letter places, which the writer copies and patches (it has a fixed length);
// a chain record is its head and the joints between its variable-length fields, which the writer puts
// in the order CHAIN_WRITE_ORDER names (checked against the field list when this module loads).
import { BATTERY, LINE_KINDS, MOTIFS, byCodeAndSide, type MotifRow, type Side } from '../motifs/catalogue.js';
import { MOTIF_VALUES, fieldsOf, type MotifField } from '../motifs/record-fields.js';
import { ascii, piece, type Piece } from './lines.js';

/** The line shape's square fields, which also key its `pieces` object. */
const ROLES = fieldsOf(MOTIFS[0]).filter((f) => MOTIF_VALUES[f] === 'square');

/** A line record's text with placeholders, and where its square and letter bytes go (by ROLES). */
interface LineText {
  text: string;
  squareAt: number[];
  letterAt: number[];
}

/** The value of a field the row and side fix (`motif`, `kind`, `side`), or null. */
function constantValue(f: MotifField, row: MotifRow, side: Side): string | null {
  const value = MOTIF_VALUES[f];
  return value === 'name' ? row.name : value === 'kind' ? row.kind : value === 'side' ? side : null;
}

/** A line record's JSON text: its fields in order, `a1` for each square, `?` for each letter. */
function lineText(row: MotifRow, side: Side, partial: boolean): LineText {
  const out: LineText = { text: '', squareAt: [], letterAt: [] };
  for (const f of fieldsOf(row)) {
    out.text += (out.text === '' ? '{"' : ',"') + f + '":';
    const value = MOTIF_VALUES[f];
    const fixed = constantValue(f, row, side);
    if (fixed !== null) out.text += '"' + fixed + '"';
    else if (value === 'boolean') out.text += String(partial);
    else if (value === 'square') {
      out.squareAt.push(out.text.length + 1);
      out.text += '"a1"';
    } else if (value === 'pieces') {
      for (const r of ROLES) {
        out.text += (r === ROLES[0] ? '{"' : ',"') + r + '":"';
        out.letterAt.push(out.text.length);
        out.text += '?"';
      }
      out.text += '}';
    } else throw new Error(`jsonl: a line record has no ${value} field`);
  }
  out.text += '}';
  return out;
}

/** Each line row's texts by code * 2 + side, without and with `partial` true (null for chains). */
const LINE_TEXT: readonly (LineText[] | null)[] = byCodeAndSide((m, side) =>
  m.shape === 'chain' ? null : [false, true].map((p) => lineText(m, side, p && m.partial)),
);

/** Whole line records by (code * 2 + side) * 2 + partial (chains: empty, written piece by piece). */
export const LINE_RECORD: readonly Uint8Array[] = LINE_TEXT.flatMap((t) =>
  t === null ? [new Uint8Array(0), new Uint8Array(0)] : t.map((x) => ascii(x.text)),
);

/** Where the slider's square goes in each line record, by code * 2 + side (0 for chains). */
export const SLIDER_AT = Uint8Array.from(LINE_TEXT, (t) => (t === null ? 0 : t[0].squareAt[0]));

/** Offsets from the slider's square of the other square and letter places: the same in every line record (checked here). */
function placesAfterSlider(): number[] {
  const texts = LINE_TEXT.flatMap((t) => t ?? []);
  const places = texts.map((t) => [...t.squareAt, ...t.letterAt].map((at) => at - t.squareAt[0]));
  if (places.some((p) => p.join() !== places[0].join())) throw new Error('jsonl: line records place their squares differently');
  return places[0];
}
export const [, FRONT_AT, BACK_AT, SLIDER_PIECE_AT, FRONT_PIECE_AT, BACK_PIECE_AT] = placesAfterSlider();

/** The chain fields after its head, in the order the writer puts them (jsonl.ts writeChainJson). */
const CHAIN_WRITE_ORDER: readonly MotifField[] = ['squares', 'pieces', 'line', 'targets', 'targetPieces'];
const chainFields = fieldsOf(MOTIFS[BATTERY]);
if (chainFields.slice(chainFields.indexOf('squares')).join() !== CHAIN_WRITE_ORDER.join())
  throw new Error('jsonl: a chain record is not written in its fields order');

/** A field's value opens and closes with these: a quoted string, or a list of strings. */
const isList = (f: MotifField): boolean => MOTIF_VALUES[f] !== 'line';
const open = (f: MotifField): string => (isList(f) ? '["' : '"');
const close = (f: MotifField): string => (isList(f) ? '"]' : '"');
/** From the end of field a's value text to the start of field b's. */
const joint = (a: MotifField, b: MotifField): string => close(a) + ',"' + b + '":' + open(b);

/** `{"motif":"battery","side":"w","squares":["` by code * 2 + side (line rows: unused). */
export const CHAIN_HEAD: readonly Piece[] = byCodeAndSide((m, side) => {
  if (m.shape !== 'chain') return piece('');
  const head = fieldsOf(m).slice(0, fieldsOf(m).indexOf('squares'));
  const values = head.map((f) => constantValue(f, m, side));
  if (values.includes(null)) throw new Error('jsonl: a chain record starts with a field of no constant value');
  const text = head.map((f, i) => '"' + f + '":"' + values[i] + '"').join(',');
  return piece('{' + text + ',"squares":' + open('squares'));
});
export const PIECES_OPEN = piece(joint('squares', 'pieces'));
/** `"],"line":"file","targets":["` by line kind (after the chain's pieces). */
export const LINE_MID: readonly Piece[] = LINE_KINDS.map((l) => piece(joint('pieces', 'line') + l + joint('line', 'targets')));
export const TARGET_PIECES_OPEN = piece(joint('targets', 'targetPieces'));
export const CHAIN_END = piece(close('targetPieces') + '}');
