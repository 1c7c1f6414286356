// Issue 21: what the demo conveniences leave a real shop. Card payments without Paymennt's live keys go to
// a test provider (the store's sandbox, or Paymennt's test mode) that answers only local requests unless
// ALLOW_PUBLIC_SANDBOX; the server says so once at start, and the back office's dashboard says why.
import type { IncomingMessage } from "node:http";
import type { Config } from "./config.ts";
import { sandboxAllowed, siteIsLocal } from "./locality.ts";

type PaymentsConfig = Pick<
  Config,
  "PAYMENNT_API_KEY" | "PAYMENNT_API_SECRET" | "PAYMENNT_MODE" | "ALLOW_PUBLIC_SANDBOX"
>;

/** Real money moves: Paymennt's keys in live mode. Anything else is a test provider. */
export function takesRealPayments(config: PaymentsConfig): boolean {
  return Boolean(config.PAYMENNT_API_KEY && config.PAYMENNT_API_SECRET) && config.PAYMENNT_MODE === "live";
}

/**
 * May this request pay by card? Always with Paymennt's live keys; with the test sandbox or Paymennt's test
 * mode only a local request (or any, with ALLOW_PUBLIC_SANDBOX). A request we cannot see (undefined) may not.
 */
export function cardPaymentsAvailable(
  config: PaymentsConfig,
  request: { raw: IncomingMessage } | IncomingMessage | undefined,
): boolean {
  if (takesRealPayments(config)) return true;
  return request ? sandboxAllowed(config, request) : config.ALLOW_PUBLIC_SANDBOX;
}

/**
 * The back office's dashboard: why shoppers cannot pay by card, or that card payments take no money;
 * null when Paymennt takes real payments. Owner-readable, English (the back office is English only).
 */
export function paymentsNotice(
  config: PaymentsConfig & Pick<Config, "PUBLIC_SITE_URL">,
  codEnabled: boolean,
): { level: "warning" | "info"; text: string } | null {
  if (takesRealPayments(config)) return null;
  const keys = Boolean(config.PAYMENNT_API_KEY && config.PAYMENNT_API_SECRET);
  const provider = keys
    ? "Paymennt is in test mode (PAYMENNT_MODE=test)"
    : "No Paymennt keys are set (PAYMENNT_API_KEY and PAYMENNT_API_SECRET), so card payments go to the store's test payment sandbox";
  const fix = keys
    ? "Set PAYMENNT_MODE=live to take real card payments."
    : "Set PAYMENNT_API_KEY and PAYMENNT_API_SECRET with PAYMENNT_MODE=live to take real card payments.";
  if (config.ALLOW_PUBLIC_SANDBOX) {
    return {
      level: "warning",
      text: `${provider}, switched on for every visitor (ALLOW_PUBLIC_SANDBOX): anyone can pay with a test card and no money is taken. ${fix}`,
    };
  }
  if (siteIsLocal(config)) {
    return {
      level: "info",
      text: `This is the demo store on this machine. ${provider}, which takes no money and answers only visitors on this machine. ${fix}`,
    };
  }
  const orders = codEnabled
    ? "Shoppers can still pay cash on delivery."
    : "Cash on delivery is off too, so shoppers cannot place orders: switch it on in Settings or set the keys.";
  return {
    level: "warning",
    text: `Card payments are unavailable to shoppers. ${provider}, which answers only visitors on this machine. ${orders} ${fix}`,
  };
}

/**
 * One line for the log at start when PUBLIC_SITE_URL is not this machine, naming the demo conveniences
 * that answer only local requests and what to set; undefined when the site is local or nothing applies.
 */
export function publicSiteNotice(
  config: PaymentsConfig & Pick<Config, "PUBLIC_SITE_URL" | "SEED_DEMO" | "ALLOW_PUBLIC_DEMO_OWNER">,
): string | undefined {
  if (siteIsLocal(config)) return undefined;
  const localOnly: string[] = [];
  const set: string[] = [];
  if (!takesRealPayments(config) && !config.ALLOW_PUBLIC_SANDBOX) {
    const keys = Boolean(config.PAYMENNT_API_KEY && config.PAYMENNT_API_SECRET);
    localOnly.push(
      keys
        ? "card payments in Paymennt's test mode (shoppers see card payment unavailable)"
        : "the test payment sandbox (shoppers see card payment unavailable)",
    );
    set.push(
      keys ? "PAYMENNT_MODE=live" : "PAYMENNT_API_KEY and PAYMENNT_API_SECRET with PAYMENNT_MODE=live",
    );
  }
  if (config.SEED_DEMO && !config.ALLOW_PUBLIC_DEMO_OWNER) {
    localOnly.push("the demo owner's log-in");
    set.push("SEED_DEMO=false and an owner made with npm run admin:create");
  }
  if (localOnly.length === 0) return undefined;
  return `PUBLIC_SITE_URL (${config.PUBLIC_SITE_URL}) is not this machine: ${localOnly.join(" and ")} answer only requests from this machine. For a real shop set ${set.join(", and ")}; for a staging site ALLOW_PUBLIC_SANDBOX=true / ALLOW_PUBLIC_DEMO_OWNER=true switch them on for everyone.`;
}
