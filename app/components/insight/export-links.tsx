import { IconDownload } from "@tabler/icons-react";

/** CSV downloads of a page's tables: links to resource routes (documents, not client navigations). */
export function ExportLinks({ links }: { links: { href: string; label: string }[] }) {
  return (
    <span className="ins-exports">
      {links.map((l) => (
        <a key={l.href} href={l.href} download className="ins-export" data-testid="export-link">
          <IconDownload size={14} aria-hidden />
          {l.label}
        </a>
      ))}
    </span>
  );
}
