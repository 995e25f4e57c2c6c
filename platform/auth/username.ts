/**
 * The one spelling of a username: NFKC (full-width `ａｄｍｉｎ` is `admin`) and lower case
 * (`Admin` is `admin`). Usernames are stored in it, so the unique check, the login lookup
 * and filters compare equal strings.
 */
export const canonicalUsername = (name: string): string =>
  name.normalize("NFKC").toLowerCase().normalize("NFKC");
