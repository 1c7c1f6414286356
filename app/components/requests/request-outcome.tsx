import { CircleAlert, CircleCheck, Mail, Phone } from "lucide-react";
import { useEffect, useRef } from "react";
import type { PublicConfig } from "../../../server/config.ts";
import { useT } from "../../lib/i18n";
import { telHref } from "../header";
import type { OutcomeProps } from "./request-form";

function ShopContacts({ shop }: { shop: PublicConfig }) {
  return (
    <span className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
      <a
        href={`mailto:${shop.email}`}
        className="inline-flex items-center gap-1.5 font-medium underline underline-offset-4"
      >
        <Mail className="size-4" aria-hidden="true" />
        <bdi dir="ltr">{shop.email}</bdi>
      </a>
      <a
        href={telHref(shop.phone)}
        className="inline-flex items-center gap-1.5 font-medium underline underline-offset-4"
      >
        <Phone className="size-4" aria-hidden="true" />
        <bdi dir="ltr">{shop.phone}</bdi>
      </a>
    </span>
  );
}

/**
 * What happened to the last send, next to the button the shopper pressed: the success text with the
 * reference number (focused, so it is read out and scrolled into view), or the failure, or the shop's
 * e-mail and phone when the shop could not be reached.
 */
export default function RequestOutcome({ status, shop, failedText, unreachableText, next }: OutcomeProps) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [beforeReference, afterReference] = t("requests.reference").split("{reference}");
  useEffect(() => {
    if (status.kind === "sent" || status.kind === "failed" || status.kind === "unreachable")
      box.current?.focus();
  }, [status]);

  if (status.kind === "sent") {
    return (
      <div
        ref={box}
        tabIndex={-1}
        role="status"
        className="flex gap-3 rounded-xl border border-success/30 bg-success/10 p-4 text-charcoal focus:outline-none"
        data-testid="request-sent"
      >
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        <div className="text-sm leading-relaxed">
          <p className="font-semibold text-ink">{status.message}</p>
          {status.reference ? (
            <p className="mt-1">
              {beforeReference}
              <strong
                className="font-mono text-base tracking-wider whitespace-nowrap text-ink"
                data-testid="request-reference"
              >
                {status.reference}
              </strong>
              {afterReference}
            </p>
          ) : null}
          {next ? <p className="mt-1 text-stone">{next}</p> : null}
        </div>
      </div>
    );
  }
  if (status.kind === "failed" || status.kind === "unreachable") {
    return (
      <div
        ref={box}
        tabIndex={-1}
        role="alert"
        className="flex gap-3 rounded-xl border border-sale/30 bg-sale/5 p-4 text-sale focus:outline-none"
        data-testid="request-failed"
      >
        <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p className="text-sm leading-relaxed">
          {status.kind === "failed" ? status.message || failedText : unreachableText}
          {status.kind === "unreachable" ? <ShopContacts shop={shop} /> : null}
        </p>
      </div>
    );
  }
  return null;
}
