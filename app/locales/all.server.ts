import { addResources, type LanguageResources, type Lng } from "~/i18n";
import en from "./en";
import es from "./es";
import zh from "./zh";

/** The server renders every language: all of them, registered for `translate` too. */
export const resources: Record<Lng, LanguageResources> = { en, zh, es };
for (const [lng, res] of Object.entries(resources)) addResources(lng as Lng, res);
