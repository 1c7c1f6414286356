/**
 * Paymennt's hosted checkout, API v2 (issue 11): `POST checkout/web` makes a checkout the shopper pays
 * on Paymennt's page, `GET checkout/{id}` reads its status. Every answer comes in the envelope
 * `{ success, elapsed, error, result }`. The keys travel only in the X-Paymennt-Api-Key/-Secret headers
 * of these server-to-server calls. The same client talks to the store's sandbox (routes/sandbox-paymennt.ts)
 * when no keys are configured.
 */

import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { Span } from "@opentelemetry/api";
import { inClientSpan } from "../telemetry/tracing.ts";

export const PAYMENNT_BASE_URLS = {
  test: "https://api.test.paymennt.com/mer/v2.0/",
  live: "https://api.paymennt.com/mer/v2.0/",
} as const;

/** Paymennt's checkout statuses; anything else is kept as text and treated as still open. */
export type PaymenntStatus =
  | "PENDING"
  | "AUTHORIZED"
  | "PAID"
  | "FAILED"
  | "CANCELLED"
  | "EXPIRED"
  | (string & {});

export interface PaymenntCheckoutRequest {
  /** Unique per attempt: Paymennt refuses a second checkout under the same request id. */
  requestId: string;
  orderId: string;
  currency: "AED";
  /** AED with two decimals, e.g. 450.00. */
  amount: number;
  totals: { subtotal: number; tax: number; shipping: number; handling: number; discount: number };
  items: { name: string; sku: string; unitprice: number; quantity: number; linetotal: number }[];
  customer: { firstName: string; lastName: string; email: string; phone: string };
  billingAddress: {
    name: string;
    address1: string;
    address2: string;
    city: string;
    state: string;
    zip: string;
    country: string;
  };
  returnUrl: string;
  language: "EN" | "AR";
}

export interface PaymenntCheckout {
  id: string;
  requestId?: string;
  orderId?: string;
  currency?: string;
  amount?: number;
  status: PaymenntStatus;
  redirectUrl?: string;
  [key: string]: unknown;
}

export class PaymenntError extends Error {
  /** The HTTP status, when Paymennt answered at all. */
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

/** The key pair of the X-Paymennt-Api-Key/-Secret headers. */
export interface PaymenntCredentials {
  apiKey: string;
  apiSecret: string;
}

export interface PaymenntClient {
  /** Where the API is (the built-in sandbox's is known once the server listens). */
  readonly baseUrl: string;
  /** True when talking to the store's sandbox rather than Paymennt. */
  readonly sandbox: boolean;
  createCheckout(request: PaymenntCheckoutRequest): Promise<PaymenntCheckout & { redirectUrl: string }>;
  getCheckout(id: string): Promise<PaymenntCheckout>;
  /**
   * `POST checkout/{id}/refund?amount=&currency=&note=&referenceId=` (Paymennt's Merchant API v2.0,
   * operation `refund-checkout`; decision 0023): refunds part or all of a paid checkout and answers the
   * checkout, whose `totalRefunded` then includes it. A refusal is a PaymenntError with the HTTP status;
   * no answer at all is one without a status (the refund may or may not have happened).
   */
  refundCheckout(id: string, refund: PaymenntRefundRequest): Promise<PaymenntCheckout>;
}

export interface PaymenntRefundRequest {
  /** AED with two decimals. */
  amount: number;
  currency: "AED";
  /** The reason, shown in Paymennt's dashboard. */
  note: string;
  /** Our refund's request id: the same on every retry of one refund. */
  referenceId: string;
}

/** Rounds fils to AED with two decimals, as Paymennt's amount fields want. */
export const filsToAmount = (fils: number): number => Math.round(fils) / 100;

/** An HTTP answer's status and body text. */
interface RawAnswer {
  status: number;
  ok: boolean;
  text: string;
}

/**
 * One request over a kept-alive connection (node:http/https rather than fetch(), which costs the store
 * about twice the CPU per call: two calls per order, decision 0014). A request sent on a reused
 * connection that the other side had just closed is sent once more on a fresh one, as Node's
 * documentation advises; nothing else is retried.
 */
function send(
  url: URL,
  method: "GET" | "POST",
  headers: Record<string, string>,
  body: string | undefined,
  timeoutMs: number,
  agents: { http: HttpAgent; https: HttpsAgent },
  retried = false,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const secure = url.protocol === "https:";
    const req = (secure ? httpsRequest : httpRequest)(
      url,
      {
        method,
        agent: secure ? agents.https : agents.http,
        headers: body === undefined ? headers : { ...headers, "content-length": Buffer.byteLength(body) },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("error", reject);
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          resolve({
            status,
            ok: status >= 200 && status < 300,
            text: Buffer.concat(chunks).toString("utf8"),
          });
        });
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (req.reusedSocket && error.code === "ECONNRESET" && !retried)
        send(url, method, headers, body, timeoutMs, agents, true).then(resolve, reject);
      else reject(error);
    });
    req.end(body);
  });
}

export function createPaymenntClient(
  options: {
    /** The API's address, or a function asked at each call (the built-in sandbox: the server's own address). */
    baseUrl: string | (() => string);
    sandbox: boolean;
    timeoutMs?: number;
  } & (PaymenntCredentials | { credentials: () => Promise<PaymenntCredentials> }),
): PaymenntClient {
  const withSlash = (url: string) => (url.endsWith("/") ? url : `${url}/`);
  const baseOf = () => withSlash(typeof options.baseUrl === "string" ? options.baseUrl : options.baseUrl());
  const credentials =
    "credentials" in options
      ? options.credentials
      : async () => ({ apiKey: options.apiKey, apiSecret: options.apiSecret });
  const timeoutMs = options.timeoutMs ?? 15_000;
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

  /**
   * One call in a client span named by its template (`checkout/{id}`) while tracing runs: the method, host
   * and answer's status only, never the keys, the body or the query (decision 0036).
   */
  function call(method: "GET" | "POST", template: string, path: string, body?: unknown) {
    const url = new URL(path, baseOf());
    return inClientSpan(
      `paymennt ${method} ${template}`,
      {
        "http.request.method": method,
        "server.address": url.hostname,
        "server.port": Number(url.port) || (url.protocol === "https:" ? 443 : 80),
        "url.template": template,
      },
      (span) => exchange(method, url, path, body, span),
    );
  }

  async function exchange(
    method: "GET" | "POST",
    url: URL,
    path: string,
    body: unknown,
    span: Span | undefined,
  ): Promise<PaymenntCheckout> {
    let response: RawAnswer;
    const { apiKey, apiSecret } = await credentials();
    try {
      response = await send(
        url,
        method,
        {
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          "X-Paymennt-Api-Key": apiKey,
          "X-Paymennt-Api-Secret": apiSecret,
        },
        body === undefined ? undefined : JSON.stringify(body),
        timeoutMs,
        agents,
      );
    } catch (error) {
      throw new PaymenntError(
        `Paymennt could not be reached: ${error instanceof Error ? error.message : error}`,
      );
    }
    span?.setAttribute("http.response.status_code", response.status);
    let envelope: { success?: unknown; error?: unknown; result?: unknown };
    try {
      envelope = JSON.parse(response.text) as typeof envelope;
    } catch {
      throw new PaymenntError(`Paymennt answered ${response.status} without JSON`, response.status);
    }
    if (!response.ok || envelope?.success !== true) {
      const reason =
        typeof envelope?.error === "string" ? envelope.error : JSON.stringify(envelope?.error ?? null);
      throw new PaymenntError(
        `Paymennt refused ${method} ${path} (${response.status}): ${reason}`,
        response.status,
      );
    }
    const result = envelope.result as PaymenntCheckout | undefined;
    if (!result || typeof result.id !== "string" || typeof result.status !== "string") {
      throw new PaymenntError(`Paymennt's answer to ${method} ${path} has no checkout`, response.status);
    }
    return result;
  }

  return {
    get baseUrl() {
      return baseOf();
    },
    sandbox: options.sandbox,
    async createCheckout(request) {
      const checkout = await call("POST", "checkout/web", "checkout/web", request);
      if (typeof checkout.redirectUrl !== "string" || !/^https?:\/\//.test(checkout.redirectUrl)) {
        throw new PaymenntError("Paymennt's checkout has no redirect URL");
      }
      return checkout as PaymenntCheckout & { redirectUrl: string };
    },
    getCheckout(id) {
      return call("GET", "checkout/{id}", `checkout/${encodeURIComponent(id)}`);
    },
    refundCheckout(id, refund) {
      const query = new URLSearchParams({
        amount: refund.amount.toFixed(2),
        currency: refund.currency,
        note: refund.note,
        referenceId: refund.referenceId,
      });
      return call("POST", "checkout/{id}/refund", `checkout/${encodeURIComponent(id)}/refund?${query}`);
    },
  };
}
