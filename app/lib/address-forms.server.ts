import { data, type RouterContextProvider, redirect } from "react-router";
import { type Locale, localizePath } from "#core/i18n/index.ts";
import { AddressSchema } from "#core/schemas/account.schema.ts";
import { getServices } from "./context";
import { fieldErrors, isOwnPost, message, type PageUser, refusal, text } from "./page-forms.server";

/**
 * /account's address forms posted without JavaScript (docs/decisions/0034-review-and-address-forms-before-
 * javascript.md): the shopper of the page session adds, edits, removes or makes primary one of her own
 * addresses with the same schema and service calls as POST /api/address/save, /edit, /remove and
 * /set-primary. Saved: 303
 * back to the list with a notice. Refused: the form again, as typed, with the messages in the page's
 * language.
 */

export const ADDRESS_INTENTS = ["address-add", "address-edit", "address-primary", "address-remove"] as const;
export type AddressIntent = (typeof ADDRESS_INTENTS)[number];

export function isAddressIntent(intent: string): intent is AddressIntent {
  return (ADDRESS_INTENTS as readonly string[]).includes(intent);
}

/** The address form's fields (the e-mail is the account's, never taken from the post). */
const FIELDS = [
  "first_name",
  "last_name",
  "address",
  "landmark",
  "city",
  "state",
  "postcode",
  "country",
  "phone",
] as const;

/** What a refused post draws again: which form, its values as typed, the messages. */
export interface PostedAddress {
  intent: AddressIntent;
  index: number | null;
  values: Record<string, string>;
  errors: Record<string, string>;
  /** A refusal that is not one field's (the service's sentence, a refused post). */
  message?: string;
}

const NOTICE: Record<AddressIntent, string> = {
  "address-add": "added",
  "address-edit": "updated",
  "address-primary": "primary",
  "address-remove": "removed",
};

export async function addressAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: FormData,
  intent: AddressIntent,
  user: PageUser | null,
  locale: Locale,
) {
  const values = Object.fromEntries(FIELDS.map((name) => [name, text(form, name)]));
  const rawIndex = text(form, "index");
  const index = /^\d{1,4}$/.test(rawIndex) ? Number(rawIndex) : null;
  const refused = (status: number, errors: Record<string, string>, sentence?: string) =>
    data(
      { address: { intent, index, values, errors, message: sentence } satisfies PostedAddress },
      { status },
    );

  // A post another site made, or one without this visitor's CSRF token, changes nothing.
  if (!isOwnPost(request, form)) return refused(403, {}, message(locale, "login.failedFallback"));
  if (!user) return redirect(localizePath("/login", locale), 303);
  if (intent !== "address-add" && index === null) {
    return refused(400, {}, message(locale, "address.saveFailed"));
  }

  const book = getServices(context).addresses;
  try {
    if (intent === "address-primary") {
      await book.setPrimary(user, index ?? 0);
    } else if (intent === "address-remove") {
      await book.removeAddress(user, index ?? 0);
    } else {
      const checked = fieldErrors(AddressSchema, values, locale);
      if (checked.errors) return refused(400, checked.errors);
      if (intent === "address-add") await book.saveAddress(user, checked.data);
      else await book.editAddress(user, index ?? 0, checked.data);
    }
  } catch (error) {
    const failure = refusal(locale, error);
    if (!failure || failure.status >= 500) throw error;
    return refused(failure.status, {}, failure.text);
  }
  return redirect(localizePath(`/account?tab=addresses&notice=${NOTICE[intent]}`, locale), 303);
}
