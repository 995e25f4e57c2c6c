import { Scripts } from "@remix-run/react";
import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";

/** What `<Scripts>` rendered, without its `<link rel="modulepreload">` elements. */
function withoutModulePreloads(node: ReactNode): ReactNode {
  if (!isValidElement(node)) return node;
  const element = node as ReactElement<{ rel?: string; children?: ReactNode }>;
  if (element.type === "link" && element.props.rel === "modulepreload") return null;
  if (element.type !== Fragment) return element;
  return <>{Children.map(element.props.children, withoutModulePreloads)}</>;
}

/**
 * Remix's `<Scripts>` without its `modulepreload` links (issue 25, decision 043): the page's
 * inline scripts (the hydration data, and the module script that imports the manifest, the
 * route modules and the entry) and nothing else. The links made the browser fetch and compile
 * React, React DOM and Remix before it drew the first frame, which waited for them; without
 * them the modules are asked for when the parser reaches the module script and its imports,
 * a few small steps down the import graph, and the first frame comes before their work
 * (docs/performance.md, "The first paint without modulepreload links").
 *
 * `Scripts` is called here, in this component's render, so its hooks are this component's
 * (called on every render, in the same order); the server and the browser filter the same
 * elements, so hydration matches. After hydration `<Scripts>` renders nothing.
 */
export function PageScripts({ nonce }: { nonce?: string }) {
  return withoutModulePreloads(Scripts({ nonce }));
}
