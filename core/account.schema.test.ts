import { describe, expect, it } from "vitest";
import { en } from "./i18n/en.ts";
import { enServer } from "./i18n/en-server.ts";
import { formatUaeMobile } from "./phone.ts";
import {
  AddressSchema,
  GoogleLoginSchema,
  LoginSchema,
  normalizeUaeMobile,
  parseIdentifier,
  RegisterSchema,
  UpdateProfileSchema,
  VerifyEmailOtpSchema,
} from "./schemas/account.schema.ts";
import { normalizeText } from "./schemas/text.ts";

describe("UAE mobile numbers", () => {
  it.each([
    "050 123 4567",
    "0501234567",
    "+971501234567",
    "+971 50 123 4567",
    "971501234567",
    "00971501234567",
    "(050) 123-4567",
  ])("reads %j as +971501234567", (input) => {
    expect(normalizeUaeMobile(input)).toBe("+971501234567");
  });

  it.each(["052 123 4567", "054 123 4567", "055 123 4567", "056 123 4567", "058 123 4567"])(
    "accepts the mobile prefix of %j",
    (input) => {
      expect(normalizeUaeMobile(input)).toMatch(/^\+9715\d{8}$/);
    },
  );

  it.each(["04 123 4567", "+97141234567", "050123456", "05012345678", "+44 7700 900123", "abc", "", "+"])(
    "refuses %j",
    (input) => {
      expect(normalizeUaeMobile(input)).toBeUndefined();
    },
  );
});

describe("account schemas", () => {
  it("tells an e-mail identifier from a phone", () => {
    expect(parseIdentifier(" Amal@Example.COM ")).toEqual({ kind: "email", email: "amal@example.com" });
    expect(parseIdentifier("050 123 4567")).toEqual({ kind: "phone", phone: "+971501234567" });
    expect(parseIdentifier("amal@")).toBeUndefined();
    expect(parseIdentifier("12345")).toBeUndefined();
  });

  it("normalizes sign-up input: trimmed name, E.164 phone, lower-case e-mail, blank e-mail absent", () => {
    expect(
      RegisterSchema.parse({ name: " Amal ", phone: "0501234567", email: " A@B.AE ", password: "12345678" }),
    ).toEqual({
      name: "Amal",
      phone: "+971501234567",
      email: "a@b.ae",
      password: "12345678",
      language: "en",
    });
    expect(RegisterSchema.parse({ name: "A", phone: "0501234567", email: "", password: "12345678" })).toEqual(
      {
        name: "A",
        phone: "+971501234567",
        password: "12345678",
        language: "en",
      },
    );
  });

  it("reads the shopper's language: English when absent, Arabic when asked, anything else refused", () => {
    const base = { name: "A", phone: "0501234567", password: "12345678" };
    expect(RegisterSchema.parse({ ...base, language: "ar" }).language).toBe("ar");
    const wrong = RegisterSchema.safeParse({ ...base, language: "fr" });
    expect(wrong.error?.issues[0]?.message).toBe("The language must be 'en' or 'ar'.");
    // A profile update without a language keeps the account's: nothing to default.
    expect(UpdateProfileSchema.parse({ name: "A", email: "a@b.ae", phone: "0501234567" })).not.toHaveProperty(
      "language",
    );
    expect(LoginSchema.parse({ identifier: "a@b.ae", password: "x", language: "ar" }).language).toBe("ar");
  });

  it("keeps passwords exactly as typed", () => {
    expect(LoginSchema.parse({ identifier: "a@b.ae", password: "  spaced  " }).password).toBe("  spaced  ");
  });

  it("gives SPEC's sentence for a code step without an e-mail", () => {
    const result = VerifyEmailOtpSchema.safeParse({ email: "0501234567", otp: "123456" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("OTP verification is only available for email accounts.");
  });

  it("reads Google sign-in with a blank phone as no phone, and signupAllowed false when absent", () => {
    expect(GoogleLoginSchema.parse({ credential: "x", signupAllowed: true, phone: "" })).toEqual({
      credential: "x",
      signupAllowed: true,
      language: "en",
    });
    expect(GoogleLoginSchema.parse({ credential: "x" }).signupAllowed).toBe(false);
  });

  it("stores the UAE as UAE and an emirate as spelled in EMIRATES; drops the e-mail", () => {
    const parsed = AddressSchema.parse({
      first_name: "A",
      address: "B",
      city: "C",
      state: "ras al  khaimah",
      postcode: "0",
      country: "United Arab Emirates",
      email: "ignored@example.com",
      last_name: "",
    });
    expect(parsed).toEqual({
      first_name: "A",
      address: "B",
      city: "C",
      state: "Ras Al Khaimah",
      postcode: "0",
      country: "UAE",
    });
  });
});

describe("invisible text (issue 8)", () => {
  const INVISIBLE = [
    "\u200b\u200b",
    "\u0000",
    "\u202e\u202d",
    "\ufeff",
    "\u2060\u200c\u200d",
    " \u00a0\u3000\t",
  ];

  it.each(INVISIBLE)("does not count %j as a name, first name or city", (blank) => {
    expect(
      RegisterSchema.safeParse({ name: blank, phone: "0501234567", password: "12345678" }).error?.issues[0]
        ?.message,
    ).toBe(
      // A NUL is not text at all (issue 21, core/text.ts): refused as such rather than dropped.
      blank.includes("\u0000")
        ? "Your name contains a character that is not allowed."
        : "Please enter your full name.",
    );
    const address = {
      first_name: blank,
      address: "B",
      city: blank,
      state: "Dubai",
      postcode: "1",
      country: "UAE",
    };
    const issues = AddressSchema.safeParse(address).error?.issues.map((i) => i.path.join("."));
    expect(issues).toEqual(["first_name", "city"]);
  });

  it("strips control and format characters, trims Unicode spaces, and composes to NFC", () => {
    expect(normalizeText("\u00a0Am\u200bal\u0000 \u202eR\u3000")).toBe("Amal R");
    expect(normalizeText("Cafe\u0301")).toBe("Caf\u00e9");
    expect(normalizeText("line\nbreak")).toBe("line break");
    // ZWNJ between two letters is part of Persian and Urdu spelling; alone it is nothing.
    expect(normalizeText("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645")).toContain("\u200c");
    expect(normalizeText("\u200c")).toBe("");
    expect(
      RegisterSchema.parse({ name: " \u200bAmal\u200f ", phone: "0501234567", password: "12345678" }).name,
    ).toBe("Amal");
  });
});

describe("server messages", () => {
  it("are all in the catalog, none shadowed by another file's key", () => {
    for (const [key, value] of Object.entries(enServer)) {
      expect(en[key as keyof typeof en]).toBe(value);
    }
  });

  it("keep SPEC's exact texts", () => {
    expect(enServer["auth.google.phoneRequired"]).toBe("Phone number required for signup.");
    expect(enServer["field.otpEmailOnly"]).toBe("OTP verification is only available for email accounts.");
    expect(enServer["auth.unverified"]).toContain("verify your email before logging in");
    expect(enServer["auth.unverifiedRecent"]).toContain("verify your email before logging in");
  });
});

describe("phone numbers on screen", () => {
  it("writes a UAE mobile as people do, anything else as stored", () => {
    expect(formatUaeMobile("+971551112233")).toBe("+971 55 111 2233");
    expect(formatUaeMobile("+97141234567")).toBe("+97141234567");
  });
});
