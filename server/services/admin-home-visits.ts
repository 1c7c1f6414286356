import type { Kysely } from "kysely";
import type { HomeVisit, HomeVisitInput } from "#core/schemas/measurement-profile.schema.ts";
import { findVisitRequest, setRequestMeasurements } from "../db/repositories/home-visits.ts";
import {
  findProfileIdOfRequest,
  insertProfile,
  updateProfileRow,
} from "../db/repositories/measurement-profiles.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { AuditRecorder } from "./admin-audit.ts";
import { notFound } from "./admin-errors.ts";
import { checkMeasurements, readTaken } from "./measurements.ts";

type Db = Kysely<Database>;

/**
 * A stitching request's home visit (issue 29; decision 0040): the owner records the measurements the
 * tailor took, with the shopper's own checks. They are kept on the request; when it was sent signed in
 * (stitching_requests.user_id, set only from a valid token) they are also her profile "source home_visit",
 * made once and updated by a later recording. Nothing ever matches a request to an account by phone,
 * e-mail or name.
 */
export function createAdminHomeVisits(db: Db) {
  async function read(id: string, executor: Db = db): Promise<HomeVisit> {
    const request = await findVisitRequest(executor, id);
    if (!request) throw notFound("Request");
    return {
      measurements: readTaken(request.measurements),
      measuredAt: request.measured_at ?? null,
      signedIn: request.user_id !== null,
      profileId: request.user_id ? ((await findProfileIdOfRequest(executor, id)) ?? null) : null,
    };
  }

  return {
    get: (id: string) => read(id),

    async record(id: string, input: HomeVisitInput, audit: AuditRecorder): Promise<HomeVisit> {
      const { unit, valuesMm } = checkMeasurements(input);
      const json = JSON.stringify({ unit, valuesMm });
      await db.transaction().execute(async (trx) => {
        const request = await findVisitRequest(trx, id);
        if (!request) throw notFound("Request");
        const at = new Date().toISOString();
        await setRequestMeasurements(trx, id, json, at);
        if (request.user_id) {
          const profileId = await findProfileIdOfRequest(trx, id);
          const values = { unit, values_mm: JSON.stringify(valuesMm), updated_at: at };
          // Her profile of this visit, made once; the limit on profiles is hers, not the tailor's.
          if (!profileId || !(await updateProfileRow(trx, request.user_id, profileId, values)))
            await insertProfile(trx, {
              id: newId(),
              user_id: request.user_id,
              name: `${request.reference}`,
              source: "home_visit",
              request_id: id,
              created_at: at,
              ...values,
            });
        }
        await audit(trx, {
          action: "request.measurements",
          entity: "request",
          entityId: id,
          label: request.reference,
          changes: [{ field: "measurements", before: request.measurements ?? null, after: json }],
        });
      });
      return read(id);
    },
  };
}

export type AdminHomeVisits = ReturnType<typeof createAdminHomeVisits>;
