import type { Kysely } from "kysely";
import { t } from "#core/i18n/index.ts";
import type {
  MyStitchingRequest,
  ProfileInput,
  TakenMeasurements,
} from "#core/schemas/measurement-profile.schema.ts";
import {
  type MeasurementProfile,
  type MeasurementValuesMm,
  MeasurementValuesMmSchema,
  measurementValuesSchema,
  PROFILES_PER_SHOPPER_MAX,
} from "#core/schemas/measurements.ts";
import { listRequestsOfUser } from "../db/repositories/home-visits.ts";
import {
  countProfiles,
  deleteProfileRow,
  findProfileRow,
  insertProfile,
  listProfileRows,
  type ProfileRow,
  updateProfileRow,
} from "../db/repositories/measurement-profiles.ts";
import type { UserRow } from "../db/repositories/users.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../ids.ts";
import { DomainError } from "./errors.ts";

/**
 * The values as typed, checked against core's ranges and turned into millimetres; the first problem is a
 * DomainError naming its field (`values.bust`), the sentence the form shows beside it.
 */
export function checkMeasurements(input: { unit: "cm" | "in"; values: Record<string, unknown> }) {
  const result = measurementValuesSchema("en").safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw new DomainError("invalid", "validation", issue.message, { field: issue.path.join(".") });
}

/** Stored JSON, read back through its schema (a row written by hand that breaks it reads as none). */
export function readTaken(json: string | null | undefined): TakenMeasurements | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as { unit?: unknown; valuesMm?: unknown };
    const valuesMm = MeasurementValuesMmSchema.parse(value.valuesMm);
    return { unit: value.unit === "in" ? "in" : "cm", valuesMm };
  } catch {
    return null;
  }
}

function readValues(json: string): MeasurementValuesMm {
  const parsed = MeasurementValuesMmSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : {};
}

export function toProfile(row: ProfileRow): MeasurementProfile {
  return {
    id: row.id,
    name: row.name,
    unit: row.unit,
    valuesMm: readValues(row.values_mm),
    source: row.source,
    requestReference: row.request_reference,
    updatedAt: row.updated_at,
  };
}

const notFound = () => new DomainError("not_found", "not_found", t("profile.mtm.profile.notFound"));

/**
 * A shopper's measurement profiles and her stitching requests (issue 29; decision 0040). Every call is
 * scoped to the token's user: another shopper's profile is "not found", never read or changed.
 */
export function createMeasurementsService(db: Kysely<Database>) {
  return {
    async listProfiles(user: UserRow): Promise<MeasurementProfile[]> {
      return (await listProfileRows(db, user.id)).map(toProfile);
    },

    async createProfile(user: UserRow, input: ProfileInput): Promise<MeasurementProfile> {
      const { unit, valuesMm } = checkMeasurements(input);
      const id = newId();
      await db.transaction().execute(async (trx) => {
        if ((await countProfiles(trx, user.id)) >= PROFILES_PER_SHOPPER_MAX)
          throw new DomainError(
            "conflict",
            "profile_limit",
            t("profile.mtm.profile.limit", { max: PROFILES_PER_SHOPPER_MAX }),
          );
        const at = new Date().toISOString();
        await insertProfile(trx, {
          id,
          user_id: user.id,
          name: input.name,
          unit,
          values_mm: JSON.stringify(valuesMm),
          source: "shopper",
          request_id: null,
          created_at: at,
          updated_at: at,
        });
      });
      return toProfile((await findProfileRow(db, user.id, id))!);
    },

    async updateProfile(user: UserRow, id: string, input: ProfileInput): Promise<MeasurementProfile> {
      const { unit, valuesMm } = checkMeasurements(input);
      const changed = await updateProfileRow(db, user.id, id, {
        name: input.name,
        unit,
        values_mm: JSON.stringify(valuesMm),
        updated_at: new Date().toISOString(),
      });
      if (!changed) throw notFound();
      return toProfile((await findProfileRow(db, user.id, id))!);
    },

    async deleteProfile(user: UserRow, id: string): Promise<void> {
      if (!(await deleteProfileRow(db, user.id, id))) throw notFound();
    },

    /** Her stitching requests: only those sent signed in with her token. */
    async listRequests(user: UserRow): Promise<MyStitchingRequest[]> {
      return (await listRequestsOfUser(db, user.id)).map((row) => ({
        id: row.id,
        reference: row.reference,
        createdAt: row.created_at,
        serviceType: row.service_type,
        itemCount: Number(row.item_count),
        status: row.status,
        measurements: readTaken(row.measurements),
      }));
    },
  };
}

export type MeasurementsService = ReturnType<typeof createMeasurementsService>;
