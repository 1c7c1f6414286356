import {
  ArchiveIcon,
  AvatarIcon,
  ClipboardIcon,
  CounterClockwiseClockIcon,
  CubeIcon,
  DashboardIcon,
  DownloadIcon,
  EnvelopeClosedIcon,
  EnvelopeOpenIcon,
  ExitIcon,
  FileTextIcon,
  GearIcon,
  HamburgerMenuIcon,
  PersonIcon,
  ResetIcon,
  ScissorsIcon,
  StarIcon,
  TokensIcon,
} from "@radix-ui/react-icons";
import { useState } from "react";
import { Link, NavLink, Outlet } from "react-router";
import { adminSend, setCsrfToken } from "../../components/admin/api";
import { buttonClass } from "../../components/admin/ui";
import type { Route } from "./+types/layout";
import "./admin.css";
import { requireAdminSession } from "./session.server";

export function meta() {
  return [{ title: "Back office" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return requireAdminSession(request, context);
}

const NAV = [
  { to: "/admin", label: "Dashboard", Icon: DashboardIcon, end: true },
  { to: "/admin/orders", label: "Orders", Icon: ClipboardIcon },
  { to: "/admin/returns", label: "Returns", Icon: ResetIcon },
  { to: "/admin/customers", label: "Customers", Icon: AvatarIcon },
  { to: "/admin/products", label: "Products", Icon: ArchiveIcon },
  { to: "/admin/promotions", label: "Promotions", Icon: TokensIcon },
  { to: "/admin/stitching-styles", label: "Stitching styles", Icon: ScissorsIcon },
  { to: "/admin/inbox", label: "Requests & messages", Icon: EnvelopeClosedIcon },
  { to: "/admin/reviews", label: "Reviews", Icon: StarIcon },
  { to: "/admin/blog", label: "Blog", Icon: FileTextIcon },
] as const;

const OWNER_NAV = [
  { to: "/admin/settings", label: "Settings", Icon: GearIcon },
  { to: "/admin/staff", label: "Staff", Icon: PersonIcon },
  { to: "/admin/audit", label: "Audit log", Icon: CounterClockwiseClockIcon },
  { to: "/admin/mail", label: "Mail", Icon: EnvelopeOpenIcon },
  { to: "/admin/exports", label: "Exports", Icon: DownloadIcon },
] as const;

const navClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-10 items-center gap-2.5 rounded-md px-3 text-sm font-medium whitespace-nowrap ${
    isActive ? "bg-neutral-900 text-white" : "text-neutral-800 hover:bg-neutral-200"
  }`;

async function logOut() {
  await adminSend("POST", "/api/admin/logout").catch(() => undefined);
  window.location.assign("/admin/login");
}

/**
 * The back office's own chrome (root.tsx draws no storefront header or footer under /admin): a side
 * navigation on wide screens, a wrapping row of links on tablets, a menu that opens and closes on phones
 * (issue 26: below 768 px it would take a third of the screen), and who is signed in.
 */
export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, csrfToken } = loaderData;
  setCsrfToken(csrfToken);
  const items = user.role === "owner" ? [...NAV, ...OWNER_NAV] : NAV;
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <div className="admin-shell flex min-h-dvh flex-col lg:flex-row">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-neutral-900 focus:px-4 focus:py-2 focus:text-white"
      >
        Skip to content
      </a>
      <header className="admin-no-print border-b border-neutral-200 bg-white lg:sticky lg:top-0 lg:flex lg:h-dvh lg:w-60 lg:shrink-0 lg:flex-col lg:border-e lg:border-b-0">
        <div className="flex items-center justify-between gap-3 px-4 py-3 lg:flex-col lg:items-start">
          <Link to="/admin" className="flex items-center gap-2 text-base font-semibold text-neutral-900">
            <CubeIcon aria-hidden className="size-5" />
            Noor Atelier admin
          </Link>
          <div className="flex items-center gap-3">
            <div className="text-end text-sm lg:text-start" data-testid="admin-user">
              <p className="font-medium text-neutral-900">{user.name}</p>
              <p className="text-neutral-600 capitalize">{user.role}</p>
            </div>
            <button
              type="button"
              className={`${buttonClass.secondary} md:hidden`}
              aria-expanded={menuOpen}
              aria-controls="admin-nav"
              onClick={() => setMenuOpen((open) => !open)}
            >
              <HamburgerMenuIcon aria-hidden className="size-4" />
              Menu
            </button>
          </div>
        </div>
        <nav
          id="admin-nav"
          aria-label="Back office"
          className={`px-2 pb-2 md:block lg:flex-1 lg:overflow-y-auto ${menuOpen ? "block" : "hidden"}`}
        >
          <ul className="flex flex-col gap-1 md:flex-row md:flex-wrap lg:flex-col lg:flex-nowrap">
            {items.map(({ to, label, Icon, ...rest }) => (
              <li key={to}>
                <NavLink
                  to={to}
                  end={"end" in rest}
                  className={navClass}
                  // Choosing a screen closes the phone's menu.
                  onClick={() => setMenuOpen(false)}
                >
                  <Icon aria-hidden className="size-4" />
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden gap-2 border-t border-neutral-200 p-3 lg:flex lg:flex-col">
          <Link to="/" className={buttonClass.ghost}>
            View the shop
          </Link>
          <button type="button" className={buttonClass.secondary} onClick={logOut}>
            <ExitIcon aria-hidden className="size-4" />
            Log out
          </button>
        </div>
        <div className="flex justify-end px-3 pb-2 lg:hidden">
          <button type="button" className={buttonClass.ghost} onClick={logOut}>
            <ExitIcon aria-hidden className="size-4" />
            Log out
          </button>
        </div>
      </header>
      <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
        <Outlet />
      </main>
    </div>
  );
}

/** The layout's own loader failed (the database is down): no navigation to draw, a plain page. */
export function ErrorBoundary() {
  return (
    <main className="admin-shell flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <title>Something went wrong · Back office</title>
      <h1 className="text-2xl font-semibold text-neutral-900">The back office could not load this page</h1>
      <p className="max-w-md text-neutral-700">
        Try again in a moment. If it keeps happening, the server's log says why.
      </p>
      <div className="flex gap-2">
        <Link to="/" className={buttonClass.secondary}>
          Go to the shop
        </Link>
        <a href="/admin" className={buttonClass.primary}>
          Try again
        </a>
      </div>
    </main>
  );
}
