import type { Router } from "express";
import type { PlatformContext } from "../context.js";

export function mountInsight(_router: Router, _ctx: PlatformContext) {}
