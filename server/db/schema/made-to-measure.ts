/**
 * Made to measure (issue 29; decision 0040). Re-exported by db/schema.ts, whose conventions (booleans as
 * 0/1 or booleans, money in fils, JSON as text) they follow.
 */

export interface MeasurementProfileTable {
  id: string;
  user_id: string;
  name: string;
  unit: "cm" | "in";
  /** JSON text: { [key]: whole millimetres }. */
  values_mm: string;
  source: "shopper" | "home_visit";
  request_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface StitchingStyleTable {
  id: string;
  name: string;
  name_ar: string | null;
  description: string;
  description_ar: string | null;
  image: string | null;
  price_fils: number;
  lead_days: number;
  /** JSON text: the fabrics it suits, as products.fabric names them; [] suits every unstitched fabric. */
  fabric_types: string;
  active: boolean | number;
  position: number;
  created_at: string;
  updated_at: string;
}

/** The tables of this file, as db/schema.ts's Database holds them. */
export interface MadeToMeasureTables {
  measurement_profiles: MeasurementProfileTable;
  stitching_styles: StitchingStyleTable;
}
