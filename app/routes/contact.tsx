import { Clock, Mail, MapPin, MessageCircle, Phone, Send, Truck, Undo2, Warehouse } from "lucide-react";
import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import type { PublicConfig } from "../../server/config.ts";
import { telHref } from "../components/header";
import { ContactForm } from "../components/requests/contact-form";
import { contactFormCopy } from "../lib/copy.server";
import { enLang, useT } from "../lib/i18n";
import { type PostedRequest, requestFormAction } from "../lib/request-forms.server";
import { metaI18n, pageMeta, shopFromMatches } from "../lib/seo";
import type { Route } from "./+types/contact";

export function loader({ request }: Route.LoaderArgs) {
  return { copy: contactFormCopy(request) };
}

/** The message form posted before (or without) the page's script (decision 0018). */
export function action(args: Route.ActionArgs) {
  return requestFormAction("contact", args);
}

export function meta({ matches }: Route.MetaArgs) {
  const { t, locale } = metaI18n(matches);
  const shop = shopFromMatches(matches);
  return pageMeta({
    shop,
    t,
    locale,
    title: `${t("contact.title")} | ${shop?.shopName ?? ""}`,
    description: t("contact.intro"),
    path: "/contact",
  });
}

function InfoCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-sand bg-white/60 p-6" data-testid="contact-card">
      <div className="mb-4 inline-flex size-11 items-center justify-center rounded-full bg-accent-soft text-accent-dark">
        {icon}
      </div>
      <h2 className="font-sans text-sm font-semibold tracking-wider text-ink uppercase">{title}</h2>
      <div className="mt-2 text-sm leading-relaxed text-charcoal">{children}</div>
    </div>
  );
}

/** SPEC §2 /contact: four info cards, the Quick Answers panel, and the message form below them. */
export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { copy } = loaderData;
  const t = useT();
  const shop = useRouteLoaderData<{ shop: PublicConfig & { enFields?: string[] } }>("root")?.shop;
  if (!shop) return null;
  const answers = [
    { icon: <Truck className="size-5" aria-hidden="true" />, text: t("contact.qa.delivery") },
    { icon: <Undo2 className="size-5" aria-hidden="true" />, text: t("contact.qa.returns") },
    { icon: <MessageCircle className="size-5" aria-hidden="true" />, text: t("contact.qa.replies") },
    { icon: <Clock className="size-5" aria-hidden="true" />, text: t("contact.qa.phoneHours") },
  ];
  return (
    <div className="container-page py-12 sm:py-16">
      <header className="max-w-2xl">
        <h1 className="text-4xl text-ink sm:text-5xl">{t("contact.title")}</h1>
        <p className="mt-4 text-lg text-stone">{t("contact.intro")}</p>
        <a href="#message" className="btn-outline mt-6">
          <Send className="size-4" aria-hidden="true" />
          {copy.jump}
        </a>
      </header>
      <div className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <InfoCard icon={<Mail className="size-5" aria-hidden="true" />} title={t("contact.email")}>
          <a href={`mailto:${shop.email}`} className="break-all underline-offset-4 hover:underline">
            <bdi dir="ltr">{shop.email}</bdi>
          </a>
        </InfoCard>
        <InfoCard icon={<Phone className="size-5" aria-hidden="true" />} title={t("contact.phone")}>
          <a href={telHref(shop.phone)} className="underline-offset-4 hover:underline">
            <bdi dir="ltr">{shop.phone}</bdi>
          </a>
        </InfoCard>
        <InfoCard icon={<MapPin className="size-5" aria-hidden="true" />} title={t("contact.office")}>
          <address className="not-italic" lang={enLang(shop, "officeAddress")}>
            {shop.officeAddress}
          </address>
        </InfoCard>
        <InfoCard icon={<Warehouse className="size-5" aria-hidden="true" />} title={t("contact.warehouse")}>
          <address className="not-italic" lang={enLang(shop, "warehouseAddress")}>
            {shop.warehouseAddress}
          </address>
        </InfoCard>
      </div>
      <div className="mt-10 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <aside
          className="rounded-2xl bg-ink p-6 text-ivory sm:p-8"
          aria-labelledby="quick-answers"
          data-testid="quick-answers"
        >
          <h2 id="quick-answers" className="text-2xl">
            {t("contact.quickAnswers")}
          </h2>
          <ul className="mt-5 space-y-4">
            {answers.map((answer) => (
              <li key={answer.text} className="flex gap-3 text-sm leading-relaxed text-ivory/90">
                <span className="mt-0.5 text-accent-soft">{answer.icon}</span>
                {answer.text}
              </li>
            ))}
          </ul>
        </aside>
        <ContactForm shop={shop} copy={copy} posted={actionData as PostedRequest | undefined} />
      </div>
    </div>
  );
}
