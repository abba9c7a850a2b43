// A motif record's fields, described once: which a record of each shape has and in which order. recordAt()
// builds the library's objects from these lists, the JSON Lines writer builds its constant text from them
// (and is tested to agree with recordAt() byte for byte), and Parquet's motif struct has one field for
// each name of MOTIF_FIELDS, in that order.
import type { MotifRow, Shape } from './catalogue.js';

/** What a field holds, for writers that type their values (Parquet). */
export type MotifValue = 'name' | 'kind' | 'side' | 'square' | 'squares' | 'pieces' | 'boolean' | 'line' | 'letters';

/** The fields in the order a record of each shape gives them; `kind` and `partial` only on the rows that have them. */
const SHAPE_FIELDS = {
  line: ['motif', 'kind', 'side', 'slider', 'front', 'back', 'pieces', 'partial'],
  chain: ['motif', 'kind', 'side', 'squares', 'pieces', 'line', 'targets', 'targetPieces'],
} as const satisfies Record<Shape, readonly string[]>;

export type MotifField = (typeof SHAPE_FIELDS)[Shape][number];

/**
 * Each field's value: `pieces` holds the FEN letters of the record's pieces (a line record's slider,
 * front and back; a chain's squares), `targetPieces` those of a chain's targets.
 */
export const MOTIF_VALUES: Readonly<Record<MotifField, MotifValue>> = {
  motif: 'name',
  kind: 'kind',
  side: 'side',
  slider: 'square',
  front: 'square',
  back: 'square',
  pieces: 'pieces',
  partial: 'boolean',
  squares: 'squares',
  line: 'line',
  targets: 'squares',
  targetPieces: 'letters',
};

/** Every field a record can have: the line shape's, then the chain's not already listed (a columnar row's struct). */
export const MOTIF_FIELDS: readonly MotifField[] = [...new Set<MotifField>([...SHAPE_FIELDS.line, ...SHAPE_FIELDS.chain])];

/** The fields of a record of this row, in order. */
export function fieldsOf(row: Pick<MotifRow, 'kind' | 'shape' | 'partial'>): readonly MotifField[] {
  return SHAPE_FIELDS[row.shape].filter((f) => (f !== 'kind' || row.kind !== null) && (f !== 'partial' || row.partial));
}
