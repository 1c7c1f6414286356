import { useEffect } from "react";

/**
 * The account forms' checks (core/schemas/account.schema.ts, the same schemas the server uses) bring zod
 * and the phone-number metadata, about 60 KB gzip: more than a sign-in page's whole budget allows on
 * first load. They load after it instead: a page starts the download with `preloadAccountSchemas` once it
 * has hydrated, and a submit awaits the same download (at once when it has arrived).
 */
type AccountSchemas = typeof import("#core/schemas/account.schema.ts");

let loading: Promise<AccountSchemas> | undefined;

/** The schemas; rejects when they cannot be downloaded (offline), and the next call tries again. */
export function accountSchemas(): Promise<AccountSchemas> {
  loading ??= import("#core/schemas/account.schema.ts").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export function preloadAccountSchemas(): void {
  accountSchemas().catch(() => {});
}

/** A form's checks load once its page (or the form itself) has hydrated, before the shopper can submit. */
export function usePreloadAccountSchemas() {
  useEffect(preloadAccountSchemas, []);
}

/** The schemas, or undefined after calling `onFail` (the form's own "try again" text) when they cannot load. */
export async function loadAccountSchemas(onFail: () => void): Promise<AccountSchemas | undefined> {
  try {
    return await accountSchemas();
  } catch {
    onFail();
    return undefined;
  }
}
