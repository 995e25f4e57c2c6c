import {
  createRequestHandler,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type ServerBuild,
} from "@remix-run/node";

/**
 * Resource routes (exports, templates, downloads, pictures, event streams: routes without a
 * component) answer with a file or a bare status. A person who opens one in the browser (a
 * link, a bookmark) and is refused would see the browser's own error page; a browser's
 * navigation gets the console's page for that status instead (403, 404, 400, 500…), drawn as
 * the console draws it elsewhere (the admin shell's refusal, the root's not-found page) in the
 * page's language. Every other caller (fetch, EventSource, scripts, curl) gets the status and
 * body as before. The one rule for every resource route, applied to the build in server.ts.
 */

type Route = ServerBuild["routes"][string];
/** A resource route's loader or action (the same arguments and answers). */
type RouteFunction = LoaderFunction;
type Answer = Awaited<ReturnType<RouteFunction>>;

/** The refused answer, handed to the status page's render. */
const ANSWER = "resourceRouteAnswer";

/** Remix's own test: a route without a component and without an error boundary is answered as it returns. */
const isResourceRoute = (route: Route) =>
  route.module.default == null && route.module.ErrorBoundary == null;

/**
 * A browser loading a document: Fetch Metadata where the browser sends it (a navigation, never
 * fetch or EventSource), else a request that asks for HTML (text browsers, older browsers).
 */
export function isNavigation(request: Request): boolean {
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode) return mode === "navigate";
  return /\btext\/html\b/i.test(request.headers.get("Accept") ?? "");
}

/** An answer that is an error rather than a file: an error status (not already a page), `data(…, 4xx)`, or an exception. */
function isError(answer: unknown): boolean {
  if (answer instanceof Response)
    return answer.status >= 400 && !/^text\/html/i.test(answer.headers.get("Content-Type") ?? "");
  if (answer && typeof answer === "object" && "init" in answer && "type" in answer)
    return (
      answer.type === "DataWithResponseInit" &&
      ((answer.init as ResponseInit | null)?.status ?? 200) >= 400
    );
  return answer instanceof Error;
}

/**
 * The build that draws the status pages: a resource route throws the refused answer again
 * (so its status and message reach the nearest error boundary: the admin shell's or the
 * root's, an exception logged as Remix logs it), and the pages above it (a table above its
 * export, a statistics page above its CSV) neither load nor catch: only the layouts do.
 */
function statusPageBuild(build: ServerBuild): ServerBuild {
  const rethrow: RouteFunction = ({ context }) => {
    throw context[ANSWER];
  };
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (isResourceRoute(route))
      routes[id] = { ...route, module: { default: () => null, loader: rethrow, action: rethrow } };
    else if (route.path || route.index)
      routes[id] = { ...route, module: { default: route.module.default } };
    else routes[id] = route;
  }
  return { ...build, routes };
}

/** A refusal's answer depends on who asks: a cache keeps the page and the bare status apart. */
function varying(response: Response): Response {
  try {
    response.headers.append("Vary", "Sec-Fetch-Mode, Accept");
  } catch {
    // A platform answer passed on as it came has immutable headers: left as it is.
  }
  return response;
}

/** The build with its resource routes answering a browser's navigation that they refuse with the console's page. */
export function withStatusPages(build: ServerBuild, mode?: string): ServerBuild {
  const statusPages = createRequestHandler(statusPageBuild(build), mode);
  const answering =
    (fn: RouteFunction): RouteFunction =>
    async (args: LoaderFunctionArgs) => {
      let answer: unknown;
      let thrown = false;
      try {
        answer = await fn(args);
      } catch (e) {
        answer = e;
        thrown = true;
      }
      const { request, context } = args;
      if (isNavigation(request) && !request.signal.aborted && isError(answer)) {
        // Drawn as a GET of the same address, whatever the method (a form posted without JavaScript).
        const page = await statusPages(
          new Request(request.url, { headers: request.headers, signal: request.signal }),
          { ...context, [ANSWER]: answer },
        );
        return varying(page);
      }
      if (answer instanceof Response && isError(answer)) varying(answer);
      if (thrown) throw answer;
      return answer as Answer;
    };
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const { loader, action } = route.module as {
      loader?: RouteFunction;
      action?: RouteFunction;
    };
    routes[id] = isResourceRoute(route)
      ? {
          ...route,
          module: {
            ...route.module,
            ...(loader && { loader: answering(loader) }),
            ...(action && { action: answering(action) }),
          },
        }
      : route;
  }
  return { ...build, routes };
}
