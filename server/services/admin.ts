import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Config } from "../config.ts";
import type { Database } from "../db/schema.ts";
import type { Mailer } from "../integrations/mail.ts";
import { demoOwnerAllowed } from "../locality.ts";
import { mediaStoreFor } from "../media.ts";
import { listAudit } from "./admin-audit.ts";
import { createAdminCatalog } from "./admin-catalog.ts";
import { createAdminCustomers } from "./admin-customers.ts";
import { createAdminExports } from "./admin-exports.ts";
import { createAdminHomeVisits } from "./admin-home-visits.ts";
import { createAdminInbox } from "./admin-inbox.ts";
import { createAdminMail } from "./admin-mail.ts";
import { createAdminOrders } from "./admin-orders.ts";
import { createAdminSessions } from "./admin-session.ts";
import type { SettingsService } from "./admin-settings.ts";
import { createAdminStaff } from "./admin-staff.ts";
import type { OrdersService } from "./orders.ts";
import { createStitchingStyles } from "./stitching-styles.ts";
import { createWorkshop } from "./workshop.ts";

/**
 * The back office's services (issue 15; decision 0013), reached as `services.admin`. Routes under
 * /api/admin check the session, the role and the CSRF token before calling them; /admin page loaders
 * call `sessionFromCookie` with the request's Cookie header.
 */
export function createAdminService(options: {
  db: Kysely<Database>;
  config: Config;
  mailer: Mailer;
  orders: OrdersService;
  settings: SettingsService;
  log: FastifyBaseLogger;
}) {
  const { db, config, mailer, orders, settings, log } = options;
  const sessions = createAdminSessions(db, config);
  const media = mediaStoreFor(config);
  const orderService = createAdminOrders({ db, orders, mailer, settings, log });
  return {
    sessions,
    /** For /admin page loaders: the signed-in staff member or owner of a request, or null. */
    sessionFromCookie: (cookieHeader: string | null | undefined) => sessions.fromCookieHeader(cookieHeader),
    /** For /admin/login's form posted without JavaScript: may the demo owner sign in from this request? */
    demoOwnerAllowed: (request: Parameters<typeof demoOwnerAllowed>[1]) => demoOwnerAllowed(config, request),
    catalog: createAdminCatalog({ db, media, settings, maxMegapixels: config.UPLOAD_MAX_MEGAPIXELS }),
    orders: orderService,
    customers: createAdminCustomers({ db, orders: orderService }),
    inbox: createAdminInbox({ db, mailer, settings, log }),
    /** A stitching request's home-visit measurements (issue 29; decision 0040). */
    homeVisits: createAdminHomeVisits(db),
    staff: createAdminStaff({ db, mailer, settings, siteUrl: config.PUBLIC_SITE_URL }),
    settings,
    mail: createAdminMail({ db, mailer, log }),
    audit: (query: Parameters<typeof listAudit>[1]) => listAudit(db, query),
    exports: createAdminExports({ db }),
    /** Issue 29, part 2 (decision 0041): the stitching styles and the workshop's steps. */
    stitchingStyles: createStitchingStyles({ db, media, maxMegapixels: config.UPLOAD_MAX_MEGAPIXELS }),
    workshop: createWorkshop({ db, mailer, settings, log }),
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
