import type { FastifyBaseLogger } from "fastify";
import { type Config, type PublicConfig, publicConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { createGoogleVerifier } from "../integrations/google.ts";
import { createMailer, createSmtpSender, type Mailer } from "../integrations/mail.ts";
import { createPaymenntClient, PAYMENNT_BASE_URLS, type PaymenntClient } from "../integrations/paymennt.ts";
import { siteIsLocal } from "../locality.ts";
import { SANDBOX_API_PATH } from "../routes/sandbox-paymennt.ts";
import { type AccountsService, createAccountsService } from "./accounts.ts";
import { type AddressesService, createAddressesService } from "./addresses.ts";
import { type AdminService, createAdminService } from "./admin.ts";
import { createSettingsService, type SettingsService } from "./admin-settings.ts";
import { type CartService, createCartService } from "./cart.ts";
import { type CatalogService, createCatalogService } from "./catalog.ts";
import { createIdempotencyService, type IdempotencyService } from "./idempotency.ts";
import { createOrdersService, type OrdersService } from "./orders.ts";
import { createRequestsService, type RequestsService } from "./requests.ts";
import { createReviewsService, type ReviewsService } from "./reviews.ts";

/** What loaders and API routes reach through the load context: in-process, no HTTP hop. */
export interface Services {
  /** The environment's shop identity; pages read the effective one, `settings.shop()` (issue 15). */
  shop: PublicConfig;
  catalog: CatalogService;
  accounts: AccountsService;
  addresses: AddressesService;
  reviews: ReviewsService;
  cart: CartService;
  mail: Mailer;
  requests: RequestsService;
  orders: OrdersService;
  /** Idempotency-Key on the order calls (decision 0017). */
  idempotency: IdempotencyService;
  paymennt: PaymenntClient;
  /** The shop's effective settings: the environment's, overridden in the back office (issue 15). */
  settings: SettingsService;
  /** The back office (issue 15). */
  admin: AdminService;
}

/**
 * Paymennt with the configured keys, or the store's own sandbox (same protocol, over HTTP at
 * PUBLIC_SITE_URL) when there are none.
 */
export function createPaymennt(config: Config): PaymenntClient {
  if (config.PAYMENNT_API_KEY && config.PAYMENNT_API_SECRET) {
    return createPaymenntClient({
      baseUrl: PAYMENNT_BASE_URLS[config.PAYMENNT_MODE],
      apiKey: config.PAYMENNT_API_KEY,
      apiSecret: config.PAYMENNT_API_SECRET,
      sandbox: false,
    });
  }
  return createPaymenntClient({
    baseUrl: `${config.PUBLIC_SITE_URL.replace(/\/$/, "")}${SANDBOX_API_PATH}`,
    apiKey: "sandbox-key",
    apiSecret: "sandbox-secret",
    sandbox: true,
  });
}

export function createServices(database: DatabaseHandle, config: Config, log: FastifyBaseLogger): Services {
  const mail = createMailer({
    db: database.db,
    from: config.MAIL_FROM ?? `${config.SHOP_NAME} <${config.SHOP_EMAIL}>`,
    sender: config.SMTP_URL ? createSmtpSender(config.SMTP_URL) : undefined,
    log,
    // Without SMTP, a mail is printed whole (codes included) only while demo conveniences are on.
    printInFull: siteIsLocal(config),
  });
  const google = createGoogleVerifier({
    clientId: config.GOOGLE_CLIENT_ID,
    jwksUrl: config.GOOGLE_JWKS_URL,
    jwksJson: config.GOOGLE_JWKS_JSON,
  });
  const paymennt = createPaymennt(config);
  const settings = createSettingsService(database.db, config);
  const orders = createOrdersService({ db: database.db, config, mailer: mail, paymennt, log, settings });
  return {
    shop: publicConfig(config),
    paymennt,
    orders,
    idempotency: createIdempotencyService({ db: database.db, config, log }),
    settings,
    admin: createAdminService({ db: database.db, config, mailer: mail, orders, settings, log }),
    catalog: createCatalogService(database.db),
    accounts: createAccountsService({ db: database.db, config, mailer: mail, google, log }),
    addresses: createAddressesService(database.db),
    reviews: createReviewsService(database.db),
    cart: createCartService(database.db),
    mail,
    requests: createRequestsService({ db: database.db, config, mailer: mail, log, settings }),
  };
}
