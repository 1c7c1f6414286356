import type { FastifyBaseLogger } from "fastify";
import { type Config, type PublicConfig, publicConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { createGoogleVerifier } from "../integrations/google.ts";
import { createMailer, createSmtpSender, type Mailer } from "../integrations/mail.ts";
import { type AccountsService, createAccountsService } from "./accounts.ts";
import { type CartService, createCartService } from "./cart.ts";
import { type CatalogService, createCatalogService } from "./catalog.ts";
import { createRequestsService, type RequestsService } from "./requests.ts";
import { createReviewsService, type ReviewsService } from "./reviews.ts";

/** What loaders and API routes reach through the load context: in-process, no HTTP hop. */
export interface Services {
  shop: PublicConfig;
  catalog: CatalogService;
  accounts: AccountsService;
  reviews: ReviewsService;
  cart: CartService;
  mail: Mailer;
  requests: RequestsService;
}

export function createServices(database: DatabaseHandle, config: Config, log: FastifyBaseLogger): Services {
  const mail = createMailer({
    db: database.db,
    from: config.MAIL_FROM ?? `${config.SHOP_NAME} <${config.SHOP_EMAIL}>`,
    sender: config.SMTP_URL ? createSmtpSender(config.SMTP_URL) : undefined,
    log,
  });
  const google = createGoogleVerifier({
    clientId: config.GOOGLE_CLIENT_ID,
    jwksUrl: config.GOOGLE_JWKS_URL,
    jwksJson: config.GOOGLE_JWKS_JSON,
  });
  return {
    shop: publicConfig(config),
    catalog: createCatalogService(database.db),
    accounts: createAccountsService({ db: database.db, config, mailer: mail, google, log }),
    reviews: createReviewsService(database.db),
    cart: createCartService(database.db),
    mail,
    requests: createRequestsService({ db: database.db, config, mailer: mail, log }),
  };
}
