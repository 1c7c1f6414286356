import { Send } from "lucide-react";
import { REQUEST_LIMITS } from "#core/requests.ts";
import type { PublicConfig } from "../../../server/config.ts";
import type { ContactFormCopy } from "../../lib/copy.server";
import { useT } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { TextField } from "../ui/field";
import { Panel } from "../ui/panel";
import { Honeypot, type PostedRequest, RequestOutcome, TextAreaField, useRequestForm } from "./request-form";

const empty = () => ({ name: "", email: "", subject: "", message: "", website: "" });

/**
 * SPEC §2 /contact message form; §5 name, email, subject and message required; §8 the server's message
 * or 'Failed to send message. Please try again.', and on a connection failure the shop's own e-mail and
 * phone. Stored and mailed by POST /api/contact/send (issue 12).
 */
export function ContactForm({
  shop,
  copy,
  posted,
}: {
  shop: PublicConfig;
  copy: ContactFormCopy;
  posted?: PostedRequest | undefined;
}) {
  const t = useT();
  const { form, field, values, update, status, submit, preload } = useRequestForm({
    initial: empty,
    loadSchema: () => import("#core/schemas/contact.schema.ts").then((m) => m.ContactMessageSchema),
    url: "/api/contact/send",
    posted,
    onFailed: (message) => toast.error(message || t("contactForm.failed")),
  });
  const busy = status.kind === "submitting";

  return (
    <Panel id="message" labelledBy="contact-form-title" pad="lg" testId="contact-form">
      <h2 id="contact-form-title" className="text-3xl text-ink">
        {copy.title}
      </h2>
      <p className="mt-2 text-sm text-stone">{copy.intro}</p>
      <form
        ref={form}
        method="post"
        noValidate
        className="relative mt-6 grid gap-5 sm:grid-cols-2"
        onFocus={() => void preload().catch(() => {})}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={copy.name}
          autoComplete="name"
          maxLength={REQUEST_LIMITS.name}
          {...field("name")}
          required
        />
        <TextField
          label={copy.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={REQUEST_LIMITS.email}
          {...field("email")}
          required
        />
        <div className="sm:col-span-2">
          <TextField label={copy.subject} maxLength={REQUEST_LIMITS.subject} {...field("subject")} required />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField
            label={copy.message}
            rows={5}
            maxLength={REQUEST_LIMITS.contactMessage}
            {...field("message")}
            required
          />
        </div>
        <Honeypot label={copy.honeypot} value={values.website} onChange={update("website")} />
        <div className="flex flex-col gap-4 sm:col-span-2">
          {status.kind === "idle" && posted?.html ? (
            <div dangerouslySetInnerHTML={{ __html: posted.html }} />
          ) : null}
          <RequestOutcome
            status={status}
            shop={shop}
            failedText={t("contactForm.failed")}
            unreachableText={copy.unreachable}
          />
          <button
            type="submit"
            className="btn-primary w-full disabled:opacity-70 sm:w-auto sm:self-start"
            disabled={busy}
          >
            <Send className="size-4" aria-hidden="true" />
            {busy ? copy.busy : copy.submit}
          </button>
        </div>
      </form>
    </Panel>
  );
}
