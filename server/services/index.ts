import type { FastifyBaseLogger } from "fastify";
import { type Config, type PublicConfig, publicConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/connection.ts";
import { createGoogleVerifier } from "../integrations/google.ts";
import { createMailer, createSmtpSender, type Mailer } from "../integrations/mail.ts";
import { type AccountsService, createAccountsService } from "./accounts.ts";
import { type CartService, createCartService } from "./cart.ts";
import { type CatalogService, createCatalogService } from "./catalog.ts";

/** What loaders and API routes reach through the load context: in-process, no HTTP hop. */
export interface Services {
  shop: PublicConfig;
  catalog: CatalogService;
  accounts: AccountsService;
  cart: CartService;
  mail: Mailer;
}

export function createServices(database: DatabaseHandle, config: Config, log: FastifyBaseLogger): Services {
  const mail = createMailer({
    db: database.db,
    from: config.MAIL_FROM ?? `${config.SHOP_NAME} <${config.SHOP_EMAIL}>`,
    sender: config.SMTP_URL ? createSmtpSender(config.SMTP_URL) : undefined,
    log,
    logContent: config.NODE_ENV !== "production",
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
    cart: createCartService(database.db),
    mail,
  };
}
