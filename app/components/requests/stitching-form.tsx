import { Send } from "lucide-react";
import { CATEGORIES, PIN_CODE_LENGTH } from "#core/constants.ts";
import { fill } from "#core/i18n/index.ts";
import { ADDRESS_TYPES, REQUEST_LIMITS } from "#core/requests.ts";
import type { PublicConfig } from "../../../server/config.ts";
import type { StitchingCopy } from "../../lib/copy.server";
import { useT } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { TextField } from "../ui/field";
import {
  ChoiceField,
  Honeypot,
  type PostedRequest,
  RequestOutcome,
  TextAreaField,
  useRequestForm,
} from "./request-form";

const empty = () => ({
  name: "",
  phoneNumber: "",
  addressType: "Home",
  fullAddress: "",
  landmark: "",
  city: "",
  pinCode: "",
  serviceType: "",
  itemCount: "1",
  message: "",
  website: "",
});

const stepButton =
  "inline-flex size-12 shrink-0 items-center justify-center rounded-xl border border-sand-dark bg-white text-xl text-ink hover:border-charcoal disabled:opacity-40";

/**
 * SPEC §4 Stitching form: idle, submitting, then success (form cleared) or failure; §5 its rules; §8
 * 'Failed to submit request', and when the service is unreachable the shop's e-mail and phone.
 * POST /api/stitching/request stores it and answers with the reference number shown beside SPEC's text.
 */
export function StitchingForm({
  shop,
  copy,
  posted,
}: {
  shop: PublicConfig;
  copy: StitchingCopy;
  posted?: PostedRequest | undefined;
}) {
  const t = useT();
  /** SPEC §3 serviceType: the shop's three collections, named as the header names them. */
  const addressOptions = ADDRESS_TYPES.map((value) => ({ value, label: copy.addressTypes[value] }));
  const serviceOptions = CATEGORIES.map((c) => ({ value: c.name, label: t(`category.${c.slug}`) }));
  const { form, field, values, update, setField, errors, status, submit, preload } = useRequestForm({
    initial: empty,
    loadSchema: () => import("#core/schemas/stitching.schema.ts").then((m) => m.StitchingRequestSchema),
    url: "/api/stitching/request",
    posted,
    onFailed: (message) => toast.error(t("stitching.failed"), { description: message }),
  });
  const busy = status.kind === "submitting";
  const count = Number.parseInt(values.itemCount, 10);
  const step = (by: number) => {
    const next = Number.isFinite(count) ? count + by : 1;
    setField("itemCount", String(Math.min(REQUEST_LIMITS.itemsMax, Math.max(1, next))));
  };

  return (
    <form
      ref={form}
      method="post"
      noValidate
      className="relative grid gap-5 sm:grid-cols-2"
      data-testid="stitching-form"
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
        label={copy.phone}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={copy.phonePlaceholder}
        hint={copy.phoneHint}
        maxLength={REQUEST_LIMITS.phone}
        {...field("phoneNumber")}
        required
      />
      <div className="sm:col-span-2">
        <ChoiceField
          legend={copy.addressType}
          name="addressType"
          options={addressOptions}
          value={values.addressType}
          onChange={(value) => setField("addressType", value)}
          error={errors.addressType}
        />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          label={copy.fullAddress}
          rows={2}
          autoComplete="street-address"
          placeholder={copy.fullAddressPlaceholder}
          maxLength={REQUEST_LIMITS.fullAddress}
          {...field("fullAddress")}
          required
        />
      </div>
      <TextField label={copy.landmark} maxLength={REQUEST_LIMITS.landmark} {...field("landmark")} optional />
      <TextField
        label={copy.city}
        autoComplete="address-level2"
        maxLength={REQUEST_LIMITS.city}
        {...field("city")}
        required
      />
      <TextField
        label={copy.pinCode}
        inputMode="numeric"
        autoComplete="postal-code"
        hint={copy.pinCodeHint}
        maxLength={PIN_CODE_LENGTH}
        {...field("pinCode")}
        required
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="stitching-item-count" className="text-sm font-medium text-ink">
          {copy.itemCount}
          <span className="ms-0.5 text-accent-dark" aria-hidden="true">
            *
          </span>
        </label>
        <div className="flex items-center gap-2">
          <button
            type="button"
            className={stepButton}
            aria-label={copy.fewer}
            aria-controls="stitching-item-count"
            disabled={Number.isFinite(count) && count <= 1}
            onClick={() => step(-1)}
          >
            <span aria-hidden="true">−</span>
          </button>
          <input
            id="stitching-item-count"
            name="itemCount"
            inputMode="numeric"
            className="h-12 w-full min-w-0 rounded-xl border border-sand-dark bg-white px-3 text-center text-base text-ink focus:border-accent focus:ring-1 focus:ring-accent focus:outline-none aria-[invalid=true]:border-sale"
            value={values.itemCount}
            onChange={update("itemCount")}
            required
            aria-invalid={errors.itemCount ? true : undefined}
            aria-describedby={errors.itemCount ? "stitching-item-count-error" : "stitching-item-count-hint"}
          />
          <button
            type="button"
            className={stepButton}
            aria-label={copy.more}
            aria-controls="stitching-item-count"
            disabled={Number.isFinite(count) && count >= REQUEST_LIMITS.itemsMax}
            onClick={() => step(1)}
          >
            <span aria-hidden="true">+</span>
          </button>
        </div>
        {errors.itemCount ? (
          <p id="stitching-item-count-error" className="text-sm text-sale" data-testid="field-error">
            {errors.itemCount}
          </p>
        ) : (
          <p id="stitching-item-count-hint" className="text-xs text-stone">
            {fill(copy.itemCountHint, { max: REQUEST_LIMITS.itemsMax })}
          </p>
        )}
      </div>
      <div className="sm:col-span-2">
        <ChoiceField
          legend={copy.serviceType}
          name="serviceType"
          options={serviceOptions}
          value={values.serviceType}
          onChange={(value) => setField("serviceType", value)}
          error={errors.serviceType}
          columns="grid-cols-1 sm:grid-cols-3"
        />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          label={copy.message}
          rows={3}
          placeholder={copy.messagePlaceholder}
          maxLength={REQUEST_LIMITS.stitchingMessage}
          {...field("message")}
          optional
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
          failedText={t("stitching.failed")}
          unreachableText={copy.unreachable}
          next={copy.successNext}
        />
        <button
          type="submit"
          className="btn-accent h-12 w-full text-base disabled:opacity-70"
          disabled={busy}
        >
          <Send className="size-4" aria-hidden="true" />
          {busy ? copy.busy : copy.submit}
        </button>
      </div>
    </form>
  );
}
