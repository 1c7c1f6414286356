/**
 * The back office's one way to the server: `/api/admin/*` with the back-office session cookie (sent by
 * the browser, httpOnly, never readable here) and, on every change, the CSRF token header the server
 * checks (docs/decisions/0013-back-office.md). Screens read in clientLoader and change through useChange.
 */

import type { ApiAnswer, ApiBody, ApiMethod, ApiPath } from "#core/api-operations.ts";

/**
 * A redirect for a clientLoader to throw. A plain Response (not react-router's
 * helper) keeps React Router out of these small split chunks, so the storefront's chunks stay as they are.
 */
export function redirectTo(location: string): Response {
  return new Response(null, { status: 302, headers: { location } });
}

/** A page-level refusal (404) the route's error boundary shows. */
export function notFound(): Response {
  return new Response(null, { status: 404 });
}

export const CSRF_HEADER = "x-csrf-token";

let csrfToken = "";

/** The admin layout hands the session's CSRF token over as soon as it renders (and after log-in). */
export function setCsrfToken(token: string) {
  csrfToken = token;
}

export class AdminApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(message: string, status: number, code?: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

function requestInit(
  method: string,
  body: unknown,
  signal?: AbortSignal,
  extra: Record<string, string> = {},
): RequestInit {
  const headers: Record<string, string> = { ...extra, accept: "application/json" };
  if (method !== "GET") headers[CSRF_HEADER] = csrfToken;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  return { method, headers, body: payload, credentials: "same-origin", signal };
}

async function readAnswer(res: Response, method = "GET"): Promise<unknown> {
  const data = (await res.json().catch(() => ({}))) as { success?: boolean; message?: string; code?: string };
  // A loader sends the browser to the log-in; a change reports it (useChange does the same).
  if (res.status === 401 && method === "GET")
    throw redirectTo(`/admin/login?next=${encodeURIComponent(location.pathname)}`);
  // A screen that may not be read (staff on an owner's page) or is gone: its error boundary says so.
  if ((res.status === 403 || res.status === 404) && method === "GET")
    throw new Response(JSON.stringify({ message: data.message }), {
      status: res.status,
      headers: { "content-type": "application/json" },
    });
  if (!res.ok || data.success === false) {
    throw new AdminApiError(data.message ?? `The server answered ${res.status}.`, res.status, data.code);
  }
  return data;
}

/*
 * The answers below are typed from the operations map (core/api-operations.ts; decision 0044), as the
 * storefront's api() is: each function's typed signature is an overload declared over its unchanged
 * implementation, which reads any path and answers the parsed JSON (`unknown`). That is the one place the
 * parsed JSON becomes the mapped answer type; the server checks every answer against the same schemas
 * before it leaves (decision 0028), and server/api-operations.test.ts keeps the map equal to the routes.
 * Only /api/admin paths are accepted; a CSV export is a link, never read here.
 */

/** The operations the back office calls: its own, under /api/admin. */
type AdminPath<M extends ApiMethod> = Extract<ApiPath<M>, `/api/admin/${string}`>;

/** A read: the answer is the route's success answer for the path (a literal or a template literal). */
export function adminGet<P extends AdminPath<"GET">>(
  path: P,
  signal?: AbortSignal,
): Promise<NoInfer<ApiAnswer<"GET", P>>>;
export async function adminGet(path: string, signal?: AbortSignal): Promise<unknown> {
  return readAnswer(await fetch(path, requestInit("GET", undefined, signal)));
}

type ChangeMethod = Exclude<ApiMethod, "GET">;

/**
 * What a change sends: the JSON body its route declares (the body schema's input); an operation that
 * declares none takes no body, or a multipart form (the uploads, whose parts no schema reads).
 */
export type SendBody<M extends ApiMethod, P extends string> =
  ApiBody<M, P> extends infer Declared
    ? Declared extends undefined
      ? FormData | undefined
      : Declared
    : never;

/** A change; `headers` adds request headers (the refund panel's Idempotency-Key). */
export function adminSend<M extends ChangeMethod, P extends AdminPath<M>>(
  method: M,
  path: P,
  body?: SendBody<M, P>,
  headers?: Record<string, string>,
): Promise<NoInfer<ApiAnswer<M, P>>>;
export async function adminSend(
  method: ChangeMethod,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<unknown> {
  return readAnswer(await fetch(path, requestInit(method, body, undefined, headers)), method);
}

/** A fresh Idempotency-Key (decision 0017's format): one per drawn form, so a retry replays its answer. */
export function idempotencyKey(): string {
  const random =
    typeof crypto !== "undefined" && typeof crypto.randomUUID === "function"
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  return `admin-${random}`;
}

/** The outcome of a change a screen shows inline: a message either way. */
export type ActionResult = { ok: true; message: string } | { ok: false; message: string };

/**
 * Uploads a file with progress (fetch reports none for request bodies), with the CSRF header like every
 * other change. Resolves with the server's JSON answer.
 */
export function uploadWithProgress<P extends AdminPath<"POST">>(
  path: P,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<NoInfer<ApiAnswer<"POST", P>>>;
export function uploadWithProgress(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
    xhr.setRequestHeader(CSRF_HEADER, csrfToken);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: { success?: boolean; message?: string; code?: string } = {};
      try {
        data = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status >= 200 && xhr.status < 300 && data.success !== false) {
        onProgress(1);
        resolve(data);
      } else
        reject(
          new AdminApiError(data.message ?? `The upload failed (${xhr.status}).`, xhr.status, data.code),
        );
    };
    xhr.onerror = () => reject(new AdminApiError("The upload could not reach the server.", 0));
    xhr.send(form);
  });
}

/** Only the parameters the list understands travel to the server. */
export function listQuery(url: URL, keys: string[]): "" | `?${string}` {
  const query = new URLSearchParams();
  for (const key of keys) {
    const value = url.searchParams.get(key)?.trim();
    if (value) query.set(key, value);
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}
