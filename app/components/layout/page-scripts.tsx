import { Scripts, UNSAFE_RemixContext } from "@remix-run/react";
import { useContext } from "react";

type RemixContext = NonNullable<React.ContextType<typeof UNSAFE_RemixContext>>;
type Manifest = RemixContext["manifest"];

/** The manifest without the route modules' imports, made once per manifest (once a process). */
const lean = new WeakMap<Manifest, Manifest>();
function withoutRouteImports(manifest: Manifest): Manifest {
  let made = lean.get(manifest);
  if (!made) {
    const routes = Object.fromEntries(
      Object.entries(manifest.routes).map(([id, route]) => [id, { ...route, imports: [] }]),
    );
    lean.set(manifest, (made = { ...manifest, routes }));
  }
  return made;
}

/**
 * Remix's `<Scripts>` with fewer `modulepreload` links (issue 11, docs/performance.md "Fifth
 * pass"): the route manifest, the entry and the chunks it imports (React, React DOM, Remix), and
 * the page's route modules, but not the route modules' own shared chunks. The compiler splits
 * those into some thirty small files per page (esbuild makes one chunk per set of routes that
 * share a module); a link for each put some forty requests on a slow phone's main thread before
 * it could paint. The route modules, preloaded, ask for their chunks as soon as they arrive.
 *
 * The server and the browser render the same links (the same manifest, changed the same way),
 * so hydration matches. Only `<Scripts>` sees the changed manifest; after hydration it renders
 * nothing, and navigations load routes from the manifest Remix keeps itself.
 */
export function PageScripts({ nonce }: { nonce?: string }) {
  const context = useContext(UNSAFE_RemixContext);
  const value = context && { ...context, manifest: withoutRouteImports(context.manifest) };
  return (
    <UNSAFE_RemixContext.Provider value={value}>
      <Scripts nonce={nonce} />
    </UNSAFE_RemixContext.Provider>
  );
}
