import { randomInt } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { pluralCategory } from "#core/i18n/locale.ts";
import { requestMessage } from "#core/i18n/request-messages.en.ts";
import type { Locale } from "#core/locale.ts";
import type { ContactMessageInput } from "#core/schemas/contact.schema.ts";
import type { StitchingRequestInput } from "#core/schemas/stitching.schema.ts";
import type { Config } from "../config.ts";
import { insertContactMessage, insertStitchingRequest, referenceTaken } from "../db/repositories/requests.ts";
import type { UserRow } from "../db/repositories/users.ts";
import type { Database } from "../db/schema.ts";
import { newId } from "../ids.ts";
import type { Mailer, MailMessage } from "../integrations/mail.ts";
import { DomainError } from "./errors.ts";
import { createRateLimiter } from "./rate-limit.ts";
import { contactAckMail, contactShopMail, stitchingAckMail, stitchingShopMail } from "./request-mail.ts";

export interface RequestsDeps {
  db: Kysely<Database>;
  config: Pick<
    Config,
    | "SHOP_NAME"
    | "SHOP_NAME_AR"
    | "SHOP_EMAIL"
    | "SHOP_PHONE"
    | "REQUEST_RATE_WINDOW_SECONDS"
    | "REQUEST_RATE_LIMIT_PER_IP"
  >;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The back office's settings over the environment's (issue 15): the shop's name, e-mail and phone. */
  settings?: { current(): Promise<{ shopName: string; email: string; phone: string }> };
}

/** Who sent it: the client address the rate limit counts, and the signed-in shopper if any. */
export interface RequestSender {
  ip: string;
  user: UserRow | null;
}

export interface RequestAnswer {
  message: string;
  /** Absent only for a submission the spam trap caught (nothing was stored). */
  reference?: string;
}

/** Letters and digits that cannot be misread over the phone (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const REFERENCE_LENGTH = 6;

function drawReference(prefix: string): string {
  let code = "";
  for (let i = 0; i < REFERENCE_LENGTH; i += 1)
    code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${prefix}-${code}`;
}

/**
 * Contact messages and stitching requests (issue 12; SPEC §3, §5, §8). A request is stored first, with a
 * reference number, and only then mailed to the shop (and acknowledged to the shopper when an e-mail is
 * known) through the outbox, so a mail server that is down loses nothing: the outbox keeps the mail
 * as failed for the outbox's retries (server/integrations/mail.ts) and the request is in the database.
 */
export function createRequestsService(deps: RequestsDeps) {
  const { db, config, mailer, log } = deps;
  async function shopNow() {
    const s = await deps.settings?.current();
    return {
      name: s?.shopName ?? config.SHOP_NAME,
      email: s?.email ?? config.SHOP_EMAIL,
      phone: s?.phone ?? config.SHOP_PHONE,
      nameAr: config.SHOP_NAME_AR ?? config.SHOP_NAME,
    };
  }
  const limits = createRateLimiter(db, {
    windowSeconds: config.REQUEST_RATE_WINDOW_SECONDS,
    perIp: config.REQUEST_RATE_LIMIT_PER_IP,
    perIdentifier: config.REQUEST_RATE_LIMIT_PER_IP,
  });

  /** Counts one request from this client; past the limit, a 429 that says how long to wait and whom to call. */
  async function limit(group: "contact" | "stitching", ip: string): Promise<void> {
    try {
      await limits.check(group, ip);
    } catch (error) {
      if (!(error instanceof DomainError) || error.refusal !== "rate_limited") throw error;
      const minutes = Math.ceil((error.retryAfterSeconds ?? 60) / 60);
      const shop = await shopNow();
      throw new DomainError(
        "rate_limited",
        "rate_limited",
        requestMessage(pluralCategory("en", minutes) === "one" ? "tooMany.one" : "tooMany.other", {
          count: minutes,
          phone: shop.phone,
        }),
        { retryAfterSeconds: error.retryAfterSeconds },
      );
    }
  }

  /** Stores a row under a fresh reference, drawing again in the unlikely case it is taken. */
  async function storeWithReference(prefix: string, insert: (reference: string) => Promise<void>) {
    for (let attempt = 1; ; attempt += 1) {
      const reference = drawReference(prefix);
      try {
        await insert(reference);
        return reference;
      } catch (error) {
        if (!referenceTaken(error) || attempt >= 5) throw error;
      }
    }
  }

  /** The request is already stored: a mail that cannot even be queued is logged, never the shopper's problem. */
  async function notify(reference: string, mails: MailMessage[]) {
    for (const mail of mails) {
      try {
        await mailer.send(mail);
      } catch (error) {
        log.error({ err: error, reference, kind: mail.kind }, "could not queue the request mail");
      }
    }
  }

  /** The acknowledgement's language (issue 14): the page's, else the signed-in account's, else English. */
  const languageOf = (input: { language?: Locale | undefined }, from: RequestSender): Locale =>
    input.language ?? from.user?.language ?? "en";

  const account = (user: UserRow | null) => (user ? `${user.name} (${user.email ?? user.phone})` : null);

  return {
    /** POST /api/contact/send. */
    async sendContactMessage(input: ContactMessageInput, from: RequestSender): Promise<RequestAnswer> {
      if (input.website) {
        // A robot filled the hidden field: it is told what a person is told, and nothing is kept.
        log.info({ form: "contact" }, "spam trap caught a contact message");
        return { message: requestMessage("contactSent") };
      }
      await limit("contact", from.ip);
      const reference = await storeWithReference("MSG", (reference) =>
        insertContactMessage(db, {
          id: newId(),
          reference,
          user_id: from.user?.id ?? null,
          name: input.name,
          email: input.email,
          subject: input.subject,
          message: input.message,
          language: languageOf(input, from),
          created_at: new Date().toISOString(),
        }),
      );
      log.info({ reference }, "contact message stored");
      const shop = await shopNow();
      await notify(reference, [
        contactShopMail(shop, reference, input, account(from.user)),
        contactAckMail(shop, reference, input, languageOf(input, from)),
      ]);
      return { message: requestMessage("contactSent"), reference };
    },

    /** POST /api/stitching/request. */
    async requestStitching(input: StitchingRequestInput, from: RequestSender): Promise<RequestAnswer> {
      if (input.website) {
        log.info({ form: "stitching" }, "spam trap caught a stitching request");
        return { message: requestMessage("stitchingSent") };
      }
      await limit("stitching", from.ip);
      // The form asks for no e-mail (SPEC §3): a signed-in shopper's verified one gets the acknowledgement.
      const email = from.user?.email && from.user.email_verified ? from.user.email : null;
      const reference = await storeWithReference("ST", (reference) =>
        insertStitchingRequest(db, {
          id: newId(),
          reference,
          user_id: from.user?.id ?? null,
          name: input.name,
          phone: input.phoneNumber,
          email,
          address_type: input.addressType,
          full_address: input.fullAddress,
          landmark: input.landmark ?? null,
          city: input.city,
          pin_code: input.pinCode,
          service_type: input.serviceType,
          item_count: input.itemCount,
          message: input.message ?? null,
          language: languageOf(input, from),
          created_at: new Date().toISOString(),
        }),
      );
      log.info({ reference }, "stitching request stored");
      const shop = await shopNow();
      await notify(reference, [
        stitchingShopMail(shop, reference, input, account(from.user)),
        ...(email ? [stitchingAckMail(shop, reference, input, email, languageOf(input, from))] : []),
      ]);
      return { message: requestMessage("stitchingSent"), reference };
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
