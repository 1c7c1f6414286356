import { KeyRound } from "lucide-react";
import { useRef, useState } from "react";
import { formatUaeMobile } from "#core/phone.ts";
import { ChangePasswordSchema, UpdateProfileSchema } from "#core/schemas/account.schema.ts";
import { useFormState } from "../../lib/form";
import { useLocale, useT } from "../../lib/i18n";
import { toast } from "../../lib/toast";
import { api, login, refreshProfile, type User } from "../../state/session";
import { PasswordField, TextField } from "../ui/field";
import { Panel } from "../ui/panel";
import { PanelSkeleton } from "./panel";

/** SPEC §5 Profile: name, email and phone required. Errors: the server message or 'Failed to update profile'. */
function ProfileForm({ user }: { user: User }) {
  const t = useT();
  const locale = useLocale();
  const { form, check, field } = useFormState({
    name: user.name ?? "",
    email: user.email ?? "",
    phone: user.phone ? formatUaeMobile(user.phone) : "",
  });
  const [busy, setBusy] = useState(false);

  async function submit() {
    const data = check(UpdateProfileSchema);
    if (!data) return;
    setBusy(true);
    const result = await api("/api/user/update", { body: { ...data, language: locale } });
    if (!result.success) {
      setBusy(false);
      toast.error(t("account.error"), { description: result.message || t("settings.profileFailed") });
      return;
    }
    await refreshProfile();
    setBusy(false);
    toast.success(t("settings.profileUpdated"), { description: result.message });
  }

  return (
    <Panel labelledBy="profile-title" pad="md">
      <h3 id="profile-title" className="text-2xl text-ink">
        {t("settings.profile")}
      </h3>
      <p className="mt-1 text-sm text-stone">{t("settings.profileIntro")}</p>
      <form
        ref={form}
        method="post"
        noValidate
        className="mt-5 grid gap-5 sm:grid-cols-2"
        data-testid="profile-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void submit();
        }}
      >
        <div className="sm:col-span-2">
          <TextField label={t("settings.name")} autoComplete="name" {...field("name")} required />
        </div>
        <TextField
          label={t("settings.email")}
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          {...field("email")}
          required
        />
        <TextField
          label={t("settings.phone")}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          {...field("phone")}
          required
        />
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary disabled:opacity-70" disabled={busy}>
            {busy ? t("account.saving") : t("settings.saveProfile")}
          </button>
        </div>
      </form>
    </Panel>
  );
}

/** SPEC §5 Change password: current and new required; SPEC §4 the form opens, closes and submits. */
function ChangePasswordForm() {
  const t = useT();
  const toggle = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const { form, setValues, setErrors, check, field } = useFormState({ currentPassword: "", newPassword: "" });
  const [busy, setBusy] = useState(false);

  function close() {
    setOpen(false);
    setValues({ currentPassword: "", newPassword: "" });
    setErrors({});
    requestAnimationFrame(() => toggle.current?.focus());
  }

  async function submit() {
    const data = check(ChangePasswordSchema);
    if (!data) return;
    setBusy(true);
    const result = await api("/api/user/change-password", { body: data });
    setBusy(false);
    if (!result.success) {
      toast.error(t("account.error"), { description: result.message || t("settings.passwordFailed") });
      return;
    }
    // A password change ends every session, this one included; the answer carries its replacement.
    if (result.token) await login(result.token);
    toast.success(t("settings.passwordChanged"), { description: result.message });
    close();
  }

  return (
    <Panel labelledBy="password-title" pad="md">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id="password-title" className="text-2xl text-ink">
            {t("settings.password")}
          </h3>
          <p className="mt-1 text-sm text-stone">{t("settings.passwordIntro")}</p>
        </div>
        {!open ? (
          <button
            ref={toggle}
            type="button"
            className="btn-outline"
            onClick={() => setOpen(true)}
            aria-expanded={false}
            aria-controls="change-password-form"
          >
            <KeyRound className="size-4" aria-hidden="true" />
            {t("settings.changePassword")}
          </button>
        ) : null}
      </div>
      {open ? (
        <form
          ref={form}
          id="change-password-form"
          method="post"
          noValidate
          className="mt-5 grid gap-5 sm:grid-cols-2"
          data-testid="password-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (!busy) void submit();
          }}
        >
          <PasswordField
            label={t("settings.currentPassword")}
            autoComplete="current-password"
            {...field("currentPassword")}
            required
            autoFocus
          />
          <PasswordField
            label={t("settings.newPassword")}
            autoComplete="new-password"
            placeholder={t("authForm.passwordPlaceholder")}
            {...field("newPassword")}
            required
          />
          <div className="flex flex-wrap gap-3 sm:col-span-2">
            <button type="submit" className="btn-primary disabled:opacity-70" disabled={busy}>
              {busy ? t("account.saving") : t("settings.updatePassword")}
            </button>
            <button type="button" className="btn-outline" onClick={close} disabled={busy}>
              {t("account.cancel")}
            </button>
          </div>
        </form>
      ) : null}
    </Panel>
  );
}

/** SPEC §2 /account Account Settings: the profile form and the change-password form. */
export function SettingsTab({ user }: { user: User | null }) {
  // Until the profile arrives (the account page asks for it), a placeholder holds its place.
  return (
    <div className="flex flex-col gap-6">
      {user ? <ProfileForm key={user._id} user={user} /> : <PanelSkeleton rows={1} />}
      <ChangePasswordForm />
    </div>
  );
}
