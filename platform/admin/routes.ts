import type { Router } from "express";
import type { PlatformContext } from "../context.js";

export function mountAdmin(_router: Router, _ctx: PlatformContext) {}
