import type { Router } from "express";
import type { PlatformContext } from "../context.js";

export function mountGraphAdmin(_router: Router, _ctx: PlatformContext) {}
