import { Search } from "lucide-react";
import { useId } from "react";
import { Form, useSearchParams } from "react-router";
import { useHref, useLocalNavigate, useT } from "../lib/i18n";

/** SPEC §2: Enter or the button goes to /shop?search={text}, trimmed; empty text does nothing. */
export function SearchForm({ className = "", onSearched }: { className?: string; onSearched?: () => void }) {
  const t = useT();
  const id = useId();
  const navigate = useLocalNavigate();
  const href = useHref();
  const [params] = useSearchParams();
  return (
    <Form
      method="get"
      action={href("/shop")}
      discover="none"
      role="search"
      aria-label={t("search.label")}
      className={`relative ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const text = String(data.get("search") ?? "").trim();
        if (!text) return;
        navigate(`/shop?search=${encodeURIComponent(text)}`);
        onSearched?.();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t("search.label")}
      </label>
      <input
        id={id}
        name="search"
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        defaultValue={params.get("search") ?? ""}
        key={params.get("search") ?? ""}
        placeholder={t("search.placeholder")}
        className="h-11 w-full rounded-full border border-sand-dark bg-white/70 ps-4 pe-12 text-sm text-ink placeholder:text-stone focus:border-accent focus:bg-white focus:outline-none"
      />
      <button
        type="submit"
        className="absolute end-1 top-1 inline-flex size-9 items-center justify-center rounded-full text-charcoal hover:bg-cream"
        aria-label={t("search.submit")}
      >
        <Search className="size-4" aria-hidden="true" />
      </button>
    </Form>
  );
}
