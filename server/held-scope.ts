import type { NextFunction, Request, Response } from "express";
import { heldScope } from "../app/utils/held.server.js";

/**
 * Express middleware: each page request in a scope of its own for the values its document
 * keeps out of its hydration data (app/utils/held.server.ts, decision 039). After the page
 * queue, so a queued request opens its scope when it runs.
 */
export function heldScopeMiddleware(req: Request, _res: Response, next: NextFunction) {
  heldScope().run(
    { document: req.headers["sec-fetch-dest"] === "document", values: new Map() },
    next,
  );
}
