/**
 * Made to measure (issue 29; decision 0040; migration 0023): what a stitching request keeps of its home
 * visit. db/schema.ts's StitchingRequestTable extends it (nullable, so an insert may leave them out).
 */
export interface HomeVisitColumns {
  /** JSON text { unit: "cm" | "in", valuesMm: { [key]: whole millimetres } }; null before the visit. */
  measurements: string | null;
  measured_at: string | null;
}
