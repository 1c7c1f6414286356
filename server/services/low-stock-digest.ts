import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { dubaiLocalTime } from "#core/schemas/admin/dubai-days.ts";
import { type LowStockDbRow, listLowStockRows } from "../db/repositories/admin-products.ts";
import type { Database } from "../db/schema.ts";
import { escapeHtml, type Mailer, type MailMessage } from "../integrations/mail.ts";
import type { SettingsService } from "./admin-settings.ts";

/** The sizes one digest lists at most (the rest are counted). */
const DIGEST_ROWS = 200;

/** What one pass did: the day's mail queued, or why not. */
export type DigestOutcome = "off" | "not_yet" | "already_sent" | "nothing_low" | "queued";

const claimKey = (day: string) => `low-stock-digest:${day}`;

export function digestMail(
  rows: LowStockDbRow[],
  options: { day: string; threshold: number; to: string; shopName: string; siteUrl: string },
): MailMessage {
  const { day, threshold, to, shopName, siteUrl } = options;
  const link = `${siteUrl.replace(/\/$/, "")}/admin/products?lowStock=true`;
  const sizes = rows.length === 1 ? "1 size is" : `${rows.length} sizes are`;
  const line = (r: LowStockDbRow) =>
    `${r.product_name} (${r.size}, ${r.sku}): ${Math.max(0, r.stock - r.held)} left to sell (stock ${r.stock}, held ${r.held})`;
  const text = [
    `${sizes} at or below the low-stock threshold (${threshold}) on ${day}:`,
    "",
    ...rows.map((r) => `- ${line(r)}`),
    "",
    `Restock or count them in the back office: ${link}`,
  ].join("\n");
  const html = `<p>${escapeHtml(`${sizes} at or below the low-stock threshold (${threshold}) on ${day}:`)}</p>
<ul>${rows.map((r) => `<li>${escapeHtml(line(r))}</li>`).join("")}</ul>
<p><a href="${escapeHtml(link)}">Restock or count them in the back office</a></p>`;
  return {
    kind: "low-stock-digest",
    to,
    subject: `${shopName}: low stock on ${day} (${rows.length})`,
    text,
    html,
  };
}

/**
 * The low-stock digest (issue 26; decision 0026): once a day, at the time the owner set (Asia/Dubai), the
 * sizes at or below the threshold are mailed to the shop's address through the outbox. It runs with the
 * reconciliation pass (one process runs the timers, server/main.ts), and the day is claimed by a row
 * of app_meta inserted in the mail's own transaction: however many processes or passes try, one mail a
 * day, and a pass after the time catches up the same day if the shop was down at it.
 */
export function createLowStockDigest(options: {
  db: Kysely<Database>;
  mailer: Mailer;
  settings: SettingsService;
  log: FastifyBaseLogger;
  siteUrl: string;
}) {
  const { db, mailer, settings, log, siteUrl } = options;
  return {
    async run(now = new Date()): Promise<DigestOutcome> {
      const s = await settings.current();
      if (!s.lowStockDigestTime) return "off";
      const local = dubaiLocalTime(now.toISOString());
      const [day = "", time = ""] = local.split(" ");
      if (time < s.lowStockDigestTime) return "not_yet";
      const outcome = await db.transaction().execute(async (trx): Promise<DigestOutcome> => {
        const claimed = await trx
          .insertInto("app_meta")
          .values({ key: claimKey(day), value: now.toISOString(), updated_at: now.toISOString() })
          .onConflict((oc) => oc.column("key").doNothing())
          .returning("key")
          .executeTakeFirst();
        if (!claimed) return "already_sent";
        const rows = await listLowStockRows(trx, s.lowStockThreshold, DIGEST_ROWS);
        if (rows.length === 0) return "nothing_low";
        await mailer.enqueue(
          trx,
          digestMail(rows, {
            day,
            threshold: s.lowStockThreshold,
            to: s.email,
            shopName: s.shopName,
            siteUrl,
          }),
        );
        return "queued";
      });
      if (outcome === "queued") {
        log.info({ day }, "low-stock digest queued");
        await mailer
          .flush()
          .catch((error: unknown) => log.error({ err: error }, "low-stock digest delivery failed"));
      }
      return outcome;
    },
  };
}

export type LowStockDigest = ReturnType<typeof createLowStockDigest>;
