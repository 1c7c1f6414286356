import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[]; isEntry: boolean } | null;
}

/**
 * What every storefront page runs before it hydrates: the root route (the shell: header, footer,
 * messages, cart) and the meta helpers every page's route imports.
 */
const SHELL_ROOTS = [
  `${import.meta.dirname}/app/root.tsx?__react-router-build-client-route`,
  `${import.meta.dirname}/app/lib/seo.ts`,
];
/** React, React DOM and React Router, with what they import. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@remix-run[\\/]route-pattern|cookie-es)[\\/]/;
/** An index that re-exports a library's every icon: what the shell uses of it is found through the shell's own imports. */
const BARREL = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;

let shell: Set<string> | undefined;

/** Every module the shell's roots import statically, however deep. */
function shellModules(ctx: ChunkingContext): Set<string> {
  if (shell) return shell;
  const found = new Set<string>();
  const stack = [...SHELL_ROOTS];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (found.has(id)) continue;
    found.add(id);
    if (!BARREL.test(id)) stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  shell = found;
  return found;
}

/**
 * Every page loads the framework and the shell before it hydrates. Left to the bundler they came as
 * some twenty small chunks (one per set of routes sharing a module: each icon was its own), each
 * compressed on its own and each a request; as two chunks they compress better
 * (docs/decisions/0011-speed.md, "First-load JavaScript"). Entries keep their own chunk.
 */
function initialChunk(id: string, ctx: ChunkingContext): string | null {
  if (FRAMEWORK.test(id)) return "framework";
  if (ctx.getModuleInfo(id)?.isEntry) return null;
  return shellModules(ctx).has(id) ? "shell" : null;
}

/**
 * lucide-react's icons, built by the store's own factory (app/components/ui/icon.ts) instead of the
 * library's: each icon module's drawing stays the library's, its `createLucideIcon` import is answered
 * with ours. On the server too: the library is bundled there (`ssr.noExternal`), so both sides draw the
 * same markup and hydration matches.
 */
function projectIcons(): Plugin {
  const factory = `${import.meta.dirname}/app/components/ui/icon.ts`;
  const iconModule = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;
  return {
    name: "project-icons",
    enforce: "pre",
    resolveId(source, importer) {
      if (importer && iconModule.test(importer) && source === "../createLucideIcon.mjs") return factory;
      return null;
    },
  };
}

export default defineConfig({
  plugins: [projectIcons(), tailwindcss(), reactRouter()],
  ssr: { noExternal: ["lucide-react"] },
  build: { assetsInlineLimit: 2048 },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: initialChunk, debugName: "initial" }] } },
        },
      },
    },
  },
  server: { hmr: { port: 24678 } },
});
