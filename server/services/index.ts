import { createHmac } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { appSecret } from "../auth/secret.ts";
import { type Config, type PublicConfig, publicConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import type { Database } from "../db/schema.ts";
import { createGoogleVerifier } from "../integrations/google.ts";
import { createMailer, createSmtpSender, type Mailer } from "../integrations/mail.ts";
import {
  createPaymenntClient,
  PAYMENNT_BASE_URLS,
  type PaymenntClient,
  type PaymenntCredentials,
} from "../integrations/paymennt.ts";
import { siteIsLocal } from "../locality.ts";
import { SANDBOX_API_PATH } from "../routes/sandbox-paymennt.ts";
import { type AccountsService, createAccountsService } from "./accounts.ts";
import { type AddressesService, createAddressesService } from "./addresses.ts";
import { type AdminService, createAdminService } from "./admin.ts";
import { createSettingsService, type SettingsService } from "./admin-settings.ts";
import { type AlterationsService, createAlterationsService } from "./alterations/index.ts";
import { type CartService, createCartService } from "./cart.ts";
import { type CatalogService, createCatalogService } from "./catalog.ts";
import { createIdempotencyService, type IdempotencyService } from "./idempotency.ts";
import { createLowStockDigest, type LowStockDigest } from "./low-stock-digest.ts";
import { createMeasurementsService, type MeasurementsService } from "./measurements.ts";
import { createOrdersService, type OrdersService } from "./orders.ts";
import { createPendingCart, type PendingCart } from "./pending-cart.ts";
import { createPromotionsService, type PromotionsService } from "./promotions/index.ts";
import { createQuotesService, type QuotesService } from "./quotes/index.ts";
import { createRefundsService, type RefundsService } from "./refunds/index.ts";
import { createShopperCancellation, type ShopperCancellation } from "./refunds/shopper-cancel.ts";
import { createRequestsService, type RequestsService } from "./requests.ts";
import { createReturnsService, type ReturnsService } from "./returns/index.ts";
import { createReviewsService, type ReviewsService } from "./reviews.ts";

/** What loaders and API routes reach through the load context: in-process, no HTTP hop. */
export interface Services {
  /** The environment's shop identity; pages read the effective one, `settings.shop()` (issue 15). */
  shop: PublicConfig;
  catalog: CatalogService;
  accounts: AccountsService;
  addresses: AddressesService;
  /** Measurement profiles and her stitching requests in My Account (issue 29; decision 0040). */
  measurements: MeasurementsService;
  reviews: ReviewsService;
  cart: CartService;
  /** A visitor's lines and wishes posted without JavaScript, in a signed cookie (decision 0033). */
  pendingCart: PendingCart;
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
  /** Refunds and credit notes (issue 24; decision 0023): the back office's, and a cancellation's. */
  refunds: RefundsService;
  /** Returns, exchanges and the order's timeline (issue 24, part B; decision 0032). */
  returns: ReturnsService;
  /** A shopper's own cancellation from My Account (issue 24; decision 0031). */
  cancellation: ShopperCancellation;
  /** The daily low-stock mail to the shop (issue 26), run with the reconciliation pass. */
  lowStockDigest: LowStockDigest;
  /** Discount codes, the cart's quote with them, and delivery fees (issue 28; decision 0038). */
  promotions: PromotionsService;
  /** Quotes on stitching requests (issue 29, part 4; decision 0043). */
  quotes: QuotesService;
  /** Alterations of made-to-measure lines (issue 29, part 4; decision 0043). */
  alterations: AlterationsService;
}

const sandboxKeys = new WeakMap<Kysely<Database>, Promise<PaymenntCredentials>>();

/**
 * Issue 21: the key and secret the store gives its payment client for the built-in sandbox, which takes
 * no other. Derived from the app secret (JWT_SECRET, or the one kept in app_meta), so every process on
 * the same database (and a sandbox process given the same JWT_SECRET) agrees without storing more.
 */
export function sandboxCredentials(
  db: Kysely<Database>,
  config: Pick<Config, "JWT_SECRET">,
): Promise<PaymenntCredentials> {
  let keys = sandboxKeys.get(db);
  if (!keys) {
    keys = appSecret(db, config.JWT_SECRET).then((secret) => {
      const derive = (use: string) => createHmac("sha256", secret).update(use).digest("base64url");
      return {
        apiKey: `sbx_${derive("paymennt-sandbox-api-key").slice(0, 24)}`,
        apiSecret: derive("paymennt-sandbox-api-secret"),
      };
    });
    keys.catch(() => sandboxKeys.delete(db));
    sandboxKeys.set(db, keys);
  }
  return keys;
}

/**
 * Paymennt with the configured keys, or the store's own sandbox (same protocol, over HTTP) when there are
 * none. The client reaches the sandbox at the server's own address (`ownAddress`, known once it listens;
 * http://127.0.0.1:{PORT} before), or PAYMENNT_SANDBOX_URL; the shopper's browser goes to the sandbox's
 * page at PUBLIC_SITE_URL.
 */
export function createPaymennt(
  config: Config,
  db: Kysely<Database>,
  ownAddress: () => string | undefined = () => undefined,
): PaymenntClient {
  if (config.PAYMENNT_API_KEY && config.PAYMENNT_API_SECRET) {
    return createPaymenntClient({
      baseUrl: PAYMENNT_BASE_URLS[config.PAYMENNT_MODE],
      apiKey: config.PAYMENNT_API_KEY,
      apiSecret: config.PAYMENNT_API_SECRET,
      sandbox: false,
    });
  }
  return createPaymenntClient({
    baseUrl: () =>
      `${(config.PAYMENNT_SANDBOX_URL ?? ownAddress() ?? `http://127.0.0.1:${config.PORT}`).replace(/\/$/, "")}${SANDBOX_API_PATH}`,
    credentials: () => sandboxCredentials(db, config),
    sandbox: true,
  });
}

export function createServices(
  database: DatabaseHandle,
  config: Config,
  log: FastifyBaseLogger,
  /** The address the server listens on, once it does (the payment client reaches the sandbox there). */
  ownAddress?: () => string | undefined,
): Services {
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
  const paymennt = createPaymennt(config, database.db, ownAddress);
  const settings = createSettingsService(database.db, config);
  const promotions = createPromotionsService({ db: database.db, settings });
  const orders = createOrdersService({
    db: database.db,
    config,
    mailer: mail,
    paymennt,
    log,
    settings,
    promotions,
  });
  const refunds = createRefundsService({
    db: database.db,
    config,
    paymennt,
    mailer: mail,
    documents: orders.documents,
    log,
  });
  // Pending refunds are settled by the same reconciliation pass as open payments.
  orders.alsoReconcile((now) => refunds.reconcile(now));
  const cancellation = createShopperCancellation({
    db: database.db,
    orders,
    refunds,
    settings,
    mailer: mail,
    log,
  });
  const lowStockDigest = createLowStockDigest({
    db: database.db,
    mailer: mail,
    settings,
    log,
    siteUrl: config.PUBLIC_SITE_URL,
  });
  // The low-stock digest goes with the same pass: one process runs it, the day's claim makes it once.
  orders.alsoReconcile((now) => lowStockDigest.run(now));
  return {
    refunds,
    promotions,
    returns: createReturnsService({ db: database.db, mailer: mail, settings, refunds, log }),
    quotes: createQuotesService({
      db: database.db,
      mailer: mail,
      settings,
      orders,
      siteUrl: config.PUBLIC_SITE_URL,
      log,
    }),
    alterations: createAlterationsService({ db: database.db, mailer: mail, settings, log }),
    cancellation,
    lowStockDigest,
    shop: publicConfig(config),
    paymennt,
    orders,
    idempotency: createIdempotencyService({ db: database.db, config, log }),
    settings,
    admin: createAdminService({ db: database.db, config, mailer: mail, orders, settings, log }),
    catalog: createCatalogService(database.db),
    accounts: createAccountsService({ db: database.db, config, mailer: mail, google, log }),
    addresses: createAddressesService(database.db),
    measurements: createMeasurementsService(database.db),
    reviews: createReviewsService(database.db),
    cart: createCartService(database.db),
    pendingCart: createPendingCart(database.db, config.JWT_SECRET),
    mail,
    requests: createRequestsService({ db: database.db, config, mailer: mail, log, settings }),
  };
}
