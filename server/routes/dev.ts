import type { FastifyInstance } from "fastify";
import { escapeHtml, type Mailer } from "../integrations/mail.ts";

/**
 * Development only (never registered when NODE_ENV is production): the mail outbox, newest first, so
 * sign-up and password reset work on a fresh machine without an SMTP server.
 */
export function registerDevRoutes(app: FastifyInstance, mail: Mailer): void {
  app.get("/dev/outbox.json", async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { success: true, mails: await mail.list() };
  });

  app.get("/dev/outbox", async (_request, reply) => {
    const mails = await mail.list();
    const items = mails
      .map(
        (m) => `<li>
<p><strong>${escapeHtml(m.subject)}</strong></p>
<p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.kind)} · ${escapeHtml(m.status)}${
          m.error ? ` (${escapeHtml(m.error)})` : ""
        } · <time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt)}</time></p>
<pre>${escapeHtml(m.text)}</pre>
</li>`,
      )
      .join("\n");
    reply.header("cache-control", "no-store");
    // Mail text is escaped; the policy makes sure nothing in it could run anyway.
    reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
    return reply.type("text/html; charset=utf-8").send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox (development)</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#222}
li{border:1px solid #ddd;border-radius:8px;padding:0 1rem;margin:0 0 1rem;list-style:none}
ul{padding:0}.meta{color:#555;font-size:.9rem}pre{white-space:pre-wrap;background:#f6f6f6;padding:.75rem}</style>
</head><body><main><h1>Outbox (development)</h1>
<p>${mails.length} ${mails.length === 1 ? "mail" : "mails"}, newest first. <a href="/dev/outbox.json">JSON</a></p>
<ul>${items}</ul></main></body></html>`);
  });
}
